package schemadiff

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Change is one semantic difference between BASE and HEAD.
type Change struct {
	Code  Code
	Class Class
	// Address names what changed, for acknowledgements and reports:
	// table.L, table.L.index.I, entity.E, entity.E.key.A,
	// entity.E.index.I, entity.E.attribute.A, access_pattern.P.
	Address string
	// Summary is one line without a period; Detail says in full sentences
	// what happens to the table, the items and the readers.
	Summary string
	Detail  string
	// Base and Head are the declarations in each version (nil when absent).
	Base, Head *hcl.Range
	// Patterns are the access patterns whose results the change affects
	// (names from HEAD, or from BASE for removed ones), sorted.
	Patterns []string
	// Entities are the entities whose stored items must change, sorted.
	Entities []string
	// Ack is the acknowledgement that covers the change, or nil.
	Ack *Ack
	// Attr is the attribute the change is about (an entity's attribute or
	// key attribute), "" for others.
	Attr string
	// Reasons are the clauses of Detail that say what changed (SD504: the
	// name or a key; SD505: each LSI), for readers that quote them.
	Reasons []string
	// Items are the index key attributes whose stored values entities'
	// items need to change (SD201-SD204; SD502 for the key attributes the
	// entities of a removed GSI wrote): what `tfdyn migrate` writes.
	Items []ItemChange
}

// Blocking reports whether the change blocks: breaking or destructive and
// not acknowledged.
func (c *Change) Blocking() bool { return c.Class.Blocking() && c.Ack == nil }

// Report is the diff of two schemas.
type Report struct {
	Base, Head string
	Changes    []*Change
}

// Blocking returns the changes that block.
func (r *Report) Blocking() []*Change {
	var out []*Change
	for _, c := range r.Changes {
		if c.Blocking() {
			out = append(out, c)
		}
	}
	return out
}

// Acknowledge attaches to every change the first acknowledgement that
// covers it, and returns the acknowledgements that cover none (stale ones
// a caller may warn about).
func (r *Report) Acknowledge(acks []Ack) (unused []Ack) {
	used := make([]bool, len(acks))
	for _, c := range r.Changes {
		for i := range acks {
			if acks[i].Matches(string(c.Code), c.Address) {
				if c.Ack == nil {
					a := acks[i]
					c.Ack = &a
				}
				used[i] = true
			}
		}
	}
	for i, a := range acks {
		if !used[i] {
			unused = append(unused, a)
		}
	}
	return unused
}

