package lint

import (
	"sort"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CodeKeyTypeConflict (TD107): two writers give one key attribute different
// DynamoDB types (S and N).
const CodeKeyTypeConflict diag.Code = "TD107"

var ruleKeyTypeConflict = &rule{code: CodeKeyTypeConflict, name: "key-type-conflict", severity: hcl.DiagError, check: checkKeyTypeConflict}

func checkKeyTypeConflict(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		keys := tableKeyNames(t)
		names := make([]string, 0, len(keys))
		for n := range keys {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, name := range names {
			if decl, ok := t.DeclaredKeyType(name); ok {
				for _, w := range t.KeyWriters(name) {
					if w.Type == "" || w.Type == decl.DeclaredType {
						continue
					}
					diags = append(diags, r.report(writerRange(w), "Key attribute of the wrong type",
						"Entity %q writes key attribute %q as %s (%s), but its type is declared %s at %s; DynamoDB rejects items whose key attribute has another type. "+
							"Make the entity write %s, for example with a number attribute or template for N, or format(\"%%010d\", n) for S.",
						w.Entity.Name, name, typeName(w.Type), writerWhat(w), typeName(decl.DeclaredType), decl.TypeRange, typeName(decl.DeclaredType)))
				}
				continue
			}
			var first *hclschema.KeyWriter
			for _, w := range t.KeyWriters(name) {
				if w.Type == "" {
					continue // a non-scalar attribute: TD106
				}
				if first == nil {
					w := w
					first = &w
					continue
				}
				if w.Type == first.Type {
					continue
				}
				diags = append(diags, r.report(writerRange(w), "Conflicting key attribute types",
					"Entity %q writes key attribute %q as %s (%s), but entity %q writes it as %s at %s; a key attribute has one type in the table and its indexes, and DynamoDB rejects items of the other type. "+
						"Make both writers produce %s, for example with format(\"%%010d\", n) for a string key or a plain number attribute for a number key.",
					w.Entity.Name, name, typeName(w.Type), writerWhat(w), first.Entity.Name, typeName(first.Type), first.Range, typeName(first.Type)))
			}
		}
	}
	return diags
}

// writerRange is the tightest range of a key writer: the template
// expression, or the attribute's type.
func writerRange(w hclschema.KeyWriter) hcl.Range {
	if w.Template != nil && w.Template.Expr != nil {
		return w.Template.Expr.Range()
	}
	for _, a := range w.Entity.Attributes {
		if a.Range == w.Range {
			return a.TypeRange
		}
	}
	return w.Range
}

func writerWhat(w hclschema.KeyWriter) string {
	if w.Template != nil {
		return "a template"
	}
	return "its attribute"
}

func typeName(t string) string {
	switch t {
	case hclschema.TypeS:
		return "S (string)"
	case hclschema.TypeN:
		return "N (number)"
	case hclschema.TypeB:
		return "B (binary)"
	}
	return "a non-scalar type"
}
