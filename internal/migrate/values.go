package migrate

import (
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// toAV converts a computed key value (string or number) to an attribute value.
func toAV(v cty.Value) (types.AttributeValue, error) {
	switch {
	case v.IsNull() || !v.IsKnown():
		return nil, fmt.Errorf("no value")
	case v.Type() == cty.String:
		return &types.AttributeValueMemberS{Value: v.AsString()}, nil
	case v.Type() == cty.Number:
		return &types.AttributeValueMemberN{Value: hclschema.NumberText(v.AsBigFloat())}, nil
	case v.Type() == cty.Bool:
		return &types.AttributeValueMemberBOOL{Value: v.True()}, nil
	}
	return nil, fmt.Errorf("a key value must be a string or a number, not %s", v.Type().FriendlyName())
}

// toCty converts a stored attribute value to a cty value of no particular
// type (strings, numbers, bools, tuples, objects, sets).
func toCty(av types.AttributeValue) (cty.Value, error) {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return cty.StringVal(v.Value), nil
	case *types.AttributeValueMemberN:
		return cty.ParseNumberVal(v.Value)
	case *types.AttributeValueMemberBOOL:
		return cty.BoolVal(v.Value), nil
	case *types.AttributeValueMemberNULL:
		return cty.NullVal(cty.DynamicPseudoType), nil
	case *types.AttributeValueMemberL:
		var vals []cty.Value
		for _, e := range v.Value {
			c, err := toCty(e)
			if err != nil {
				return cty.NilVal, err
			}
			vals = append(vals, c)
		}
		if len(vals) == 0 {
			return cty.EmptyTupleVal, nil
		}
		return cty.TupleVal(vals), nil
	case *types.AttributeValueMemberM:
		m := map[string]cty.Value{}
		for k, e := range v.Value {
			c, err := toCty(e)
			if err != nil {
				return cty.NilVal, err
			}
			m[k] = c
		}
		return cty.ObjectVal(m), nil
	case *types.AttributeValueMemberSS:
		var vals []cty.Value
		for _, s := range v.Value {
			vals = append(vals, cty.StringVal(s))
		}
		if len(vals) == 0 {
			return cty.SetValEmpty(cty.String), nil
		}
		return cty.SetVal(vals), nil
	case *types.AttributeValueMemberNS:
		var vals []cty.Value
		for _, s := range v.Value {
			n, err := cty.ParseNumberVal(s)
			if err != nil {
				return cty.NilVal, err
			}
			vals = append(vals, n)
		}
		if len(vals) == 0 {
			return cty.SetValEmpty(cty.Number), nil
		}
		return cty.SetVal(vals), nil
	}
	return cty.NilVal, fmt.Errorf("unsupported attribute value %T", av)
}

// storedValues reads a stored item into cty values for hclschema's
// answers about stored items (Table.Recognize, Entity.ValuesOf,
// Index.Holds); an attribute whose value has no cty form (binary) is left
// out.
func storedValues(item map[string]types.AttributeValue) map[string]cty.Value {
	out := make(map[string]cty.Value, len(item))
	for k, av := range item {
		if v, err := toCty(av); err == nil {
			out[k] = v
		}
	}
	return out
}

// sameValue reports whether a stored attribute value equals a computed key
// value (absent on either side counts as a value).
func sameValue(stored types.AttributeValue, present bool, want cty.Value, wantPresent bool) bool {
	if !present || !wantPresent {
		return present == wantPresent
	}
	got, err := toCty(stored)
	if err != nil || got.IsNull() {
		return false
	}
	if !got.Type().Equals(want.Type()) {
		return false
	}
	return got.Equals(want).True()
}

// avSize approximates the size DynamoDB bills an item for: attribute names
// plus values (strings by bytes, numbers by about one byte per two digits).
func avSize(item map[string]types.AttributeValue) int {
	n := 0
	for k, v := range item {
		n += len(k) + valueSize(v)
	}
	return n
}

func valueSize(av types.AttributeValue) int {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return len(v.Value)
	case *types.AttributeValueMemberN:
		return (len(strings.TrimLeft(v.Value, "-0"))+1)/2 + 1
	case *types.AttributeValueMemberB:
		return len(v.Value)
	case *types.AttributeValueMemberL:
		n := 3
		for _, e := range v.Value {
			n += 1 + valueSize(e)
		}
		return n
	case *types.AttributeValueMemberM:
		n := 3
		for k, e := range v.Value {
			n += 1 + len(k) + valueSize(e)
		}
		return n
	case *types.AttributeValueMemberSS:
		n := 0
		for _, s := range v.Value {
			n += len(s)
		}
		return n
	case *types.AttributeValueMemberNS:
		n := 0
		for _, s := range v.Value {
			n += len(s)
		}
		return n
	}
	return 1
}

// avValue passes an attribute value through the expression builder as it is.
type avValue struct{ av types.AttributeValue }

// MarshalDynamoDBAttributeValue returns the value itself.
func (v avValue) MarshalDynamoDBAttributeValue() (types.AttributeValue, error) { return v.av, nil }
