package lsp

import (
	"sort"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tfdyn/tfdyn/hclschema"
)

// item is a completion with its kind and what it is.
func item(label string, kind protocol.CompletionItemKind, detail string) protocol.CompletionItem {
	k := kind
	out := protocol.CompletionItem{Label: label, Kind: &k}
	if detail != "" {
		d := detail
		out.Detail = &d
	}
	return out
}

func (s *Server) completion(c *glsp.Context, p *protocol.CompletionParams) (any, error) {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return []protocol.CompletionItem{}, nil
	}
	snap, text := s.snapshotFor(path)
	items := Complete(snap, text, offset(text, p.Position))
	return items, nil
}

// model returns the model of a snapshot: the last one that loaded, partial
// or not.
func (snap *snapshot) model() *hclschema.Schema {
	if snap == nil {
		return nil
	}
	if snap.schema != nil && (len(snap.schema.Entities) > 0 || snap.good == nil) {
		return snap.schema
	}
	return snap.good
}

// Complete returns the completions at byte offset off of text, with the
// names of the model of snap (which may be nil).
func Complete(snap *snapshot, text string, off int) []protocol.CompletionItem {
	c := scan(text, off)
	m := snap.model()
	out := []protocol.CompletionItem{}
	if c.comment {
		return out
	}
	seen := map[string]bool{}
	add := func(label string, kind protocol.CompletionItemKind, detail string) {
		if !seen[label] {
			seen[label] = true
			out = append(out, item(label, kind, detail))
		}
	}
	attrs := func(es ...*hclschema.Entity) {
		for _, e := range es {
			if e == nil {
				continue
			}
			for _, a := range e.Attributes {
				add(a.Name, protocol.CompletionItemKindField, e.Name+"."+a.Name+" "+a.TypeString())
			}
		}
	}
	// References: entity.X, table.X, access_pattern.X, input.X.
	if root, _, ok := strings.Cut(c.prefix, "."); ok && m != nil {
		switch root {
		case "entity":
			for _, e := range m.Entities {
				add(e.Name, protocol.CompletionItemKindClass, "entity")
			}
		case "table":
			for _, t := range m.Tables {
				add(t.Label, protocol.CompletionItemKindModule, "table "+t.Name)
			}
		case "access_pattern":
			for _, p := range m.Patterns {
				add(p.Name, protocol.CompletionItemKindFunction, "access pattern")
			}
		case "write_pattern":
			for _, w := range m.WritePatterns {
				add(w.Name, protocol.CompletionItemKindFunction, "write pattern")
			}
		case "input":
			if p := m.Pattern(c.label()); p != nil && c.path()[0] == "access_pattern" {
				for _, in := range p.Inputs {
					add(in.Name, protocol.CompletionItemKindVariable, "input "+typeName(in))
				}
			}
			if w := writePattern(m, c.label()); w != nil && c.path()[0] == "write_pattern" {
				for _, in := range w.Inputs {
					add(in.Name, protocol.CompletionItemKindVariable, "input")
				}
			}
		}
		return out
	}
	pathTypes := c.path()
	top := ""
	if len(pathTypes) > 0 {
		top = pathTypes[0]
	}
	// Attribute names in templates, conditions, filters and set.
	if c.inTemplate || (!c.inString && (c.key == "when" || c.key == "filter" || c.key == "condition" ||
		c.inObject("set") || c.inObject("add") || c.key == "remove")) {
		if m == nil {
			return out
		}
		switch top {
		case "entity":
			attrs(m.Entity(c.label()))
		case "access_pattern":
			if p := m.Pattern(c.label()); p != nil {
				if c.inTemplate {
					for _, in := range p.Inputs {
						add(in.Name, protocol.CompletionItemKindVariable, "input "+typeName(in))
					}
				}
				attrs(p.Entities...)
			}
		case "write_pattern":
			if w := writePattern(m, c.label()); w != nil {
				var es []*hclschema.Entity
				for _, wr := range w.Writes {
					es = append(es, wr.Entity)
				}
				attrs(es...)
			}
		}
		return out
	}
	// Index names: index = "..." and index "..." labels.
	if c.inString {
		if m == nil {
			return out
		}
		var t *hclschema.Table
		switch top {
		case "access_pattern":
			if p := m.Pattern(c.label()); p != nil {
				t = p.Table
			}
		case "entity":
			if e := m.Entity(c.label()); e != nil {
				t = e.Table
			}
		}
		if t != nil && (c.key == "index" || len(pathTypes) == 1 && c.key == "") {
			for _, ix := range t.Indexes() {
				add(ix.Name, protocol.CompletionItemKindEnum, ix.DisplayName())
			}
		}
		return out
	}
	if !c.lineStart {
		return out
	}
	if args, blocks, ok := hclschema.Vocabulary(pathTypes); ok {
		for _, b := range blocks {
			add(b, protocol.CompletionItemKindModule, "block")
		}
		for _, a := range args {
			add(a, protocol.CompletionItemKindProperty, "argument")
		}
		return out
	}
	if m == nil || len(pathTypes) != 2 {
		return out
	}
	// Free-form blocks: their names come from the model.
	inner := pathTypes[1]
	switch top {
	case "entity":
		e := m.Entity(c.label())
		if e == nil || e.Table == nil {
			return out
		}
		switch inner {
		case "key":
			for _, k := range e.Table.Primary.KeyAttrs() {
				if e.Attribute(k.Name) == nil {
					add(k.Name, protocol.CompletionItemKindProperty, "key attribute ("+k.Type+")")
				}
			}
		case "index":
			b := c.block()
			if len(b.words) > 1 {
				if ix := e.Table.Index(b.words[1]); ix != nil {
					for _, k := range ix.KeyAttrs() {
						if e.Attribute(k.Name) == nil {
							add(k.Name, protocol.CompletionItemKindProperty, ix.DisplayName()+" key attribute ("+k.Type+")")
						}
					}
				}
			}
			add("when", protocol.CompletionItemKindProperty, "sparse condition")
		case "example":
			attrs(e)
		}
	case "access_pattern":
		p := m.Pattern(c.label())
		if p == nil {
			return out
		}
		switch inner {
		case "key":
			if p.Index != nil {
				for _, k := range p.Index.KeyAttrs() {
					add(k.Name, protocol.CompletionItemKindProperty, p.Index.DisplayName()+" key attribute ("+k.Type+")")
				}
			}
		case "example":
			for _, in := range p.Inputs {
				add(in.Name, protocol.CompletionItemKindVariable, "input "+typeName(in))
			}
			add("returns", protocol.CompletionItemKindProperty, "expected items")
			add("returns_count", protocol.CompletionItemKindProperty, "expected number of items")
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Label < out[j].Label })
	return out
}

// writePattern returns the write pattern named name, or nil.
func writePattern(m *hclschema.Schema, name string) *hclschema.WritePattern {
	for _, w := range m.WritePatterns {
		if w.Name == name {
			return w
		}
	}
	return nil
}

func typeName(in *hclschema.Input) string { return in.Type.FriendlyNameForConstraint() }
