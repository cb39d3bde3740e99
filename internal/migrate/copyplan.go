package migrate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// CopyPlan is the plan of a table whose items cannot be migrated in place:
// every stored item is written into a new table (the target, declared as
// HEAD's table) under the keys HEAD's templates compute from its
// attributes, then the writes made to BASE meanwhile are caught up from
// BASE's stream.
type CopyPlan struct {
	// Table is the table label.
	Table string `json:"table"`
	// From is BASE's DynamoDB table name; To is the copy's default
	// target: HEAD's table name, or NextSuffix appended to it when HEAD
	// keeps BASE's name (two tables cannot have one name).
	From string `json:"from"`
	To   string `json:"to"`
	// Why says what makes the copy necessary (diff's SD301, SD504, SD505).
	Why []string `json:"why"`
	// Entities are BASE's entities (guard entities of unique attributes
	// included) in declaration order, each copied as HEAD's entity of the
	// same name.
	Entities []EntityCopy `json:"entities"`
	// Refused says why the items cannot be copied ("" when they can).
	Refused string `json:"refused,omitempty"`

	base, head *hclschema.Table
	headOf     map[string]*hclschema.Entity
	// computed are the key attributes of both tables' indexes: an item's
	// value of one of them is HEAD's computed value or nothing.
	computed map[string]bool
}

// NextSuffix makes the default name of a copy's target when HEAD keeps
// BASE's table name: shop → shop-next.
const NextSuffix = "-next"

// EntityCopy is how the items of one entity are copied.
type EntityCopy struct {
	Entity string `json:"entity"`
	// Keys are the key attributes (of the table and its indexes) whose
	// templates differ between BASE and HEAD, by name.
	Keys []AttrChange `json:"keys,omitempty"`
}

// copyPlan is the copy of table label from base to head; why says what
// needs it; refusals holds the entities' SD302-SD304 refusals.
func copyPlan(base, head *hclschema.Schema, label string, why []string, refusals map[string]map[string]string) *CopyPlan {
	bt, ht := base.Table(label), head.Table(label)
	cp := &CopyPlan{Table: label, Why: why, Entities: []EntityCopy{}, base: bt, head: ht, headOf: map[string]*hclschema.Entity{}, computed: map[string]bool{}}
	if bt == nil || ht == nil {
		cp.Refused = fmt.Sprintf("table %q is not in both schemas", label)
		return cp
	}
	cp.From, cp.To = bt.Name, ht.Name
	if cp.To == cp.From {
		cp.To += NextSuffix
	}
	for _, t := range []*hclschema.Table{bt, ht} {
		for _, ix := range t.Indexes() {
			for _, k := range ix.KeyAttrs() {
				cp.computed[k.Name] = true
			}
		}
	}
	heads := map[string]*hclschema.Entity{}
	for _, e := range ht.StoredEntities() {
		heads[e.Name] = e
	}
	var reasons []string
	for _, be := range bt.StoredEntities() {
		he := heads[be.Name]
		if he == nil {
			reasons = append(reasons, fmt.Sprintf("entity %q has no entity of that name in HEAD's table %q, so its items would not be copied: keep it in HEAD, or delete its items first", be.Name, label))
			continue
		}
		cp.headOf[be.Name] = he
		ec := EntityCopy{Entity: be.Name, Keys: keyChanges(bt, ht, be, he)}
		cp.Entities = append(cp.Entities, ec)
		var attrs []string
		for a := range refusals[be.Name] {
			attrs = append(attrs, a)
		}
		sort.Strings(attrs)
		for _, a := range attrs {
			if strings.HasPrefix(a, "SD301") {
				continue // what the copy does
			}
			reasons = append(reasons, fmt.Sprintf("entity %q: %s", be.Name, refusals[be.Name][a]))
		}
	}
	cp.Refused = strings.Join(reasons, "; ")
	return cp
}

// keyChanges lists the key attributes whose templates differ between be
// (in bt) and he (in ht): of the table, then of the indexes in HEAD's
// order, then those only BASE's indexes have.
func keyChanges(bt, ht *hclschema.Table, be, he *hclschema.Entity) []AttrChange {
	type slot struct{ attr, index string }
	var slots []slot
	seen := map[string]bool{}
	for _, t := range []*hclschema.Table{ht, bt} {
		for _, ix := range t.Indexes() {
			for _, k := range ix.KeyAttrs() {
				if !seen[k.Name] {
					seen[k.Name] = true
					name := "index " + ix.Name
					if ix.Kind == hclschema.IndexPrimary {
						name = "table key"
					}
					slots = append(slots, slot{k.Name, name})
				}
			}
		}
	}
	text := func(e *hclschema.Entity, t *hclschema.Table, attr string) string {
		var ix *hclschema.Index
		for _, x := range t.Indexes() {
			if _, ok := x.KeyAttr(attr); ok {
				ix = x
				break
			}
		}
		if ix == nil {
			return ""
		}
		w, ok := e.KeyWriterFor(ix, attr)
		switch {
		case !ok:
			return ""
		case w.Template == nil:
			return attr
		}
		return w.Template.Expr.SourceText()
	}
	var out []AttrChange
	for _, s := range slots {
		from, to := text(be, bt, s.attr), text(he, ht, s.attr)
		if from == to {
			continue
		}
		ac := AttrChange{Attr: s.attr, Index: s.index, From: from, To: to, Action: Change}
		switch {
		case from == "":
			ac.Action = Gain
		case to == "":
			ac.Action = Lose
		}
		out = append(out, ac)
	}
	return out
}

// Copy returns the copy plan of table label, nil when the table is not
// copied.
func (p *Plan) Copy(label string) *CopyPlan {
	for _, c := range p.Copies {
		if c.Table == label {
			return c
		}
	}
	return nil
}

