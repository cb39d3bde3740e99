package hclschema

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// Input limits. They bound the memory and the stack that loading untrusted
// schema text can take; real schemas stay far below them (the largest
// example is 15 KB with a nesting depth of 6).
const (
	// MaxFileSize is the largest schema file read, in bytes (1 MiB).
	MaxFileSize = 1 << 20
	// MaxFiles is the largest number of schema files loaded at once.
	MaxFiles = 1000
	// MaxNesting is the deepest nesting of brackets, strings, template
	// interpolations and directives, unary operators and conditionals in
	// one expression. The HCL parser and evaluator recurse once per level.
	MaxNesting = 200
)

// InputError is a schema path or file that cannot be read: missing,
// unreadable, not a regular file, or over a limit.
type InputError struct {
	// Path is the file or directory named.
	Path string
	// Problem says what is wrong, like "cannot be read: permission denied".
	Problem string
}

// Error returns "PATH PROBLEM".
func (e *InputError) Error() string { return e.Path + " " + e.Problem }

// sentence returns the error as a sentence for a diagnostic's Detail.
func (e *InputError) sentence() string { return fmt.Sprintf("The path %q %s.", e.Path, e.Problem) }

func inputErr(path, format string, args ...any) error {
	return &InputError{Path: path, Problem: fmt.Sprintf(format, args...)}
}

// ReadFile reads a schema file: a regular file (a symbolic link to one is
// followed) of at most MaxFileSize bytes. The file is opened once, without
// waiting, and checked on the handle (fsafe.ReadRegular): a named pipe, a
// device or a directory is refused without being read, also one swapped in
// after a check of the path, so a FIFO cannot block and /dev/zero cannot
// exhaust memory. Errors name the file and the OS reason.
func ReadFile(path string) ([]byte, error) {
	src, err := fsafe.ReadRegular(path, MaxFileSize)
	var (
		nr    *fsafe.NotRegularError
		large *fsafe.TooLargeError
	)
	switch {
	case errors.As(err, &nr):
		return nil, inputErr(path, "is %s, not a regular file; tfdyn reads only regular schema files", fsafe.Kind(nr.Mode))
	case errors.As(err, &large):
		return nil, tooLarge(path)
	case err != nil:
		return nil, statErr(path, err)
	}
	return src, nil
}

func tooLarge(path string) error {
	return inputErr(path, "is larger than %d bytes (1 MiB), the largest schema file tfdyn reads; split the schema into several files", MaxFileSize)
}

func checkRegular(path string, st fs.FileInfo) error {
	if !st.Mode().IsRegular() {
		return inputErr(path, "is %s, not a regular file; tfdyn reads only regular schema files", fsafe.Kind(st.Mode()))
	}
	if st.Size() > MaxFileSize {
		return tooLarge(path)
	}
	return nil
}

// statErr explains why path could not be stat'ed: a dangling symbolic
// link is named as such, with its target.
func statErr(path string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		if target, lerr := os.Readlink(path); lerr == nil {
			return inputErr(path, "is a symbolic link to %q, which does not exist", target)
		}
	}
	return inputErr(path, "cannot be read: %s", osReason(err))
}

// osReason returns the OS's words for err ("permission denied", "too many
// levels of symbolic links"), without the operation and path that the
// caller's message already gives.
func osReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	return err.Error()
}

// findFiles expands paths into schema files like FindFiles and returns
// every problem met on the way, one error per path or file.
func findFiles(paths []string) ([]string, []error) {
	seen := map[string]bool{}
	var out []string
	var errs []error
	add := func(f string) {
		f = filepath.Clean(f)
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			errs = append(errs, statErr(p, err))
			continue
		}
		if !st.IsDir() {
			if err := checkRegular(p, st); err != nil {
				errs = append(errs, err)
				continue
			}
			add(p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			errs = append(errs, inputErr(p, "is a directory that cannot be read: %s", osReason(err)))
			continue
		}
		for _, ent := range entries {
			if !strings.HasSuffix(ent.Name(), FileSuffix) {
				continue
			}
			f := filepath.Join(p, ent.Name())
			fst, err := os.Stat(f)
			if err != nil {
				errs = append(errs, statErr(f, err))
				continue
			}
			if err := checkRegular(f, fst); err != nil {
				errs = append(errs, err)
				continue
			}
			add(f)
		}
	}
	sort.Strings(out)
	if len(out) > MaxFiles {
		errs = append(errs, inputErr(strings.Join(paths, ", "), "holds %d schema files; tfdyn loads at most %d at once", len(out), MaxFiles))
		out = nil
	}
	return out, errs
}

