package hclschema

import (
	"slices"
	"sort"
	"strings"
)

// The static guarantee of a cardinality = "one" lookup: which attributes
// of an entity a pattern's key condition fixes, and whether they identify
// one item. Lint TD153 and verify's live cardinality check both ask
// IdentifiesOne; they differ only in what they count as unique.

// FixedAttrs returns the attributes of entity e that the pattern's key
// condition fixes by equality, in the order of the index's key
// attributes: for every key attribute of the pattern's index with an
// equality condition, the attribute itself when e stores it as is (a
// native key attribute), else the attributes of e's template for it (an
// index block's, or the key block's for a table key attribute). A key
// attribute e writes no template for adds nothing.
func (p *AccessPattern) FixedAttrs(e *Entity) []string {
	if p.Index == nil || e == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, k := range p.Index.KeyAttrs() {
		c := p.Condition(k.Name)
		if c == nil || c.Op != OpEq {
			continue
		}
		if e.Attribute(k.Name) != nil {
			add(k.Name)
			continue
		}
		if tpl := e.KeyTemplateFor(p.Index, k.Name); tpl != nil {
			for _, n := range tpl.Expr.Names() {
				add(n)
			}
		}
	}
	return out
}

// KeyWriterFor answers "how do the items of entity e get key attribute
// name of index ix" (the KeyWriter: e's attribute stored as is, or the
// template that computes it and the block holding it), with one precedence that is right for every kind of
// index:
//
//  1. name is an attribute of e: the item stores it as is (Attribute
//     set, Template nil).
//     Loading rejects a template for it.
//  2. name is a key attribute of the table (its partition or sort key):
//     the key block's template, for every index that uses it: the table,
//     an LSI (which shares the table's partition key) and a GSI keyed on a
//     table key attribute (an inverted GSI: partition_key = "SK").
//     Loading rejects an index block that assigns it.
//  3. otherwise (a secondary index's own key attribute): the template of
//     e's index block for ix; when e has no block for ix, or its block
//     does not assign name, the first of e's index blocks (in declaration
//     order) that does, since the item carries that attribute too and is
//     in ix once the rest of ix's key is present. Entity.Item rejects an
//     item for which two blocks compute different values, so the answer
//     is the stored value whichever block is asked.
//
// ok is false when e writes no value for name: its items are never in ix.
// ix may be nil (no index: steps 1, 2 and the first block assigning name).
func (e *Entity) KeyWriterFor(ix *Index, name string) (w KeyWriter, ok bool) {
	if e == nil {
		return KeyWriter{}, false
	}
	if a := e.Attribute(name); a != nil {
		return attrWriter(e, a), true
	}
	if t := e.Key.Template(name); t != nil {
		return templateWriter(e, t, nil), true
	}
	if ix != nil && ix.Kind != IndexPrimary {
		if ei := e.IndexBlock(ix.Name); ei != nil && ei.Index == ix {
			if t := ei.Template(name); t != nil {
				return templateWriter(e, t, ei), true
			}
		}
	}
	for _, ei := range e.Indexes {
		if ei == nil {
			continue
		}
		if t := ei.Template(name); t != nil {
			return templateWriter(e, t, ei), true
		}
	}
	return KeyWriter{}, false
}

// KeyTemplateFor returns the template that writes key attribute name of
// index ix on the items of entity e, by KeyWriterFor's precedence (the
// key block for a table key attribute, also in an LSI or an inverted GSI;
// else e's block for ix; else another block of e assigning it); nil when
// the items store e's own attribute as is or e writes no value. It is the
// one answer to "which template writes attribute A of entity E for index
// IX": every package asks it rather than walking the blocks itself.
func (e *Entity) KeyTemplateFor(ix *Index, name string) *KeyTemplate {
	w, _ := e.KeyWriterFor(ix, name)
	return w.Template
}

