package diag

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	wordwrap "github.com/mitchellh/go-wordwrap"
)

// maxSnippetLine is the widest source line printed in a snippet; a longer
// line is cut to a window around the highlighted range.
const maxSnippetLine = 240

// WriteText prints diagnostics for people, each summary prefixed with
// file:line:col and its code, like
// "Error: app.tfdyn.hcl:12:15: [TD004] Unknown table", followed by the
// source snippet with the subject highlighted and the detail. files maps
// filenames to their source (hclparse.Parser.Files()); width wraps the
// detail (0: no wrapping); color enables ANSI colors.
//
// The layout is that of hcl.NewDiagnosticTextWriter, but each file's lines
// are indexed once, so printing n diagnostics of a file of size s costs
// O(n log s) rather than hcl's O(n·s), and a very long source line is cut
// around the highlight instead of being printed whole for each diagnostic.
func WriteText(w io.Writer, files map[string]*hcl.File, diags hcl.Diagnostics, width uint, color bool) error {
	tw := &textWriter{w: w, files: files, width: width, color: color, lines: map[string][]int{}}
	for _, d := range diags {
		if err := tw.write(d); err != nil {
			return fmt.Errorf("write diagnostics: %w", err)
		}
	}
	return nil
}

type textWriter struct {
	w     io.Writer
	files map[string]*hcl.File
	width uint
	color bool
	// lines caches, per file, the byte offset where each line starts.
	lines map[string][]int
}

func (t *textWriter) lineStarts(name string, src []byte) []int {
	if ls, ok := t.lines[name]; ok {
		return ls
	}
	ls := []int{0}
	for i, b := range src {
		if b == '\n' && i+1 < len(src) {
			ls = append(ls, i+1)
		}
	}
	t.lines[name] = ls
	return ls
}

