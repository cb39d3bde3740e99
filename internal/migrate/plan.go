package migrate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Action is what a migration does to one attribute of an entity's items.
type Action string

// Actions on an index key attribute.
const (
	// Gain: HEAD computes the attribute, BASE did not (a new index or a new
	// index block); written where the sparse condition holds.
	Gain Action = "gain"
	// Change: HEAD computes it with another template or condition:
	// recomputed on every item.
	Change Action = "change"
	// Lose: BASE computed it, HEAD does not: removed.
	Lose Action = "lose"
)

// AttrChange is one attribute the items of an entity gain, change or lose.
type AttrChange struct {
	Attr   string `json:"attribute"`
	Index  string `json:"index"`
	Action Action `json:"action"`
	// From and To are the BASE and HEAD templates ("" when absent).
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// When is HEAD's sparse condition of the index ("" for none); FromWhen
	// BASE's, for a changed attribute.
	When     string `json:"when,omitempty"`
	FromWhen string `json:"from_when,omitempty"`
}

// KeyPrefix says how the items of an entity are found by one attribute of
// the table's primary key: the literal prefix of its BASE template.
type KeyPrefix struct {
	Attr   string `json:"attribute"`
	Prefix string `json:"prefix"`
	// Exact is true when the template is a constant (the whole value).
	Exact bool `json:"exact,omitempty"`
}

// EntityPlan is the data plan of one entity.
type EntityPlan struct {
	Entity string `json:"entity"`
	// Table is the table label.
	Table string `json:"table"`
	// Changes are the attributes the items gain, change or lose, by name.
	Changes []AttrChange `json:"changes,omitempty"`
	// Find are the key prefixes that select the entity's items in a Scan;
	// each item found is confirmed by recomputing its BASE key.
	Find []KeyPrefix `json:"find,omitempty"`
	// Refused says why the entity cannot be migrated in place ("" when it can).
	Refused string `json:"refused,omitempty"`

	base, head *hclschema.Entity
	// sources are the attributes the changed templates and conditions read.
	sources []string
}

// Plan is the data plan of a migration from BASE to HEAD.
type Plan struct {
	Base string `json:"base"`
	Head string `json:"head"`
	// Entities lists the entities whose items change, and those refused.
	Entities []*EntityPlan `json:"entities"`
	// Refused lists tables that cannot be migrated in place, with the reason.
	Refused []string `json:"refused_tables,omitempty"`

	baseSchema, headSchema *hclschema.Schema
}

// Runnable returns the entity plans that are not refused, of table label.
func (p *Plan) Runnable(label string) []*EntityPlan {
	var out []*EntityPlan
	for _, e := range p.Entities {
		if e.Refused == "" && e.Table == label {
			out = append(out, e)
		}
	}
	return out
}

// Blocked reports whether part of the plan is refused.
func (p *Plan) Blocked() bool {
	if len(p.Refused) > 0 {
		return true
	}
	for _, e := range p.Entities {
		if e.Refused != "" {
			return true
		}
	}
	return false
}