// Diff compares BASE with HEAD. Both must have loaded without errors.
// Tables, indexes, entities, attributes and patterns are matched by name (a
// rename is a removal and an addition).
func Diff(base, head *hclschema.Schema) *Report {
	d := &differ{base: base, head: head}
	d.tables()
	d.entities()
	d.patterns()
	sort.SliceStable(d.out, func(i, j int) bool {
		a, b := d.out[i], d.out[j]
		if a.Class != b.Class {
			return a.Class > b.Class
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Address < b.Address
	})
	return &Report{Changes: d.out}
}

type differ struct {
	base, head *hclschema.Schema
	out        []*Change
}

func (d *differ) add(code Code, addr string, base, head *hcl.Range, summary, detail string, args ...any) *Change {
	info, _ := Info(code)
	c := &Change{Code: code, Class: info.Class, Address: addr, Base: base, Head: head,
		Summary: summary, Detail: fmt.Sprintf(detail, args...)}
	d.out = append(d.out, c)
	return c
}

func rng(r hcl.Range) *hcl.Range { return &r }

// find returns the change with code and address found so far, or nil.
func (d *differ) find(code Code, addr string) *Change {
	for _, c := range d.out {
		if c.Code == code && c.Address == addr {
			return c
		}
	}
	return nil
}

func tableAddr(t *hclschema.Table) string { return "table." + t.Label }
func indexAddr(ix *hclschema.Index) string {
	return "table." + ix.Table.Label + ".index." + ix.Name
}

// tables compares tables, their settings and their indexes.
func (d *differ) tables() {
	for _, bt := range d.base.Tables {
		ht := d.head.Table(bt.Label)
		if ht == nil {
			c := d.add(TableRemoved, tableAddr(bt), rng(bt.DeclRange), nil, fmt.Sprintf("table %q removed", bt.Label),
				"Table %q (DynamoDB table %q) is no longer in the schema: applying the Terraform deletes the table and every item in it.", bt.Label, bt.Name)
			c.Patterns = patternsOn(d.base, func(p *hclschema.AccessPattern) bool { return p.Table == bt })
			continue
		}
		d.table(bt, ht)
	}
	for _, ht := range d.head.Tables {
		if d.base.Table(ht.Label) == nil {
			d.add(TableAdded, tableAddr(ht), nil, rng(ht.DeclRange), fmt.Sprintf("table %q added", ht.Label),
				"Table %q (DynamoDB table %q) is new: applying the Terraform creates it empty.", ht.Label, ht.Name)
		}
	}
}

func (d *differ) table(bt, ht *hclschema.Table) {
	tablePatterns := func() []string {
		return union(patternsOn(d.base, func(p *hclschema.AccessPattern) bool { return p.Table == bt }),
			patternsOn(d.head, func(p *hclschema.AccessPattern) bool { return p.Table == ht }))
	}
	indexPatterns := func(name string) []string {
		bi, hi := bt.Index(name), ht.Index(name)
		return union(patternsOn(d.base, func(p *hclschema.AccessPattern) bool { return bi != nil && p.Index == bi }),
			patternsOn(d.head, func(p *hclschema.AccessPattern) bool { return hi != nil && p.Index == hi }))
	}
	for _, sc := range compareSpecs(ht.Label, bt.Spec(), ht.Spec()) {
		addr, b, h := tableAddr(ht), rng(bt.DeclRange), rng(ht.DeclRange)
		if sc.Index != "" {
			addr = "table." + ht.Label + ".index." + sc.Index
			b, h = indexRange(bt, sc.Index), indexRange(ht, sc.Index)
		}
		c := d.add(sc.Code, addr, b, h, sc.Summary, "%s", sc.Detail)
		c.Reasons = sc.Reasons
		switch sc.Code {
		case TableReplaced, LSIChanged:
			c.Patterns = tablePatterns()
			c.Entities = entityNames(bt.Entities)
		case GSIRemoved, GSIRebuilt:
			c.Patterns = indexPatterns(sc.Index)
		case TTLChanged:
			for _, e := range bt.Entities {
				if e.Attribute(bt.Spec().TTLAttribute) != nil {
					c.Entities = append(c.Entities, e.Name)
				}
			}
			sort.Strings(c.Entities)
		}
	}
}

// indexRange is the declaration of index name of table t, or nil.
func indexRange(t *hclschema.Table, name string) *hcl.Range {
	if ix := t.Index(name); ix != nil && ix.Kind != hclschema.IndexPrimary {
		return rng(ix.DeclRange)
	}
	return nil
}

func findIndex(ixs []*hclschema.Index, name string) *hclschema.Index {
	for _, ix := range ixs {
		if ix.Name == name {
			return ix
		}
	}
	return nil
}

// entities compares entities: attributes, key templates, index blocks.
func (d *differ) entities() {
	for _, be := range d.base.Entities {
		he := d.head.Entity(be.Name)
		if he == nil {
			c := d.add(EntityRemoved, "entity."+be.Name, rng(be.DeclRange), nil, fmt.Sprintf("entity %q removed", be.Name),
				"Entity %q is no longer in the schema, but its items stay in the table: nothing describes, migrates or verifies them any more. Delete them, or keep the entity.", be.Name)
			c.Patterns = patternsOn(d.base, func(p *hclschema.AccessPattern) bool { return p.ReturnsEntity(be) })
			c.Entities = []string{be.Name}
			continue
		}
		if be.Table == nil || he.Table == nil || be.Table.Label != he.Table.Label {
			c := d.add(EntityRemoved, "entity."+be.Name, rng(be.DeclRange), rng(he.DeclRange), fmt.Sprintf("entity %q moved to another table", be.Name),
				"Entity %q moves from table %q to table %q: its items stay in the old table. Copy them.", be.Name, tableLabel(be.Table), tableLabel(he.Table))
			c.Entities = []string{be.Name}
			continue
		}
		d.entity(be, he)
	}
	for _, he := range d.head.Entities {
		if d.base.Entity(he.Name) == nil {
			d.add(EntityAdded, "entity."+he.Name, nil, rng(he.DeclRange), fmt.Sprintf("entity %q added", he.Name),
				"Entity %q is new; no stored item is of it yet.", he.Name)
		}
	}
}

// enumChange classifies a change of an attribute's enum values (its type
// stays string): values added, or the enum dropped, is additive (SD107);
// values removed, or a plain string made an enum, is breaking for stored
// items (SD306), which may hold a value the enum no longer allows.
func (d *differ) enumChange(he *hclschema.Entity, ba, ha *hclschema.Attribute, addr string, readers func() []string) {
	if ba.Enum == nil && ha.Enum == nil {
		return
	}
	name := he.Name + "." + ha.Name
	switch {
	case ba.Enum == nil:
		c := d.add(EnumNarrowed, addr+".attribute."+ha.Name, rng(ba.TypeRange), rng(ha.TypeRange), fmt.Sprintf("attribute %s made an enum", name),
			"Attribute %q of entity %q changes from %s to %s: stored items may hold other values. Rewrite them to one of the values first.",
			ha.Name, he.Name, ba.TypeString(), ha.TypeString())
		c.Attr = ha.Name
		c.Patterns, c.Entities = readers(), []string{he.Name}
	case ha.Enum == nil:
		d.add(EnumWidened, addr+".attribute."+ha.Name, rng(ba.TypeRange), rng(ha.TypeRange), fmt.Sprintf("enum of %s dropped", name),
			"Attribute %q of entity %q changes from %s to %s; every stored value stays valid, but readers must expect other values.",
			ha.Name, he.Name, ba.TypeString(), ha.TypeString())
	default:
		removed, added := missingFrom(ba.Enum, ha.Enum), missingFrom(ha.Enum, ba.Enum)
		switch {
		case len(removed) > 0:
			c := d.add(EnumNarrowed, addr+".attribute."+ha.Name, rng(ba.TypeRange), rng(ha.TypeRange), fmt.Sprintf("enum values of %s removed", name),
				"Attribute %q of entity %q no longer allows %s (now %s): stored items may hold them. Rewrite them to another value first.",
				ha.Name, he.Name, quoted(removed), ha.TypeString())
			c.Attr = ha.Name
			c.Patterns, c.Entities = readers(), []string{he.Name}
		case len(added) > 0:
			d.add(EnumWidened, addr+".attribute."+ha.Name, rng(ba.TypeRange), rng(ha.TypeRange), fmt.Sprintf("enum values of %s added", name),
				"Attribute %q of entity %q also allows %s (now %s); every stored value stays valid, but readers must expect the new ones.",
				ha.Name, he.Name, quoted(added), ha.TypeString())
		}
	}
}

// missingFrom returns the values of a that b lacks, in a's order.
func missingFrom(a, b []string) []string {
	var out []string
	for _, v := range a {
		if !slices.Contains(b, v) {
			out = append(out, v)
		}
	}
	return out
}

// quoted renders values as "a", "b".
func quoted(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}

func tableLabel(t *hclschema.Table) string {
	if t == nil {
		return ""
	}
	return t.Label
}

func (d *differ) entity(be, he *hclschema.Entity) {
	addr := "entity." + he.Name
	readers := func() []string {
		return patternsOn(d.head, func(p *hclschema.AccessPattern) bool { return p.ReturnsEntity(he) })
	}
	// Attributes.
	for _, ba := range be.Attributes {
		ha := he.Attribute(ba.Name)
		if ha == nil && he.ComputedAttr(ba.Name) != nil {
			continue // HEAD computes it: stored items keep it, readers too (SD205)
		}
		if ha == nil {
			c := d.add(AttrRemoved, addr+".attribute."+ba.Name, rng(ba.Range), rng(he.DeclRange), fmt.Sprintf("attribute %q of entity %q removed", ba.Name, he.Name),
				"Entity %q no longer declares %q. Stored items keep it, but readers that expect it get nothing from new items.", he.Name, ba.Name)
			c.Attr = ba.Name
			c.Patterns = patternsOn(d.base, func(p *hclschema.AccessPattern) bool { return p.ReturnsEntity(be) && reads(p, ba.Name) })
			continue
		}
		if !ba.Type.Equals(ha.Type) {
			c := d.add(AttrTypeChanged, addr+".attribute."+ha.Name, rng(ba.TypeRange), rng(ha.TypeRange), fmt.Sprintf("type of %s.%s changed", he.Name, ha.Name),
				"Attribute %q of entity %q changes from %s to %s: stored items hold the old type.", ha.Name, he.Name, typeName(ba.Type), typeName(ha.Type))
			c.Attr = ha.Name
			c.Patterns, c.Entities = readers(), []string{he.Name}
			continue
		}
		d.enumChange(he, ba, ha, addr, readers)
		if ba.Optional && !ha.Optional {
			c := d.add(AttrNowRequired, addr+".attribute."+ha.Name, rng(ba.TypeRange), rng(ha.TypeRange), fmt.Sprintf("attribute %s.%s made required", he.Name, ha.Name),
				"Attribute %q of entity %q is no longer optional: stored items without it do not fit the entity.", ha.Name, he.Name)
			c.Attr = ha.Name
			c.Patterns, c.Entities = readers(), []string{he.Name}
		}
	}
	for _, ha := range he.Attributes {
		if be.Attribute(ha.Name) != nil || be.ComputedAttr(ha.Name) != nil {
			continue // declared, or computed on every item by BASE (SD207)
		}
		if ha.Optional {
			d.add(OptionalAttrAdded, addr+".attribute."+ha.Name, rng(be.DeclRange), rng(ha.Range), fmt.Sprintf("optional attribute %s.%s added", he.Name, ha.Name),
				"Entity %q gets the optional attribute %q; stored items simply lack it.", he.Name, ha.Name)
			continue
		}
		c := d.add(RequiredAttrAdded, addr+".attribute."+ha.Name, rng(be.DeclRange), rng(ha.Range), fmt.Sprintf("required attribute %s.%s added", he.Name, ha.Name),
			"Entity %q requires the new attribute %q, which stored items lack: give them a value first, or declare it optional(%s).", he.Name, ha.Name, typeName(ha.Type))
		c.Attr = ha.Name
		c.Patterns, c.Entities = readers(), []string{he.Name}
	}
	d.computed(be, he)
	// Primary key templates.
	for _, k := range he.Table.Primary.KeyAttrs() {
		bt, ht := be.Key.Template(k.Name), he.Key.Template(k.Name)
		bs, hs := bt.Canonical(), ht.Canonical()
		if bs == hs {
			continue
		}
		c := d.add(KeyTemplateChanged, addr+".key."+k.Name, tplRange(bt, be.DeclRange), tplRange(ht, he.DeclRange),
			fmt.Sprintf("key %s of entity %q changed", k.Name, he.Name),
			"The template of %s changes from %s to %s. DynamoDB cannot change the key of a stored item: every item of %q must be copied under its new key into a new table: `tfdyn migrate` plans the copy (--dry-run shows its steps).",
			k.Name, display(bt, be, k.Name), display(ht, he, k.Name), he.Name)
		c.Attr = k.Name
		c.Patterns = union(patternsOn(d.base, func(p *hclschema.AccessPattern) bool { return p.ReturnsEntity(be) && usesKey(p.Index, k.Name) }),
			patternsOn(d.head, func(p *hclschema.AccessPattern) bool { return p.ReturnsEntity(he) && usesKey(p.Index, k.Name) }))
		c.Entities = []string{he.Name}
	}
	// Index blocks.
	for _, bi := range be.Indexes {
		hi := he.IndexBlock(bi.Index.Name)
		if hi == nil || findIndex(he.Table.GSIs, bi.Index.Name) == nil && findIndex(he.Table.LSIs, bi.Index.Name) == nil {
			switch {
			case hi == nil && he.Table.Index(bi.Index.Name) != nil && len(bi.Templates) > 0:
				c := d.add(EntityLeavesIndex, addr+".index."+bi.Index.Name, rng(bi.DeclRange), rng(he.DeclRange),
					fmt.Sprintf("entity %q leaves index %q", he.Name, bi.Index.Name),
					"Entity %q no longer takes part in index %q, but its stored items keep %s and stay in the index until the attributes are removed.",
					he.Name, bi.Index.Name, attrNames(bi.Templates))
				c.Patterns = patternsOn(d.base, func(p *hclschema.AccessPattern) bool { return p.Index == bi.Index && p.ReturnsEntity(be) })
				c.Entities = []string{he.Name}
				c.Items = d.blockItems(he, bi, nil)
			case he.Table.Index(bi.Index.Name) == nil:
				// The index is removed (SD502): the attributes its entities
				// wrote through templates go with it.
				if c := d.find(GSIRemoved, "table."+he.Table.Label+".index."+bi.Index.Name); c != nil {
					c.Items = append(c.Items, d.blockItems(he, bi, nil)...)
				}
			}
			continue
		}
		d.entityIndex(be, he, bi, hi)
	}
	for _, hi := range he.Indexes {
		bi := be.IndexBlock(hi.Index.Name)
		if bi != nil && be.Table.Index(hi.Index.Name) != nil {
			continue
		}
		if len(hi.Templates) == 0 && hi.When == nil {
			continue // the items' own attributes: DynamoDB indexes them (SD102 or nothing)
		}
		what := "key templates " + attrNames(hi.Templates)
		if hi.When != nil {
			what += " and the sparse condition " + hi.When.SourceText()
		}
		c := d.add(EntityJoinsIndex, addr+".index."+hi.Index.Name, rng(be.DeclRange), rng(hi.DeclRange),
			fmt.Sprintf("entity %q joins index %q", he.Name, hi.Index.Name),
			"Entity %q takes part in index %q through %s: stored items lack these attributes and are not in the index until `tfdyn migrate` writes them.",
			he.Name, hi.Index.Name, what)
		c.Patterns = patternsOn(d.head, func(p *hclschema.AccessPattern) bool { return p.Index == hi.Index && p.ReturnsEntity(he) })
		c.Entities = []string{he.Name}
		c.Items = d.blockItems(he, nil, hi)
	}
}

// computed compares an entity's computed attributes: one added, whose
// template (or type) changes, or removed is a change of every stored item,
// which `tfdyn migrate` writes (ItemChange with no index). An attribute
// BASE declared and HEAD computes is added (the items may hold the value
// already); one BASE computed and HEAD declares is kept as it is.
func (d *differ) computed(be, he *hclschema.Entity) {
	addr := "entity." + he.Name + ".computed."
	readers := func(name string) []string {
		return union(patternsOn(d.base, func(p *hclschema.AccessPattern) bool { return p.ReturnsEntity(be) && readsStored(p, name) }),
			patternsOn(d.head, func(p *hclschema.AccessPattern) bool { return p.ReturnsEntity(he) && readsStored(p, name) }))
	}
	for _, hc := range he.Computed {
		bc := be.ComputedAttr(hc.Attr)
		switch {
		case bc == nil:
			was := ""
			if be.Attribute(hc.Attr) != nil {
				was = " (BASE declared it as an attribute the writers gave)"
			}
			c := d.add(ComputedAdded, addr+hc.Attr, rng(be.DeclRange), rng(hc.Range), fmt.Sprintf("computed attribute %s.%s added", he.Name, hc.Attr),
				"Entity %q computes %q = %s on every item%s. Stored items lack it (or hold another value) until `tfdyn migrate` writes it; until then readers that filter on it and recognition by it miss them.",
				he.Name, hc.Attr, hc.Expr.SourceText(), was)
			c.Attr, c.Patterns, c.Entities = hc.Attr, readers(hc.Attr), []string{he.Name}
			c.Items = []ItemChange{{Entity: he.Name, Attr: hc.Attr, Action: ItemGained, To: hc.Expr}}
		case bc.Expr.Canonical() != hc.Expr.Canonical() || !bc.Type.Equals(hc.Type):
			c := d.add(ComputedChanged, addr+hc.Attr, rng(bc.Range), rng(hc.Range), fmt.Sprintf("computed attribute %s.%s changed", he.Name, hc.Attr),
				"The computed attribute %q of entity %q changes from %s to %s. Stored items hold the old value until `tfdyn migrate` recomputes it.",
				hc.Attr, he.Name, bc.Expr.SourceText(), hc.Expr.SourceText())
			c.Attr, c.Patterns, c.Entities = hc.Attr, readers(hc.Attr), []string{he.Name}
			c.Items = []ItemChange{{Entity: he.Name, Attr: hc.Attr, Action: ItemRecomputed, From: bc.Expr, To: hc.Expr}}
		}
	}
	for _, bc := range be.Computed {
		if he.ComputedAttr(bc.Attr) != nil {
			continue
		}
		if he.Attribute(bc.Attr) != nil {
			continue // now an attribute the writers give: the items keep it
		}
		c := d.add(ComputedRemoved, addr+bc.Attr, rng(bc.Range), rng(he.DeclRange), fmt.Sprintf("computed attribute %s.%s removed", he.Name, bc.Attr),
			"Entity %q no longer computes %q (%s). Stored items keep it until `tfdyn migrate` removes it; readers of the attribute get nothing from new items.",
			he.Name, bc.Attr, bc.Expr.SourceText())
		c.Attr, c.Patterns, c.Entities = bc.Attr, readers(bc.Attr), []string{he.Name}
		c.Items = []ItemChange{{Entity: he.Name, Attr: bc.Attr, Action: ItemLost, From: bc.Expr}}
	}
}

// readsStored reports whether pattern p reads attribute name: it lists it
// in attributes (or reads everything), or its filter reads it.
func readsStored(p *hclschema.AccessPattern, name string) bool {
	if p.Filter != nil && slices.Contains(p.Filter.Names(), name) {
		return true
	}
	return reads(p, name)
}

// entityIndex compares an entity's block of one index in BASE and HEAD.
func (d *differ) entityIndex(be, he *hclschema.Entity, bi, hi *hclschema.EntityIndex) {
	addr := "entity." + he.Name + ".index." + hi.Index.Name
	patterns := func() []string {
		return union(patternsOn(d.base, func(p *hclschema.AccessPattern) bool { return p.Index == bi.Index && p.ReturnsEntity(be) }),
			patternsOn(d.head, func(p *hclschema.AccessPattern) bool { return p.Index == hi.Index && p.ReturnsEntity(he) }))
	}
	names := map[string]bool{}
	for _, t := range bi.Templates {
		names[t.Attr] = true
	}
	for _, t := range hi.Templates {
		names[t.Attr] = true
	}
	var attrs []string
	for n := range names {
		attrs = append(attrs, n)
	}
	sort.Strings(attrs)
	items := d.blockItems(he, bi, hi)
	var changed []string
	for _, n := range attrs {
		bt, ht := bi.Template(n), hi.Template(n)
		if bt.Canonical() != ht.Canonical() {
			changed = append(changed, fmt.Sprintf("%s: %s → %s", n, display(bt, be, n), display(ht, he, n)))
		}
	}
	if len(changed) > 0 {
		c := d.add(IndexTemplateChanged, addr, rng(bi.DeclRange), rng(hi.DeclRange),
			fmt.Sprintf("index %q keys of entity %q changed", hi.Index.Name, he.Name),
			"In index %q of entity %q %s. Stored items hold the values of the old templates until `tfdyn migrate` recomputes them.",
			hi.Index.Name, he.Name, strings.Join(changed, "; "))
		c.Patterns, c.Entities = patterns(), []string{he.Name}
		c.Items, items = items, nil
	}
	bw, hw := bi.When.Canonical(), hi.When.Canonical()
	if bw != hw {
		var wr *hcl.Range
		if hi.When != nil {
			wr = rng(hi.When.Range())
		} else {
			wr = rng(hi.DeclRange)
		}
		br := rng(bi.DeclRange)
		if bi.When != nil {
			br = rng(bi.When.Range())
		}
		c := d.add(SparseChanged, addr, br, wr,
			fmt.Sprintf("sparse condition of entity %q in index %q changed", he.Name, hi.Index.Name),
			"The condition for items of %q to be in index %q changes from %s to %s. Stored items keep their old membership until `tfdyn migrate` re-evaluates it.",
			he.Name, hi.Index.Name, orNone(bi.When.SourceText()), orNone(hi.When.SourceText()))
		c.Patterns, c.Entities = patterns(), []string{he.Name}
		c.Items = items
	}
}

// patterns compares access patterns.
func (d *differ) patterns() {
	for _, bp := range d.base.Patterns {
		hp := d.head.Pattern(bp.Name)
		if hp == nil {
			c := d.add(PatternRemoved, "access_pattern."+bp.Name, rng(bp.DeclRange), nil, fmt.Sprintf("access pattern %q removed", bp.Name),
				"Access pattern %q is no longer declared: code that runs it is no longer checked against the design.", bp.Name)
			c.Patterns = []string{bp.Name}
			continue
		}
		var why []string
		if bi, hi := indexName(bp), indexName(hp); bi != hi {
			why = append(why, fmt.Sprintf("index %s → %s", bi, hi))
		}
		if b, h := entityNames(bp.Entities), entityNames(hp.Entities); strings.Join(b, ",") != strings.Join(h, ",") {
			why = append(why, fmt.Sprintf("entities %s → %s", strings.Join(b, ", "), strings.Join(h, ", ")))
		}
		if b, h := conditionsText(d.base, bp), conditionsText(d.head, hp); b != h {
			why = append(why, fmt.Sprintf("key condition %s → %s", conditionsDisplay(d.base, bp), conditionsDisplay(d.head, hp)))
		}
		if bp.Descending != hp.Descending {
			why = append(why, fmt.Sprintf("order %s → %s", order(bp), order(hp)))
		}
		if bp.Limit != hp.Limit {
			why = append(why, fmt.Sprintf("limit %s → %s", limit(bp), limit(hp)))
		}
		if b, h := bp.Filter.Canonical(), hp.Filter.Canonical(); b != h {
			why = append(why, fmt.Sprintf("filter %s → %s", orNone(bp.Filter.SourceText()), orNone(hp.Filter.SourceText())))
		}
		if b, h := strings.Join(bp.Attributes, ", "), strings.Join(hp.Attributes, ", "); b != h {
			why = append(why, fmt.Sprintf("attributes [%s] → [%s]", b, h))
		}
		if len(why) > 0 {
			c := d.add(PatternChanged, "access_pattern."+hp.Name, rng(bp.DeclRange), rng(hp.DeclRange), fmt.Sprintf("access pattern %q changed", hp.Name),
				"Access pattern %q changes: %s. Code that runs it must change with the schema.", hp.Name, strings.Join(why, "; "))
			c.Patterns = []string{hp.Name}
		}
	}
	for _, hp := range d.head.Patterns {
		if d.base.Pattern(hp.Name) == nil {
			c := d.add(PatternAdded, "access_pattern."+hp.Name, nil, rng(hp.DeclRange), fmt.Sprintf("access pattern %q added", hp.Name),
				"Access pattern %q is new.", hp.Name)
			c.Patterns = []string{hp.Name}
		}
	}
}

func indexName(p *hclschema.AccessPattern) string {
	if p.Index == nil {
		return "?"
	}
	return p.Index.Name
}

func order(p *hclschema.AccessPattern) string {
	if p.Descending {
		return "desc"
	}
	return "asc"
}

func limit(p *hclschema.AccessPattern) string {
	if p.Limit == 0 {
		return "none"
	}
	return fmt.Sprint(p.Limit)
}

// reads reports whether pattern p returns attribute attr to its caller.
func reads(p *hclschema.AccessPattern, attr string) bool {
	if len(p.Attributes) == 0 {
		return true
	}
	for _, a := range p.Attributes {
		if a == attr {
			return true
		}
	}
	return false
}

func usesKey(ix *hclschema.Index, attr string) bool {
	if ix == nil {
		return false
	}
	_, ok := ix.KeyAttr(attr)
	if !ok && ix.Kind == hclschema.IndexLocal {
		_, ok = ix.Table.Primary.KeyAttr(attr)
	}
	return ok
}

func patternsOn(s *hclschema.Schema, pred func(p *hclschema.AccessPattern) bool) []string {
	var out []string
	for _, p := range s.Patterns {
		if pred(p) {
			out = append(out, p.Name)
		}
	}
	sort.Strings(out)
	return out
}

func union(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range append(append([]string{}, a...), b...) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

func entityNames(es []*hclschema.Entity) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Name)
	}
	sort.Strings(out)
	return out
}

