package migrate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/zclconf/go-cty/cty"

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

type tplAt struct {
	tpl   *hclschema.KeyTemplate
	block *hclschema.EntityIndex
}

func indexTemplates(e *hclschema.Entity) map[string]tplAt {
	out := map[string]tplAt{}
	for _, ei := range e.Indexes {
		for _, t := range ei.Templates {
			out[t.Attr] = tplAt{t, ei}
		}
	}
	return out
}

func entityPlan(base, head *hclschema.Schema, be, he *hclschema.Entity) *EntityPlan {
	ep := &EntityPlan{Entity: he.Name, Table: he.Table.Label, base: be, head: he}
	bm, hm := indexTemplates(be), indexTemplates(he)
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
			if text(base, b.tpl.Expr) == text(head, h.tpl.Expr) && whenText(base, b.block) == whenText(head, h.block) && b.block.Index.Name == h.block.Index.Name {
				continue
			}
			ep.Changes = append(ep.Changes, AttrChange{Attr: n, Index: h.block.Index.Name, Action: Change,
				From: display(base, b.tpl.Expr), To: display(head, h.tpl.Expr), When: whenDisplay(head, h.block), FromWhen: whenDisplay(base, b.block)})
			addSources([]*hclschema.Template{b.tpl.Expr, h.tpl.Expr}, b.block.When, h.block.When)
		case hok:
			ep.Changes = append(ep.Changes, AttrChange{Attr: n, Index: h.block.Index.Name, Action: Gain,
				To: display(head, h.tpl.Expr), When: whenDisplay(head, h.block)})
			addSources([]*hclschema.Template{h.tpl.Expr}, h.block.When)
		default:
			if he.Attribute(n) != nil {
				continue // now the entity's own attribute: stored as it is
			}
			ep.Changes = append(ep.Changes, AttrChange{Attr: n, Index: b.block.Index.Name, Action: Lose, From: display(base, b.tpl.Expr)})
			addSources([]*hclschema.Template{b.tpl.Expr}, b.block.When)
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
		if text(base, exprOf(be.Key.Template(k.Name))) != text(head, exprOf(he.Key.Template(k.Name))) {
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

func exprOf(t *hclschema.KeyTemplate) *hclschema.Template {
	if t == nil {
		return nil
	}
	return t.Expr
}

// literalPrefix is the literal start of a template: "CUSTOMER#" for
// "CUSTOMER#${username}", the whole value for a constant, "" otherwise.
func literalPrefix(attr string, t *hclschema.KeyTemplate) KeyPrefix {
	kp := KeyPrefix{Attr: attr}
	if t == nil {
		return kp
	}
	if v, ok := t.Expr.Literal(); ok {
		if !v.IsNull() && v.Type() == cty.String {
			kp.Prefix, kp.Exact = v.AsString(), true
		}
		return kp
	}
	if !t.Expr.Quoted {
		return kp
	}
	var sb strings.Builder
	for _, part := range t.Expr.Parts {
		if part.Kind != hclschema.PartLiteral || part.Value.IsNull() || part.Value.Type() != cty.String {
			break
		}
		sb.WriteString(part.Value.AsString())
	}
	kp.Prefix = sb.String()
	return kp
}

// text is the canonical token text of a template ("" for nil).
func text(s *hclschema.Schema, t *hclschema.Template) string {
	if t == nil {
		return ""
	}
	return s.Canonical(t.Range())
}

func display(s *hclschema.Schema, t *hclschema.Template) string {
	return s.SourceText(t.Range())
}

func whenText(s *hclschema.Schema, ei *hclschema.EntityIndex) string {
	if ei.When == nil {
		return ""
	}
	return s.Canonical(ei.When.Range())
}

func whenDisplay(s *hclschema.Schema, ei *hclschema.EntityIndex) string {
	if ei.When == nil {
		return ""
	}
	return s.SourceText(ei.When.Range())
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
		if e := res.Resumed; e != nil {
			verb := "updated"
			if res.DryRun {
				verb = "found to update"
			}
			if e.Finished {
				fmt.Fprintf(&sb, "Resumed a checkpoint of a finished run: this run scanned and %s nothing; the counts above are the earlier runs' (remove the checkpoint to run again).\n", verb)
			} else {
				fmt.Fprintf(&sb, "Resumed a checkpoint: earlier runs scanned %d items and %s %d; this run scanned %d and %s %d (the counts above are both together).\n",
					e.Scanned, verb, e.Updated, res.Scanned-e.Scanned, verb, res.Updated()-e.Updated)
			}
		}
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