// KeyTemplatesFor returns the templates that write the key attributes of
// index ix on the items of entity e (KeyTemplateFor of each, in key order,
// partition key first), leaving out the attributes e stores as is or does
// not write.
func (e *Entity) KeyTemplatesFor(ix *Index) []*KeyTemplate {
	var out []*KeyTemplate
	for _, k := range ix.KeyAttrs() {
		if t := e.KeyTemplateFor(ix, k.Name); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// WritesKeyOf reports whether the items of entity e can be in index ix:
// e writes every key attribute of ix (KeyWriterFor), ix is of e's table
// and has a partition key. Types are not compared here (a stored item is
// in the index only with the declared types: Index.Holds).
func (e *Entity) WritesKeyOf(ix *Index) bool {
	if e == nil || ix == nil || e.Table == nil || e.Table != ix.Table || len(ix.PartitionKey) == 0 {
		return false
	}
	for _, k := range ix.KeyAttrs() {
		if _, ok := e.KeyWriterFor(ix, k.Name); !ok {
			return false
		}
	}
	return true
}

// IdentifiesOne reports whether the pattern's key condition can match at
// most one item of entity e, by the design: the attributes it fixes by
// equality (FixedAttrs) include every attribute e's primary key is
// computed from (Entity.KeyNames: two items with those values would share
// a primary key), or one attribute for which unique reports true. A
// condition on a table key attribute's template counts for the attributes
// it names; a begins_with or range condition fixes nothing.
//
// Lint (TD153) passes the attributes e declares unique (unique = [...],
// enforced by guard items); verify passes the attributes its generated
// items keep unique, so that a live result of two items is the design's
// fault.
func (p *AccessPattern) IdentifiesOne(e *Entity, unique func(attr string) bool) bool {
	if p.Index == nil || e == nil || e.Table == nil {
		return false
	}
	// A unique attribute counts when the key fixes its value as it is
	// (a bare ${email}), not a value computed from it: two e-mails that
	// differ only in case share lower(email). A unique expression
	// (unique = [lower(email)]) counts when the key fixes the same
	// expression, or the attribute itself.
	bare, exprs := p.fixedParts(e)
	for _, n := range p.FixedAttrs(e) {
		if bare[n] && unique != nil && unique(n) {
			return true
		}
	}
	for _, u := range e.Unique {
		if _, fixed := exprs[u.Key()]; u.Expr != nil && (fixed || bare[u.Attr]) {
			return true
		}
	}
	fixed := p.FixedAttrs(e)
	has := map[string]bool{}
	for _, n := range fixed {
		has[n] = true
	}
	// An entity whose primary key is constant (KeyNames empty) has at
	// most one item.
	for _, n := range e.KeyNames() {
		if !has[n] {
			return false
		}
	}
	return true
}

// DeclaredUnique returns a function that reports whether an attribute of
// e is declared unique as it is (unique = ["email"]), for IdentifiesOne;
// a unique expression (unique = [lower(email)]) makes the attribute's
// normalised value unique, not the attribute, and IdentifiesOne reads it
// itself.
func (e *Entity) DeclaredUnique() func(attr string) bool {
	return func(attr string) bool {
		for _, u := range e.Unique {
			if u.Attr == attr && u.Expr == nil {
				return true
			}
		}
		return false
	}
}

// FixedExprs returns the expressions of attributes that the pattern's
// equality key conditions fix for the items of e (lower(email) in
// "EMAIL#${lower(email)}"), as written, sorted: what unique = [...] must
// declare for the key to identify one item (lint TD153's fix).
func (p *AccessPattern) FixedExprs(e *Entity) []string {
	if p.Index == nil || e == nil || e.Table == nil {
		return nil
	}
	_, exprs := p.fixedParts(e)
	out := make([]string, 0, len(exprs))
	for _, text := range exprs {
		if !slices.Contains(out, text) {
			out = append(out, text)
		}
	}
	sort.Strings(out)
	return out
}

// fixedParts returns what the pattern's equality key conditions fix of the
// items of e: the attributes fixed as they are (a native key attribute, a
// template's bare ${email}) and the expressions of attributes fixed
// (lower(email) in "EMAIL#${lower(email)}"), by their text without spaces
// (Unique.Key's form) to their text as written.
func (p *AccessPattern) fixedParts(e *Entity) (bare map[string]bool, exprs map[string]string) {
	bare, exprs = map[string]bool{}, map[string]string{}
	for _, k := range p.Index.KeyAttrs() {
		c := p.Condition(k.Name)
		if c == nil || c.Op != OpEq {
			continue
		}
		if e.Attribute(k.Name) != nil {
			bare[k.Name] = true
			continue
		}
		tpl := e.KeyTemplateFor(p.Index, k.Name)
		if tpl == nil || tpl.Expr == nil {
			continue
		}
		for _, part := range tpl.Expr.Parts {
			switch part.Kind {
			case PartLiteral:
			case PartAttr:
				bare[part.Name] = true
			default:
				exprs[strings.Join(strings.Fields(part.Text), "")] = part.Text
			}
		}
	}
	return bare, exprs
}
