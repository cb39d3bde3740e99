package lint

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeUnknownReadAttribute (TD118): an access pattern's attributes list names
// an attribute that no result entity has and that is not a key attribute,
// or a part of a document (Detail.Payments) that no result entity's type
// has.
const CodeUnknownReadAttribute diag.Code = "TD118"

var ruleUnknownReadAttribute = &rule{code: CodeUnknownReadAttribute, name: "unknown-read-attribute", severity: hcl.DiagError, check: checkUnknownReadAttribute}

func checkUnknownReadAttribute(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p.Table == nil || len(p.Attributes) == 0 || anyIncomplete(p.Entities) {
			continue // an attribute that failed to load is not unknown
		}
		known := map[string]bool{}
		var cands []string
		for _, e := range p.Entities {
			for _, n := range e.StoredNames() {
				if !known[n] {
					known[n] = true
					cands = append(cands, n)
				}
			}
		}
		for n := range tableKeyNames(p.Table) {
			if !known[n] {
				known[n] = true
				cands = append(cands, n)
			}
		}
		ranges, ok := p.AttributeRanges, len(p.AttributeRanges) == len(p.Attributes)
		for i, name := range p.Attributes {
			rng := p.AttributesRange
			if ok {
				rng = ranges[i]
			}
			if i < len(p.AttributePaths) && p.AttributePaths[i].Nested() {
				// A part of a document: its attribute, then a step every
				// result entity's type of it lacks.
				path := p.AttributePaths[i]
				if !known[path.Attr()] {
					name = path.Attr()
				} else if why := pathProblem(p.Entities, path); why != "" {
					diags = append(diags, r.report(rng, "Unknown document path",
						"Access pattern %q reads %s, which no item of %s has: %s. Fix the path or remove it from attributes.", p.Name, path, entityList(p.Entities), why))
					continue
				} else {
					continue
				}
			}
			if known[name] {
				continue
			}
			diags = append(diags, r.report(rng, "Unknown attribute",
				"Access pattern %q reads %q, which is neither an attribute of %s nor a key attribute of table %q.%s "+
					"Fix the name or remove it from attributes.",
				p.Name, name, entityList(p.Entities), p.Table.Label, diag.DidYouMean(name, sortedCopy(cands))))
		}
	}
	return diags
}

// pathProblem says why no entity of es has path p in the type of its
// attribute (the first entity's reason), or "" when one has it.
func pathProblem(es []*hclschema.Entity, p hclschema.Path) string {
	why := ""
	for _, e := range es {
		t := e.StoredType(p.Attr())
		if t == cty.NilType {
			continue
		}
		if _, err := hclschema.TypeAt(t, p); err != nil {
			if why == "" {
				why = err.Error()
			}
			continue
		}
		return ""
	}
	if why == "" {
		why = fmt.Sprintf("%q is a key attribute, not a document", p.Attr())
	}
	return why
}