// Fingerprint identifies the plan (what it writes and how it finds items):
// a checkpoint applies only to the plan it was written for.
func (p *Plan) Fingerprint() string {
	b, _ := json.Marshal(struct {
		E []*EntityPlan
		R []string
	}{p.Entities, p.Refused})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// Build derives the data plan. Both schemas must have loaded without errors.
func Build(base, head *hclschema.Schema) *Plan {
	p := &Plan{baseSchema: base, headSchema: head, Entities: []*EntityPlan{}}
	refusedTable := map[string]bool{}
	for _, ht := range head.Tables {
		bt := base.Table(ht.Label)
		if bt == nil {
			continue
		}
		if why := tableCopy(bt, ht); why != "" {
			p.Refused = append(p.Refused, fmt.Sprintf("table %q: %s: DynamoDB cannot change this in place, so the items must be copied to a new table (tfdyn migrate does not copy tables)", ht.Label, why))
			refusedTable[ht.Label] = true
		}
	}
	for _, he := range head.Entities {
		be := base.Entity(he.Name)
		if be == nil || be.Table == nil || he.Table == nil || be.Table.Label != he.Table.Label || refusedTable[he.Table.Label] {
			continue
		}
		ep := entityPlan(base, head, be, he)
		if ep != nil {
			p.Entities = append(p.Entities, ep)
		}
	}
	return p
}

// tableCopy says what about a table needs a copy, or "".
func tableCopy(bt, ht *hclschema.Table) string {
	var why []string
	if keys(bt.Primary) != keys(ht.Primary) {
		why = append(why, fmt.Sprintf("the primary key changes from %s to %s", keys(bt.Primary), keys(ht.Primary)))
	}
	var bl, hl []string
	for _, ix := range bt.LSIs {
		bl = append(bl, ix.Name+" "+keys(ix)+" "+ix.Projection)
	}
	for _, ix := range ht.LSIs {
		hl = append(hl, ix.Name+" "+keys(ix)+" "+ix.Projection)
	}
	sort.Strings(bl)
	sort.Strings(hl)
	if strings.Join(bl, ";") != strings.Join(hl, ";") {
		why = append(why, "its LSIs change")
	}
	return strings.Join(why, "; ")
}

func keys(ix *hclschema.Index) string {
	var parts []string
	for _, k := range ix.KeyAttrs() {
		parts = append(parts, k.Name+":"+k.Type)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// indexWriters maps every secondary-index key attribute that entity e
// computes to the template and block that write it on e's items
// (hclschema's KeyWriterFor, each block asked for its own index, the first
// block in declaration order for an attribute several blocks write).
func indexWriters(e *hclschema.Entity) map[string]hclschema.KeyWriter {
	out := map[string]hclschema.KeyWriter{}
	for _, ei := range e.Indexes {
		for _, k := range ei.Index.KeyAttrs() {
			if _, seen := out[k.Name]; seen {
				continue
			}
			if w, ok := e.KeyWriterFor(ei.Index, k.Name); ok && w.Block != nil {
				out[k.Name] = w
			}
		}
	}
	return out
}

func entityPlan(base, head *hclschema.Schema, be, he *hclschema.Entity) *EntityPlan {
	ep := &EntityPlan{Entity: he.Name, Table: he.Table.Label, base: be, head: he}
	bm, hm := indexWriters(be), indexWriters(he)
	names := map[string]bool{}
	for n := range bm {
		names[n] = true
	}
	for n := range hm {
		names[n] = true
	}
	var attrs []string
	for n := range names {
		attrs = append(attrs, n)
	}
	sort.Strings(attrs)
	sources := map[string]bool{}
	addSources := func(tpls []*hclschema.Template, conds ...*hclschema.Cond) {
		var names []string
		for _, t := range tpls {
			names = append(names, t.Names()...)
		}
		for _, c := range conds {
			if c != nil {
				names = append(names, c.Names()...)
			}
		}
		for _, n := range names {
			sources[n] = true
		}
	}
	for _, n := range attrs {
		b, bok := bm[n]
		h, hok := hm[n]
		switch {
		case hok && bok:
			if b.Template.Canonical() == h.Template.Canonical() && b.Block.When.Canonical() == h.Block.When.Canonical() && b.Block.Index.Name == h.Block.Index.Name {
				continue
			}
			ep.Changes = append(ep.Changes, AttrChange{Attr: n, Index: h.Block.Index.Name, Action: Change,
				From: b.Template.Expr.SourceText(), To: h.Template.Expr.SourceText(), When: h.Block.When.SourceText(), FromWhen: b.Block.When.SourceText()})
			addSources([]*hclschema.Template{b.Template.Expr, h.Template.Expr}, b.Block.When, h.Block.When)
		case hok:
			ep.Changes = append(ep.Changes, AttrChange{Attr: n, Index: h.Block.Index.Name, Action: Gain,
				To: h.Template.Expr.SourceText(), When: h.Block.When.SourceText()})
			addSources([]*hclschema.Template{h.Template.Expr}, h.Block.When)
		default:
			if he.Attribute(n) != nil {
				continue // now the entity's own attribute: stored as it is
			}
			ep.Changes = append(ep.Changes, AttrChange{Attr: n, Index: b.Block.Index.Name, Action: Lose, From: b.Template.Expr.SourceText()})
			addSources([]*hclschema.Template{b.Template.Expr}, b.Block.When)
		}
	}
	for s := range sources {
		ep.sources = append(ep.sources, s)
	}
	sort.Strings(ep.sources)
	for _, k := range be.Table.Primary.KeyAttrs() {
		ep.Find = append(ep.Find, literalPrefix(k.Name, be.Key.Template(k.Name)))
	}
	// What HEAD needs that the stored items may not have.
	var why []string
	for _, k := range he.Table.Primary.KeyAttrs() {
		if be.Key.Template(k.Name).Canonical() != he.Key.Template(k.Name).Canonical() {
			why = append(why, fmt.Sprintf("the template of the primary key attribute %q changes, and a stored item's key cannot be updated: every item must be copied under its new key", k.Name))
		}
	}
	for _, ha := range he.Attributes {
		ba := be.Attribute(ha.Name)
		switch {
		case ba == nil && !ha.Optional:
			why = append(why, fmt.Sprintf("HEAD requires the attribute %q, which stored items lack: give the items a value first, or declare it optional", ha.Name))
		case ba != nil && !ba.Type.Equals(ha.Type):
			why = append(why, fmt.Sprintf("the attribute %q changes type from %s to %s", ha.Name, ba.Type.FriendlyNameForConstraint(), ha.Type.FriendlyNameForConstraint()))
		case ba != nil && ba.Optional && !ha.Optional:
			why = append(why, fmt.Sprintf("the attribute %q is no longer optional, and stored items may lack it", ha.Name))
		}
	}
	if len(ep.Changes) == 0 && len(why) == 0 {
		return nil
	}
	ep.Refused = strings.Join(why, "; ")
	return ep
}

// literalPrefix says how attribute attr selects the items written by
// template t: by its literal prefix (Template.LiteralPrefix), "" when t is
// nil or its text says nothing.
func literalPrefix(attr string, t *hclschema.KeyTemplate) KeyPrefix {
	kp := KeyPrefix{Attr: attr}
	if t != nil {
		kp.Prefix, kp.Exact = t.Expr.LiteralPrefix()
	}
	return kp
}

// findText renders how an entity's items are found.
func findText(ep *EntityPlan) string {
	var parts []string
	for _, k := range ep.Find {
		switch {
		case k.Exact:
			parts = append(parts, fmt.Sprintf("%s = %q", k.Attr, k.Prefix))
		case k.Prefix != "":
			parts = append(parts, fmt.Sprintf("%s begins with %q", k.Attr, k.Prefix))
		}
	}
	if len(parts) == 0 {
		return "every item of the table, each confirmed by recomputing its BASE key"
	}
	return strings.Join(parts, " and ") + ", each confirmed by recomputing its BASE key"
}

// WriteText writes the plan (and the counts of a run, when res is not nil).
func (p *Plan) WriteText(w io.Writer, res *Result) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Data plan %s → %s", p.Base, p.Head)
	if res != nil {
		fmt.Fprintf(&sb, " (table %q)", res.Table)
	}
	sb.WriteString("\n")
	if len(p.Entities) == 0 && len(p.Refused) == 0 {
		sb.WriteString("\nNo stored item needs to change.\n")
	}
	for _, ep := range p.Entities {
		fmt.Fprintf(&sb, "\nentity %s (table %s)\n", ep.Entity, ep.Table)
		if ep.Refused != "" {
			fmt.Fprintf(&sb, "  REFUSED: %s.\n", ep.Refused)
			continue
		}
		fmt.Fprintf(&sb, "  found by: %s\n", findText(ep))
		for _, c := range ep.Changes {
			switch c.Action {
			case Gain:
				fmt.Fprintf(&sb, "  gain   %s = %s (index %s)", c.Attr, c.To, c.Index)
			case Change:
				if c.From == c.To {
					fmt.Fprintf(&sb, "  change %s = %s (index %s)", c.Attr, c.To, c.Index)
				} else {
					fmt.Fprintf(&sb, "  change %s: %s → %s (index %s)", c.Attr, c.From, c.To, c.Index)
				}
			case Lose:
				fmt.Fprintf(&sb, "  lose   %s (was %s, index %s)", c.Attr, c.From, c.Index)
			}
			if c.When != "" {
				fmt.Fprintf(&sb, " when %s", c.When)
			}
			if c.Action == Change && c.When != c.FromWhen {
				was := "always"
				if c.FromWhen != "" {
					was = "when " + c.FromWhen
				}
				fmt.Fprintf(&sb, " (was: %s)", was)
			}
			sb.WriteString("\n")
		}
		if res != nil {
			c := res.Entities[ep.Entity]
			if c == nil {
				c = &Counts{}
			}
			verb := "updated"
			if res.DryRun {
				verb = "to update"
			}
			fmt.Fprintf(&sb, "  items: %d (%d %s, %d already in HEAD's shape, %d changed by someone else, %d failed), about %.0f WCU\n",
				c.Items, c.Updated, verb, c.Already, c.Diverged, c.Failed, c.WCU)
		} else {
			sb.WriteString("  items: not counted (give --endpoint or a region to count them)\n")
		}
	}
	for _, r := range p.Refused {
		fmt.Fprintf(&sb, "\nREFUSED %s.\n", r)
	}
	if res != nil {
		fmt.Fprintf(&sb, "\nScanned %d items in %d segments: %d of the planned entities, %d of other entities, %d of no declared entity, %d matching several.\n",
			res.Scanned, res.Segments, res.Matched(), res.Other, res.Unknown, res.Ambiguous)
		for _, e := range res.Errors {
			fmt.Fprintf(&sb, "  %s\n", e)
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// WriteJSON writes the plan and the counts of a run (res may be nil).
func (p *Plan) WriteJSON(w io.Writer, res *Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		*Plan
		Result *Result `json:"result,omitempty"`
	}{p, res})
}
