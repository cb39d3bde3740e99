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
	// tuple, a set of collections), a projection of parts of a document
	// its type cannot hold.
	CodeType diag.Code = "GN104"
	// CodeNameCollision: two names become one identifier after casing
	// (order_id and orderId), or a name has no letter or digit.
	CodeNameCollision diag.Code = "GN105"
	// CodeRecognise: an access pattern returns items of several entities
	// that the generated code cannot tell apart by their key (the index
	// projects nothing their keys are computed from, and the key
	// templates have no literal prefix).
	CodeRecognise diag.Code = "GN106"
	// CodeUpdateUnknown: an update must send a value the generated writer
	// cannot know from its inputs: an index key attribute it rewrites, or
	// the sparse condition that says whether the updated item is in the
	// index, reads an attribute the update neither sets, removes, takes
	// as its key, nor pins in its condition.
	CodeUpdateUnknown diag.Code = "GN107"
	// CodeUniqueUpdate: an update changes an attribute the entity declares
	// unique without swapping its guard item (the model's swap needs the
	// current value pinned in the condition and the new value from an
	// input).
	CodeUniqueUpdate diag.Code = "GN108"
)
