package workbench

import (
	"fmt"
	"math/big"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// Extension is the part of a table tfdyn doc --format workbench writes
// under "tfdyn", next to Workbench's own fields: what a Workbench model
// cannot say, so that tfdyn import --from-workbench reads the schema back
// as it was. Templates, conditions and types are HCL expressions as written
// in the schema; Workbench's fields (table name, keys, GSIs, billing,
// facets and their items) are not repeated here.
type Extension struct {
	// Label is the table's block label.
	Label string `json:"Label"`
	// Settings the Workbench table has no field for.
	Stream              string            `json:"Stream,omitempty"`
	TTL                 string            `json:"TTL,omitempty"`
	PointInTimeRecovery bool              `json:"PointInTimeRecovery,omitempty"`
	DeletionProtection  bool              `json:"DeletionProtection,omitempty"`
	TableClass          string            `json:"TableClass,omitempty"`
	SSE                 *SSE              `json:"SSE,omitempty"`
	Tags                map[string]string `json:"Tags,omitempty"`
	// GSIs holds what a Workbench GSI cannot say: multi-attribute keys and
	// capacities.
	GSIs []IndexExt `json:"GSIs,omitempty"`
	// LSIs are the local secondary indexes (Workbench models none).
	LSIs []IndexExt `json:"LSIs,omitempty"`
	// Entities are the entities stored in the table, in declaration order;
	// each is the facet of the same name.
	Entities []EntityExt `json:"Entities"`
	// AccessPatterns are the access patterns that read the table.
	AccessPatterns []PatternExt `json:"AccessPatterns,omitempty"`
	// Accepts are the acceptances of findings on the table, its entities
	// and its access patterns.
	Accepts []AcceptExt `json:"Accepts,omitempty"`
}

// AcceptExt is an accept block: a finding accepted with a reason.
type AcceptExt struct {
	Code string `json:"Code"`
	// Target is table.X, entity.X or access_pattern.X.
	Target string `json:"Target"`
	Reason string `json:"Reason"`
}

// SSE is server-side encryption with a KMS key ("" for the AWS managed key).
type SSE struct {
	KMSKeyARN string `json:"KMSKeyARN,omitempty"`
}

// IndexExt is a secondary index as tfdyn declares it.
type IndexExt struct {
	Name          string   `json:"Name"`
	PartitionKey  []string `json:"PartitionKey,omitempty"`
	SortKey       []string `json:"SortKey,omitempty"`
	Projection    string   `json:"Projection,omitempty"`
	Include       []string `json:"Include,omitempty"`
	ReadCapacity  int64    `json:"ReadCapacity,omitempty"`
	WriteCapacity int64    `json:"WriteCapacity,omitempty"`
}

// EntityExt is an entity.
type EntityExt struct {
	Name string `json:"Name"`
	// Attributes are the attributes with their type expressions
	// (optional(string), enum("A", "B")), in declaration order.
	Attributes []AttrExt `json:"Attributes"`
	// Key are the templates of the table's key attributes.
	Key []Assign `json:"Key,omitempty"`
	// Indexes are the entity's index blocks.
	Indexes []EntityIndexExt `json:"Indexes,omitempty"`
	// Unique lists the attributes declared unique.
	Unique []string `json:"Unique,omitempty"`
	// ExampleLabels are the labels of the entity's examples ("" for an
	// unlabelled one), in the order of the facet's items.
	ExampleLabels []string `json:"ExampleLabels,omitempty"`
}

// AttrExt is an attribute and its type expression.
type AttrExt struct {
	Name string `json:"Name"`
	Type string `json:"Type"`
}

// Assign is a key attribute and the HCL expression that computes it (a
// template, or a key condition of an access pattern).
type Assign struct {
	Attr string `json:"Attr"`
	Expr string `json:"Expr"`
}

// EntityIndexExt is an entity's index block.
type EntityIndexExt struct {
	Name string `json:"Name"`
	// When is the sparse condition as written, "" for none.
	When string   `json:"When,omitempty"`
	Key  []Assign `json:"Key,omitempty"`
}

// PatternExt is an access pattern.
type PatternExt struct {
	Name        string   `json:"Name"`
	Description string   `json:"Description,omitempty"`
	Entities    []string `json:"Entities"`
	// Index is "" for the base table.
	Index string `json:"Index,omitempty"`
	// Type is GetItem or Query (what tfdyn derives from the key; informative).
	Type        string   `json:"Type"`
	Key         []Assign `json:"Key"`
	Descending  bool     `json:"Descending,omitempty"`
	Limit       int64    `json:"Limit,omitempty"`
	Filter      string   `json:"Filter,omitempty"`
	Attributes  []string `json:"Attributes,omitempty"`
	Cardinality string   `json:"Cardinality,omitempty"`
	// Inputs declares the types of inputs only a filter uses (input.NAME).
	Inputs []AttrExt `json:"Inputs,omitempty"`
	// Examples are input sets, each input a DynamoDB JSON value.
	Examples []map[string]Value `json:"Examples,omitempty"`
}

// ToCty converts a DynamoDB value into a value of type ty (an attribute's
// type): S, N and BOOL to primitives, NULL to null, SS and NS to sets, L
// to lists, sets and tuples, M to maps and objects.
func ToCty(av types.AttributeValue, ty cty.Type) (cty.Value, error) {
	v, err := toCty(av, ty)
	if err != nil {
		return cty.NilVal, err
	}
	out, err := convert.Convert(v, ty)
	if err != nil {
		return cty.NilVal, fmt.Errorf("a %s value does not fit the type %s: %v", avType(av), ty.FriendlyNameForConstraint(), err)
	}
	return out, nil
}

func avType(av types.AttributeValue) string {
	switch av.(type) {
	case *types.AttributeValueMemberS:
		return "S"
	case *types.AttributeValueMemberN:
		return "N"
	case *types.AttributeValueMemberB:
		return "B"
	case *types.AttributeValueMemberBOOL:
		return "BOOL"
	case *types.AttributeValueMemberNULL:
		return "NULL"
	case *types.AttributeValueMemberSS:
		return "SS"
	case *types.AttributeValueMemberNS:
		return "NS"
	case *types.AttributeValueMemberBS:
		return "BS"
	case *types.AttributeValueMemberL:
		return "L"
	case *types.AttributeValueMemberM:
		return "M"
	}
	return "?"
}

func toCty(av types.AttributeValue, ty cty.Type) (cty.Value, error) {
	num := func(s string) (cty.Value, error) {
		f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
		if err != nil {
			return cty.NilVal, fmt.Errorf("%q is not a number", s)
		}
		return cty.NumberVal(f), nil
	}
	elem := func(i int) cty.Type {
		switch {
		case ty.IsListType(), ty.IsSetType(), ty.IsMapType():
			return ty.ElementType()
		case ty.IsTupleType() && i < len(ty.TupleElementTypes()):
			return ty.TupleElementType(i)
		}
		return cty.DynamicPseudoType
	}
	switch a := av.(type) {
	case *types.AttributeValueMemberS:
		return cty.StringVal(a.Value), nil
	case *types.AttributeValueMemberN:
		return num(a.Value)
	case *types.AttributeValueMemberBOOL:
		return cty.BoolVal(a.Value), nil
	case *types.AttributeValueMemberNULL:
		return cty.NullVal(ty), nil
	case *types.AttributeValueMemberSS:
		vals := make([]cty.Value, len(a.Value))
		for i, s := range a.Value {
			vals[i] = cty.StringVal(s)
		}
		if len(vals) == 0 {
			return cty.SetValEmpty(cty.String), nil
		}
		return cty.SetVal(vals), nil
	case *types.AttributeValueMemberNS:
		vals := make([]cty.Value, len(a.Value))
		for i, s := range a.Value {
			v, err := num(s)
			if err != nil {
				return cty.NilVal, err
			}
			vals[i] = v
		}
		if len(vals) == 0 {
			return cty.SetValEmpty(cty.Number), nil
		}
		return cty.SetVal(vals), nil
	case *types.AttributeValueMemberL:
		vals := make([]cty.Value, len(a.Value))
		for i, e := range a.Value {
			v, err := toCty(e, elem(i))
			if err != nil {
				return cty.NilVal, err
			}
			if et := elem(i); et != cty.DynamicPseudoType {
				if v, err = convert.Convert(v, et); err != nil {
					return cty.NilVal, err
				}
			}
			vals[i] = v
		}
		if ty.IsListType() || ty.IsSetType() {
			if len(vals) == 0 {
				return cty.ListValEmpty(ty.ElementType()), nil
			}
			return cty.ListVal(vals), nil
		}
		return cty.TupleVal(vals), nil
	case *types.AttributeValueMemberM:
		vals := map[string]cty.Value{}
		for k, e := range a.Value {
			et := cty.DynamicPseudoType
			switch {
			case ty.IsMapType():
				et = ty.ElementType()
			case ty.IsObjectType() && ty.HasAttribute(k):
				et = ty.AttributeType(k)
			}
			v, err := toCty(e, et)
			if err != nil {
				return cty.NilVal, err
			}
			if et != cty.DynamicPseudoType {
				if v, err = convert.Convert(v, et); err != nil {
					return cty.NilVal, err
				}
			}
			vals[k] = v
		}
		if ty.IsMapType() {
			if len(vals) == 0 {
				return cty.MapValEmpty(ty.ElementType()), nil
			}
			return cty.MapVal(vals), nil
		}
		return cty.ObjectVal(vals), nil
	}
	return cty.NilVal, fmt.Errorf("a %s value has no tfdyn type", avType(av))
}

// AVType is the DynamoDB type name of a value (S, N, M, ...).
func AVType(av types.AttributeValue) string { return avType(av) }
