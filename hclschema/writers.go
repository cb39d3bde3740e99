package hclschema

import "github.com/hashicorp/hcl/v2"

// KeyWriter is one place that gives a key attribute its value: an entity's
// template, or an entity attribute stored as is.
type KeyWriter struct {
	Entity *Entity
	// Template is nil when the key attribute is the entity attribute itself.
	Template *KeyTemplate
	// Type is the DynamoDB type written: S, N, or "" for a non-scalar attribute.
	Type  string
	Range hcl.Range
}

// KeyWriters lists every writer of key attribute name among the table's
// entities, in declaration order.
func (t *Table) KeyWriters(name string) []KeyWriter {
	var out []KeyWriter
	for _, e := range t.Entities {
		if a := e.Attribute(name); a != nil {
			out = append(out, KeyWriter{Entity: e, Type: a.DynamoType(), Range: a.Range})
			continue
		}
		if tpl := e.Key.Template(name); tpl != nil {
			out = append(out, KeyWriter{Entity: e, Template: tpl, Type: tpl.Type, Range: tpl.Range})
		}
		for _, ei := range e.Indexes {
			if tpl := ei.Template(name); tpl != nil {
				out = append(out, KeyWriter{Entity: e, Template: tpl, Type: tpl.Type, Range: tpl.Range})
			}
		}
	}
	return out
}
