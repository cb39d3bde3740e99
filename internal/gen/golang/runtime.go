package golang

// runtimeSource is tfdyn.go of every generated package: the values of the
// schema language and its operations, as hclschema's evaluator (HCL and
// go-cty) computes them, for the key templates and sparse conditions the
// generated code evaluates. Every name starts with tfdyn, so that it does
// not collide with the package's other files.
const runtimeSource = `import (
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
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
		i++
		if i < len(f) && f[i] == '%' {
			sb.WriteByte('%')
			continue
		}
		var minus, plus, space, zero bool
		for ; i < len(f) && strings.IndexByte("0-+ ", f[i]) >= 0; i++ {
			switch f[i] {
			case '-':
				minus = true
			case '+':
				plus = true
			case ' ':
				space = true
			case '0':
				zero = true
			}
		}
		width := 0
		for ; i < len(f) && f[i] >= '0' && f[i] <= '9'; i++ {
			width = width*10 + int(f[i]-'0')
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
			// As fmt formats a *big.Int: sign, then the padding of the
			// flags and width.
			sign := ""
			switch {
			case bi.Sign() < 0:
				sign = "-"
			case plus:
				sign = "+"
			case space:
				sign = " "
			}
			digits := new(big.Int).Abs(bi).String()
			pad := width - len(sign) - len(digits)
			switch {
			case pad <= 0:
				sb.WriteString(sign + digits)
			case minus:
				sb.WriteString(sign + digits + strings.Repeat(" ", pad))
			case zero:
				sb.WriteString(sign + strings.Repeat("0", pad) + digits)
			default:
				sb.WriteString(strings.Repeat(" ", pad) + sign + digits)
			}
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

// tfdynComputed is the attribute value of a computed attribute:
// errTfdynAbsent when it is null, or fails while it reads an absent
// attribute (readsNull); an empty string is a value (it is no key).
func tfdynComputed(v tfdynV, readsNull bool) (types.AttributeValue, error) {
	switch {
	case v.k == tfdynNull || v.k == tfdynFail && readsNull:
		return nil, errTfdynAbsent
	case v.k == tfdynStr:
		return &types.AttributeValueMemberS{Value: v.s}, nil
	case v.k == tfdynNum:
		n, err := tfdynNumText(v.n)
		if err != nil {
			return nil, err
		}
		return &types.AttributeValueMemberN{Value: n}, nil
	case v.k == tfdynBool:
		return &types.AttributeValueMemberBOOL{Value: v.b}, nil
	}
	return nil, errors.New("the computed attribute cannot be evaluated")
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

// tfdynGetN reads a number as a float64, exactly or not at all: a float64
// holds every integer up to 2^53 and 15 significant digits, DynamoDB 38; a
// stored number the float64 would round is an error, never another value.
func tfdynGetN(av types.AttributeValue) (float64, error) {
	v, ok := av.(*types.AttributeValueMemberN)
	if !ok {
		return 0, tfdynWrongType(av, "a number (N)")
	}
	f, err := strconv.ParseFloat(v.Value, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Errorf("%q is not a number", v.Value)
	}
	var buf [32]byte
	if err == nil && string(strconv.AppendFloat(buf[:0], f, 'f', -1, 64)) == v.Value {
		return f, nil
	}
	// Another spelling of the float64's value (1.50, 1e3), or a number the
	// float64 rounds.
	stored, ok := new(big.Rat).SetString(v.Value)
	if !ok {
		return 0, fmt.Errorf("%q is not a number", v.Value)
	}
	if read, ok := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64)); err != nil || !ok || stored.Cmp(read) != 0 {
		return 0, fmt.Errorf("%s does not fit a float64 exactly (15 significant digits, integers up to 2^53): read it with the SDK", v.Value)
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

// tfdynValue converts a value of the schema language into the attribute
// value of DynamoDB type typ (S, N or BOOL), as tfdyn's renderer sends it.
func tfdynValue(v tfdynV, typ string) (types.AttributeValue, error) {
	switch v.k {
	case tfdynNull:
		return nil, errors.New("the value is null")
	case tfdynFail:
		return nil, errors.New("the value cannot be computed")
	}
	switch typ {
	case "N":
		if v.k != tfdynNum {
			return nil, errors.New("the value is not a number")
		}
		s, err := tfdynNumText(v.n)
		if err != nil {
			return nil, err
		}
		return &types.AttributeValueMemberN{Value: s}, nil
	case "BOOL":
		if v.k != tfdynBool {
			return nil, errors.New("the value is not a bool")
		}
		return &types.AttributeValueMemberBOOL{Value: v.b}, nil
	}
	s, ok := tfdynText(v)
	if !ok {
		return nil, errors.New("the value is not a string")
	}
	return &types.AttributeValueMemberS{Value: s}, nil
}

// tfdynPtr returns a pointer to a copy of v.
func tfdynPtr[T any](v T) *T { return &v }

// tfdynSameKey reports whether a stored key attribute equals the one the
// entity's template computes: the same DynamoDB type and value (numbers
// compared as numbers).
func tfdynSameKey(stored, computed types.AttributeValue) bool {
	switch c := computed.(type) {
	case *types.AttributeValueMemberS:
		s, ok := stored.(*types.AttributeValueMemberS)
		return ok && s.Value == c.Value
	case *types.AttributeValueMemberN:
		s, ok := stored.(*types.AttributeValueMemberN)
		if !ok {
			return false
		}
		a, _, errA := big.ParseFloat(s.Value, 10, 512, big.ToNearestEven)
		b, _, errB := big.ParseFloat(c.Value, 10, 512, big.ToNearestEven)
		return errA == nil && errB == nil && a.Cmp(b) == 0
	}
	return false
}

// tfdynHasPrefix reports whether a stored key attribute is a string that
// starts with prefix (equals it when exact).
func tfdynHasPrefix(av types.AttributeValue, prefix string, exact bool) bool {
	s, ok := av.(*types.AttributeValueMemberS)
	if !ok {
		return false
	}
	if exact {
		return s.Value == prefix
	}
	return strings.HasPrefix(s.Value, prefix)
}

// errTfdynOther says that a stored item is not of the entity asked: its
// key is not the one the entity's templates compute from it.
var errTfdynOther = errors.New("its key is not the one the entity computes")

// tfdynKeyText renders a stored item's key attributes for an error:
// PK="USER#alice" SK="PROFILE".
func tfdynKeyText(item map[string]types.AttributeValue, attrs ...string) string {
	var sb strings.Builder
	for i, a := range attrs {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(a + "=")
		switch v := item[a].(type) {
		case *types.AttributeValueMemberS:
			sb.WriteString(strconv.Quote(v.Value))
		case *types.AttributeValueMemberN:
			sb.WriteString(v.Value)
		case nil:
			sb.WriteString("(absent)")
		default:
			fmt.Fprintf(&sb, "%T", v)
		}
	}
	return sb.String()
}

// tfdynBinding is what a cursor is bound to: the pattern and the values
// its request sends (a digest of both).
func tfdynBinding(pattern string, values map[string]types.AttributeValue) []byte {
	h := sha256.New()
	h.Write([]byte(pattern))
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	sort.Strings(names)
	var buf []byte
	for _, n := range names {
		buf = tfdynCanon(append(binary.AppendUvarint(buf[:0], uint64(len(n))), n...), values[n])
		h.Write(buf)
	}
	return h.Sum(nil)[:12]
}

// tfdynCanon appends a canonical encoding of an attribute value.
func tfdynCanon(buf []byte, av types.AttributeValue) []byte {
	str := func(tag byte, s string) []byte {
		buf = append(buf, tag)
		buf = binary.AppendUvarint(buf, uint64(len(s)))
		return append(buf, s...)
	}
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return str('S', v.Value)
	case *types.AttributeValueMemberN:
		return str('N', v.Value)
	case *types.AttributeValueMemberB:
		return str('B', string(v.Value))
	case *types.AttributeValueMemberBOOL:
		if v.Value {
			return append(buf, 'T')
		}
		return append(buf, 'F')
	case *types.AttributeValueMemberNULL:
		return append(buf, '0')
	case *types.AttributeValueMemberL:
		buf = binary.AppendUvarint(append(buf, 'L'), uint64(len(v.Value)))
		for _, e := range v.Value {
			buf = tfdynCanon(buf, e)
		}
		return buf
	case *types.AttributeValueMemberM:
		keys := make([]string, 0, len(v.Value))
		for k := range v.Value {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		buf = binary.AppendUvarint(append(buf, 'M'), uint64(len(keys)))
		for _, k := range keys {
			buf = tfdynCanon(str('k', k), v.Value[k])
		}
		return buf
	case *types.AttributeValueMemberSS:
		buf = binary.AppendUvarint(append(buf, 's'), uint64(len(v.Value)))
		for _, e := range v.Value {
			buf = str('S', e)
		}
		return buf
	case *types.AttributeValueMemberNS:
		buf = binary.AppendUvarint(append(buf, 'n'), uint64(len(v.Value)))
		for _, e := range v.Value {
			buf = str('N', e)
		}
		return buf
	}
	return append(buf, '?')
}

// tfdynEncodeCursor writes the key a page stopped at (LastEvaluatedKey)
// as an opaque cursor bound to binding; "" when there is no next page.
func tfdynEncodeCursor(key map[string]types.AttributeValue, binding []byte) Cursor {
	if len(key) == 0 {
		return ""
	}
	names := make([]string, 0, len(key))
	for n := range key {
		names = append(names, n)
	}
	sort.Strings(names)
	buf := append([]byte{1}, binding...)
	for _, n := range names {
		buf = binary.AppendUvarint(buf, uint64(len(n)))
		buf = append(buf, n...)
		buf = tfdynCanon(buf, key[n])
	}
	return Cursor(base64.RawURLEncoding.EncodeToString(buf))
}

// tfdynDecodeCursor reads a cursor back into the key to start after,
// checking that it was made by the same pattern with the same values.
func tfdynDecodeCursor(c Cursor, pattern string, binding []byte) (map[string]types.AttributeValue, error) {
	fail := func(reason string) (map[string]types.AttributeValue, error) {
		return nil, &CursorError{Pattern: pattern, Reason: reason}
	}
	buf, err := base64.RawURLEncoding.DecodeString(string(c))
	if err != nil || len(buf) < 1+len(binding) || buf[0] != 1 {
		return fail("it is not a cursor of this package")
	}
	if string(buf[1:1+len(binding)]) != string(binding) {
		return fail("it was returned by another pattern or for other inputs")
	}
	buf = buf[1+len(binding):]
	key := map[string]types.AttributeValue{}
	next := func() (string, bool) {
		n, k := binary.Uvarint(buf)
		if k <= 0 || uint64(len(buf)-k) < n {
			return "", false
		}
		s := string(buf[k : k+int(n)])
		buf = buf[k+int(n):]
		return s, true
	}
	for len(buf) > 0 {
		name, ok := next()
		if !ok || len(buf) == 0 {
			return fail("it is truncated")
		}
		tag := buf[0]
		buf = buf[1:]
		v, ok := next()
		if !ok {
			return fail("it is truncated")
		}
		switch tag {
		case 'S':
			key[name] = &types.AttributeValueMemberS{Value: v}
		case 'N':
			key[name] = &types.AttributeValueMemberN{Value: v}
		case 'B':
			key[name] = &types.AttributeValueMemberB{Value: []byte(v)}
		default:
			return fail("it holds a value that is no key")
		}
	}
	return key, nil
}

// tfdynWriteInfo describes one write of a write pattern for its errors.
type tfdynWriteInfo struct {
	entity, operation, condition string
	// unique is the attribute a guard item's put reserves, value its
	// value; "" for the pattern's own writes.
	unique string
	value  any
}

// tfdynWriteError turns DynamoDB's answer to a write pattern into the
// package's errors: a condition that failed (*ConditionFailedError), a
// taken unique value (*UniqueViolationError) and a cancelled transaction
// (*TransactionCanceledError, which the other two wrap when the write was
// a transaction). writes describes what was sent, in order.
func tfdynWriteError(pattern string, writes []tfdynWriteInfo, err error) error {
	var ccf *types.ConditionalCheckFailedException
	var tce *types.TransactionCanceledException
	switch {
	case errors.As(err, &tce):
		t := &TransactionCanceledError{Pattern: pattern, Err: err}
		failed := -1
		for i, r := range tce.CancellationReasons {
			code := ""
			if r.Code != nil {
				code = *r.Code
			}
			t.Reasons = append(t.Reasons, code)
			if code == "ConditionalCheckFailed" && failed < 0 {
				failed = i
			}
		}
		if failed < 0 || failed >= len(writes) {
			return t
		}
		w := writes[failed]
		if w.unique != "" {
			return &UniqueViolationError{Pattern: pattern, Entity: w.entity, Attribute: w.unique, Value: w.value, Err: t}
		}
		return &ConditionFailedError{Pattern: pattern, Entity: w.entity, Operation: w.operation, Condition: w.condition, Err: t}
	case errors.As(err, &ccf) && len(writes) > 0:
		w := writes[0]
		return &ConditionFailedError{Pattern: pattern, Entity: w.entity, Operation: w.operation, Condition: w.condition, Err: err}
	}
	return fmt.Errorf("%s: %w", pattern, err)
}

// tfdynQuery is a query builder's state: the key condition so far (a
// constant of the package), its names and values, and the options.
type tfdynQuery struct {
	name   string
	table  string
	index  string
	cond   string
	names  map[string]string
	values map[string]types.AttributeValue
	err    error
	desc   bool
	limit  int32
}

// tfdynStep returns the query with one more condition: its key condition
// and names, and the values it adds (set fails: the query then fails when
// it runs).
func (b tfdynQuery) tfdynStep(cond string, names map[string]string, set func(map[string]types.AttributeValue) error) tfdynQuery {
	values := make(map[string]types.AttributeValue, len(b.values)+2)
	for k, v := range b.values {
		values[k] = v
	}
	if b.err == nil {
		b.err = set(values)
	}
	b.cond, b.names, b.values = cond, names, values
	return b
}

// tfdynInput returns the Query request of the builder after the cursor.
func (b tfdynQuery) tfdynInput(after Cursor) (*dynamodb.QueryInput, []byte, error) {
	if b.err != nil {
		return nil, nil, b.err
	}
	in := &dynamodb.QueryInput{
		TableName:                 &b.table,
		KeyConditionExpression:    &b.cond,
		ExpressionAttributeNames:  b.names,
		ExpressionAttributeValues: b.values,
		ScanIndexForward:          tfdynPtr(!b.desc),
	}
	if b.index != "" {
		in.IndexName = &b.index
	}
	if b.limit > 0 {
		in.Limit = &b.limit
	}
	binding := tfdynBinding(b.name+" "+b.cond, b.values)
	if after != "" {
		start, err := tfdynDecodeCursor(after, b.name, binding)
		if err != nil {
			return nil, nil, err
		}
		in.ExclusiveStartKey = start
	}
	return in, binding, nil
}
`
