package lint

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// CodeRangeBoundPrefix (TD159): a range bound of a sort key condition is a
// strict prefix of the shape of the values the key stores: a date bound
// on a timestamp key ("2020-06-21" against "2020-06-21T10:00:00Z"). A
// string sorts before every longer string it starts, so an upper bound
// (between's second operand, lte) leaves out the values that continue the
// bound (between "2020-06-21" and "2020-06-21" finds nothing that day),
// and gt takes them in. The rule proves it from the templates (the bound
// covers the literal text and the leading parts of the key's template and
// stops before its end) or from the example items (the bound's value,
// for an input set, has the shape of the start of stored values that go
// on: digits of the same widths, letters, the same separators).
const CodeRangeBoundPrefix diag.Code = "TD159"

var ruleRangeBoundPrefix = &rule{code: CodeRangeBoundPrefix, name: "range-bound-prefix", severity: hcl.DiagWarning, check: checkRangeBoundPrefix}

// rangeBound is an operand of a sort key condition that a prefix of the
// stored values misleads: an inclusive upper bound, or gt's bound.
type rangeBound struct {
	cond  int // index in the pattern's Conditions
	arg   int // index in the condition's Args
	c     *hclschema.Condition
	upper bool
	// found is set once the bound is reported; literal when its value
	// is a constant, checked once without inputs.
	found, literal bool
}

// misledBound reports whether operand i of a condition with op is a bound
// that a strict prefix of the stored values misleads, and whether it is
// an upper bound: between's second operand and lte leave out the values
// that continue the prefix, gt takes them in. between's first operand,
// gte and lt treat a prefix as the user means it (from that day on,
// before that day).
func misledBound(op hclschema.ConditionOp, i int) (misled, upper bool) {
	switch {
	case op == hclschema.OpBetween && i == 1, op == hclschema.OpLE:
		return true, true
	case op == hclschema.OpGT:
		return true, false
	}
	return false, false
}

func checkRangeBoundPrefix(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p == nil || p.Incomplete || p.Table == nil || p.Index == nil || a.tableIncomplete(p.Table) {
			continue
		}
		bounds := sortKeyBounds(p)
		if len(bounds) == 0 {
			continue
		}
		left := len(bounds)
		for i := range bounds {
			bd := &bounds[i]
			d := a.templateBoundPrefix(r, p, bd)
			if v, ok := constant(bd.c.Args[bd.arg]); ok {
				bd.literal = true
				if d == nil && !v.IsNull() && v.Type() == cty.String {
					d = a.valueBoundPrefix(r, p, bd, v.AsString(), inputSet{})
				}
			}
			if d != nil {
				diags = append(diags, d)
				bd.found = true
				left--
			}
		}
		for i := range bounds {
			if bounds[i].literal && !bounds[i].found {
				left--
			}
		}
		for _, set := range a.inputSets(p) {
			if left == 0 {
				break
			}
			b, err := hclschema.Bind(p, set.values)
			if err != nil {
				continue
			}
			for i := range bounds {
				bd := &bounds[i]
				if bd.found || bd.literal {
					continue
				}
				v := b.Operands[bd.cond][bd.arg]
				if v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
					continue
				}
				if d := a.valueBoundPrefix(r, p, bd, v.AsString(), set); d != nil {
					diags = append(diags, d)
					bd.found = true
					left--
				}
			}
		}
	}
	return diags
}

// constant returns the value of an operand that names no input (a
// literal, a call over literals), without evaluating one that does.
func constant(t *hclschema.Template) (cty.Value, bool) {
	for _, p := range t.Parts {
		if k := p.Kind; k == hclschema.PartAttr || k == hclschema.PartInput {
			return cty.NilVal, false
		}
	}
	return t.Literal()
}

// sortKeyBounds returns the misled bounds (misledBound) of the pattern's
// conditions on string sort key attributes of its index.
func sortKeyBounds(p *hclschema.AccessPattern) []rangeBound {
	var out []rangeBound
	for i, c := range p.Conditions {
		if !isSortKey(p.Index, c.Attr) {
			continue
		}
		if k, ok := p.Index.KeyAttr(c.Attr); !ok || k.Type != hclschema.TypeS {
			continue
		}
		for j := range c.Args {
			if misled, upper := misledBound(c.Op, j); misled {
				out = append(out, rangeBound{cond: i, arg: j, c: c, upper: upper})
			}
		}
	}
	return out
}

// isSortKey reports whether name is a sort key attribute of ix.
func isSortKey(ix *hclschema.Index, name string) bool {
	for _, k := range ix.SortKey {
		if k.Name == name {
			return true
		}
	}
	return false
}

