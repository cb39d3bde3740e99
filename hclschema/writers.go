package hclschema

import "github.com/hashicorp/hcl/v2"

// KeyWriter is one place that gives a key attribute its value on the items
// of an entity: a template of its key block or of one of its index blocks,
// or an entity attribute stored as is. Entity.KeyWriterFor returns the one
// that writes an index's key attribute; Table.KeyWriters lists them all.
type KeyWriter struct {
	Entity *Entity
	// Attribute is the entity's own attribute when the key attribute is
	// one (a native key attribute, stored as is); Template is then nil.
	Attribute *Attribute
	// Template computes the value otherwise.
	Template *KeyTemplate
	// Block is the index block that holds Template, or nil for the key
	// block and for a native attribute. Its When decides whether an item
	// carries the value at all.
	Block *EntityIndex
	// Type is the DynamoDB type written: S, N, or "" for a non-scalar attribute.
	Type  string
	Range hcl.Range
}

// attrWriter is the writer of entity attribute a stored as is.
func attrWriter(e *Entity, a *Attribute) KeyWriter {
	return KeyWriter{Entity: e, Attribute: a, Type: a.DynamoType(), Range: a.Range}
}

// templateWriter is the writer of template t of e's key block (block nil)
// or of index block block.
func templateWriter(e *Entity, t *KeyTemplate, block *EntityIndex) KeyWriter {
	return KeyWriter{Entity: e, Template: t, Block: block, Type: t.Type, Range: t.Range}
}

// KeyWriters lists every writer of key attribute name among the table's
// entities, in declaration order: an entity's attribute, its key block's
// template and every index block's template that assigns name.
func (t *Table) KeyWriters(name string) []KeyWriter {
	var out []KeyWriter
	for _, e := range t.Entities {
		if a := e.Attribute(name); a != nil {
			out = append(out, attrWriter(e, a))
			continue
		}
		if tpl := e.Key.Template(name); tpl != nil {
			out = append(out, templateWriter(e, tpl, nil))
		}
		for _, ei := range e.Indexes {
			if tpl := ei.Template(name); tpl != nil {
				out = append(out, templateWriter(e, tpl, ei))
			}
		}
	}
	return out
}
