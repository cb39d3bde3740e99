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
	return canonical(s.sourceAt(r), r)
}

// canonical returns the tokens of src, the text at r, joined by single
// spaces without comments and newlines ("" for nil).
func canonical(src []byte, r hcl.Range) string {
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
	return sourceText(s.sourceAt(r))
}

// sourceText collapses the runs of white space of src to single spaces.
func sourceText(src []byte) string {
	return strings.Join(strings.Fields(string(src)), " ")
}

// sourceAt returns the bytes of r in the schema's files, or nil.
func (s *Schema) sourceAt(r hcl.Range) []byte {
	f := s.Files[r.Filename]
	if f == nil {
		return nil
	}
	return sliceAt(f.Bytes, r)
}

// sliceAt returns the bytes of r in src, the text of r's file, or nil.
func sliceAt(src []byte, r hcl.Range) []byte {
	if src == nil || r.Start.Byte < 0 || r.End.Byte > len(src) || r.Start.Byte > r.End.Byte {
		return nil
	}
	return r.SliceBytes(src)
}

// Canonical returns the canonical text of the template (Schema.Canonical):
// its tokens joined by single spaces, without comments and line breaks, so
// that two spellings that differ only in layout or comments compare equal;
// "" for a nil template (none). tfdyn diff and migrate compare templates
// by it.
func (t *Template) Canonical() string {
	if t == nil {
		return ""
	}
	return canonical(sliceAt(t.src, t.rng), t.rng)
}

// SourceText returns the template's source text with its runs of white
// space collapsed to single spaces, for messages ("" for a nil template).
func (t *Template) SourceText() string {
	if t == nil {
		return ""
	}
	return sourceText(sliceAt(t.src, t.rng))
}

// Canonical returns the key template's canonical text (Template.Canonical),
// "" for a nil template (the attribute has none).
func (k *KeyTemplate) Canonical() string {
	if k == nil {
		return ""
	}
	return k.Expr.Canonical()
}

// Canonical returns the canonical text of the condition, as
// Template.Canonical; "" for a nil condition (none: every item holds).
func (c *Cond) Canonical() string {
	if c == nil {
		return ""
	}
	return canonical(sliceAt(c.src, c.rng), c.rng)
}

// SourceText returns the condition's source text with its runs of white
// space collapsed to single spaces, for messages ("" for a nil condition).
func (c *Cond) SourceText() string {
	if c == nil {
		return ""
	}
	return sourceText(sliceAt(c.src, c.rng))
}
