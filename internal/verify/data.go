package verify

import (
	"fmt"
	"math/big"
	"math/rand"
	"sort"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// Dataset is the set of items verify writes to one table, each with its
// DynamoDB form, unique by primary key.
type Dataset struct {
	Table *hclschema.Table
	Items []hclschema.Item
	AV    []map[string]types.AttributeValue
	// Sources says where each item comes from (an example or generation).
	Sources []itemSource
	byKey   map[string]int
	// Skipped counts generated values that the templates rejected.
	Skipped int
	// OverLimit counts generated items left out because DynamoDB would
	// reject them (a value near a limit in an example plus verify's unique
	// suffix, for instance); OverLimitReason is the first one's reason.
	OverLimit       int
	OverLimitReason string
	// TTLMoved counts items whose TTL attribute was in the past: DynamoDB
	// (and DynamoDB Local) delete such items at any moment, so verify moves
	// the expiry 30 days ahead before it writes them.
	TTLMoved int
	now      time.Time
}

func newDataset(t *hclschema.Table) *Dataset {
	return &Dataset{Table: t, byKey: map[string]int{}, now: time.Now()}
}

// liveTTL returns values with an expired TTL attribute moved ahead.
func (d *Dataset) liveTTL(e *hclschema.Entity, values cty.Value) cty.Value {
	attr := d.Table.TTLAttribute
	a := e.Attribute(attr)
	if attr == "" || a == nil || a.Type != cty.Number {
		return values
	}
	m := values.AsValueMap()
	v := m[attr]
	if v.IsNull() || !v.IsKnown() {
		return values
	}
	floor := big.NewFloat(float64(d.now.Add(time.Hour).Unix()))
	if v.AsBigFloat().Cmp(floor) >= 0 {
		return values
	}
	d.TTLMoved++
	m[attr] = cty.NumberIntVal(d.now.Add(30 * 24 * time.Hour).Unix())
	return cty.ObjectVal(m)
}

// add inserts an item unless its primary key is taken; it reports whether
// the item was added.
func (d *Dataset) add(it hclschema.Item, src itemSource) (bool, error) {
	av, err := dynamo.ItemAV(it)
	if err != nil {
		return false, err
	}
	k := dynamo.KeyString(av, d.Table.Primary.KeyAttrs())
	if _, dup := d.byKey[k]; dup {
		return false, nil
	}
	d.byKey[k] = len(d.Items)
	d.Items = append(d.Items, it)
	d.AV = append(d.AV, av)
	d.Sources = append(d.Sources, src)
	return true, nil
}

// EntityOf returns the entity of the item with the primary key of av: the
// one verify wrote under that key, else the one entity that recognizes the
// item; nil when none (or several) does.
func (d *Dataset) EntityOf(av map[string]types.AttributeValue) *hclschema.Entity {
	if i, ok := d.byKey[dynamo.KeyString(av, d.Table.Primary.KeyAttrs())]; ok {
		return d.Items[i].Entity
	}
	// An item verify did not write: the entity whose templates give back
	// its primary key (hclschema's Table.Recognize, as migrate asks), when
	// exactly one does.
	if its := d.Table.Recognize(dynamo.Values(av)); len(its) == 1 {
		return its[0].Entity
	}
	return nil
}

// addExamples adds every example item of the table's entities.
func (d *Dataset) addExamples() error {
	for _, e := range d.Table.Entities {
		for _, ex := range e.Examples {
			it, err := e.Item(d.liveTTL(e, ex.Values))
			if err != nil {
				return fmt.Errorf("entity %s example at %s: %w", e.Name, ex.DeclRange, err)
			}
			if _, err := d.add(it, itemSource{Example: ex}); err != nil {
				return fmt.Errorf("entity %s example at %s: %w", e.Name, ex.DeclRange, err)
			}
		}
	}
	return nil
}

// addGenerated adds n generated items per entity, deterministic from seed.
// Values are drawn from the entity's example values (so sparse conditions
// and shared partitions stay meaningful); the attributes that make the
// primary key unique get a suffix numbered from offset; numbers that key
// templates use are stressed (see stressed in stress.go).
func (d *Dataset) addGenerated(seed int64, n, offset int) error {
	for ei, e := range d.Table.Entities {
		rng := rand.New(rand.NewSource(seed*7919 + int64(ei)))
		pools := examplePools(e)
		unique := uniqueAttrs(e)
		domains := numberDomains(e)
		for i := 0; i < n; i++ {
			idx := offset + i
			vals := map[string]cty.Value{}
			full := false
			for _, a := range e.Attributes {
				vals[a.Name] = generate(a, pools[a.Name], unique[a.Name], idx, rng)
				if v, ok, used := stressed(a, domains[a.Name], unique[a.Name], vals[a.Name], idx, rng); ok {
					vals[a.Name] = v
				} else if used {
					full = true
				}
			}
			if full {
				d.Skipped++
				continue
			}
			it, err := e.Item(d.liveTTL(e, cty.ObjectVal(vals)))
			if err != nil {
				d.Skipped++
				continue
			}
			if p := it.LimitProblem(); p != "" {
				if d.OverLimit == 0 {
					d.OverLimitReason = fmt.Sprintf("entity %s: %s", e.Name, p)
				}
				d.OverLimit++
				continue
			}
			if _, err := d.add(it, itemSource{}); err != nil {
				return fmt.Errorf("entity %s: %w", e.Name, err)
			}
		}
	}
	return nil
}

func examplePools(e *hclschema.Entity) map[string][]cty.Value {
	pools := map[string][]cty.Value{}
	for _, ex := range e.Examples {
		for k, v := range ex.Values.AsValueMap() {
			pools[k] = append(pools[k], v)
		}
	}
	return pools
}

// uniqueAttrs are the attributes that the primary sort key (or, without a
// sort key, the partition key) is computed from.
func uniqueAttrs(e *hclschema.Entity) map[string]bool {
	out := map[string]bool{}
	for _, u := range e.Unique { // declared unique values stay unique
		out[u.Attr] = true
	}
	keys := e.Table.Primary.SortKey
	if len(keys) == 0 {
		keys = e.Table.Primary.PartitionKey
	}
	for _, k := range keys {
		if e.Attribute(k.Name) != nil {
			out[k.Name] = true
			continue
		}
		if tpl := e.Key.Template(k.Name); tpl != nil {
			for _, n := range tpl.Expr.Names() {
				out[n] = true
			}
		}
	}
	return out
}

func generate(a *hclschema.Attribute, pool []cty.Value, unique bool, idx int, rng *rand.Rand) cty.Value {
	var base cty.Value
	if len(pool) > 0 {
		base = pool[rng.Intn(len(pool))]
	}
	switch {
	case a.Enum != nil:
		// Only the enum's values: the examples' (sparse conditions stay
		// meaningful) or, half of the time, any of them. A unique enum
		// takes them in turn; items whose key repeats are not added.
		if unique {
			return cty.StringVal(a.Enum[idx%len(a.Enum)])
		}
		if (base == cty.NilVal || base.IsNull()) && a.Optional && rng.Intn(4) == 0 {
			return cty.NullVal(cty.String)
		}
		if base == cty.NilVal || base.IsNull() || rng.Intn(2) == 0 {
			return cty.StringVal(a.Enum[rng.Intn(len(a.Enum))])
		}
		return base
	case a.Type == cty.String:
		if base == cty.NilVal || base.IsNull() {
			if a.Optional && !unique && rng.Intn(4) == 0 {
				return cty.NullVal(cty.String)
			}
			base = cty.StringVal(fmt.Sprintf("%s-%d", a.Name, rng.Intn(3)))
		}
		if unique {
			return cty.StringVal(fmt.Sprintf("%s-g%03d", base.AsString(), idx))
		}
		return base
	case a.Type == cty.Number:
		if base == cty.NilVal || base.IsNull() {
			if a.Optional && !unique && rng.Intn(4) == 0 {
				return cty.NullVal(cty.Number)
			}
			base = cty.NumberIntVal(int64(rng.Intn(100)))
		}
		if unique {
			f := new(big.Float).Add(base.AsBigFloat(), big.NewFloat(float64(1000+idx)))
			return cty.NumberVal(f)
		}
		return base
	case a.Type == cty.Bool:
		if base == cty.NilVal || base.IsNull() {
			return cty.BoolVal(rng.Intn(2) == 0)
		}
		return base
	}
	if base != cty.NilVal {
		return base
	}
	return cty.NullVal(a.Type)
}

// inputSet is one set of inputs for a pattern; Source is the example item
// whose attributes gave the inputs (nil for explicit pattern examples).
type inputSet struct {
	Values map[string]cty.Value
	Source *hclschema.Item
	// Example is the pattern's own example block the set comes from (nil
	// for sets taken from example items): the author says the pattern finds
	// something for it, unless the block declares it finds nothing.
	Example *hclschema.PatternExample
}

// inputSets returns the input sets a pattern runs with: one empty set for
// a pattern without inputs, else hclschema.InputSets (its explicit
// examples, then inputs taken from the example items of its entities),
// deduplicated, at most max, in a stable order.
func inputSets(p *hclschema.AccessPattern, max int) []inputSet {
	var out []inputSet
	seen := map[string]bool{}
	addSet := func(m map[string]cty.Value, src *hclschema.Item, x *hclschema.PatternExample) {
		k := inputKey(m)
		if seen[k] || len(out) >= max {
			return
		}
		seen[k] = true
		out = append(out, inputSet{Values: m, Source: src, Example: x})
	}
	if len(p.Inputs) == 0 {
		addSet(map[string]cty.Value{}, nil, nil)
		return out
	}
	for _, set := range hclschema.InputSets(p) {
		var src *hclschema.Item
		if ex := set.Example; ex != nil {
			if it, ok := ex.Item(); ok {
				src = &it
			}
		}
		addSet(set.Values, src, set.Pattern)
	}
	return out
}

func inputKey(m map[string]cty.Value) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := ""
	for _, k := range keys {
		av, err := dynamo.AV(m[k])
		if err != nil {
			continue
		}
		s += k + "=" + dynamo.Canon(av) + " "
	}
	return s
}

// missInputs derives, from an input set, one that no item can match: every
// input used in a partition key condition is changed.
func missInputs(p *hclschema.AccessPattern, in map[string]cty.Value) (map[string]cty.Value, bool) {
	part := map[string]bool{}
	for _, c := range p.Conditions {
		if !p.Index.IsPartitionKey(c.Attr) {
			continue
		}
		for _, arg := range c.Args {
			for _, n := range arg.Names() {
				part[n] = true
			}
		}
	}
	if len(part) == 0 {
		return nil, false
	}
	out := map[string]cty.Value{}
	for k, v := range in {
		if !part[k] {
			out[k] = v
			continue
		}
		switch v.Type() {
		case cty.String:
			out[k] = cty.StringVal(v.AsString() + "~tfdyn-miss")
		case cty.Number:
			out[k] = cty.NumberVal(new(big.Float).Add(v.AsBigFloat(), big.NewFloat(7777777)))
		default:
			return nil, false
		}
	}
	return out, true
}