// templateBoundPrefix reports a bound whose template, for a result entity
// that writes the key attribute with a template, covers the template's
// leading text and parts and stops before its end: the bound "${to}"
// against the stored "${to}#${ts}", an input named like the attribute it
// stands for. It returns nil when no entity's template proves it.
func (a *analysis) templateBoundPrefix(r *rule, p *hclschema.AccessPattern, bd *rangeBound) *hcl.Diagnostic {
	arg := bd.c.Args[bd.arg]
	for _, e := range p.Entities {
		if e == nil || !a.inIndex(e, p.Index) {
			continue
		}
		kt := e.KeyTemplateFor(p.Index, bd.c.Attr)
		if kt == nil || kt.Expr == nil {
			continue
		}
		rest, ok := templateRest(arg, kt.Expr)
		if !ok {
			continue
		}
		return r.report(arg.Range(), "Range bound is a prefix of the stored values",
			"Access pattern %q reads %s. Entity %q writes %s = %s: where a stored value starts with the bound's value (%s), it goes on after it with %s. "+
				"A string sorts before every longer string that starts with it, so %s. %s",
			p.Name, bd.c.String(), e.Name, bd.c.Attr, kt.Expr.Text, arg.Text, rest, effect(bd), fix(bd))
	}
	return nil
}

// templateRest aligns a bound's template with a key template part by part:
// literal text with the same literal text, an interpolation with the same
// interpolation (an input named like the attribute the key template
// interpolates, or the same expression). When the bound ends before the
// key template does, it returns the rest of the key template as written
// after the bound ("#${ts}"); ok is false when the templates do not align
// or the bound covers the whole key template.
func templateRest(bound, key *hclschema.Template) (rest string, ok bool) {
	i, off := 0, 0 // the key template's part and byte offset in its literal
	lit := func(pt *hclschema.Part) (string, bool) {
		v := pt.Value
		if pt.Kind != hclschema.PartLiteral || v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
			return "", false
		}
		return v.AsString(), true
	}
	for _, bp := range bound.Parts {
		if s, isLit := lit(bp); isLit {
			for s != "" {
				if i >= len(key.Parts) {
					return "", false
				}
				ks, kLit := lit(key.Parts[i])
				if !kLit {
					return "", false
				}
				n := min(len(s), len(ks)-off)
				if s[:n] != ks[off:off+n] {
					return "", false
				}
				s, off = s[n:], off+n
				if off == len(ks) {
					i, off = i+1, 0
				}
			}
			continue
		}
		if bp.Kind == hclschema.PartLiteral {
			return "", false // a number or null in the bound's text
		}
		for off == 0 && i < len(key.Parts) {
			if ks, kLit := lit(key.Parts[i]); !kLit || ks != "" {
				break
			}
			i++ // an empty literal
		}
		if off != 0 || i >= len(key.Parts) || !sameInterpolation(bp, key.Parts[i]) {
			return "", false
		}
		i++
	}
	var b strings.Builder
	for ; i < len(key.Parts); i++ {
		kp := key.Parts[i]
		if ks, kLit := lit(kp); kLit {
			b.WriteString(ks[off:])
			off = 0
			continue
		}
		b.WriteString("${" + kp.Text + "}")
	}
	if b.Len() == 0 {
		return "", false
	}
	return quote(b.String()), true
}

// sameInterpolation reports whether a bound's part stands for the value a
// key template's part interpolates: the input named like the attribute,
// or the same expression over inputs named like the attributes.
func sameInterpolation(bound, key *hclschema.Part) bool {
	if bound.Kind != key.Kind {
		return false
	}
	if bound.Kind == hclschema.PartAttr {
		return bound.Name == key.Name
	}
	return bound.Kind != hclschema.PartLiteral && strings.Join(strings.Fields(bound.Text), "") == strings.Join(strings.Fields(key.Text), "")
}

// valueBoundPrefix reports a bound whose value v, for one input set, has
// the shape of the start of stored values of the pattern's entities that
// go on after it, when no stored value has exactly its shape. It returns
// nil otherwise.
func (a *analysis) valueBoundPrefix(r *rule, p *hclschema.AccessPattern, bd *rangeBound, v string, set inputSet) *hcl.Diagnostic {
	bs := shapeOf(v)
	if len(bs) == 0 {
		return nil
	}
	var longer *storedItem
	var cont string
	for _, e := range p.Entities {
		if e == nil || !a.inIndex(e, p.Index) {
			continue
		}
		stored := a.storedShapes(e, p.Index, bd.c.Attr)
		for i := range stored {
			it := &stored[i]
			n, prefix := bs.prefixOf(it.shape)
			switch {
			case prefix && n == len(it.shape):
				return nil // a stored value of the bound's own shape
			case prefix && longer == nil:
				longer, cont = it, v+it.value[it.shape[n-1].end:]
			}
		}
	}
	if longer == nil {
		return nil
	}
	arg := bd.c.Args[bd.arg]
	value := fmt.Sprintf("The bound %s is %s", arg.Text, quote(v))
	if _, literal := arg.Literal(); literal {
		value = "The bound is " + quote(v)
	} else if len(set.values) > 0 {
		value = fmt.Sprintf("With inputs %s (from %s), the bound %s is %s", InputsString(set.values), set.from, arg.Text, quote(v))
	}
	return r.report(arg.Range(), "Range bound is a prefix of the stored values",
		"Access pattern %q reads %s. %s, and stored values go on after values of that shape: %s has %s = %s. "+
			"A string sorts before every longer string that starts with it (%s is greater than %s), so %s. %s",
		p.Name, bd.c.String(), value, oracle.NewNamer(p.Table).Name(longer.item), bd.c.Attr, oracle.Render(longer.item.Attrs[bd.c.Attr]),
		quote(cont), quote(v), effect(bd), fix(bd))
}

