package verify

import (
	"fmt"
	"math/big"
	"math/rand"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// Generated numbers that stress a design's intent: numbers across
// magnitudes (1, 9, 10, 99, 100, ..., 10^n - 1, 10^n), so that a number
// interpolated without padding into a string sort key sorts out of order
// live, while a number that a key template pads to a fixed width
// (format("%0Nd", x)) or reverses (9999999 - x) stays inside the range the
// template supports: that range is the design, and values outside it are
// the examples' business (lint TD138, verify's width check).

// maxStressDigits bounds the magnitudes of numbers without a designed range.
const maxStressDigits = 15

// numberDomain is what an entity's key templates say about one number
// attribute.
type numberDomain struct {
	// lo and hi bound the values the templates support, inclusive.
	lo, hi *big.Int
	// sortKey: the attribute orders items (it is in a sort key, natively
	// or through a template); partition: it selects a partition.
	sortKey, partition bool
	// boundaries are the stress values inside [lo, hi], ascending.
	boundaries []*big.Int
}

// numberDomains returns the domain of every number attribute of e that a
// key (native or through a template, of any index) uses.
func numberDomains(e *hclschema.Entity) map[string]*numberDomain {
	out := map[string]*numberDomain{}
	get := func(name string) *numberDomain {
		a := e.Attribute(name)
		if a == nil || a.Type != cty.Number {
			return nil
		}
		d := out[name]
		if d == nil {
			d = &numberDomain{lo: big.NewInt(0), hi: pow10(maxStressDigits)}
			out[name] = d
		}
		return d
	}
	mark := func(ix *hclschema.Index, keyAttr, name string) {
		if d := get(name); d != nil {
			if ix.IsPartitionKey(keyAttr) {
				d.partition = true
			} else {
				d.sortKey = true
			}
		}
	}
	for _, ix := range e.Table.Indexes() {
		for _, k := range ix.KeyAttrs() {
			mark(ix, k.Name, k.Name)
		}
	}
	type keyed struct {
		ix  *hclschema.Index
		tpl *hclschema.KeyTemplate
	}
	var tpls []keyed
	if e.Key != nil {
		for _, t := range e.Key.Templates {
			tpls = append(tpls, keyed{e.Table.Primary, t})
		}
	}
	for _, ei := range e.Indexes {
		if ei == nil || ei.Index == nil {
			continue
		}
		for _, t := range ei.Templates {
			tpls = append(tpls, keyed{ei.Index, t})
		}
	}
	for _, k := range tpls {
		for _, n := range k.tpl.Expr.Names() {
			mark(k.ix, k.tpl.Attr, n)
		}
		for _, c := range templateRanges(k.tpl.Expr) {
			if d := get(c.attr); d != nil {
				d.narrow(c.lo, c.hi)
			}
		}
	}
	for _, d := range out {
		d.boundaries = stressBoundaries(d.lo, d.hi)
	}
	return out
}

func (d *numberDomain) narrow(lo, hi *big.Int) {
	if lo.Cmp(d.lo) > 0 {
		d.lo = lo
	}
	if hi.Cmp(d.hi) < 0 {
		d.hi = hi
	}
}

// rangeOf is the range of attribute attr that one template part supports.
type rangeOf struct {
	attr   string
	lo, hi *big.Int
}

// templateRanges reads the ranges a template supports for its number
// attributes: format("%0Nd", a) keeps a within [0, 10^N - 1]; an
// unpadded reversed number (${9999 - x}) keeps its digits, [1000, 9999].
// a is one attribute x, or c ± x (checked by evaluation); other arguments
// say nothing.
func templateRanges(t *hclschema.Template) []rangeOf {
	var out []rangeOf
	for _, call := range t.PaddedNumbers() {
		hi := new(big.Int).Sub(pow10(call.Width), big.NewInt(1))
		if r, ok := linearRange(call.Arg, big.NewInt(0), hi); ok {
			out = append(out, r)
		}
	}
	for _, p := range t.Parts {
		if p.Kind != hclschema.PartOther || len(p.Names()) != 1 {
			continue
		}
		a0, s, ok := linearForm(p.Eval, p.Names()[0])
		if !ok || s.Sign() >= 0 || a0.Sign() <= 0 {
			continue
		}
		digits := len(a0.String())
		lo, hi := pow10(digits-1), new(big.Int).Sub(pow10(digits), big.NewInt(1))
		if r, ok := solveLinear(p.Names()[0], a0, s, lo, hi); ok {
			out = append(out, r)
		}
	}
	return out
}

// linearRange returns the values of the one attribute of arg for which
// arg's value is within [lo, hi].
func linearRange(arg *hclschema.Template, lo, hi *big.Int) (rangeOf, bool) {
	names := arg.Names()
	if len(names) != 1 {
		return rangeOf{}, false
	}
	a0, s, ok := linearForm(arg.Eval, names[0])
	if !ok {
		return rangeOf{}, false
	}
	return solveLinear(names[0], a0, s, lo, hi)
}

// linearForm evaluates f at name = 0, 1, 2 and returns a0 and s with
// f(x) = a0 + s*x, s = ±1, or false.
func linearForm(f func(map[string]cty.Value) (cty.Value, hcl.Diagnostics), name string) (*big.Int, *big.Int, bool) {
	var vs [3]*big.Int
	for i := range vs {
		v, ds := f(map[string]cty.Value{name: cty.NumberIntVal(int64(i))})
		if ds.HasErrors() || v.IsNull() || !v.IsKnown() || v.Type() != cty.Number || !v.AsBigFloat().IsInt() {
			return nil, nil, false
		}
		vs[i], _ = v.AsBigFloat().Int(nil)
	}
	s := new(big.Int).Sub(vs[1], vs[0])
	if s.CmpAbs(big.NewInt(1)) != 0 || new(big.Int).Sub(vs[2], vs[1]).Cmp(s) != 0 {
		return nil, nil, false
	}
	return vs[0], s, true
}

// solveLinear returns the x >= 0 with lo <= a0 + s*x <= hi (s = ±1).
func solveLinear(name string, a0, s, lo, hi *big.Int) (rangeOf, bool) {
	xlo, xhi := new(big.Int).Sub(lo, a0), new(big.Int).Sub(hi, a0)
	if s.Sign() < 0 {
		xlo, xhi = xhi.Neg(xhi), xlo.Neg(xlo)
	}
	if xlo.Sign() < 0 {
		xlo.SetInt64(0)
	}
	if xlo.Cmp(xhi) > 0 {
		return rangeOf{}, false
	}
	return rangeOf{attr: name, lo: xlo, hi: xhi}, true
}

func pow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

// stressBoundaries are lo, hi, 1 and 10^k - 1, 10^k inside [lo, hi],
// ascending.
func stressBoundaries(lo, hi *big.Int) []*big.Int {
	cands := []*big.Int{lo, hi, big.NewInt(1)}
	for k := 1; k <= maxStressDigits; k++ {
		p := pow10(k)
		cands = append(cands, new(big.Int).Sub(p, big.NewInt(1)), p)
	}
	var out []*big.Int
	seen := map[string]bool{}
	for _, c := range cands {
		if c.Cmp(lo) < 0 || c.Cmp(hi) > 0 || seen[c.String()] {
			continue
		}
		seen[c.String()] = true
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Cmp(out[j]) < 0 })
	return out
}

