package hclschema

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"
)

// DynamoDB limits on the values of an item, shared by lint (TD128-TD130)
// and verify (which leaves out generated items over them). Sources:
// https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Constraints.html
// and .../CapacityUnitCalculations.html.
const (
	// MaxPartitionKeyBytes is the largest partition key value (1 to 2048 bytes).
	MaxPartitionKeyBytes = 2048
	// MaxSortKeyBytes is the largest sort key value (1 to 1024 bytes).
	MaxSortKeyBytes = 1024
	// MaxItemBytes is the largest item: 400 KB of attribute names and values.
	MaxItemBytes = 400 * 1024
	// MaxNumberDigits is the precision of a number: 38 significant digits.
	MaxNumberDigits = 38
	// MinNumberExponent and MaxNumberExponent bound the decimal exponent of
	// a non-zero number: 1E-130 to 9.9999999999999999999999999999999999999E+125.
	MinNumberExponent = -130
	MaxNumberExponent = 125
)

// ItemSize returns the size of an item as DynamoDB counts it: for every
// attribute, the UTF-8 bytes of its name plus the size of its value.
func ItemSize(it Item) int {
	n := 0
	for name, v := range it.Attrs {
		n += len(name) + ValueSize(v)
	}
	return n
}

// ValueSize returns the size of a value as DynamoDB counts it, for the
// attribute value verify writes (lists, tuples and sets as L, maps and
// objects as M, without their null members): strings their UTF-8 bytes,
// numbers NumberSize, booleans and nulls 1, lists and maps 3 bytes plus 1
// byte and the size of every element (and the name of every map member).
func ValueSize(v cty.Value) int {
	if v.IsNull() || !v.IsKnown() {
		return 1
	}
	ty := v.Type()
	switch {
	case ty == cty.String:
		return len(v.AsString())
	case ty == cty.Number:
		return NumberSize(v.AsBigFloat())
	case ty == cty.Bool:
		return 1
	case ty.IsListType() || ty.IsTupleType() || ty.IsSetType():
		n := 3
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			n += 1 + ValueSize(e)
		}
		return n
	case ty.IsMapType() || ty.IsObjectType():
		n := 3
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			if e.IsNull() {
				continue
			}
			n += 1 + len(k.AsString()) + ValueSize(e)
		}
		return n
	}
	return 0
}

// NumberSize is the size of a number as DynamoDB stores it: one byte per
// pair of decimal digits, the pairs aligned at the decimal point (base 100:
// 1.5 takes the pairs 01 and 50), leading and trailing zero pairs left out,
// plus one byte, and one more for a negative number; zero takes 1 byte.
// AWS documents it as "approximately 1 byte per two significant digits plus
// 1"; the exact form is what DynamoDB Local 3.3.1 consumes write units for
// (TestLocalNumberSizes in internal/verify measures it), and what the item
// size calculators measured on DynamoDB report.
func NumberSize(f *big.Float) int {
	if f.Sign() == 0 || f.IsInf() {
		return 1
	}
	d, exp := NumberDigits(f)
	// The digits have the exponents exp down to exp-d+1; a pair holds the
	// exponents 2k and 2k+1.
	pair := func(e int) int {
		if e < 0 {
			return -((-e + 1) / 2)
		}
		return e / 2
	}
	n := pair(exp) - pair(exp-d+1) + 2
	if f.Sign() < 0 {
		n++
	}
	return n
}

// NumberDigits returns the significant decimal digits of f and the decimal
// exponent of its first digit (f = d.ddd × 10^exp); 0 has one digit and
// exponent 0. The digits are those of the shortest decimal that denotes f
// at its precision, so a literal keeps the digits it was written with.
func NumberDigits(f *big.Float) (digits, exp int) {
	if f.Sign() == 0 || f.IsInf() {
		return 1, 0
	}
	s := new(big.Float).Abs(f).Text('e', -1) // d.ddde±x
	mant, e, _ := strings.Cut(s, "e")
	exp, _ = strconv.Atoi(e)
	mant = strings.TrimRight(strings.Replace(mant, ".", "", 1), "0")
	if mant == "" {
		return 1, 0
	}
	return len(mant), exp
}