// copied is a BASE item as the copy writes it into the target.
type copied struct {
	// Entity is the item's entity (BASE's and HEAD's name); "" when the
	// item is of no BASE entity (n == 0) or of several (n > 1).
	Entity string
	n      int
	// Item is the target item: the stored attributes, less the key
	// attributes BASE computed, plus the ones HEAD computes.
	Item map[string]types.AttributeValue
	// Key is Item's primary key in the target.
	Key map[string]types.AttributeValue
}

// headItem computes what the copy writes for a stored BASE item. An item
// of no BASE entity or of several is returned with n 0 or 2 and no Item;
// an error says why HEAD's templates cannot compute the item.
func (cp *CopyPlan) headItem(stored map[string]types.AttributeValue) (copied, error) {
	its := cp.base.Recognize(dynamo.Values(stored))
	if len(its) != 1 {
		return copied{n: len(its)}, nil
	}
	be := its[0].Entity
	out := copied{Entity: be.Name, n: 1}
	he := cp.headOf[be.Name]
	if he == nil {
		return out, fmt.Errorf("entity %q has no entity in HEAD's table", be.Name)
	}
	vals, err := he.ValuesOf(dynamo.Values(stored))
	if err != nil {
		return out, fmt.Errorf("HEAD cannot read the item: %w", err)
	}
	hi, err := he.Item(vals)
	if err != nil {
		return out, fmt.Errorf("HEAD's templates: %w", err)
	}
	item := make(map[string]types.AttributeValue, len(stored)+2)
	for k, v := range stored {
		if cp.computed[k] && he.Attribute(k) == nil {
			continue
		}
		item[k] = v
	}
	for k, v := range hi.Attrs {
		if he.Attribute(k) != nil {
			continue
		}
		av, err := dynamo.AV(v)
		if err != nil {
			return out, fmt.Errorf("%s: %w", k, err)
		}
		item[k] = av
	}
	out.Item = item
	out.Key = dynamo.Key(item, cp.head.Primary.KeyAttrs())
	return out, nil
}

// payload is an item of entity name less the key attributes its
// templates compute: what a copy keeps from BASE, compared between the two
// tables by the check.
func (cp *CopyPlan) payload(entity string, item map[string]types.AttributeValue) map[string]types.AttributeValue {
	he := cp.headOf[entity]
	out := make(map[string]types.AttributeValue, len(item))
	for k, v := range item {
		if !cp.computed[k] || he != nil && he.Attribute(k) != nil {
			out[k] = v
		}
	}
	return out
}

// writeCopy renders the copy plan of a table (and the counts of a run).
func (p *Plan) writeCopy(sb *strings.Builder, cp *CopyPlan, res *Result) {
	to := cp.To
	if res != nil && res.Target != "" {
		to = res.Target
	}
	fmt.Fprintf(sb, "\ncopy table %s (%s) → %s\n", cp.Table, cp.From, to)
	fmt.Fprintf(sb, "  because: %s\n", strings.Join(cp.Why, "; "))
	if cp.Refused != "" {
		fmt.Fprintf(sb, "  REFUSED: %s.\n", cp.Refused)
		return
	}
	sb.WriteString("  every item is written into the target under HEAD's keys (a put that keeps what is there);\n" +
		"  the writes made to BASE meanwhile are caught up from its stream, deletes as tombstones\n")
	for _, ec := range cp.Entities {
		fmt.Fprintf(sb, "  entity %s", ec.Entity)
		if len(ec.Keys) == 0 {
			sb.WriteString(": keys as in BASE")
		}
		sb.WriteString("\n")
		for _, k := range ec.Keys {
			switch k.Action {
			case Gain:
				fmt.Fprintf(sb, "    gain   %s = %s (%s)\n", k.Attr, k.To, k.Index)
			case Lose:
				fmt.Fprintf(sb, "    lose   %s (was %s, %s)\n", k.Attr, k.From, k.Index)
			default:
				fmt.Fprintf(sb, "    change %s: %s → %s (%s)\n", k.Attr, k.From, k.To, k.Index)
			}
		}
		if res != nil {
			c := res.Entities[ec.Entity]
			if c == nil {
				c = &Counts{}
			}
			verb := "copied"
			if res.DryRun {
				verb = "to copy"
			}
			fmt.Fprintf(sb, "    items: %d (%d %s, %d already in the target, %d deleted meanwhile, %d failed), about %.0f WCU\n",
				c.Items, c.Updated, verb, c.Already, c.Deleted, c.Failed, c.WCU)
		}
	}
	if res == nil {
		sb.WriteString("  items: not counted (give --table and --endpoint or a region to count them)\n")
	}
	base, head := p.Base, p.Head
	if base == "" {
		base, head = "BASE", "HEAD"
	}
	run := fmt.Sprintf("tfdyn migrate %s %s --table %s --to-table %s --control-table CONTROL", base, head, cp.From, to)
	fmt.Fprintf(sb, "  steps (each resumable, each safe to run again):\n"+
		"    1. create the target %s from HEAD's schema beside %s, and the control table CONTROL\n"+
		"       (tfdyn migrate %s %s --emit terraform -o DIR, then terraform apply)\n"+
		"    2. copy:     %s\n"+
		"    3. catch up: %s --catch-up   (--follow keeps it running)\n"+
		"    4. check:    %s --check\n"+
		"    5. cutover:  stop the writers of %s, run 3 until it says caught up and 4 until it passes,\n"+
		"                 then point the application at %s (gen's table name option)\n"+
		"    6. retire:   keep %s until tfdyn diff acknowledges its removal, then remove it from the Terraform\n",
		to, cp.From, base, head, run, run, run, cp.From, to, cp.From)
}
