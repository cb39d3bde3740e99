package hclschema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
)

// TypeString writes a type constraint as a schema writes it, like
// typeexpr.TypeString but keeping the optional fields of an object type:
// object({Name=string,Description=optional(string)}) rather than a
// Description that reads as required. Fields are in name order, as cty
// holds them.
func TypeString(ty cty.Type) string {
	switch {
	case ty.IsListType():
		return "list(" + TypeString(ty.ElementType()) + ")"
	case ty.IsSetType():
		return "set(" + TypeString(ty.ElementType()) + ")"
	case ty.IsMapType():
		return "map(" + TypeString(ty.ElementType()) + ")"
	case ty.IsTupleType():
		parts := make([]string, 0, len(ty.TupleElementTypes()))
		for _, ety := range ty.TupleElementTypes() {
			parts = append(parts, TypeString(ety))
		}
		return "tuple([" + strings.Join(parts, ",") + "])"
	case ty.IsObjectType():
		atys := ty.AttributeTypes()
		names := make([]string, 0, len(atys))
		for name := range atys {
			names = append(names, name)
		}
		sort.Strings(names)
		parts := make([]string, 0, len(names))
		for _, name := range names {
			key := name
			if !IsIdentifier(name) {
				key = fmt.Sprintf("%q", name)
			}
			t := TypeString(atys[name])
			if ty.AttributeOptional(name) {
				t = "optional(" + t + ")"
			}
			parts = append(parts, key+"="+t)
		}
		return "object({" + strings.Join(parts, ",") + "})"
	}
	return typeexpr.TypeString(ty)
}
