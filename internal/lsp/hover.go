package lsp

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

func (s *Server) hover(c *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	snap, text := s.snapshotFor(path)
	md, rng, ok := Hover(snap, path, text, offset(text, p.Position))
	if !ok {
		return nil, nil
	}
	r := lspRange(text, rng)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: md}, Range: &r}, nil
}

// hoverModel is the model hover answers from: the snapshot's when its text
// is the document's (positions match), else none.
func hoverModel(snap *snapshot, path, text string) *hclschema.Schema {
	if snap == nil || snap.texts[path] != text {
		return nil
	}
	return snap.schema
}

// Hover returns the Markdown shown at byte offset off of the document path
// with text, and the range it is about: on a key template, the key it
// computes for each example item (or why the item is not in the index);
// on an access pattern, its operation, index, key condition, the oracle's
// result for each example input set and the read units per call.
func Hover(snap *snapshot, path, text string, off int) (string, hcl.Range, bool) {
	m := hoverModel(snap, path, text)
	if m == nil {
		return "", hcl.Range{}, false
	}
	in := func(r hcl.Range) bool { return r.Filename == path && contains(r, off) }
	for _, e := range m.Entities {
		if e.Key != nil {
			for _, tpl := range e.Key.Templates {
				if in(tpl.Range) {
					return templateHover(e, nil, tpl), tpl.Range, true
				}
			}
		}
		for _, ei := range e.Indexes {
			for _, tpl := range ei.Templates {
				if in(tpl.Range) {
					return templateHover(e, ei, tpl), tpl.Range, true
				}
			}
			if ei.When != nil && in(ei.When.Range()) {
				return whenHover(e, ei), ei.When.Range(), true
			}
		}
	}
	for _, p := range m.Patterns {
		block, ok := m.BlockRange("access_pattern." + p.Name)
		if !ok {
			block = p.DeclRange
		}
		if in(block) && !in(p.KeyRange) || in(p.DeclRange) {
			return patternHover(m, p), p.DeclRange, true
		}
		if in(block) {
			for _, c := range p.Conditions {
				if in(c.Range) {
					return patternHover(m, p), c.Range, true
				}
			}
			return patternHover(m, p), p.DeclRange, true
		}
	}
	return "", hcl.Range{}, false
}

// templateHover shows the value template tpl of entity e computes for each
// example (ei is the index block, nil for the key block).
func templateHover(e *hclschema.Entity, ei *hclschema.EntityIndex, tpl *hclschema.KeyTemplate) string {
	var b strings.Builder
	where := "table key"
	var ix *hclschema.Index
	if ei != nil {
		ix = ei.Index
		where = ix.DisplayName() + " key"
	}
	fmt.Fprintf(&b, "**%s** (%s, %s) = `%s`\n\n", tpl.Attr, where, tpl.Type, tpl.Expr.Inner())
	if len(e.Examples) == 0 {
		b.WriteString("No example item: add an `example` block to see the keys it computes.\n")
		return b.String()
	}
	b.WriteString("| Example | " + tpl.Attr + " |\n| --- | --- |\n")
	for _, ex := range e.Examples {
		it, err := e.Item(ex.Values)
		cell := ""
		switch {
		case err != nil:
			cell = "cannot compute: " + err.Error()
		case ix != nil && !it.InIndex(ix):
			cell = "not in index"
			if holds, ok := ei.WhenHolds(it); ok && !holds {
				cell += ": `when " + ei.When.Text + "` is false"
			} else {
				cell += ": a key attribute is missing"
			}
		default:
			if v, ok := it.Attrs[tpl.Attr]; ok {
				cell = "`" + oracle.Render(v) + "`"
			} else {
				cell = "no value (an attribute it uses is missing)"
			}
		}
		fmt.Fprintf(&b, "| %s | %s |\n", strings.ReplaceAll(ex.Name(), "|", `\|`), strings.ReplaceAll(cell, "|", `\|`))
	}
	return b.String()
}

// whenHover shows which examples a sparse condition keeps in the index.
func whenHover(e *hclschema.Entity, ei *hclschema.EntityIndex) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**when** `%s`: items of %s are in %s only when it holds.\n\n", ei.When.Text, e.Name, ei.Index.DisplayName())
	for _, ex := range e.Examples {
		it, ok := ex.Item()
		if !ok {
			continue
		}
		state := "not in index"
		if it.InIndex(ei.Index) {
			state = "in index"
		}
		fmt.Fprintf(&b, "- %s: %s\n", ex.Name(), state)
	}
	return b.String()
}

// patternHover shows how pattern p reads, and what it returns for its
// example input sets over the example items of its table.
func patternHover(m *hclschema.Schema, p *hclschema.AccessPattern) string {
	var b strings.Builder
	op := p.Operation()
	index := "table"
	if p.Index != nil {
		index = p.Index.DisplayName()
	}
	var names []string
	for _, e := range p.Entities {
		names = append(names, e.Name)
	}
	fmt.Fprintf(&b, "**%s**: %s on %s, returns %s\n\n", p.Name, op, index, strings.Join(names, ", "))
	if p.Description != "" {
		b.WriteString(p.Description + "\n\n")
	}
	fmt.Fprintf(&b, "```\n%s\n```\n\n", p.KeyConditionText())
	if p.Index == nil || p.Table == nil {
		return b.String()
	}
	items := p.Table.ExampleItems() // computed once per schema
	sets := hclschema.InputSets(p)
	if len(sets) == 0 {
		b.WriteString("No example input set (add an `example` block, or examples to its entities).\n")
		return b.String()
	}
	namer := oracle.NewNamer(p.Table)
	b.WriteString("| Inputs | Result | RCU per call |\n| --- | --- | --- |\n")
	strong := false
	if w := m.PatternWorkload(p); w != nil {
		strong = w.Consistency == hclschema.ConsistencyStrong
	}
	for i, set := range sets {
		if i == 10 {
			fmt.Fprintf(&b, "| … %d more | | |\n", len(sets)-10)
			break
		}
		var args []string
		for _, in := range p.Inputs {
			if v, ok := set.Values[in.Name]; ok {
				args = append(args, in.Name+" = "+oracle.Render(v))
			}
		}
		result, units := "(cannot run)", "—"
		if bound, err := hclschema.Bind(p, set.Values); err == nil {
			res := oracle.Run(bound, items)
			result = "nothing"
			if len(res.Items) > 0 {
				parts := make([]string, len(res.Items))
				for j, it := range res.Items {
					parts[j] = namer.Name(it)
				}
				result = strings.Join(parts, ", ")
			}
			if call, err := cost.PerCall(bound, items, strong); err == nil {
				units = fmt.Sprintf("%g (%d items read)", call.Units, call.Read)
			}
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", strings.ReplaceAll(strings.Join(args, ", "), "|", `\|`), strings.ReplaceAll(result, "|", `\|`), units)
	}
	return b.String()
}