func (t *textWriter) write(d *hcl.Diagnostic) error {
	var colorCode, highlight, reset string
	if t.color {
		switch d.Severity {
		case hcl.DiagError:
			colorCode = "\x1b[31m"
		case hcl.DiagWarning:
			colorCode = "\x1b[33m"
		}
		reset, highlight = "\x1b[0m", "\x1b[1;4m"
	}
	prefix := ""
	if d.Subject != nil {
		prefix = fmt.Sprintf("%s:%d:%d: ", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column)
	}
	if c := CodeOf(d); c != "" {
		prefix += fmt.Sprintf("[%s] ", c)
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%s%s%s: %s%s\n\n", colorCode, severityTitle(d.Severity), reset, prefix, d.Summary)
	if d.Subject != nil {
		t.snippet(&buf, d, highlight, reset)
	}
	if d.Detail != "" {
		detail := d.Detail
		if t.width != 0 {
			detail = wordwrap.WrapString(detail, t.width)
		}
		fmt.Fprintf(&buf, "%s\n\n", detail)
	}
	_, err := t.w.Write(buf.Bytes())
	return err
}

func severityTitle(s hcl.DiagnosticSeverity) string {
	switch s {
	case hcl.DiagError:
		return "Error"
	case hcl.DiagWarning:
		return "Warning"
	}
	return "???????"
}

// snippet writes "  on FILE line N, in BLOCK:" and the source lines that
// the subject (and context) cover, with the subject highlighted.
func (t *textWriter) snippet(buf *bytes.Buffer, d *hcl.Diagnostic, highlight, reset string) {
	subj := *d.Subject
	snip, hl := subj, subj
	if d.Context != nil {
		snip = hcl.RangeOver(snip, *d.Context)
	}
	// An empty range cannot be shown: widen it to one byte.
	if snip.Empty() {
		snip.End.Byte++
		snip.End.Column++
	}
	if hl.Empty() {
		hl.End.Byte++
		hl.End.Column++
	}
	file := t.files[subj.Filename]
	if file == nil || file.Bytes == nil {
		fmt.Fprintf(buf, "  on %s line %d:\n  (source code not available)\n\n", subj.Filename, subj.Start.Line)
		return
	}
	context := ""
	if cs, ok := file.Nav.(interface{ ContextString(int) string }); ok {
		if c := cs.ContextString(subj.Start.Byte); c != "" {
			context = ", in " + c
		}
	}
	fmt.Fprintf(buf, "  on %s line %d%s:\n", subj.Filename, subj.Start.Line, context)

	src := file.Bytes
	starts := t.lineStarts(subj.Filename, src)
	// The lines printed are those whose text (without its line break)
	// overlaps the snippet range as hcl.Range.Overlaps defines it, so that
	// the output is hcl's: an empty line never overlaps, and a range that
	// ends at the start of a line shows that line too.
	first := sort.Search(len(starts), func(i int) bool { return lineEnd(src, starts, i) > snip.Start.Byte })
	for i := first; i < len(starts) && starts[i] <= snip.End.Byte; i++ {
		ls, le := starts[i], lineEnd(src, starts, i)
		text := bytes.TrimSuffix(bytes.TrimSuffix(src[ls:le], []byte("\n")), []byte("\r"))
		if !overlaps(ls, ls+len(text), snip.Start.Byte, snip.End.Byte) {
			continue
		}
		// The highlighted part of this line, as offsets into text
		// (empty when the highlight is on other lines).
		hs, he := 0, 0
		if hl.Start.Byte < ls+len(text) && hl.End.Byte > ls {
			hs, he = clamp(hl.Start.Byte-ls, len(text)), clamp(hl.End.Byte-ls, len(text))
		}
		lo, hi, cutL, cutR := window(len(text), hs, he)
		lo, hi = runeWindow(text, lo, hi)
		hs, he = min(max(hs, lo), hi), min(max(he, lo), hi)
		before, mid, after := text[lo:hs], text[hs:he], text[he:hi]
		fmt.Fprintf(buf, "%4d: ", i+1)
		if cutL {
			buf.WriteString("…")
		}
		buf.Write(before)
		if len(mid) > 0 {
			buf.WriteString(highlight)
			buf.Write(mid)
			buf.WriteString(reset)
		}
		buf.Write(after)
		if cutR {
			buf.WriteString("…")
		}
		buf.WriteByte('\n')
	}
	buf.WriteByte('\n')
}

// overlaps reports whether the byte ranges [as, ae) and [bs, be) overlap
// in the sense of hcl.Range.Overlaps.
func overlaps(as, ae, bs, be int) bool {
	contains := func(s, e, off int) bool { return off >= s && off < e }
	switch {
	case as == ae || bs == be:
		return false
	case contains(as, ae, bs) || contains(as, ae, be):
		return true
	default:
		return contains(bs, be, as) || contains(bs, be, ae)
	}
}

// lineEnd is the offset just past line i's newline (or the end of src).
func lineEnd(src []byte, starts []int, i int) int {
	if i+1 < len(starts) {
		return starts[i+1]
	}
	return len(src)
}

func clamp(v, n int) int {
	if v < 0 {
		return 0
	}
	if v > n {
		return n
	}
	return v
}

// window picks the part of a line of length n to print so that it holds
// the highlight [hs, he) and is at most maxSnippetLine bytes long; cutL and
// cutR say whether text was left out on either side.
func window(n, hs, he int) (lo, hi int, cutL, cutR bool) {
	if n <= maxSnippetLine {
		return 0, n, false, false
	}
	lo = hs - maxSnippetLine/4
	if he-hs > maxSnippetLine/2 || hs == he {
		lo = hs - 8
	}
	if lo < 0 {
		lo = 0
	}
	hi = lo + maxSnippetLine
	if hi > n {
		hi = n
		lo = max(0, hi-maxSnippetLine)
	}
	return lo, hi, lo > 0, hi < n
}

// runeWindow moves the window [lo, hi) of text onto UTF-8 rune boundaries.
func runeWindow(text []byte, lo, hi int) (int, int) {
	for lo > 0 && lo < len(text) && !utf8.RuneStart(text[lo]) {
		lo--
	}
	for hi < len(text) && !utf8.RuneStart(text[hi]) {
		hi++
	}
	return lo, hi
}
