package lint

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeNestingTooDeep (TD133): an attribute's type nests lists, sets, maps or
// objects so deep that its values go beyond DynamoDB's 32 levels of nested
// attributes.
const CodeNestingTooDeep diag.Code = "TD133"

var ruleNestingTooDeep = &rule{code: CodeNestingTooDeep, name: "nesting-too-deep", severity: hcl.DiagError, check: checkNestingTooDeep}

// maxNestingLevels is DynamoDB's limit on nested attributes: the attribute
// is level 1, the elements of a list or map in it level 2, and so on.
const maxNestingLevels = 32

// nestingLevels returns the levels a value of type ty takes: 1 for a
// scalar, 1 more than its deepest element for a collection or object.
func nestingLevels(ty cty.Type) int {
	switch {
	case ty.IsListType() || ty.IsSetType() || ty.IsMapType():
		return 1 + nestingLevels(ty.ElementType())
	case ty.IsObjectType():
		deepest := 0
		for _, at := range ty.AttributeTypes() {
			deepest = max(deepest, nestingLevels(at))
		}
		return 1 + deepest
	case ty.IsTupleType():
		deepest := 0
		for _, et := range ty.TupleElementTypes() {
			deepest = max(deepest, nestingLevels(et))
		}
		return 1 + deepest
	}
	return 1
}

func checkNestingTooDeep(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range a.s.Entities {
		if e == nil {
			continue
		}
		for _, at := range e.Attributes {
			if n := nestingLevels(at.Type); n > maxNestingLevels {
				diags = append(diags, r.report(at.TypeRange, "Nesting too deep",
					"Attribute %q of entity %q nests values %d levels deep; DynamoDB supports %d levels of nested attributes, so a write of a value that fills the type fails with a ValidationException. "+
						"Flatten the type, or store the deep part as a JSON string.",
					shortName(at.Name), e.Name, n, maxNestingLevels))
			}
		}
	}
	return diags
}
