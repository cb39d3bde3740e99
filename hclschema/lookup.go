package hclschema

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

// KeyTemplateFor returns e's template for key attribute name of index ix:
// the entity's index block's, else (a table key attribute, also in an LSI
// or an inverted GSI) the key block's; nil when e writes none. It is the
// one answer to "which template writes attribute A of entity E for index
// IX"; every package asks it rather than walking the blocks itself.
func (e *Entity) KeyTemplateFor(ix *Index, name string) *KeyTemplate {
	if ix.Kind != IndexPrimary {
		if ei := e.IndexBlock(ix.Name); ei != nil {
			if t := ei.Template(name); t != nil {
				return t
			}
		}
	}
	return e.Key.Template(name)
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
	fixed := p.FixedAttrs(e)
	has := map[string]bool{}
	for _, n := range fixed {
		if unique != nil && unique(n) {
			return true
		}
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
// e is declared unique (unique = [...]), for IdentifiesOne.
func (e *Entity) DeclaredUnique() func(attr string) bool {
	return func(attr string) bool {
		for _, u := range e.Unique {
			if u.Attr == attr {
				return true
			}
		}
		return false
	}
}