// CheckSource checks the limits of schema text before it is parsed: at most
// MaxFileSize bytes and a nesting depth of at most MaxNesting. The HCL
// parser recurses once per nesting level, so deeper text could overflow the
// stack. The depth is measured on the tokens of the HCL lexer, which does
// not recurse. A file too large is TD012; nesting too deep is TD001 at the
// first token past the limit.
func CheckSource(filename string, src []byte) hcl.Diagnostics {
	if len(src) > MaxFileSize {
		rng := hcl.Range{Filename: filename, Start: hcl.InitialPos, End: hcl.InitialPos}
		return hcl.Diagnostics{diag.Errorf(CodeNoFiles, &rng, "Schema file too large", "%s", tooLarge(filename).(*InputError).sentence())}
	}
	if tok, ok := tooDeep(lex(src, filename)); !ok {
		rng := tok.Range
		return hcl.Diagnostics{diag.Errorf(CodeSyntax, &rng, "Nesting too deep",
			"The expression here is nested more than %d levels deep (brackets, strings, interpolations, unary operators and conditionals). "+
				"tfdyn refuses deeper nesting so that parsing cannot exhaust the stack; split the expression.", MaxNesting)}
	}
	return nil
}

func lex(src []byte, filename string) hclsyntax.Tokens {
	toks, _ := hclsyntax.LexConfig(src, filename, hcl.InitialPos)
	return toks
}

// nestFrame is one open bracket, string or interpolation.
type nestFrame struct {
	close hclsyntax.TokenType
	// ops counts the unary operators and conditionals met since the last
	// expression boundary inside this frame.
	ops int
}

// tooDeep walks tokens and returns the first token where the parser's
// recursion depth could exceed MaxNesting. The depth counted is an upper
// bound of the parser's: every open bracket, quote, heredoc, interpolation
// and template directive, plus the unary operators and "?" since the last
// comma (or newline in a body or object) of each open frame.
func tooDeep(toks hclsyntax.Tokens) (hclsyntax.Token, bool) {
	stack := []nestFrame{{close: hclsyntax.TokenEOF}}
	depth := func() int {
		d := len(stack)
		for _, f := range stack {
			d += f.ops
		}
		return d
	}
	prev := hclsyntax.TokenNil
	for i, tok := range toks {
		top := &stack[len(stack)-1]
		switch tok.Type {
		case hclsyntax.TokenOBrace:
			stack = append(stack, nestFrame{close: hclsyntax.TokenCBrace})
		case hclsyntax.TokenOBrack:
			stack = append(stack, nestFrame{close: hclsyntax.TokenCBrack})
		case hclsyntax.TokenOParen:
			stack = append(stack, nestFrame{close: hclsyntax.TokenCParen})
		case hclsyntax.TokenOQuote:
			stack = append(stack, nestFrame{close: hclsyntax.TokenCQuote})
		case hclsyntax.TokenOHeredoc:
			stack = append(stack, nestFrame{close: hclsyntax.TokenCHeredoc})
		case hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
			if tok.Type == hclsyntax.TokenTemplateControl && i+1 < len(toks) && toks[i+1].Type == hclsyntax.TokenIdent {
				// %{if} and %{for} open a directive that %{endif} and
				// %{endfor} close; the template parser recurses on it.
				switch string(toks[i+1].Bytes) {
				case "if", "for":
					top.ops++
				case "endif", "endfor":
					if top.ops > 0 {
						top.ops--
					}
				}
			}
			stack = append(stack, nestFrame{close: hclsyntax.TokenTemplateSeqEnd})
		case hclsyntax.TokenCBrace, hclsyntax.TokenCBrack, hclsyntax.TokenCParen, hclsyntax.TokenCQuote,
			hclsyntax.TokenCHeredoc, hclsyntax.TokenTemplateSeqEnd:
			// Pop up to the matching opener; an unmatched closer is the
			// parser's syntax error to report.
			for j := len(stack) - 1; j > 0; j-- {
				if stack[j].close == tok.Type {
					stack = stack[:j]
					break
				}
			}
		case hclsyntax.TokenComma:
			top.ops = 0
		case hclsyntax.TokenNewline:
			if top.close == hclsyntax.TokenCBrace || top.close == hclsyntax.TokenEOF {
				top.ops = 0
			}
		case hclsyntax.TokenQuestion, hclsyntax.TokenBang:
			top.ops++
		case hclsyntax.TokenMinus:
			if !endsOperand(prev) {
				top.ops++
			}
		}
		if tok.Type != hclsyntax.TokenComment && tok.Type != hclsyntax.TokenNewline {
			prev = tok.Type
		}
		if depth() > MaxNesting {
			return tok, false
		}
	}
	return hclsyntax.Token{}, true
}

// endsOperand reports whether a token can end an operand, so that a minus
// after it is a binary operator.
func endsOperand(t hclsyntax.TokenType) bool {
	switch t {
	case hclsyntax.TokenIdent, hclsyntax.TokenNumberLit, hclsyntax.TokenCBrace, hclsyntax.TokenCBrack,
		hclsyntax.TokenCParen, hclsyntax.TokenCQuote, hclsyntax.TokenCHeredoc:
		return true
	}
	return false
}