// uniqueNumber returns the idx-th unique value of the domain: its
// boundaries first, then lo + 1000 + j (lo + j in a range of 1000 values
// or less) for j = 0, 1, ..., skipping the boundaries; false once the
// range is used up. Distinct idx give distinct values.
func (d *numberDomain) uniqueNumber(idx int) (cty.Value, bool) {
	if idx < len(d.boundaries) {
		return cty.NumberVal(new(big.Float).SetInt(d.boundaries[idx])), true
	}
	j := big.NewInt(int64(idx - len(d.boundaries)))
	start := new(big.Int).Add(d.lo, big.NewInt(1000))
	if start.Cmp(d.hi) > 0 {
		start.Set(d.lo)
	}
	v := new(big.Int).Add(start, j)
	for skipped := 0; ; {
		n := 0
		for _, b := range d.boundaries {
			if b.Cmp(start) >= 0 && b.Cmp(v) <= 0 {
				n++
			}
		}
		if n == skipped {
			break
		}
		v.Add(v, big.NewInt(int64(n-skipped)))
		skipped = n
	}
	if v.Cmp(d.hi) > 0 {
		return cty.NilVal, false
	}
	return cty.NumberVal(new(big.Float).SetInt(v)), true
}

// stressNumber draws a number for an attribute that orders items and
// selects no partition: a boundary of its domain half of the time, else
// (nil) the caller's choice from the examples.
func (d *numberDomain) stressNumber(rng *rand.Rand) (cty.Value, bool) {
	if d == nil || !d.sortKey || d.partition || len(d.boundaries) == 0 || rng.Intn(2) == 0 {
		return cty.NilVal, false
	}
	return cty.NumberVal(new(big.Float).SetInt(d.boundaries[rng.Intn(len(d.boundaries))])), true
}

