package workbench

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// DynamoDB JSON, the form of Workbench's sample items: {"S": "x"},
// {"N": "1.5"}, {"B": base64}, {"BOOL": true}, {"NULL": true},
// {"SS": [...]}, {"NS": [...]}, {"BS": [...]}, {"L": [...]}, {"M": {...}},
// read into and written from the SDK's types.AttributeValue.

// attributeValue decodes one DynamoDB JSON value.
func (d *decoder) attributeValue(n *node, path string, depth int) (types.AttributeValue, bool) {
	if !d.want(n, nil, path, kObject, true) {
		return nil, false
	}
	if len(n.keys) != 1 {
		d.errorf(n.rng, "Not DynamoDB JSON", "%s must be one DynamoDB typed value such as {\"S\": \"text\"} or {\"N\": \"1\"}, with exactly one type key; it has %d.", path, len(n.keys))
		return nil, false
	}
	if depth > 32 {
		d.errorf(n.rng, "Value nests too deep", "%s nests deeper than the 32 levels DynamoDB allows.", path)
		return nil, false
	}
	ty := n.keys[0]
	v := n.obj[ty]
	p := path + "." + ty
	strs := func() ([]string, bool) {
		if !d.want(v, n, p, kArray, true) {
			return nil, false
		}
		out := make([]string, 0, len(v.arr))
		for i, e := range v.arr {
			if !d.want(e, v, fmt.Sprintf("%s[%d]", p, i), kString, true) {
				return nil, false
			}
			out = append(out, e.str)
		}
		return out, true
	}
	number := func(s string, rng hcl.Range) bool {
		if _, _, err := big.ParseFloat(strings.TrimSpace(s), 10, 512, big.ToNearestEven); err != nil || strings.TrimSpace(s) == "" {
			d.errorf(rng, "Not a number", "%s holds %q, which is not a number.", p, s)
			return false
		}
		return true
	}
	binary := func(s string, rng hcl.Range) ([]byte, bool) {
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			d.errorf(rng, "Not base64", "%s holds binary data that is not base64: %v.", p, err)
			return nil, false
		}
		return b, true
	}
	switch ty {
	case "S":
		if d.want(v, n, p, kString, true) {
			return &types.AttributeValueMemberS{Value: v.str}, true
		}
	case "N":
		if d.want(v, n, p, kString, true) && number(v.str, v.rng) {
			return &types.AttributeValueMemberN{Value: strings.TrimSpace(v.str)}, true
		}
	case "B":
		if d.want(v, n, p, kString, true) {
			if b, ok := binary(v.str, v.rng); ok {
				return &types.AttributeValueMemberB{Value: b}, true
			}
		}
	case "BOOL":
		if d.want(v, n, p, kBool, true) {
			return &types.AttributeValueMemberBOOL{Value: v.b}, true
		}
	case "NULL":
		if d.want(v, n, p, kBool, true) {
			return &types.AttributeValueMemberNULL{Value: true}, true
		}
	case "SS":
		if ss, ok := strs(); ok {
			return &types.AttributeValueMemberSS{Value: ss}, true
		}
	case "NS":
		if ns, ok := strs(); ok {
			for i, s := range ns {
				if !number(s, v.arr[i].rng) {
					return nil, false
				}
			}
			return &types.AttributeValueMemberNS{Value: ns}, true
		}
	case "BS":
		if bs, ok := strs(); ok {
			out := make([][]byte, len(bs))
			for i, s := range bs {
				b, ok := binary(s, v.arr[i].rng)
				if !ok {
					return nil, false
				}
				out[i] = b
			}
			return &types.AttributeValueMemberBS{Value: out}, true
		}
	case "L":
		if d.want(v, n, p, kArray, true) {
			out := make([]types.AttributeValue, 0, len(v.arr))
			for i, e := range v.arr {
				av, ok := d.attributeValue(e, fmt.Sprintf("%s[%d]", p, i), depth+1)
				if !ok {
					return nil, false
				}
				out = append(out, av)
			}
			return &types.AttributeValueMemberL{Value: out}, true
		}
	case "M":
		if d.want(v, n, p, kObject, true) {
			out := map[string]types.AttributeValue{}
			for _, k := range v.keys {
				av, ok := d.attributeValue(v.obj[k], p+"."+k, depth+1)
				if !ok {
					return nil, false
				}
				out[k] = av
			}
			return &types.AttributeValueMemberM{Value: out}, true
		}
	default:
		d.errorf(n.keyRange[ty], "Unknown DynamoDB type", "%s has the type key %q; DynamoDB JSON uses S, N, B, BOOL, NULL, SS, NS, BS, L or M.", path, ty)
	}
	return nil, false
}

