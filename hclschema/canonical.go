package hclschema

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Canonical returns the tokens of the source text at r joined by single
// spaces, without comments and newlines: two spellings of an expression
// that differ only in layout or comments have the same canonical text (how
// tfdyn diff and migrate compare templates and conditions). It is "" when
// r is not in the schema's files.
func (s *Schema) Canonical(r hcl.Range) string {
	src := s.sourceAt(r)
	if src == nil {
		return ""
	}
	toks, _ := hclsyntax.LexExpression(src, r.Filename, r.Start)
	var sb strings.Builder
	for _, t := range toks {
		switch t.Type {
		case hclsyntax.TokenNewline, hclsyntax.TokenComment, hclsyntax.TokenEOF:
			continue
		}
		sb.Write(t.Bytes)
		sb.WriteByte(' ')
	}
	return sb.String()
}

// SourceText returns the source text at r with its runs of white space
// collapsed to single spaces, for messages ("" when r is not in the
// schema's files).
func (s *Schema) SourceText(r hcl.Range) string {
	return strings.Join(strings.Fields(string(s.sourceAt(r))), " ")
}

// sourceAt returns the bytes of r in the schema's files, or nil.
func (s *Schema) sourceAt(r hcl.Range) []byte {
	f := s.Files[r.Filename]
	if f == nil || r.Start.Byte < 0 || r.End.Byte > len(f.Bytes) || r.Start.Byte > r.End.Byte {
		return nil
	}
	return r.SliceBytes(f.Bytes)
}
