package lint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// valueSet over-approximates the values a key template or a condition
// operand can take, from its literal text: a constant (exact), or strings
// that start with a known literal prefix and have at least a known length.
// A set with neither carries no evidence: it is "any value".
type valueSet struct {
	// exact is true when the expression is a constant; val holds it.
	exact bool
	val   cty.Value
	// prefix is the literal prefix of a string value ("" when unknown).
	prefix string
	// minLen is the length in bytes every string value has at least
	// (Template.MinLen: "v${format("%010d", n)}" has 11), for a set that
	// is not exact.
	minLen int
}

// key renders the set as a map key.
func (v valueSet) key() string {
	if v.exact {
		return "=" + valuesKey([]cty.Value{v.val})
	}
	if v.minLen > len(v.prefix) {
		return "^" + strconv.Itoa(v.minLen) + "^" + v.prefix
	}
	return "^" + v.prefix
}

// fits reports whether the string s is long enough to be a value of the
// set (minLen); a set's own prefix is checked apart.
func (v valueSet) fits(s string) bool { return len(s) >= v.minLen }

// evidence reports whether the set says anything about its values.
func (v valueSet) evidence() bool { return v.exact || v.prefix != "" }

// str returns the exact string value, or false.
func (v valueSet) str() (string, bool) {
	if v.exact && v.val.Type() == cty.String {
		return v.val.AsString(), true
	}
	return "", false
}

// lit returns the literal known about a string set: the exact string or the
// prefix. ok is false for exact non-strings.
func (v valueSet) lit() (string, bool) {
	if v.exact {
		return v.str()
	}
	return v.prefix, true
}

// String renders the set for details: "ORDER#" exactly, or ORDER#... .
func (v valueSet) String() string {
	if s, ok := v.str(); ok {
		return "exactly " + quote(s)
	}
	if v.exact {
		return "exactly " + v.val.GoString()
	}
	if v.prefix != "" {
		if v.minLen > len(v.prefix) {
			return fmt.Sprintf("values starting with %s of %d bytes or more", quote(v.prefix), v.minLen)
		}
		return "values starting with " + quote(v.prefix)
	}
	return "any value"
}

func quote(s string) string { return strconv.Quote(s) }

// setOf derives the value set of a template or operand: a constant (a
// string or a number), else the strings starting with its literal prefix
// (Template.LiteralPrefix).
func setOf(t *hclschema.Template) valueSet {
	if t == nil {
		return valueSet{}
	}
	if v, ok := t.Literal(); ok {
		return constSet(v)
	}
	prefix, exact := t.LiteralPrefix()
	if exact {
		return valueSet{exact: true, val: cty.StringVal(prefix)}
	}
	return valueSet{prefix: prefix, minLen: t.MinLen()}
}

// constSet is the set of one constant.
func constSet(v cty.Value) valueSet {
	if v.IsWhollyKnown() && !v.IsNull() && (v.Type() == cty.String || v.Type() == cty.Number) {
		return valueSet{exact: true, val: v}
	}
	return valueSet{}
}

// compatible reports whether one string is a prefix of the other.
func compatible(a, b string) bool { return strings.HasPrefix(a, b) || strings.HasPrefix(b, a) }

// mayOverlap reports whether a value of ent (an entity's key writer) can
// satisfy the condition op(args) given as value sets. It is conservative:
// a side without literal evidence only matches another side without
// evidence (two raw values of the same domain).
func mayOverlap(ent valueSet, op hclschema.ConditionOp, args []valueSet) bool {
	if len(args) == 0 {
		return true
	}
	switch op {
	case hclschema.OpEq:
		return eqOverlap(ent, args[0])
	case hclschema.OpBeginsWith:
		return beginsOverlap(ent, args[0])
	case hclschema.OpBetween:
		if len(args) < 2 {
			return true
		}
		return betweenOverlap(ent, args[0], args[1])
	case hclschema.OpLT, hclschema.OpLE, hclschema.OpGT, hclschema.OpGE:
		return boundOverlap(ent, op, args[0])
	}
	return true
}

func eqOverlap(ent, c valueSet) bool {
	if ent.evidence() != c.evidence() {
		return false
	}
	switch {
	case !ent.evidence():
		return true
	case ent.exact && c.exact:
		n, ok := hclschema.Compare(ent.val, c.val)
		return ok && n == 0
	case ent.exact:
		s, ok := ent.str()
		return ok && strings.HasPrefix(s, c.prefix) && c.fits(s)
	case c.exact:
		s, ok := c.str()
		return ok && strings.HasPrefix(s, ent.prefix) && ent.fits(s)
	}
	return compatible(ent.prefix, c.prefix)
}

func beginsOverlap(ent, c valueSet) bool {
	if ent.evidence() != c.evidence() {
		return false
	}
	if !ent.evidence() {
		return true
	}
	cl, ok := c.lit()
	if !ok {
		return false
	}
	if ent.exact {
		// The operand is one of c's values: s must be as long as it.
		s, ok := ent.str()
		return ok && strings.HasPrefix(s, cl) && c.fits(s)
	}
	return compatible(ent.prefix, cl)
}

func betweenOverlap(ent, lo, hi valueSet) bool {
	if ent.exact && lo.exact && hi.exact {
		a, ok1 := hclschema.Compare(lo.val, ent.val)
		b, ok2 := hclschema.Compare(ent.val, hi.val)
		return ok1 && ok2 && a <= 0 && b <= 0
	}
	los, lok := lo.str()
	his, hok := hi.str()
	if !ent.exact && ent.prefix != "" && lok && hok {
		p := ent.prefix
		return p <= his && (los <= p || strings.HasPrefix(los, p))
	}
	// Every value between two strings starts with their common prefix.
	ll, ok1 := lo.lit()
	hl, ok2 := hi.lit()
	if !ok1 || !ok2 {
		return !ent.evidence()
	}
	return beginsOverlap(ent, valueSet{prefix: commonPrefix(ll, hl)})
}

func boundOverlap(ent valueSet, op hclschema.ConditionOp, b valueSet) bool {
	if ent.evidence() != b.evidence() {
		return false
	}
	if !ent.evidence() {
		return true
	}
	if ent.exact && b.exact {
		n, ok := hclschema.Compare(ent.val, b.val)
		return ok && op.Holds(n)
	}
	el, ok1 := ent.lit()
	bl, ok2 := b.lit()
	if !ok1 || !ok2 {
		return false
	}
	less := op == hclschema.OpLT || op == hclschema.OpLE
	switch {
	case ent.exact: // a constant key against bounds starting with bl
		if less {
			return el < bl || strings.HasPrefix(el, bl)
		}
		if op == hclschema.OpGT {
			return el > bl
		}
		return el >= bl
	case b.exact: // keys starting with el against a constant bound
		if less {
			if op == hclschema.OpLT {
				return el < bl
			}
			return el <= bl
		}
		return el >= bl || strings.HasPrefix(bl, el)
	}
	if less {
		return el < bl || strings.HasPrefix(el, bl)
	}
	return el >= bl || strings.HasPrefix(bl, el)
}

func commonPrefix(a, b string) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n]
}
