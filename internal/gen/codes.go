package gen

import "github.com/tfdyn/tfdyn/internal/diag"

// Diagnostic codes of the generators: each is an error at the schema
// position of what the generated code cannot reproduce exactly, and
// nothing is written (docs/gen-codes/GNxxx.md).
const (
	// CodeFunction: a template calls a function (or a format verb) the
	// generators do not reproduce.
	CodeFunction diag.Code = "GN101"
	// CodeExpression: a template holds an expression the generators do
	// not reproduce (a for expression, a collection, an index, operands
	// HCL would convert).
	CodeExpression diag.Code = "GN102"
	// CodeCondition: a sparse condition the generators do not reproduce.
	CodeCondition diag.Code = "GN103"
	// CodeType: an attribute type without a generated representation (a
	// tuple, a set of collections).
	CodeType diag.Code = "GN104"
	// CodeNameCollision: two names become one identifier after casing
	// (order_id and orderId), or a name has no letter or digit.
	CodeNameCollision diag.Code = "GN105"
)