// effect says what a prefix bound does to the values that go on after it.
func effect(bd *rangeBound) string {
	if bd.upper {
		return "the upper bound leaves out every value that goes on after it (on a timestamp key, between(\"2020-06-21\", \"2020-06-21\") finds nothing of that day and lte(\"2020-06-21\") misses that day)"
	}
	return "gt takes in every value that goes on after its bound (on a timestamp key, gt(\"2020-06-21\") includes that day)"
}

// fix says how to bound by the values the user means.
func fix(bd *rangeBound) string {
	if bd.upper {
		return "To include them, append \"~\" (above every printable ASCII character; \"\\uffff\" for keys beyond ASCII) to the upper bound, as in between(from, \"${to}~\"), or bound with the next value (the next day) and lt; for one value, use begins_with."
	}
	return "To start after them, append \"~\" (above every printable ASCII character) to the bound, as in gt(\"${from}~\"), or use gte with the next value (the next day)."
}

// storedItem is an example item of an entity with the shape of its value
// of one key attribute.
type storedItem struct {
	item  hclschema.Item
	value string
	shape shape
}

// storedShapes returns, once per entity, index and attribute, an example
// item of the entity in the index for each distinct shape of its string
// values of attr.
func (a *analysis) storedShapes(e *hclschema.Entity, ix *hclschema.Index, attr string) []storedItem {
	k := writerKey{e, ix, attr}
	if out, ok := a.shapes[k]; ok {
		return out
	}
	out := []storedItem{}
	seen := map[string]bool{}
	for _, it := range a.exampleItems(e) {
		v, ok := it.item.Attrs[attr]
		if !ok || v.IsNull() || !v.IsKnown() || v.Type() != cty.String || !it.item.InIndex(ix) {
			continue
		}
		s := v.AsString()
		sh := shapeOf(s)
		if key := sh.String(); !seen[key] {
			seen[key] = true
			out = append(out, storedItem{item: it.item, value: s, shape: sh})
		}
	}
	a.shapes[k] = out
	return out
}

// shape is the form of a string as a sequence of tokens: runs of digits
// (with their width), runs of letters, and every other character as
// itself. "2020-06-21" is digits(4) - digits(2) - digits(2);
// "2020-06-21T10:00:00Z" goes on with letters, digits(2), ':' and more.
type shape []shapeToken

// shapeToken is one token of a shape: a run of n digits, a run of
// letters, or one other character r. end is the byte offset after it.
type shapeToken struct {
	kind byte // 'd' digits, 'a' letters, 'c' another character
	n    int
	r    rune
	end  int
}

// shapeOf tokenizes s.
func shapeOf(s string) shape {
	var out shape
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		kind := byte('c')
		switch {
		case unicode.IsDigit(r):
			kind = 'd'
		case unicode.IsLetter(r):
			kind = 'a'
		}
		if n := len(out); kind != 'c' && n > 0 && out[n-1].kind == kind {
			out[n-1].n++
			out[n-1].end = i + size
		} else {
			out = append(out, shapeToken{kind: kind, n: 1, r: r, end: i + size})
		}
		i += size
	}
	return out
}

// prefixOf reports whether s is a prefix of t token by token (digit runs
// of the same width, letter runs of any length, the same other
// characters), and how many tokens of t it covers.
func (s shape) prefixOf(t shape) (n int, ok bool) {
	if len(s) > len(t) {
		return 0, false
	}
	for i, x := range s {
		y := t[i]
		if x.kind != y.kind || x.kind == 'd' && x.n != y.n || x.kind == 'c' && x.r != y.r {
			return 0, false
		}
	}
	return len(s), true
}

// String renders the shape as a map key: 9(4)-9(2) for "2020-06".
func (s shape) String() string {
	var b strings.Builder
	for _, t := range s {
		switch t.kind {
		case 'd':
			fmt.Fprintf(&b, "9(%d)", t.n)
		case 'a':
			b.WriteString("a()")
		default:
			b.WriteRune(t.r) // never a digit or a letter: the key is unambiguous
		}
	}
	return b.String()
}
