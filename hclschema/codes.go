package hclschema

import "github.com/tfdyn/tfdyn/internal/diag"

// Diagnostic codes reported while loading a schema. Lint rules use TD1xx.
const (
	// CodeSyntax: HCL syntax error, unknown block or argument, missing argument.
	CodeSyntax diag.Code = "TD001"
	// CodeInvalidValue: an argument has the wrong type or an unsupported value.
	CodeInvalidValue diag.Code = "TD002"
	// CodeDuplicate: two blocks of one kind share a name.
	CodeDuplicate diag.Code = "TD003"
	// CodeUnknownReference: a reference names no table, entity or index.
	CodeUnknownReference diag.Code = "TD004"
	// CodeInvalidType: an attribute type expression is not a valid type.
	CodeInvalidType diag.Code = "TD005"
	// CodeUnknownVariable: a template or condition uses a name that is not an
	// attribute of the entity (or an input of the pattern).
	CodeUnknownVariable diag.Code = "TD006"
	// CodeMissingKey: an entity does not provide a key attribute of the table
	// or of an index it declares.
	CodeMissingKey diag.Code = "TD007"
	// CodeInvalidKeyAssignment: a key block assigns an attribute that is not
	// a key of its index, or assigns an attribute the entity already has.
	CodeInvalidKeyAssignment diag.Code = "TD008"
	// CodeInvalidCondition: a key condition is malformed (unknown operator,
	// wrong number of operands), or a filter is not a bool or is not a
	// condition DynamoDB can run.
	CodeInvalidCondition diag.Code = "TD009"
	// CodeInvalidExample: an example item or input set does not fit its types
	// or its templates fail on it.
	CodeInvalidExample diag.Code = "TD010"
	// CodeInvalidTemplate: a template cannot be evaluated or yields a value
	// that is not a string or number.
	CodeInvalidTemplate diag.Code = "TD011"
	// CodeNoFiles: no *.tfdyn.hcl file was found, or a schema path cannot be
	// read: missing, unreadable (the OS reason is given), not a regular file,
	// larger than MaxFileSize, or more than MaxFiles files.
	CodeNoFiles diag.Code = "TD012"
)
