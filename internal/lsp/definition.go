package lsp

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tfdyn/tfdyn/hclschema"
)

func (s *Server) definition(c *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	snap, text := s.snapshotFor(path)
	r, ok := Definition(snap, path, text, offset(text, p.Position))
	if !ok {
		return nil, nil
	}
	target := snap.texts[r.Filename]
	return protocol.Location{URI: uriOf(r.Filename), Range: lspRange(target, r)}, nil
}

// word returns the reference at off: an identifier with dots
// (entity.Order, input.x), or the content of the string around off.
func word(text string, off int) (string, bool) {
	if off > len(text) {
		off = len(text)
	}
	i, j := off, off
	for i > 0 && (isIdent(text[i-1]) || text[i-1] == '.') {
		i--
	}
	for j < len(text) && (isIdent(text[j]) || text[j] == '.') {
		j++
	}
	quoted := i > 0 && j < len(text) && text[i-1] == '"' && text[j] == '"'
	return strings.Trim(text[i:j], "."), quoted
}

// Definition returns where the reference at byte offset off of the
// document path is declared: entity.X, table.X, access_pattern.X and
// write_pattern.X at their blocks, an index name (index = "GSI1", index
// "GSI1" {}) at the index block, input.X at the input's declaration or
// first use, an attribute name in a template or condition at the entity's
// attribute.
func Definition(snap *snapshot, path, text string, off int) (hcl.Range, bool) {
	m := hoverModel(snap, path, text)
	if m == nil {
		return hcl.Range{}, false
	}
	w, quoted := word(text, off)
	if w == "" {
		return hcl.Range{}, false
	}
	c := scan(text, off)
	root, rest, dotted := strings.Cut(w, ".")
	if dotted {
		name, _, _ := strings.Cut(rest, ".")
		switch root {
		case "entity":
			if e := m.Entity(name); e != nil {
				return e.DeclRange, true
			}
		case "table":
			if t := m.Table(name); t != nil {
				return t.DeclRange, true
			}
		case "access_pattern":
			if p := m.Pattern(name); p != nil {
				return p.DeclRange, true
			}
		case "write_pattern":
			if wp := writePattern(m, name); wp != nil {
				return wp.DeclRange, true
			}
		case "input":
			if p := m.Pattern(c.label()); p != nil {
				if in := p.Input(name); in != nil {
					return in.Range, true
				}
			}
		}
		return hcl.Range{}, false
	}
	path0 := c.path()
	var e *hclschema.Entity
	var p *hclschema.AccessPattern
	if len(path0) > 0 {
		switch path0[0] {
		case "entity":
			e = m.Entity(c.label())
		case "access_pattern":
			p = m.Pattern(c.label())
		}
	}
	if quoted {
		// An index name: in a pattern's index = "...", or an entity's
		// index "..." block label.
		var t *hclschema.Table
		switch {
		case p != nil:
			t = p.Table
		case e != nil:
			t = e.Table
		}
		if t != nil {
			if ix := t.Index(w); ix != nil && ix.Kind != hclschema.IndexPrimary {
				return ix.LabelRange, true
			}
		}
		return hcl.Range{}, false
	}
	switch {
	case e != nil:
		if a := e.Attribute(w); a != nil {
			return a.Range, true
		}
	case p != nil:
		if in := p.Input(w); in != nil && c.inTemplate || in != nil && c.key != "" {
			for _, pe := range p.Entities {
				if a := pe.Attribute(w); a != nil {
					return a.Range, true
				}
			}
			return in.Range, true
		}
		for _, pe := range p.Entities {
			if a := pe.Attribute(w); a != nil {
				return a.Range, true
			}
		}
	}
	return hcl.Range{}, false
}
