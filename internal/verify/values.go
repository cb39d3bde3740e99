package verify

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// toAV converts a cty value to a DynamoDB attribute value.
func toAV(v cty.Value) (types.AttributeValue, error) {
	if v.IsNull() {
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
			av, err := toAV(e)
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
			av, err := toAV(e)
			if err != nil {
				return nil, err
			}
			out.Value[k.AsString()] = av
		}
		return out, nil
	}
	return nil, fmt.Errorf("cannot store a value of type %s", ty.FriendlyName())
}

// itemAV converts a model item to a DynamoDB item.
func itemAV(it hclschema.Item) (map[string]types.AttributeValue, error) {
	out := make(map[string]types.AttributeValue, len(it.Attrs))
	for k, v := range it.Attrs {
		av, err := toAV(v)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %w", k, err)
		}
		out[k] = av
	}
	return out, nil
}

// canon renders an attribute value canonically (sorted maps, normalized
// numbers) so that expected and live items compare as strings.
func canon(av types.AttributeValue) string {
	var sb strings.Builder
	writeCanon(&sb, av)
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

// canonItem renders a whole item canonically.
func canonItem(item map[string]types.AttributeValue) string {
	var sb strings.Builder
	writeCanonMap(&sb, item)
	return sb.String()
}

// keyString renders the given key attributes of an item, e.g.
// PK="USER#alice" SK="PROFILE".
func keyString(item map[string]types.AttributeValue, keys []hclschema.KeyAttr) string {
	var parts []string
	for _, k := range keys {
		if av, ok := item[k.Name]; ok {
			parts = append(parts, k.Name+"="+canon(av))
		}
	}
	return strings.Join(parts, " ")
}
