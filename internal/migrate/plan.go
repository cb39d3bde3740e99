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
	"github.com/tfdyn/tfdyn/internal/schemadiff"
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
	Attr string `json:"attribute"`
	// Index is the index whose key attribute it is, "" for a computed
	// attribute (written on every item).
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
	// Copies lists the tables whose items must be copied into a new table
	// (a changed primary key template, key schema, name or LSI set).
	Copies []*CopyPlan `json:"copies,omitempty"`

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
	for _, c := range p.Copies {
		if c.Refused != "" {
			return true
		}
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
	// R (refused tables, which copies replaced) stays in the text so that
	// the fingerprints of backfills, and their checkpoints, do not change.
	b, _ := json.Marshal(struct {
		E []*EntityPlan
		R []string
		C []*CopyPlan `json:",omitempty"`
	}{p.Entities, nil, p.Copies})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// Build derives the data plan from diff's change list (schemadiff.Diff).
// A table whose key schema, name or LSIs change (SD504, SD505), or one of
// whose entities' primary key templates changes (SD301), is copied: every
// stored item is written into HEAD's table under the keys HEAD computes
// from its attributes (CopyPlan); the copy is refused when some items
// cannot be (an entity HEAD drops, a new required attribute, a changed
// type: SD302-SD304). In any other table an entity whose stored items lack
// a new required attribute or hold another type (SD302-SD304) is refused;
// every other entity's plan is the index key attributes its items gain,
// change or lose (the Items of SD201-SD204 and SD502). Both schemas must
// have loaded without errors.
func Build(base, head *hclschema.Schema) *Plan {
	p := &Plan{baseSchema: base, headSchema: head, Entities: []*EntityPlan{}}
	rep := schemadiff.Diff(base, head)
	copies := map[string][]string{} // table label -> why it is copied
	var copyOrder []string
	copyTable := func(label, why string) {
		if _, ok := copies[label]; !ok {
			copyOrder = append(copyOrder, label)
			copies[label] = []string{}
		}
		if why != "" {
			copies[label] = append(copies[label], why)
		}
	}
	why := map[string]map[string]string{} // entity -> attribute -> refusal
	items := map[string][]schemadiff.ItemChange{}
	for _, c := range rep.Changes {
		switch c.Code {
		case schemadiff.TableReplaced, schemadiff.LSIChanged:
			copyTable(strings.TrimPrefix(c.Address, "table."), strings.Join(c.Reasons, "; "))
		case schemadiff.KeyTemplateChanged, schemadiff.RequiredAttrAdded, schemadiff.AttrTypeChanged, schemadiff.AttrNowRequired:
			e := c.Entities[0]
			if why[e] == nil {
				why[e] = map[string]string{}
			}
			why[e][string(c.Code)+c.Attr] = refusal(base.Entity(e), head.Entity(e), c)
			if c.Code == schemadiff.KeyTemplateChanged {
				if he := head.Entity(e); he != nil && he.Table != nil {
					// A key attribute BASE's table does not have is the
					// key schema's change (SD504), already said.
					if bt := base.Table(he.Table.Label); bt != nil && bt.Primary != nil {
						if _, ok := bt.Primary.KeyAttr(c.Attr); !ok {
							copyTable(he.Table.Label, "")
							continue
						}
					}
					copyTable(he.Table.Label, fmt.Sprintf("the template of %s of entity %q changes", c.Attr, e))
				}
			}
		}
		for _, ic := range c.Items {
			items[ic.Entity] = append(items[ic.Entity], ic)
		}
	}
	for _, label := range copyOrder {
		p.Copies = append(p.Copies, copyPlan(base, head, label, copies[label], why))
	}
	for _, he := range head.Entities {
		be := base.Entity(he.Name)
		if be == nil || be.Table == nil || he.Table == nil || be.Table.Label != he.Table.Label {
			continue
		}
		if _, copied := copies[he.Table.Label]; copied {
			continue
		}
		ep := entityPlan(base, head, be, he, items[he.Name])
		// Refusals in the order of HEAD's attributes.
		var reasons []string
		for _, a := range he.Attributes {
			for _, code := range []schemadiff.Code{schemadiff.RequiredAttrAdded, schemadiff.AttrTypeChanged, schemadiff.AttrNowRequired} {
				if r := why[he.Name][string(code)+a.Name]; r != "" {
					reasons = append(reasons, r)
				}
			}
		}
		if len(ep.Changes) == 0 && len(reasons) == 0 {
			continue
		}
		ep.Refused = strings.Join(reasons, "; ")
		p.Entities = append(p.Entities, ep)
	}
	return p
}

// refusal says why change c of entity be/he stops migrating it in place.
func refusal(be, he *hclschema.Entity, c *schemadiff.Change) string {
	switch c.Code {
	case schemadiff.KeyTemplateChanged:
		return fmt.Sprintf("the template of the primary key attribute %q changes", c.Attr)
	case schemadiff.RequiredAttrAdded:
		return fmt.Sprintf("HEAD requires the attribute %q, which stored items lack: give the items a value first, or declare it optional", c.Attr)
	case schemadiff.AttrTypeChanged:
		return fmt.Sprintf("the attribute %q changes type from %s to %s", c.Attr,
			be.Attribute(c.Attr).Type.FriendlyNameForConstraint(), he.Attribute(c.Attr).Type.FriendlyNameForConstraint())
	}
	return fmt.Sprintf("the attribute %q is no longer optional, and stored items may lack it", c.Attr)
}

// entityPlan is the plan of entity he from the item changes diff found for
// it: one change per attribute (an attribute lost from one index block and
// gained in another is recomputed), in name order, and the attributes the
// templates and conditions read.
func entityPlan(base, head *hclschema.Schema, be, he *hclschema.Entity, items []schemadiff.ItemChange) *EntityPlan {
	ep := &EntityPlan{Entity: he.Name, Table: he.Table.Label, base: be, head: he}
	byAttr := map[string]*schemadiff.ItemChange{}
	var attrs []string
	for i := range items {
		ic := items[i]
		prev := byAttr[ic.Attr]
		switch {
		case prev == nil:
			attrs = append(attrs, ic.Attr)
		case prev.Action == schemadiff.ItemLost && ic.Action != schemadiff.ItemLost:
			ic.Action, ic.From, ic.FromWhen = schemadiff.ItemRecomputed, prev.From, prev.FromWhen
		case ic.Action == schemadiff.ItemLost && prev.Action != schemadiff.ItemLost:
			ic = *prev
			ic.Action, ic.From, ic.FromWhen = schemadiff.ItemRecomputed, items[i].From, items[i].FromWhen
		}
		byAttr[ic.Attr] = &ic
	}
	sort.Strings(attrs)
	sources := map[string]bool{}
	for _, n := range attrs {
		ic := byAttr[n]
		ac := AttrChange{Attr: n, Index: ic.Index}
		switch ic.Action {
		case schemadiff.ItemGained:
			ac.Action, ac.To, ac.When = Gain, ic.To.SourceText(), ic.When.SourceText()
		case schemadiff.ItemRecomputed:
			ac.Action, ac.From, ac.To = Change, ic.From.SourceText(), ic.To.SourceText()
			ac.When, ac.FromWhen = ic.When.SourceText(), ic.FromWhen.SourceText()
		default:
			ac.Action, ac.From = Lose, ic.From.SourceText()
		}
		ep.Changes = append(ep.Changes, ac)
		for _, t := range []*hclschema.Template{ic.From, ic.To} {
			if t != nil {
				for _, s := range t.Names() {
					sources[s] = true
				}
			}
		}
		for _, c := range []*hclschema.Cond{ic.FromWhen, ic.When} {
			if c != nil {
				for _, s := range c.Names() {
					sources[s] = true
				}
			}
		}
	}
	for s := range sources {
		ep.sources = append(ep.sources, s)
	}
	sort.Strings(ep.sources)
	for _, k := range be.Table.Primary.KeyAttrs() {
		ep.Find = append(ep.Find, literalPrefix(k.Name, be.Key.Template(k.Name)))
	}
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
	if len(p.Entities) == 0 && len(p.Copies) == 0 {
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
			where := "index " + c.Index
			if c.Index == "" {
				where = "computed"
			}
			switch c.Action {
			case Gain:
				fmt.Fprintf(&sb, "  gain   %s = %s (%s)", c.Attr, c.To, where)
			case Change:
				if c.From == c.To {
					fmt.Fprintf(&sb, "  change %s = %s (%s)", c.Attr, c.To, where)
				} else {
					fmt.Fprintf(&sb, "  change %s: %s → %s (%s)", c.Attr, c.From, c.To, where)
				}
			case Lose:
				fmt.Fprintf(&sb, "  lose   %s (was %s, %s)", c.Attr, c.From, where)
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
	for _, cp := range p.Copies {
		p.writeCopy(&sb, cp, res)
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
		if w := res.Worker; w != nil {
			state := "not finished (interrupted: run the same command to resume)"
			if w.Done {
				state = "finished"
			}
			fmt.Fprintf(&sb, "Worker of segment %d of %d: this run scanned %d items and %s %d; the segment is %s; %d of %d segments are finished (the counts above are the whole migration's).\n",
				w.Segment, res.Segments, w.Scanned, map[bool]string{true: "wrote", false: "updated"}[res.Target != ""], w.Updated, state, w.SegmentsDone, res.Segments)
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
