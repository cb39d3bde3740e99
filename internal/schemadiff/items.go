package schemadiff

import (
	"sort"

	"github.com/tfdyn/tfdyn/hclschema"
)

// ItemAction is what the stored items of an entity need for one index key
// attribute.
type ItemAction string

// Item actions.
const (
	// ItemGained: HEAD computes the attribute and BASE did not (an entity
	// joins an index): written where HEAD's sparse condition holds.
	ItemGained ItemAction = "gain"
	// ItemRecomputed: HEAD computes it with another template, sparse condition
	// or index: recomputed on every item.
	ItemRecomputed ItemAction = "change"
	// ItemLost: BASE computed it and HEAD does not (the entity leaves the
	// index, or the index is removed): removed from the items.
	ItemLost ItemAction = "lose"
)

// ItemChange is one index key attribute whose stored values an entity's
// items need to change for HEAD: what `tfdyn migrate` writes. The changes
// SD201-SD204 carry them, and SD502 (a GSI removed) those of the entities
// that wrote its key attributes through templates.
type ItemChange struct {
	Entity string
	Attr   string
	// Index is HEAD's index for a gain or change, BASE's for a loss.
	Index  string
	Action ItemAction
	// From and To are BASE's and HEAD's templates (nil when absent);
	// FromWhen and When the sparse conditions of their index blocks.
	From, To       *hclschema.Template
	FromWhen, When *hclschema.Cond
}

// blockItems compares an entity's blocks of one index in BASE (bi) and
// HEAD (hi), either nil: every template attribute whose template or sparse
// condition differs (all of the block's when the condition does), as a gain,
// change or loss. An attribute HEAD's entity declares as its own is not
// lost: the items keep storing it.
func (d *differ) blockItems(he *hclschema.Entity, bi, hi *hclschema.EntityIndex) []ItemChange {
	var bWhen, hWhen *hclschema.Cond
	bt, ht := map[string]*hclschema.KeyTemplate{}, map[string]*hclschema.KeyTemplate{}
	if bi != nil {
		bWhen = bi.When
		for _, t := range bi.Templates {
			bt[t.Attr] = t
		}
	}
	if hi != nil {
		hWhen = hi.When
		for _, t := range hi.Templates {
			ht[t.Attr] = t
		}
	}
	whenChanged := bWhen.Canonical() != hWhen.Canonical()
	names := map[string]bool{}
	for n := range bt {
		names[n] = true
	}
	for n := range ht {
		names[n] = true
	}
	var attrs []string
	for n := range names {
		attrs = append(attrs, n)
	}
	sort.Strings(attrs)
	var out []ItemChange
	for _, n := range attrs {
		b, h := bt[n], ht[n]
		if !whenChanged && b.Canonical() == h.Canonical() {
			continue
		}
		ic := ItemChange{Entity: he.Name, Attr: n, FromWhen: bWhen, When: hWhen}
		switch {
		case b != nil && h != nil:
			ic.Action, ic.Index, ic.From, ic.To = ItemRecomputed, hi.Index.Name, b.Expr, h.Expr
		case h != nil:
			ic.Action, ic.Index, ic.To = ItemGained, hi.Index.Name, h.Expr
		default:
			if he.Attribute(n) != nil {
				continue // now the entity's own attribute: stored as it is
			}
			ic.Action, ic.Index, ic.From, ic.When = ItemLost, bi.Index.Name, b.Expr, nil
		}
		out = append(out, ic)
	}
	return out
}
