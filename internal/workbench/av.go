package workbench

import (
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// Sample items are DynamoDB JSON, read and written by the wire room
// (dynamo.UnmarshalJSON, dynamo.MarshalJSON); this file places its errors
// in the model and converts values to and from tfdyn's.

// attributeValue decodes the DynamoDB JSON value n (the value of path); an
// error is at the offending token of the model.
func (d *decoder) attributeValue(n *node, path string) (types.AttributeValue, bool) {
	start, end := n.rng.Start.Byte, n.rng.End.Byte
	av, err := dynamo.UnmarshalJSON(d.src[start:end])
	if err == nil {
		return av, true
	}
	l := newLines(n.rng.Filename, d.src)
	var je *dynamo.JSONError
	if errors.As(err, &je) {
		at := l.rng(start+je.Offset, start+je.Offset)
		if t := tokenEnd(d.src, start+je.Offset); t > start+je.Offset {
			at = l.rng(start+je.Offset, t)
		}
		d.errorf(at, je.Summary, "%s: %s", path, je.Detail)
		return nil, false
	}
	d.errorf(n.rng, "Not DynamoDB JSON", "%s: %s.", path, err)
	return nil, false
}

// tokenEnd returns the end of the JSON token starting at off: a string
// with its quotes, a number or a word; off for anything else.
func tokenEnd(src []byte, off int) int {
	if off >= len(src) {
		return off
	}
	i := off
	switch c := src[i]; {
	case c == '"':
		for i++; i < len(src); i++ {
			switch src[i] {
			case '\\':
				i++
			case '"':
				return i + 1
			}
		}
		return len(src)
	case c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z':
		for i < len(src) && (src[i] == '-' || src[i] == '+' || src[i] == '.' || src[i] >= '0' && src[i] <= '9' || src[i] >= 'a' && src[i] <= 'z' || src[i] == 'E') {
			i++
		}
		return i
	}
	return off
}

// Value is one DynamoDB JSON value inside tfdyn's extension (an example
// input of an access pattern).
type Value struct{ types.AttributeValue }

// MarshalJSON writes the value in DynamoDB JSON.
func (v Value) MarshalJSON() ([]byte, error) { return dynamo.MarshalJSON(v.AttributeValue) }

// UnmarshalJSON reads a value in DynamoDB JSON.
func (v *Value) UnmarshalJSON(b []byte) error {
	av, err := dynamo.UnmarshalJSON(b)
	if err != nil {
		return err
	}
	v.AttributeValue = av
	return nil
}

// ToCty converts a DynamoDB value into a value of type ty (an attribute's
// type; cty.DynamicPseudoType keeps the value's own: strings, numbers,
// bools, tuples for L, objects for M, sets for SS and NS).
func ToCty(av types.AttributeValue, ty cty.Type) (cty.Value, error) {
	v, err := dynamo.Cty(av)
	if err != nil {
		return cty.NilVal, err
	}
	if v.IsNull() {
		return cty.NullVal(ty), nil
	}
	out, err := convert.Convert(v, ty)
	if err != nil {
		return cty.NilVal, fmt.Errorf("a %s value does not fit the type %s: %v", dynamo.TypeOf(av), ty.FriendlyNameForConstraint(), err)
	}
	return out, nil
}
