package lsp

import (
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Positions: LSP counts lines from 0 and characters in UTF-16 code units;
// hcl counts lines and columns from 1 and keeps the byte offset. Both are
// converted through byte offsets of the document's text.

// offset returns the byte offset of p in text, clamped to the text (a
// position past the end of a line is the line's end).
func offset(text string, p protocol.Position) int {
	line := int(p.Line)
	i := 0
	for ; line > 0 && i < len(text); i++ {
		if text[i] == '\n' {
			line--
		}
	}
	if line > 0 {
		return len(text)
	}
	units := int(p.Character)
	for i < len(text) && units > 0 && text[i] != '\n' {
		r, n := utf8.DecodeRuneInString(text[i:])
		w := 1
		if r >= 0x10000 && r != utf8.RuneError {
			w = 2
		}
		if units < w {
			break
		}
		units -= w
		i += n
	}
	return i
}

// position returns the LSP position of byte offset off in text.
func position(text string, off int) protocol.Position {
	if off > len(text) {
		off = len(text)
	}
	if off < 0 {
		off = 0
	}
	var line, col protocol.UInteger
	for i := 0; i < off; {
		r, n := utf8.DecodeRuneInString(text[i:])
		if i+n > off {
			break
		}
		if r == '\n' {
			line++
			col = 0
		} else {
			col += protocol.UInteger(len(utf16.Encode([]rune{r})))
		}
		i += n
	}
	return protocol.Position{Line: line, Character: col}
}

// lspRange converts an hcl range of text into an LSP range.
func lspRange(text string, r hcl.Range) protocol.Range {
	return protocol.Range{Start: position(text, r.Start.Byte), End: position(text, r.End.Byte)}
}

// applyChange applies one content change to text: a whole new text, or an
// edit of a range.
func applyChange(text string, change any) (string, error) {
	switch c := change.(type) {
	case protocol.TextDocumentContentChangeEventWhole:
		return c.Text, nil
	case protocol.TextDocumentContentChangeEvent:
		if c.Range == nil {
			return c.Text, nil
		}
		start, end := offset(text, c.Range.Start), offset(text, c.Range.End)
		if end < start {
			return "", fmt.Errorf("change range ends (%d:%d) before it starts (%d:%d)", c.Range.End.Line, c.Range.End.Character, c.Range.Start.Line, c.Range.Start.Character)
		}
		return text[:start] + c.Text + text[end:], nil
	}
	return "", fmt.Errorf("unknown content change %T", change)
}

// contains reports whether byte offset off is inside r (its end included,
// where a cursor after the last character stands).
func contains(r hcl.Range, off int) bool { return r.Start.Byte <= off && off <= r.End.Byte }
