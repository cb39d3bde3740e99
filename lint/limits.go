package lint

import (
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// DynamoDB limits that are known before apply (TD125-TD132). Sources are
// cited on each rule's documentation page.
const (
	// Table and index names: 3 to 255 characters of [a-zA-Z0-9_.-].
	minDynamoNameLen = 3
	maxDynamoNameLen = 255
	// Key attribute names and projected attribute names: 1 to 255 bytes.
	maxKeyAttrNameBytes = 255
	// Other attribute names: at least 1 byte and less than 64 KB.
	maxAttrNameBytes = 64*1024 - 1
	// Key values: 1 to 2048 bytes for a partition key, 1 to 1024 bytes for
	// a sort key.
	maxPartitionKeyBytes = 2048
	maxSortKeyBytes      = 1024
	// Item size: 400 KB, attribute names and values.
	maxItemBytes = 400 * 1024
	// Numbers: 38 significant digits, magnitude from 1E-130 to
	// 9.9999999999999999999999999999999999999E+125.
	maxNumberDigits   = 38
	minNumberExponent = -130
	maxNumberExponent = 125
	// Tags: key 1 to 128 characters, value 0 to 256, 50 per table.
	maxTagKeyChars   = 128
	maxTagValueChars = 256
	maxTags          = 50
	// INCLUDE projections: 100 non-key attributes summed over all indexes.
	maxIncludeAttrs = 100
)

// validDynamoName reports whether s is a valid DynamoDB table or index name.
func validDynamoName(s string) bool {
	if len(s) < minDynamoNameLen || len(s) > maxDynamoNameLen {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool { return !dynamoNameRune(r) }) < 0
}

func dynamoNameRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.'
}

// dynamoNameProblem says in words why s is not a valid table or index name.
func dynamoNameProblem(s string) string {
	switch {
	case len(s) < minDynamoNameLen:
		return "is " + strconv.Itoa(len(s)) + " character(s) long; DynamoDB needs at least 3"
	case len(s) > maxDynamoNameLen:
		return "is " + strconv.Itoa(len(s)) + " characters long; DynamoDB allows at most 255"
	}
	if i := strings.IndexFunc(s, func(r rune) bool { return !dynamoNameRune(r) }); i >= 0 {
		return "contains " + strconv.QuoteRune([]rune(s[i:])[0]) + "; DynamoDB allows only a-z, A-Z, 0-9, \"_\", \"-\" and \".\""
	}
	return ""
}

// labelRange returns the range of the first label of the block defined at
// def, or def when the source is not available.
func (a *analysis) labelRange(def hcl.Range) hcl.Range {
	if b := a.block(def); b != nil && len(b.LabelRanges) > 0 {
		return b.LabelRanges[0]
	}
	return def
}

// exampleBlock returns the syntax of example ex of entity e, or nil.
func (a *analysis) exampleBlock(e *hclschema.Entity, ex *hclschema.Example) *hclsyntax.Block {
	b := a.block(e.DeclRange)
	if b == nil || b.Body == nil {
		return nil
	}
	for _, xb := range b.Body.Blocks {
		r := xb.DefRange()
		if xb.Type == "example" && r.Filename == ex.DeclRange.Filename && r.Start.Byte == ex.DeclRange.Start.Byte {
			return xb
		}
	}
	return nil
}

// exampleValueRange returns the range of the value of attribute name in
// example ex of entity e, or the example's header when the example does not
// set it (a computed key attribute) or the source is not available.
func (a *analysis) exampleValueRange(e *hclschema.Entity, ex *hclschema.Example, name string) hcl.Range {
	if xb := a.exampleBlock(e, ex); xb != nil && xb.Body != nil {
		if at := xb.Body.Attributes[name]; at != nil {
			return at.Expr.Range()
		}
	}
	return ex.DeclRange
}

// sortedAttrNames returns the attribute names of an item in a stable order.
func sortedAttrNames(it hclschema.Item) []string {
	names := make([]string, 0, len(it.Attrs))
	for n := range it.Attrs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// itemSize returns the size of an item as DynamoDB counts it: for every
// attribute, the UTF-8 bytes of its name plus the size of its value.
func itemSize(it hclschema.Item) int {
	n := 0
	for name, v := range it.Attrs {
		n += len(name) + valueSize(v)
	}
	return n
}

// valueSize returns the size of a value as DynamoDB counts it, for the
// attribute value verify writes (lists, tuples and sets as L, maps and
// objects as M, without their null members): strings their UTF-8 bytes,
// numbers 1 byte per two significant digits plus 1, booleans and nulls 1,
// lists and maps 3 bytes plus 1 byte and the size of every element (and the
// name of every map member).
func valueSize(v cty.Value) int {
	if v.IsNull() || !v.IsKnown() {
		return 1
	}
	ty := v.Type()
	switch {
	case ty == cty.String:
		return len(v.AsString())
	case ty == cty.Number:
		d, _ := numberDigits(v.AsBigFloat())
		return (d+1)/2 + 1
	case ty == cty.Bool:
		return 1
	case ty.IsListType() || ty.IsTupleType() || ty.IsSetType():
		n := 3
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			n += 1 + valueSize(e)
		}
		return n
	case ty.IsMapType() || ty.IsObjectType():
		n := 3
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			if e.IsNull() {
				continue
			}
			n += 1 + len(k.AsString()) + valueSize(e)
		}
		return n
	}
	return 0
}

// numberDigits returns the significant decimal digits of f and the decimal
// exponent of its first digit (f = d.ddd × 10^exp); 0 has one digit and
// exponent 0. The digits are those of the shortest decimal that denotes f
// at its precision, so a literal keeps the digits it was written with.
func numberDigits(f *big.Float) (digits, exp int) {
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

// numberProblem says in words why DynamoDB rejects f, or "".
func numberProblem(f *big.Float) string {
	if f.IsInf() {
		return "is infinite"
	}
	d, exp := numberDigits(f)
	switch {
	case d > maxNumberDigits:
		return "has " + strconv.Itoa(d) + " significant digits; DynamoDB stores at most 38"
	case f.Sign() != 0 && exp > maxNumberExponent:
		return "is above the largest magnitude DynamoDB stores, 9.9999999999999999999999999999999999999E+125"
	case f.Sign() != 0 && exp < minNumberExponent:
		return "is below the smallest magnitude DynamoDB stores, 1E-130 (use 0 or a larger value)"
	}
	return ""
}

// badNumber returns the first number in v (nested values included) that
// DynamoDB rejects, with the reason.
func badNumber(v cty.Value) (*big.Float, string) {
	if v.IsNull() || !v.IsKnown() {
		return nil, ""
	}
	ty := v.Type()
	switch {
	case ty == cty.Number:
		f := v.AsBigFloat()
		if p := numberProblem(f); p != "" {
			return f, p
		}
	case ty.IsCollectionType() || ty.IsTupleType() || ty.IsObjectType():
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			if f, p := badNumber(e); f != nil {
				return f, p
			}
		}
	}
	return nil, ""
}

// numberText renders a number for a detail, shortened when it is long.
func numberText(f *big.Float) string {
	s := f.Text('g', -1)
	if len(s) > 60 {
		s = f.Text('e', 10) + " (shortened)"
	}
	return s
}

// shortName shortens a long name for a detail: its first 40 characters and
// "...".
func shortName(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:40]) + "..."
	}
	return s
}