func attrNames(ts []*hclschema.KeyTemplate) string {
	var out []string
	for _, t := range ts {
		out = append(out, fmt.Sprintf("%q", t.Attr))
	}
	if len(out) == 0 {
		return "no template"
	}
	return strings.Join(out, ", ")
}

func typeName(t cty.Type) string { return t.FriendlyNameForConstraint() }

func tplRange(t *hclschema.KeyTemplate, def hcl.Range) *hcl.Range {
	if t == nil {
		return rng(def)
	}
	return rng(t.Range)
}

// display renders a template for a message: its source text, or the
// entity's own attribute when there is no template.
func display(t *hclschema.KeyTemplate, e *hclschema.Entity, attr string) string {
	if t != nil {
		return t.Expr.SourceText()
	}
	if e.Attribute(attr) != nil {
		return fmt.Sprintf("the attribute %q itself", attr)
	}
	return "no template"
}

// orNone renders the source text of a condition for a message, "none"
// when there is no condition.
func orNone(text string) string {
	if text == "" {
		return "none"
	}
	return text
}

func conditionsText(s *hclschema.Schema, p *hclschema.AccessPattern) string {
	var parts []string
	for _, c := range p.Conditions {
		parts = append(parts, s.Canonical(c.Range))
	}
	return strings.Join(parts, "\n")
}

func conditionsDisplay(s *hclschema.Schema, p *hclschema.AccessPattern) string {
	var parts []string
	for _, c := range p.Conditions {
		parts = append(parts, s.SourceText(c.Range))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
