package dynamo

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// DynamoDB's attribute value types, as TypeOf names them.
const (
	TypeS    = "S"
	TypeN    = "N"
	TypeB    = "B"
	TypeBOOL = "BOOL"
	TypeNULL = "NULL"
	TypeL    = "L"
	TypeM    = "M"
	TypeSS   = "SS"
	TypeNS   = "NS"
	TypeBS   = "BS"
)

// AV converts a cty value to the attribute value tfdyn stores: strings S,
// numbers N (hclschema.NumberText, the one number text), bools BOOL, null NULL, lists, tuples and sets L,
// maps and objects M without their null members. An unknown value or a
// capsule is an error.
func AV(v cty.Value) (types.AttributeValue, error) {
	if v == cty.NilVal || v.IsNull() {
		return &types.AttributeValueMemberNULL{Value: true}, nil
	}
	if !v.IsKnown() {
		return nil, fmt.Errorf("unknown value")
	}
	ty := v.Type()
	switch {
	case ty == cty.String:
		return &types.AttributeValueMemberS{Value: v.AsString()}, nil
	case ty == cty.Number:
		return &types.AttributeValueMemberN{Value: hclschema.NumberText(v.AsBigFloat())}, nil
	case ty == cty.Bool:
		return &types.AttributeValueMemberBOOL{Value: v.True()}, nil
	case ty.IsListType() || ty.IsTupleType() || ty.IsSetType():
		out := &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			av, err := AV(e)
			if err != nil {
				return nil, err
			}
			out.Value = append(out.Value, av)
		}
		return out, nil
	case ty.IsMapType() || ty.IsObjectType():
		out := &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}}
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			if e.IsNull() {
				continue
			}
			av, err := AV(e)
			if err != nil {
				return nil, err
			}
			out.Value[k.AsString()] = av
		}
		return out, nil
	}
	return nil, fmt.Errorf("cannot store a value of type %s", ty.FriendlyName())
}

// TypeOfCty is the attribute value type AV gives a value of type ty, or ""
// when AV cannot store it (or the type is not known).
func TypeOfCty(ty cty.Type) string {
	switch {
	case ty == cty.String:
		return TypeS
	case ty == cty.Number:
		return TypeN
	case ty == cty.Bool:
		return TypeBOOL
	case ty.IsListType() || ty.IsTupleType() || ty.IsSetType():
		return TypeL
	case ty.IsMapType() || ty.IsObjectType():
		return TypeM
	}
	return ""
}

// ItemAV converts a model item (hclschema.Entity.Item) to the DynamoDB item
// tfdyn writes for it.
func ItemAV(it hclschema.Item) (map[string]types.AttributeValue, error) {
	out := make(map[string]types.AttributeValue, len(it.Attrs))
	for k, v := range it.Attrs {
		av, err := AV(v)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %w", k, err)
		}
		out[k] = av
	}
	return out, nil
}

// Cty converts a stored attribute value to a cty value of no particular
// type: S a string, N a number, BOOL a bool, NULL a null, L a tuple, M an
// object, SS and NS sets. B and BS have no cty form and are an error.
func Cty(av types.AttributeValue) (cty.Value, error) {
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
			c, err := Cty(e)
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
			c, err := Cty(e)
			if err != nil {
				return cty.NilVal, err
			}
			m[k] = c
		}
		return cty.ObjectVal(m), nil
	case *types.AttributeValueMemberSS:
		vals := make([]cty.Value, 0, len(v.Value))
		for _, s := range v.Value {
			vals = append(vals, cty.StringVal(s))
		}
		if len(vals) == 0 {
			return cty.SetValEmpty(cty.String), nil
		}
		return cty.SetVal(vals), nil
	case *types.AttributeValueMemberNS:
		vals := make([]cty.Value, 0, len(v.Value))
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
	case nil:
		return cty.NilVal, fmt.Errorf("no attribute value")
	}
	return cty.NilVal, fmt.Errorf("a %s value has no cty form", TypeOf(av))
}

// TypeOf returns the DynamoDB type of an attribute value (S, N, B, BOOL,
// NULL, L, M, SS, NS, BS), or "" for nil or a type the SDK does not know.
func TypeOf(av types.AttributeValue) string {
	switch av.(type) {
	case *types.AttributeValueMemberS:
		return TypeS
	case *types.AttributeValueMemberN:
		return TypeN
	case *types.AttributeValueMemberB:
		return TypeB
	case *types.AttributeValueMemberBOOL:
		return TypeBOOL
	case *types.AttributeValueMemberNULL:
		return TypeNULL
	case *types.AttributeValueMemberL:
		return TypeL
	case *types.AttributeValueMemberM:
		return TypeM
	case *types.AttributeValueMemberSS:
		return TypeSS
	case *types.AttributeValueMemberNS:
		return TypeNS
	case *types.AttributeValueMemberBS:
		return TypeBS
	}
	return ""
}

// Text returns the text of an S value, or of an N value as stored; "" for
// any other type.
func Text(av types.AttributeValue) string {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return v.Value
	case *types.AttributeValueMemberN:
		return v.Value
	}
	return ""
}

// Values reads a stored item into cty values (Cty) for hclschema's answers
// about stored items (Table.Recognize, Entity.ValuesOf, Index.Holds); an
// attribute whose value has no cty form (binary) is left out.
func Values(item map[string]types.AttributeValue) map[string]cty.Value {
	out := make(map[string]cty.Value, len(item))
	for k, av := range item {
		if v, err := Cty(av); err == nil {
			out[k] = v
		}
	}
	return out
}

// SameValue reports whether a stored attribute value (present false: the
// item lacks it) equals a computed one (wantPresent false: the model
// computes none): both absent, or both present with equal values of the
// same type.
func SameValue(stored types.AttributeValue, present bool, want cty.Value, wantPresent bool) bool {
	if !present || !wantPresent {
		return present == wantPresent
	}
	got, err := Cty(stored)
	if err != nil || got.IsNull() || want == cty.NilVal || want.IsNull() {
		return false
	}
	if !got.Type().Equals(want.Type()) {
		return false
	}
	return got.Equals(want).True()
}
