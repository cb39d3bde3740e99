package golang

// runtimeSource is tfdyn.go of every generated package: the values of the
// schema language and its operations, as hclschema's evaluator (HCL and
// go-cty) computes them, for the key templates and sparse conditions the
// generated code evaluates. Every name starts with tfdyn, so that it does
// not collide with the package's other files.
const runtimeSource = `import (
	"cmp"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// tfdynV is a value of the schema language: null, a string, a number or a
// bool, or the failure of the operation that computed it.
type tfdynV struct {
	k tfdynKind
	s string
	n *big.Float
	b bool
}

type tfdynKind uint8

const (
	tfdynNull tfdynKind = iota
	tfdynStr
	tfdynNum
	tfdynBool
	tfdynFail
)

var tfdynFailed = tfdynV{k: tfdynFail}

func tfdynS[T ~string](s T) tfdynV { return tfdynV{k: tfdynStr, s: string(s)} }

func tfdynOptS[T ~string](p *T) tfdynV {
	if p == nil {
		return tfdynV{}
	}
	return tfdynS(*p)
}

// tfdynN is a number attribute's value (a float64 is exact in go-cty).
// NaN and the infinities are no DynamoDB numbers: they fail.
func tfdynN(f float64) tfdynV {
	if f != f || f > 1.7976931348623157e308 || f < -1.7976931348623157e308 {
		return tfdynFailed
	}
	return tfdynV{k: tfdynNum, n: new(big.Float).SetFloat64(f)}
}

func tfdynOptN(p *float64) tfdynV {
	if p == nil {
		return tfdynV{}
	}
	return tfdynN(*p)
}

func tfdynB(b bool) tfdynV { return tfdynV{k: tfdynBool, b: b} }

func tfdynOptB(p *bool) tfdynV {
	if p == nil {
		return tfdynV{}
	}
	return tfdynB(*p)
}

// tfdynPresent is the value of a collection or object attribute in a
// comparison with null: null when it is absent.
func tfdynPresent(present bool) tfdynV {
	if present {
		return tfdynB(true)
	}
	return tfdynV{}
}

// tfdynNumLit is a number literal of the schema, parsed as HCL does.
func tfdynNumLit(text string) tfdynV {
	f, _, err := big.ParseFloat(text, 10, 512, big.ToNearestEven)
	if err != nil {
		return tfdynFailed
	}
	return tfdynV{k: tfdynNum, n: f}
}

// tfdynText converts a string, number or bool to a string as a template
// interpolation does; null and failures do not convert.
func tfdynText(v tfdynV) (string, bool) {
	switch v.k {
	case tfdynStr:
		return v.s, true
	case tfdynNum:
		return v.n.Text('f', -1), true
	case tfdynBool:
		if v.b {
			return "true", true
		}
		return "false", true
	}
	return "", false
}

func tfdynToString(v tfdynV) tfdynV {
	s, ok := tfdynText(v)
	if !ok {
		return tfdynFailed
	}
	return tfdynS(s)
}

// tfdynConcat is a string template: every part converted to a string.
func tfdynConcat(parts ...tfdynV) tfdynV {
	var sb strings.Builder
	ok := true
	for _, p := range parts {
		s, good := tfdynText(p)
		ok = ok && good
		sb.WriteString(s)
	}
	if !ok {
		return tfdynFailed
	}
	return tfdynS(sb.String())
}

// tfdynStrings returns the string values of args, or false when one is
// not a string (null or a failure).
func tfdynStrings(args ...tfdynV) ([]string, bool) {
	out := make([]string, len(args))
	ok := true
	for i, a := range args {
		ok = ok && a.k == tfdynStr
		out[i] = a.s
	}
	return out, ok
}

func tfdynLower(a tfdynV) tfdynV {
	s, ok := tfdynStrings(a)
	if !ok {
		return tfdynFailed
	}
	return tfdynS(strings.ToLower(s[0]))
}

func tfdynUpper(a tfdynV) tfdynV {
	s, ok := tfdynStrings(a)
	if !ok {
		return tfdynFailed
	}
	return tfdynS(strings.ToUpper(s[0]))
}

func tfdynTrimSpace(a tfdynV) tfdynV {
	s, ok := tfdynStrings(a)
	if !ok {
		return tfdynFailed
	}
	return tfdynS(strings.TrimSpace(s[0]))
}

func tfdynTrimPrefix(a, b tfdynV) tfdynV {
	s, ok := tfdynStrings(a, b)
	if !ok {
		return tfdynFailed
	}
	return tfdynS(strings.TrimPrefix(s[0], s[1]))
}

func tfdynTrimSuffix(a, b tfdynV) tfdynV {
	s, ok := tfdynStrings(a, b)
	if !ok {
		return tfdynFailed
	}
	return tfdynS(strings.TrimSuffix(s[0], s[1]))
}

func tfdynReplace(a, b, c tfdynV) tfdynV {
	s, ok := tfdynStrings(a, b, c)
	if !ok {
		return tfdynFailed
	}
	return tfdynS(strings.ReplaceAll(s[0], s[1], s[2]))
}

// tfdynCoalesce is the first argument that is not null.
func tfdynCoalesce(args ...tfdynV) tfdynV {
	for _, a := range args {
		if a.k == tfdynFail {
			return tfdynFailed
		}
	}
	for _, a := range args {
		if a.k != tfdynNull {
			return a
		}
	}
	return tfdynFailed
}

// tfdynFormat is format() with the verbs %d (an integer) and %s, and %%.
func tfdynFormat(f string, args ...tfdynV) tfdynV {
	var sb strings.Builder
	next := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			sb.WriteByte(f[i])
			continue
		}
		start := i
		i++
		if i < len(f) && f[i] == '%' {
			sb.WriteByte('%')
			continue
		}
		for i < len(f) && (strings.IndexByte("0-+ ", f[i]) >= 0 || f[i] >= '0' && f[i] <= '9') {
			i++
		}
		if i >= len(f) || next >= len(args) {
			return tfdynFailed
		}
		a := args[next]
		next++
		switch f[i] {
		case 'd':
			if a.k != tfdynNum || a.n.IsInf() {
				return tfdynFailed
			}
			bi, acc := a.n.Int(nil)
			if acc != big.Exact {
				return tfdynFailed
			}
			sb.WriteString(fmt.Sprintf(f[start:i+1], bi))
		case 's':
			s, ok := tfdynText(a)
			if !ok {
				return tfdynFailed
			}
			sb.WriteString(s)
		default:
			return tfdynFailed
		}
	}
	return tfdynS(sb.String())
}

// tfdynArith runs op on two numbers as go-cty does; a NaN (opposing
// infinities) fails, as there.
func tfdynArith(a, b tfdynV, op func(x, y *big.Float) *big.Float) (out tfdynV) {
	if a.k != tfdynNum || b.k != tfdynNum {
		return tfdynFailed
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(big.ErrNaN); !ok {
				panic(r)
			}
			out = tfdynFailed
		}
	}()
	return tfdynV{k: tfdynNum, n: op(a.n, b.n)}
}

func tfdynAdd(a, b tfdynV) tfdynV {
	return tfdynArith(a, b, func(x, y *big.Float) *big.Float { return new(big.Float).Add(x, y) })
}

func tfdynSub(a, b tfdynV) tfdynV {
	return tfdynArith(a, b, func(x, y *big.Float) *big.Float { return new(big.Float).Add(x, new(big.Float).Neg(y)) })
}

func tfdynMul(a, b tfdynV) tfdynV {
	return tfdynArith(a, b, func(x, y *big.Float) *big.Float {
		prec := max(x.Prec(), y.Prec())
		z := new(big.Float).SetPrec(512).Mul(x, y)
		return z.SetPrec(max(prec, z.MinPrec()))
	})
}

func tfdynDiv(a, b tfdynV) tfdynV {
	return tfdynArith(a, b, func(x, y *big.Float) *big.Float { return new(big.Float).Quo(x, y) })
}

func tfdynMod(a, b tfdynV) tfdynV {
	return tfdynArith(a, b, func(x, y *big.Float) *big.Float {
		if x.IsInf() || y.IsInf() {
			panic(big.ErrNaN{}) // fails, as go-cty cannot take the integer part of an infinity
		}
		if y.Sign() == 0 {
			return x
		}
		q, _ := new(big.Float).Quo(x, y).Int(nil)
		w := new(big.Float).Copy(x).SetInt(q)
		w.Mul(y, w)
		return w.Sub(x, w)
	})
}

func tfdynNeg(a tfdynV) tfdynV {
	if a.k != tfdynNum {
		return tfdynFailed
	}
	return tfdynV{k: tfdynNum, n: new(big.Float).Neg(a.n)}
}

// tfdynNumEqual is go-cty's equality of numbers: integers by value, others
// by their shortest decimal text (-0 equals 0).
func tfdynNumEqual(a, b *big.Float) bool {
	if a.Sign() != b.Sign() {
		return false
	}
	ai, aacc := a.Int(nil)
	bi, bacc := b.Int(nil)
	if aacc != bacc {
		return false
	}
	if aacc == big.Exact {
		return ai.Cmp(bi) == 0
	}
	as, bs := a.Text('f', -1), b.Text('f', -1)
	if as == "-0" {
		as = "0"
	}
	if bs == "-0" {
		bs = "0"
	}
	return as == bs
}

// tfdynEquals is ==: null equals only null.
func tfdynEquals(a, b tfdynV) tfdynV {
	switch {
	case a.k == tfdynFail || b.k == tfdynFail:
		return tfdynFailed
	case a.k == tfdynNull || b.k == tfdynNull:
		return tfdynB(a.k == b.k)
	case a.k != b.k:
		return tfdynB(false)
	case a.k == tfdynNum:
		return tfdynB(tfdynNumEqual(a.n, b.n))
	case a.k == tfdynBool:
		return tfdynB(a.b == b.b)
	}
	return tfdynB(a.s == b.s)
}

func tfdynNotEquals(a, b tfdynV) tfdynV { return tfdynNot(tfdynEquals(a, b)) }

// tfdynOrder compares two numbers: lt and eq as go-cty's LessThan and
// Equals.
func tfdynOrder(a, b tfdynV) (c int, eq bool, ok bool) {
	if a.k != tfdynNum || b.k != tfdynNum {
		return 0, false, false
	}
	return a.n.Cmp(b.n), tfdynNumEqual(a.n, b.n), true
}

func tfdynLess(a, b tfdynV) tfdynV {
	c, _, ok := tfdynOrder(a, b)
	if !ok {
		return tfdynFailed
	}
	return tfdynB(c < 0)
}

func tfdynLessEq(a, b tfdynV) tfdynV {
	c, eq, ok := tfdynOrder(a, b)
	if !ok {
		return tfdynFailed
	}
	return tfdynB(c < 0 || eq)
}

func tfdynGreater(a, b tfdynV) tfdynV {
	c, _, ok := tfdynOrder(a, b)
	if !ok {
		return tfdynFailed
	}
	return tfdynB(c > 0)
}

func tfdynGreaterEq(a, b tfdynV) tfdynV {
	c, eq, ok := tfdynOrder(a, b)
	if !ok {
		return tfdynFailed
	}
	return tfdynB(c > 0 || eq)
}

func tfdynTrue(v tfdynV) bool { return v.k == tfdynBool && v.b }

// tfdynAnd is HCL's &&: false when a side is false or null, even if the
// other fails; true when both are true; a failure otherwise.
func tfdynAnd(a, b tfdynV) tfdynV {
	switch {
	case a.k == tfdynFail && b.k == tfdynFail:
		return tfdynFailed
	case a.k != tfdynFail && !tfdynTrue(a), b.k != tfdynFail && !tfdynTrue(b):
		return tfdynB(false)
	case a.k == tfdynFail || b.k == tfdynFail:
		return tfdynFailed
	}
	return tfdynB(true)
}

// tfdynOr is HCL's ||: true when a side is true, even if the other fails;
// false when both are false; a failure otherwise (a null side).
func tfdynOr(a, b tfdynV) tfdynV {
	switch {
	case a.k == tfdynFail && b.k == tfdynFail:
		return tfdynFailed
	case tfdynTrue(a), tfdynTrue(b):
		return tfdynB(true)
	case a.k == tfdynBool && b.k == tfdynBool:
		return tfdynB(false)
	}
	return tfdynFailed
}

func tfdynNot(a tfdynV) tfdynV {
	if a.k != tfdynBool {
		return tfdynFailed
	}
	return tfdynB(!a.b)
}

// tfdynCond is c ? a : b.
func tfdynCond(c, a, b tfdynV) tfdynV {
	if c.k != tfdynBool {
		return tfdynFailed
	}
	if c.b {
		return a
	}
	return b
}

// tfdynWhen evaluates a sparse condition as the writer of an item does:
// in the index when true, out of it when false or null.
func tfdynWhen(v tfdynV) (bool, error) {
	switch v.k {
	case tfdynFail:
		return false, errors.New("the sparse condition cannot be evaluated")
	case tfdynBool:
		return v.b, nil
	}
	return false, nil
}

// errTfdynAbsent says that a key template gives no value: it reads an
// absent attribute, so the item has no such key attribute.
var errTfdynAbsent = errors.New("absent")

// tfdynKeyS is the value of a string key template; readsNull tells that
// the template reads an absent attribute (a failure then means absence).
func tfdynKeyS(v tfdynV, readsNull bool) (string, error) {
	if v.k == tfdynNull || v.k == tfdynFail && readsNull {
		return "", errTfdynAbsent
	}
	s, ok := tfdynText(v)
	if !ok {
		return "", errors.New("the template cannot be evaluated")
	}
	if s == "" {
		return "", errors.New("the template gives an empty string, which DynamoDB rejects as a key")
	}
	return s, nil
}

// tfdynKeyN is the value of a number key template, as DynamoDB number text.
func tfdynKeyN(v tfdynV, readsNull bool) (string, error) {
	if v.k == tfdynNull || v.k == tfdynFail && readsNull {
		return "", errTfdynAbsent
	}
	switch v.k {
	case tfdynStr:
		n := tfdynNumLit(v.s)
		if n.k != tfdynNum {
			return "", fmt.Errorf("the template gives %q, not a number", v.s)
		}
		v = n
	case tfdynNum:
	default:
		return "", errors.New("the template cannot be evaluated")
	}
	return tfdynNumText(v.n)
}

// tfdynNumText is a number as DynamoDB number text.
func tfdynNumText(f *big.Float) (string, error) {
	if f.IsInf() {
		return "", errors.New("infinity is not a DynamoDB number")
	}
	if f.IsInt() {
		i, _ := f.Int(nil)
		return i.String(), nil
	}
	return f.Text('g', 38), nil
}

// tfdynNumber is a float64 attribute as DynamoDB number text.
func tfdynNumber(f float64) (string, error) {
	if f != f || f > 1.7976931348623157e308 || f < -1.7976931348623157e308 {
		return "", fmt.Errorf("%v is not a DynamoDB number", f)
	}
	return strconv.FormatFloat(f, 'f', -1, 64), nil
}

// tfdynSet is a set's elements as tfdyn stores them: distinct, ascending.
func tfdynSet[T cmp.Ordered](xs []T) []T {
	out := slices.Clone(xs)
	slices.Sort(out)
	return slices.Compact(out)
}

// errTfdynMissing says that a required attribute is missing (or NULL).
var errTfdynMissing = errors.New("missing")

func tfdynIsNull(av types.AttributeValue) bool {
	n, ok := av.(*types.AttributeValueMemberNULL)
	return ok && n.Value
}

func tfdynWrongType(av types.AttributeValue, want string) error {
	return fmt.Errorf("want %s, got %T", want, av)
}

func tfdynGetS(av types.AttributeValue) (string, error) {
	if v, ok := av.(*types.AttributeValueMemberS); ok {
		return v.Value, nil
	}
	return "", tfdynWrongType(av, "a string (S)")
}

func tfdynGetN(av types.AttributeValue) (float64, error) {
	v, ok := av.(*types.AttributeValueMemberN)
	if !ok {
		return 0, tfdynWrongType(av, "a number (N)")
	}
	f, err := strconv.ParseFloat(v.Value, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", v.Value)
	}
	return f, nil
}

func tfdynGetBool(av types.AttributeValue) (bool, error) {
	if v, ok := av.(*types.AttributeValueMemberBOOL); ok {
		return v.Value, nil
	}
	return false, tfdynWrongType(av, "a bool (BOOL)")
}

func tfdynGetL(av types.AttributeValue) ([]types.AttributeValue, error) {
	if v, ok := av.(*types.AttributeValueMemberL); ok {
		return v.Value, nil
	}
	return nil, tfdynWrongType(av, "a list (L)")
}

func tfdynGetM(av types.AttributeValue) (map[string]types.AttributeValue, error) {
	if v, ok := av.(*types.AttributeValueMemberM); ok {
		return v.Value, nil
	}
	return nil, tfdynWrongType(av, "a map (M)")
}
`
