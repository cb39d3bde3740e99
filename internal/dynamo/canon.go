package dynamo

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Canon renders an attribute value canonically (strings quoted, numbers
// normalized by hclschema.NumberText, maps with sorted members, sets sorted), so that
// an item computed by the model and one read back from DynamoDB compare as
// strings: "USER#alice", 42.5, {"a":1,"b":[true]}.
func Canon(av types.AttributeValue) string {
	var sb strings.Builder
	writeCanon(&sb, av)
	return sb.String()
}

// CanonValue renders a cty value as Canon renders its attribute value (AV),
// or "?" when it has none.
func CanonValue(v cty.Value) string {
	av, err := AV(v)
	if err != nil {
		return "?"
	}
	return Canon(av)
}

// CanonItem renders a whole item canonically: its attributes sorted by name.
func CanonItem(item map[string]types.AttributeValue) string {
	var sb strings.Builder
	writeCanonMap(&sb, item)
	return sb.String()
}

func writeCanon(sb *strings.Builder, av types.AttributeValue) {
	switch x := av.(type) {
	case *types.AttributeValueMemberS:
		fmt.Fprintf(sb, "%q", x.Value)
	case *types.AttributeValueMemberN:
		if f, _, err := big.ParseFloat(x.Value, 10, 512, big.ToNearestEven); err == nil {
			sb.WriteString(hclschema.NumberText(f))
		} else {
			sb.WriteString(x.Value)
		}
	case *types.AttributeValueMemberBOOL:
		fmt.Fprintf(sb, "%t", x.Value)
	case *types.AttributeValueMemberNULL:
		sb.WriteString("null")
	case *types.AttributeValueMemberB:
		fmt.Fprintf(sb, "b%x", x.Value)
	case *types.AttributeValueMemberL:
		sb.WriteString("[")
		for i, e := range x.Value {
			if i > 0 {
				sb.WriteString(",")
			}
			writeCanon(sb, e)
		}
		sb.WriteString("]")
	case *types.AttributeValueMemberM:
		writeCanonMap(sb, x.Value)
	case *types.AttributeValueMemberSS:
		s := append([]string{}, x.Value...)
		sort.Strings(s)
		fmt.Fprintf(sb, "SS%q", s)
	case *types.AttributeValueMemberNS:
		s := append([]string{}, x.Value...)
		sort.Strings(s)
		fmt.Fprintf(sb, "NS%q", s)
	case *types.AttributeValueMemberBS:
		s := make([]string, len(x.Value))
		for i, b := range x.Value {
			s[i] = fmt.Sprintf("b%x", b)
		}
		sort.Strings(s)
		fmt.Fprintf(sb, "BS%q", s)
	default:
		fmt.Fprintf(sb, "%T", av)
	}
}

func writeCanonMap(sb *strings.Builder, m map[string]types.AttributeValue) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sb.WriteString("{")
	for i, k := range keys {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(sb, "%q:", k)
		writeCanon(sb, m[k])
	}
	sb.WriteString("}")
}

// KeyParts renders the given key attributes of an item in key order, each
// as NAME=VALUE with the value in Canon's form (PK="USER#alice"), or
// NAME=? when the item lacks it.
func KeyParts(item map[string]types.AttributeValue, keys []hclschema.KeyAttr) []string {
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		if av, ok := item[k.Name]; ok {
			parts = append(parts, k.Name+"="+Canon(av))
		} else {
			parts = append(parts, k.Name+"=?")
		}
	}
	return parts
}

// KeyString renders the given key attributes of an item (KeyParts) joined
// by spaces: PK="USER#alice" SK="PROFILE". Two items with the same primary
// key render the same, so it keys maps of items.
func KeyString(item map[string]types.AttributeValue, keys []hclschema.KeyAttr) string {
	return strings.Join(KeyParts(item, keys), " ")
}

// Key returns the given key attributes of an item (a GetItem, UpdateItem
// or DeleteItem key).
func Key(item map[string]types.AttributeValue, keys []hclschema.KeyAttr) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(keys))
	for _, k := range keys {
		if av, ok := item[k.Name]; ok {
			out[k.Name] = av
		}
	}
	return out
}

// Project returns the attributes of item that a ProjectionExpression of
// attrs returns.
func Project(item map[string]types.AttributeValue, attrs []string) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(attrs))
	for _, a := range attrs {
		if av, ok := item[a]; ok {
			out[a] = av
		}
	}
	return out
}

// ItemSize returns the size of a stored item as DynamoDB counts it, the
// wire form of hclschema.ItemSize: for every attribute the UTF-8 bytes of
// its name plus the size of its value (strings and binaries their bytes,
// numbers hclschema.NumberSize, booleans and nulls 1,
// lists and maps 3 bytes plus 1 byte and the size of every element and the
// name of every map member, sets the sum of their elements).
func ItemSize(item map[string]types.AttributeValue) int {
	n := 0
	for name, av := range item {
		n += len(name) + ValueSize(av)
	}
	return n
}

// ValueSize returns the size of one attribute value as DynamoDB counts it
// (see ItemSize).
func ValueSize(av types.AttributeValue) int {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return len(v.Value)
	case *types.AttributeValueMemberN:
		return numberSize(v.Value)
	case *types.AttributeValueMemberB:
		return len(v.Value)
	case *types.AttributeValueMemberL:
		n := 3
		for _, e := range v.Value {
			n += 1 + ValueSize(e)
		}
		return n
	case *types.AttributeValueMemberM:
		n := 3
		for k, e := range v.Value {
			n += 1 + len(k) + ValueSize(e)
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
			n += numberSize(s)
		}
		return n
	case *types.AttributeValueMemberBS:
		n := 0
		for _, b := range v.Value {
			n += len(b)
		}
		return n
	}
	return 1
}

func numberSize(s string) int {
	f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
	if err != nil {
		return (len(strings.TrimLeft(s, "-0"))+1)/2 + 1
	}
	return hclschema.NumberSize(f)
}
