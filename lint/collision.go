package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/hclschema"
)

// collision is an entity whose items an access pattern can return although
// the pattern does not declare it (TD111, or TD112 with a proof).
type collision struct {
	p       *hclschema.AccessPattern
	e       *hclschema.Entity
	subject hcl.Range
	// overlap is true when the literal prefixes of the templates and the
	// conditions can match.
	overlap bool
	// proof is set when an example item of e matches the conditions.
	proof *collisionProof
	// more counts the collisions of the same kind (proven or not) of the
	// pattern that are not reported after this one (maxCollisions).
	more int
}

// maxCollisions is the most collisions of one kind (TD111, TD112) reported
// per access pattern: a pattern that matches thousands of entities would
// otherwise give thousands of findings (and a schema of n such entities and
// patterns n² of them). The last one reported counts the rest.
const maxCollisions = 10

// moreText is the sentence that counts the collisions left out.
func (c collision) moreText() string {
	switch c.more {
	case 0:
		return ""
	case 1:
		return " The pattern matches 1 more entity in the same way; it is not reported separately."
	}
	return fmt.Sprintf(" The pattern matches %d more entities in the same way; they are not reported separately.", c.more)
}

// collisionProof is an example item that matches a pattern's conditions.
type collisionProof struct {
	item   exampleItem
	inputs inputSet
}

// inputSet is one set of input values of an access pattern.
type inputSet struct {
	values map[string]cty.Value
	// from says where the values come from, for details.
	from string
}

// collisions finds, once per analysis, every pattern/entity pair where the
// pattern can return items of an entity it does not declare.
func (a *analysis) collisions() []collision {
	if a.collided != nil {
		return *a.collided
	}
	var out []collision
	for _, p := range a.s.Patterns {
		out = append(out, a.patternCollisions(p)...)
	}
	a.collided = &out
	return out
}

// condSets holds the value sets of one condition's operands.
type condSets struct {
	c    *hclschema.Condition
	k    hclschema.KeyAttr
	args []valueSet
}

// indexInfo is what the collision check needs about one index, computed
// once: its members grouped by the value sets of their partition key
// templates, and the example items in the index by partition key value.
type indexInfo struct {
	groups []*partGroup
	items  map[string][]exampleItem
}

// partGroup is the members of an index whose partition key writers have the
// same value sets, so one comparison with a condition covers them all.
type partGroup struct {
	sets    []valueSet
	members []memberInfo
}

// memberInfo is an entity of an index with the value sets of its writers
// of every key attribute, in KeyAttrs order.
type memberInfo struct {
	e    *hclschema.Entity
	sets []valueSet
}

func (a *analysis) indexInfo(ix *hclschema.Index) *indexInfo {
	if info, ok := a.infos[ix]; ok {
		return info
	}
	info := &indexInfo{items: map[string][]exampleItem{}}
	keys := ix.KeyAttrs()
	np := len(ix.PartitionKey)
	byKey := map[string]*partGroup{}
	for _, e := range a.members[ix] {
		m := memberInfo{e: e, sets: make([]valueSet, len(keys))}
		for i, k := range keys {
			m.sets[i], _ = a.writerSet(e, ix, k.Name)
		}
		var gk strings.Builder
		for _, vs := range m.sets[:np] {
			gk.WriteString(vs.key())
			gk.WriteByte(0)
		}
		g := byKey[gk.String()]
		if g == nil {
			g = &partGroup{sets: m.sets[:np]}
			byKey[gk.String()] = g
			info.groups = append(info.groups, g)
		}
		g.members = append(g.members, m)
		for _, it := range a.exampleItems(e) {
			if !it.item.InIndex(ix) {
				continue
			}
			vals := make([]cty.Value, np)
			for i, k := range ix.PartitionKey {
				vals[i] = it.item.Attrs[k.Name]
			}
			pk := valuesKey(vals)
			info.items[pk] = append(info.items[pk], it)
		}
	}
	a.infos[ix] = info
	return info
}

// valuesKey renders key values as a map key.
func valuesKey(vals []cty.Value) string {
	var b strings.Builder
	for _, v := range vals {
		switch {
		case v == cty.NilVal || v.IsNull() || !v.IsKnown():
			b.WriteString("?")
		case v.Type() == cty.String:
			b.WriteString("S:")
			b.WriteString(v.AsString())
		case v.Type() == cty.Number:
			b.WriteString("N:")
			b.WriteString(v.AsBigFloat().Text('g', -1))
		default:
			b.WriteString("?")
		}
		b.WriteByte(0)
	}
	return b.String()
}

