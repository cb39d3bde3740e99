package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/oracle"
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
	// byLit indexes the groups by the value set of their first partition
	// attribute, so that a pattern compares its partition condition with
	// the groups it may match, not with every group of the index.
	byLit groupIndex
}

// groupIndex finds the groups whose first partition value set may equal a
// condition's (eqOverlap): those without evidence, those of one exact
// value, and those whose exact string or prefix is compatible with the
// condition's literal.
type groupIndex struct {
	none     []int            // groups without evidence
	exact    map[string][]int // by valuesKey of an exact value
	prefixes map[string][]int // by prefix
	// strs are the exact strings and prefixes, sorted, for the groups
	// whose literal starts with the condition's prefix.
	strs []groupLit
}

// groupLit is the literal of a group's first partition value set.
type groupLit struct {
	lit   string
	exact bool
	group int
}

func newGroupIndex(groups []*partGroup) groupIndex {
	gi := groupIndex{exact: map[string][]int{}, prefixes: map[string][]int{}}
	for i, g := range groups {
		vs := g.sets[0]
		switch {
		case !vs.evidence():
			gi.none = append(gi.none, i)
		case vs.exact:
			k := valuesKey([]cty.Value{vs.val})
			gi.exact[k] = append(gi.exact[k], i)
			if str, ok := vs.str(); ok {
				gi.strs = append(gi.strs, groupLit{lit: str, exact: true, group: i})
			}
		default:
			gi.prefixes[vs.prefix] = append(gi.prefixes[vs.prefix], i)
			gi.strs = append(gi.strs, groupLit{lit: vs.prefix, group: i})
		}
	}
	sort.SliceStable(gi.strs, func(i, j int) bool { return gi.strs[i].lit < gi.strs[j].lit })
	return gi
}

// candidates returns, in ascending order, the groups whose first partition
// value set may equal one of c (a superset of those eqOverlap accepts).
func (gi groupIndex) candidates(c valueSet) []int {
	if !c.evidence() {
		return gi.none
	}
	seen := map[int]bool{}
	var out []int
	add := func(gs ...int) {
		for _, g := range gs {
			if !seen[g] {
				seen[g] = true
				out = append(out, g)
			}
		}
	}
	add(gi.exact[valuesKey([]cty.Value{c.val})]...)
	if lit, ok := c.lit(); ok && lit != "" {
		// Prefixes of the condition's literal.
		for i := 1; i <= len(lit); i++ {
			add(gi.prefixes[lit[:i]]...)
		}
		// Exact strings and prefixes that start with a prefix condition.
		if !c.exact {
			for i := sort.Search(len(gi.strs), func(i int) bool { return gi.strs[i].lit >= lit }); i < len(gi.strs) && strings.HasPrefix(gi.strs[i].lit, lit); i++ {
				add(gi.strs[i].group)
			}
		}
	}
	sort.Ints(out)
	return out
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
	info.byLit = newGroupIndex(info.groups)
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
			b.WriteString(hclschema.NumberText(v.AsBigFloat()))
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
	for _, gi := range info.byLit.candidates(conds[0].args[0]) {
		g := info.groups[gi]
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
		sets := a.inputSets(p)
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
					if !ok || !conds[j].c.Op.Match(v, vals[j]) {
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

// inputSets returns hclschema.InputSets with where each set comes from,
// once per pattern.
func (a *analysis) inputSets(p *hclschema.AccessPattern) []inputSet {
	if sets, ok := a.inputs[p]; ok {
		return sets
	}
	sets := inputSets(p)
	a.inputs[p] = sets
	return sets
}

// inputSets returns hclschema.InputSets with where each set comes from.
func inputSets(p *hclschema.AccessPattern) []inputSet {
	var out []inputSet
	for _, set := range hclschema.InputSets(p) {
		from := ""
		switch {
		case set.Pattern != nil:
			from = fmt.Sprintf("example %d of access pattern %q", set.Pattern.Position, p.Name)
		case set.Example != nil:
			from = fmt.Sprintf("the example %s at %s", set.Example.Name(), set.Example.DeclRange)
		}
		out = append(out, inputSet{values: set.Values, from: from})
	}
	return out
}

// conditionValues binds the pattern under each input set and returns the
// operands of conds, which must have the key attribute's type; a set that
// fails is nil.
func conditionValues(p *hclschema.AccessPattern, conds []condSets, sets []inputSet) [][][]cty.Value {
	out := make([][][]cty.Value, len(sets))
	for i, set := range sets {
		b, err := hclschema.Bind(p, set.values)
		if err != nil {
			continue
		}
		vals := make([][]cty.Value, len(conds))
		ok := true
		for j, cs := range conds {
			for k, c := range p.Conditions {
				if c == cs.c {
					vals[j] = b.Operands[k]
				}
			}
			for _, v := range vals[j] {
				if hclschema.DynamoType(v.Type()) != cs.k.Type || !v.IsWhollyKnown() {
					ok = false
				}
			}
		}
		if ok {
			out[i] = vals
		}
	}
	return out
}

// describeConditions renders a pattern's key conditions on key attributes
// of its index with hclschema's renderer: PK = "X#${x}" AND begins_with(SK, "Y").
func (a *analysis) describeConditions(p *hclschema.AccessPattern) string {
	var parts []string
	for _, c := range p.Conditions {
		if p.Index == nil {
			break
		}
		if _, ok := p.Index.KeyAttr(c.Attr); !ok {
			continue
		}
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " AND ")
}

// describeWriters renders how entity e writes the conditioned key attributes
// of pattern p's index: PK = "X#${x}", SK = "Y#${y}".
func (a *analysis) describeWriters(p *hclschema.AccessPattern, e *hclschema.Entity) string {
	var parts []string
	for _, k := range p.Index.KeyAttrs() {
		if p.Condition(k.Name) == nil {
			continue
		}
		w, ok := e.KeyWriterFor(p.Index, k.Name)
		switch {
		case !ok:
			continue
		case w.Template != nil:
			parts = append(parts, k.Name+" = "+w.Template.Expr.Text)
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
		parts = append(parts, n+" = "+oracle.Render(v))
	}
	if len(parts) == 0 {
		return "no inputs"
	}
	return strings.Join(parts, ", ")
}