// NumberText returns the canonical text of a number: the text DynamoDB
// stores and returns for it, in plain decimal notation without an
// exponent, leading or trailing zeros, and without a sign on zero ("1e3"
// is "1000", "123.4500" is "123.45", "-0" is "0", "1.5e-7" is
// "0.00000015"), rounded to DynamoDB's precision of 38 significant digits
// (MaxNumberDigits). Every number DynamoDB accepts as written keeps its
// digits; a computed one drops the binary noise of cty's arithmetic
// ((9.99 + 7) * 1.5 is "25.485", not 156 digits), as the value a client
// stores for it. A magnitude outside DynamoDB's range is written with an
// exponent ("1E+400", "-2.5E-131") rather than with hundreds of zeros. It
// is the one number text: values sent to DynamoDB, values compared as
// text and numbers in messages all use it (a message about a number
// DynamoDB rejects for its digits shows them as written instead).
func NumberText(f *big.Float) string {
	switch {
	case f == nil:
		return ""
	case f.IsInf() && f.Sign() < 0:
		return "-Inf"
	case f.IsInf():
		return "+Inf"
	case f.Sign() == 0:
		return "0"
	}
	if f.IsInt() {
		if i, acc := f.Int64(); acc == big.Exact {
			return strconv.FormatInt(i, 10)
		}
	}
	s := new(big.Float).Abs(f).Text('e', MaxNumberDigits-1) // d.ddd…e±x, rounded to 38 digits
	mant, e, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(e)
	digits := strings.TrimRight(strings.Replace(mant, ".", "", 1), "0")
	if digits == "" {
		return "0"
	}
	sign := ""
	if f.Sign() < 0 {
		sign = "-"
	}
	if exp > MaxNumberExponent || exp < MinNumberExponent {
		m := digits[:1]
		if len(digits) > 1 {
			m += "." + digits[1:]
		}
		return sign + m + "E" + fmt.Sprintf("%+d", exp)
	}
	switch {
	case exp < 0:
		return sign + "0." + strings.Repeat("0", -exp-1) + digits
	case exp+1 >= len(digits):
		return sign + digits + strings.Repeat("0", exp+1-len(digits))
	}
	return sign + digits[:exp+1] + "." + digits[exp+1:]
}

// ValueText renders a value for a message as it is written in HCL: a
// quoted string, a number's NumberText, true or false, "null" for a null
// and "(unknown)" for an unknown value; a collection as cty prints it.
func ValueText(v cty.Value) string {
	switch {
	case v == cty.NilVal || v.IsNull():
		return "null"
	case !v.IsKnown():
		return "(unknown)"
	case v.Type() == cty.String:
		return strconv.Quote(v.AsString())
	case v.Type() == cty.Number:
		return NumberText(v.AsBigFloat())
	case v.Type() == cty.Bool:
		return strconv.FormatBool(v.True())
	}
	return v.GoString()
}

// NumberProblem says in words why DynamoDB rejects f, or "".
func NumberProblem(f *big.Float) string {
	if f.IsInf() {
		return "is infinite"
	}
	d, exp := NumberDigits(f)
	switch {
	case d > MaxNumberDigits:
		return "has " + strconv.Itoa(d) + " significant digits; DynamoDB stores at most 38"
	case f.Sign() != 0 && exp > MaxNumberExponent:
		return "is above the largest magnitude DynamoDB stores, 9.9999999999999999999999999999999999999E+125"
	case f.Sign() != 0 && exp < MinNumberExponent:
		return "is below the smallest magnitude DynamoDB stores, 1E-130 (use 0 or a larger value)"
	}
	return ""
}

// BadNumber returns the first number in v (nested values included) that
// DynamoDB rejects, with the reason.
func BadNumber(v cty.Value) (*big.Float, string) {
	if v.IsNull() || !v.IsKnown() {
		return nil, ""
	}
	ty := v.Type()
	switch {
	case ty == cty.Number:
		f := v.AsBigFloat()
		if p := NumberProblem(f); p != "" {
			return f, p
		}
	case ty.IsCollectionType() || ty.IsTupleType() || ty.IsObjectType():
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			if f, p := BadNumber(e); f != nil {
				return f, p
			}
		}
	}
	return nil, ""
}

// LimitProblem says why DynamoDB would reject the item, or "": a key value
// that is empty or over its size limit (in the table or an index the item
// is in), an item over 400 KB or a number out of range.
func (it Item) LimitProblem() string {
	if it.Entity == nil || it.Entity.Table == nil {
		return ""
	}
	for _, ix := range it.Entity.Table.Indexes() {
		if !it.InIndex(ix) {
			continue
		}
		for _, part := range []struct {
			keys []KeyAttr
			max  int
			role string
		}{{ix.PartitionKey, MaxPartitionKeyBytes, "partition"}, {ix.SortKey, MaxSortKeyBytes, "sort"}} {
			for _, k := range part.keys {
				v := it.Attrs[k.Name]
				if v.Type() != cty.String {
					continue
				}
				if n := len(v.AsString()); n == 0 || n > part.max {
					return k.Name + " (" + part.role + " key of the " + ix.DisplayName() + ") is " + strconv.Itoa(n) + " bytes; DynamoDB allows 1 to " + strconv.Itoa(part.max)
				}
			}
		}
	}
	if n := ItemSize(it); n > MaxItemBytes {
		return "the item is " + strconv.Itoa(n) + " bytes; DynamoDB allows " + strconv.Itoa(MaxItemBytes)
	}
	for _, name := range it.AttrNames() {
		if f, p := BadNumber(it.Attrs[name]); f != nil {
			return name + " holds a number that " + p
		}
	}
	return ""
}