// marshalAV writes one value in DynamoDB JSON.
func marshalAV(av types.AttributeValue) ([]byte, error) {
	var v any
	switch a := av.(type) {
	case *types.AttributeValueMemberS:
		v = map[string]string{"S": a.Value}
	case *types.AttributeValueMemberN:
		v = map[string]string{"N": a.Value}
	case *types.AttributeValueMemberB:
		v = map[string]string{"B": base64.StdEncoding.EncodeToString(a.Value)}
	case *types.AttributeValueMemberBOOL:
		v = map[string]bool{"BOOL": a.Value}
	case *types.AttributeValueMemberNULL:
		v = map[string]bool{"NULL": true}
	case *types.AttributeValueMemberSS:
		v = map[string][]string{"SS": a.Value}
	case *types.AttributeValueMemberNS:
		v = map[string][]string{"NS": a.Value}
	case *types.AttributeValueMemberBS:
		out := make([]string, len(a.Value))
		for i, b := range a.Value {
			out[i] = base64.StdEncoding.EncodeToString(b)
		}
		v = map[string][]string{"BS": out}
	case *types.AttributeValueMemberL:
		parts := make([]json.RawMessage, len(a.Value))
		for i, e := range a.Value {
			b, err := marshalAV(e)
			if err != nil {
				return nil, err
			}
			parts[i] = b
		}
		v = map[string][]json.RawMessage{"L": parts}
	case *types.AttributeValueMemberM:
		b, err := marshalMap(a.Value)
		if err != nil {
			return nil, err
		}
		v = map[string]json.RawMessage{"M": b}
	default:
		return nil, fmt.Errorf("workbench: cannot write a %T value", av)
	}
	return json.Marshal(v)
}

// marshalMap writes a map of values with sorted keys.
func marshalMap(m map[string]types.AttributeValue) ([]byte, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := marshalAV(m[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Value is one DynamoDB JSON value inside tfdyn's extension (an example
// input of an access pattern).
type Value struct{ types.AttributeValue }

// MarshalJSON writes the value in DynamoDB JSON.
func (v Value) MarshalJSON() ([]byte, error) { return marshalAV(v.AttributeValue) }

// UnmarshalJSON reads a value in DynamoDB JSON.
func (v *Value) UnmarshalJSON(b []byte) error {
	n, _, err := parseJSON("", b)
	if err != nil {
		return err
	}
	d := &decoder{src: b}
	av, ok := d.attributeValue(n, "value", 0)
	if !ok {
		return fmt.Errorf("%s", d.diags[0].Detail)
	}
	v.AttributeValue = av
	return nil
}

// FromCty converts a value of a tfdyn attribute (string, number, bool,
// lists, sets, maps and objects of them) into a DynamoDB value; a null is
// NULL.
func FromCty(v cty.Value) (types.AttributeValue, error) {
	if v.IsNull() {
		return &types.AttributeValueMemberNULL{Value: true}, nil
	}
	if !v.IsWhollyKnown() {
		return nil, fmt.Errorf("the value is not known")
	}
	ty := v.Type()
	switch {
	case ty == cty.String:
		return &types.AttributeValueMemberS{Value: v.AsString()}, nil
	case ty == cty.Number:
		return &types.AttributeValueMemberN{Value: v.AsBigFloat().Text('f', -1)}, nil
	case ty == cty.Bool:
		return &types.AttributeValueMemberBOOL{Value: v.True()}, nil
	case ty.IsSetType() && (ty.ElementType() == cty.String || ty.ElementType() == cty.Number) && v.LengthInt() > 0:
		var out []string
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			if ty.ElementType() == cty.String {
				out = append(out, e.AsString())
			} else {
				out = append(out, e.AsBigFloat().Text('f', -1))
			}
		}
		sort.Strings(out)
		if ty.ElementType() == cty.String {
			return &types.AttributeValueMemberSS{Value: out}, nil
		}
		return &types.AttributeValueMemberNS{Value: out}, nil
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		out := []types.AttributeValue{}
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			av, err := FromCty(e)
			if err != nil {
				return nil, err
			}
			out = append(out, av)
		}
		return &types.AttributeValueMemberL{Value: out}, nil
	case ty.IsMapType() || ty.IsObjectType():
		out := map[string]types.AttributeValue{}
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			av, err := FromCty(e)
			if err != nil {
				return nil, err
			}
			out[k.AsString()] = av
		}
		return &types.AttributeValueMemberM{Value: out}, nil
	}
	return nil, fmt.Errorf("a %s value has no DynamoDB form", ty.FriendlyName())
}