// stressed returns the stress value of a number attribute that a key uses:
// a unique one takes its domain's idx-th unique value (used reports that
// the domain has no value left for idx), another one that orders items
// takes a boundary half of the time (unless cur, the caller's value, is
// null: an optional attribute left out stays out). ok is false when the
// caller's value stays.
func stressed(a *hclschema.Attribute, d *numberDomain, unique bool, cur cty.Value, idx int, rng *rand.Rand) (v cty.Value, ok, used bool) {
	if d == nil || a.Type != cty.Number || (!unique && (cur == cty.NilVal || cur.IsNull())) {
		return cty.NilVal, false, false
	}
	if unique {
		v, ok := d.uniqueNumber(idx)
		return v, ok, !ok
	}
	v, ok = d.stressNumber(rng)
	return v, ok, false
}

// paddedWidthIntent checks the fixed-width parts of the index keys of the
// pattern's candidate items (the items of the dataset in the index and in
// the partition the pattern reads, returned or not: a limit may leave the
// widest one out): a format("%0Nd", ...) whose value is negative or has
// more than N digits sorts as text in another order than the numbers. It
// reports the first such item.
func paddedWidthIntent(b *hclschema.Bound, ds *Dataset) string {
	p := b.Pattern
	for i, it := range ds.Items {
		if !p.ReturnsEntity(it.Entity) || !it.InIndex(p.Index) || !partitionMatches(b, it) {
			continue
		}
		for _, kt := range it.Entity.KeyTemplatesFor(p.Index) {
			for _, call := range kt.Expr.PaddedNumbers() {
				if !call.Applies(it.ItemVars()) {
					continue // a branch of a conditional the item does not take
				}
				v, diags := call.Arg.Eval(it.ItemVars())
				if diags.HasErrors() || v.IsNull() || !v.IsWhollyKnown() || v.Type() != cty.Number || !v.AsBigFloat().IsInt() {
					continue
				}
				n, _ := v.AsBigFloat().Int(nil)
				text := n.String()
				if n.Sign() >= 0 && len(text) <= call.Width {
					continue
				}
				return fmt.Sprintf("item {%s} of entity %s: %s in %s = %s gives %s, which does not fit %d digits; "+
					"a negative number or one with more digits breaks the fixed width, and the key then sorts in another order than the numbers "+
					"(widen the format, or change the base of a reversed number so that every value fits; lint TD138)",
					dynamo.KeyString(ds.AV[i], p.Table.Primary.KeyAttrs()), it.Entity.Name, call.Text, kt.Attr, kt.Expr.Text, text, call.Width)
			}
		}
	}
	return ""
}

// keyFromUniqueAttrs reports whether the pattern's key identifies at most
// one item of every entity it returns, counting as unique the attributes
// verify's generated items keep unique (uniqueAttrs: the declared unique
// ones and those the primary sort key is computed from); the predicate is
// hclschema's IdentifiesOne, which lint TD153 asks with the declared
// unique attributes only. A cardinality "one" lookup that returns more than
// one item on the generated data is then the design's fault, not the
// generator's. A key built from another attribute (an email not declared
// unique, say) gets example values repeated.
func keyFromUniqueAttrs(p *hclschema.AccessPattern) bool {
	if len(p.Entities) == 0 || len(p.Conditions) == 0 {
		return false
	}
	for _, e := range p.Entities {
		unique := uniqueAttrs(e)
		if !p.IdentifiesOne(e, func(n string) bool { return unique[n] }) {
			return false
		}
	}
	return true
}

// cardinalityIntent reports a cardinality "one" lookup whose key is built
// from unique attributes (keyFromUniqueAttrs) and that returns more than
// one item.
func cardinalityIntent(p *hclschema.AccessPattern, live dynamo.ReadResult) string {
	if p.Cardinality != hclschema.CardinalityOne || len(live.Items) < 2 || !keyFromUniqueAttrs(p) {
		return ""
	}
	return fmt.Sprintf("the pattern is declared cardinality = \"one\" but DynamoDB returns %d items for these inputs, "+
		"although its key is built from attributes that are unique per item: the key condition matches more than one key", len(live.Items))
}