func (a *analysis) patternCollisions(p *hclschema.AccessPattern) []collision {
	ix := p.Index
	if ix == nil || p.Table == nil || len(ix.PartitionKey) == 0 {
		return nil
	}
	// Only servable partitions: every partition attribute by equality.
	for _, k := range ix.PartitionKey {
		if c := p.Condition(k.Name); c == nil || c.Op != hclschema.OpEq || len(c.Args) != 1 {
			return nil
		}
	}
	np := len(ix.PartitionKey)
	var conds []condSets
	var pos []int // position of each condition's attribute in KeyAttrs
	for i, k := range ix.KeyAttrs() {
		c := p.Condition(k.Name)
		if c == nil {
			continue
		}
		cs := condSets{c: c, k: k}
		for _, arg := range c.Args {
			cs.args = append(cs.args, setOf(arg))
		}
		conds = append(conds, cs)
		pos = append(pos, i)
	}
	info := a.indexInfo(ix)
	found := map[*hclschema.Entity]*collision{}
	var order []*hclschema.Entity
	add := func(e *hclschema.Entity) *collision {
		c := found[e]
		if c == nil {
			c = &collision{p: p, e: e, subject: conds[len(conds)-1].c.Range}
			found[e] = c
			order = append(order, e)
		}
		return c
	}
	// Literal prefixes: the partition condition against each group, then
	// the sort conditions against each member of a matching group.
	for _, g := range info.groups {
		ok := true
		for j := 0; j < np; j++ {
			if !mayOverlap(g.sets[pos[j]], conds[j].c.Op, conds[j].args) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
	members:
		for _, m := range g.members {
			if p.ReturnsEntity(m.e) {
				continue
			}
			for j := np; j < len(conds); j++ {
				if !mayOverlap(m.sets[pos[j]], conds[j].c.Op, conds[j].args) {
					continue members
				}
			}
			add(m.e).overlap = true
		}
	}
	// Example items: look up the partition each input set reads.
	if len(info.items) > 0 {
		sets := inputSets(p)
		values := conditionValues(p, conds, sets)
		for i, vals := range values {
			if vals == nil {
				continue
			}
			pv := make([]cty.Value, np)
			for j := 0; j < np; j++ {
				pv[j] = vals[j][0]
			}
		items:
			for _, it := range info.items[valuesKey(pv)] {
				e := it.item.Entity
				if p.ReturnsEntity(e) || (found[e] != nil && found[e].proof != nil) {
					continue
				}
				for j := np; j < len(conds); j++ {
					v, ok := it.item.Attrs[conds[j].k.Name]
					if !ok || !satisfies(v, conds[j].c.Op, vals[j]) {
						continue items
					}
				}
				add(e).proof = &collisionProof{item: it, inputs: sets[i]}
			}
		}
	}
	if len(order) == 0 {
		return nil
	}
	sort.Slice(order, func(i, j int) bool { return a.entityPos[order[i]] < a.entityPos[order[j]] })
	var out []collision
	var proven, overlaps []int // indexes into out
	for _, e := range order {
		c := found[e]
		kind := &overlaps
		if c.proof != nil {
			kind = &proven
		} else if !c.overlap {
			continue
		}
		if len(*kind) == maxCollisions {
			out[(*kind)[maxCollisions-1]].more++
			continue
		}
		*kind = append(*kind, len(out))
		out = append(out, *c)
	}
	return out
}

// inputSets returns the pattern's explicit example input sets, then one set
// per example of each result entity that has every input as an attribute.
func inputSets(p *hclschema.AccessPattern) []inputSet {
	var out []inputSet
	for i, ex := range p.Examples {
		out = append(out, inputSet{values: ex.Inputs, from: fmt.Sprintf("example %d of access pattern %q", i+1, p.Name)})
	}
	for _, re := range p.Entities {
		for _, ex := range re.Examples {
			if ex == nil || ex.Values == cty.NilVal || !ex.Values.Type().IsObjectType() || !ex.Values.IsKnown() || ex.Values.IsNull() {
				continue
			}
			vals := map[string]cty.Value{}
			ok := true
			for _, in := range p.Inputs {
				if !ex.Values.Type().HasAttribute(in.Name) {
					ok = false
					break
				}
				v := ex.Values.GetAttr(in.Name)
				if v.IsNull() {
					ok = false
					break
				}
				vals[in.Name] = v
			}
			if ok {
				out = append(out, inputSet{values: vals, from: fmt.Sprintf("the example %s at %s", ex.Name(), ex.DeclRange)})
			}
		}
	}
	return out
}

// conditionValues evaluates the operands of conds under each input set,
// converted to the key attribute types; a set that fails is nil.
func conditionValues(p *hclschema.AccessPattern, conds []condSets, sets []inputSet) [][][]cty.Value {
	out := make([][][]cty.Value, len(sets))
	for i, set := range sets {
		ctx := &hcl.EvalContext{Variables: set.values, Functions: constCtx.Functions}
		vals := make([][]cty.Value, len(conds))
		ok := true
		for j, cs := range conds {
			for _, arg := range cs.c.Args {
				v, ds := hclschema.Eval(arg, ctx, CodeProvenCollision)
				if ds.HasErrors() || !v.IsWhollyKnown() || v.IsNull() {
					ok = false
					break
				}
				ty := cty.String
				if cs.k.Type == hclschema.TypeN {
					ty = cty.Number
				}
				v, err := convert.Convert(v, ty)
				if err != nil || v.IsNull() {
					ok = false
					break
				}
				vals[j] = append(vals[j], v)
			}
			if !ok {
				break
			}
		}
		if ok {
			out[i] = vals
		}
	}
	return out
}

// satisfies evaluates a key condition on a value as DynamoDB does.
func satisfies(v cty.Value, op hclschema.ConditionOp, args []cty.Value) bool {
	if len(args) == 0 {
		return false
	}
	cmp := func(b cty.Value) (int, bool) { return compareValues(v, b) }
	switch op {
	case hclschema.OpEq:
		n, ok := cmp(args[0])
		return ok && n == 0
	case hclschema.OpBeginsWith:
		if v.Type() != cty.String || args[0].Type() != cty.String {
			return false
		}
		return strings.HasPrefix(v.AsString(), args[0].AsString())
	case hclschema.OpBetween:
		if len(args) < 2 {
			return false
		}
		lo, ok1 := cmp(args[0])
		hi, ok2 := cmp(args[1])
		return ok1 && ok2 && lo >= 0 && hi <= 0
	case hclschema.OpLT, hclschema.OpLE, hclschema.OpGT, hclschema.OpGE:
		n, ok := cmp(args[0])
		return ok && op.Holds(n)
	}
	return false
}

// describeConditions renders a pattern's key conditions: PK = "X#${x}", SK begins_with("Y").
func (a *analysis) describeConditions(p *hclschema.AccessPattern) string {
	var parts []string
	for _, c := range p.Conditions {
		if p.Index == nil {
			break
		}
		if _, ok := p.Index.KeyAttr(c.Attr); !ok {
			continue
		}
		var args []string
		for _, x := range c.Args {
			args = append(args, a.exprText(x))
		}
		if c.Op == hclschema.OpEq {
			parts = append(parts, c.Attr+" = "+strings.Join(args, ", "))
		} else {
			parts = append(parts, fmt.Sprintf("%s %s(%s)", c.Attr, opFunc(c.Op), strings.Join(args, ", ")))
		}
	}
	return strings.Join(parts, " and ")
}

func opFunc(op hclschema.ConditionOp) string {
	switch op {
	case hclschema.OpLT:
		return "lt"
	case hclschema.OpLE:
		return "lte"
	case hclschema.OpGT:
		return "gt"
	case hclschema.OpGE:
		return "gte"
	}
	return string(op)
}

// describeWriters renders how entity e writes the conditioned key attributes
// of pattern p's index: PK = "X#${x}", SK = "Y#${y}".
func (a *analysis) describeWriters(p *hclschema.AccessPattern, e *hclschema.Entity) string {
	var parts []string
	for _, k := range p.Index.KeyAttrs() {
		if p.Condition(k.Name) == nil {
			continue
		}
		w, ok := keyWriter(e, p.Index, k.Name)
		switch {
		case !ok:
			continue
		case w.tpl != nil:
			parts = append(parts, k.Name+" = "+a.exprText(w.tpl.Expr))
		default:
			parts = append(parts, fmt.Sprintf("%s from its attribute %q", k.Name, k.Name))
		}
	}
	return strings.Join(parts, " and ")
}

// describeValues renders values: customer = "alice", total = 42.
func describeValues(vals map[string]cty.Value, names []string) string {
	if names == nil {
		for n := range vals {
			names = append(names, n)
		}
		sort.Strings(names)
	}
	var parts []string
	for _, n := range names {
		v, ok := vals[n]
		if !ok {
			continue
		}
		parts = append(parts, n+" = "+valueText(v))
	}
	if len(parts) == 0 {
		return "no inputs"
	}
	return strings.Join(parts, ", ")
}

func valueText(v cty.Value) string {
	switch {
	case v.IsNull():
		return "null"
	case !v.IsKnown():
		return "(unknown)"
	case v.Type() == cty.String:
		return quote(v.AsString())
	case v.Type() == cty.Number:
		return v.AsBigFloat().Text('f', -1)
	case v.Type() == cty.Bool:
		return fmt.Sprint(v.True())
	}
	return v.GoString()
}
