package hclschema

// Diagnostic codes reported while loading a schema (CodeOf reads them off a
// diagnostic). Lint rules use TD1xx. They are untyped string constants, so a
// program that imports hclschema compares them with CodeOf's result as they
// are.
const (
	// CodeSyntax: HCL syntax error, unknown block or argument, missing argument.
	CodeSyntax = "TD001"
	// CodeInvalidValue: an argument has the wrong type or an unsupported value.
	CodeInvalidValue = "TD002"
	// CodeDuplicate: two blocks of one kind share a name.
	CodeDuplicate = "TD003"
	// CodeUnknownReference: a reference names no table, entity or index.
	CodeUnknownReference = "TD004"
	// CodeInvalidType: an attribute type expression is not a valid type.
	CodeInvalidType = "TD005"
	// CodeUnknownVariable: a template or condition uses a name that is not an
	// attribute of the entity (or an input of the pattern).
	CodeUnknownVariable = "TD006"
	// CodeMissingKey: an entity does not provide a key attribute of the table
	// or of an index it declares.
	CodeMissingKey = "TD007"
	// CodeInvalidKeyAssignment: a key block assigns an attribute that is not
	// a key of its index, or assigns an attribute the entity already has.
	CodeInvalidKeyAssignment = "TD008"
	// CodeInvalidCondition: a key condition is malformed (unknown operator,
	// wrong number of operands), or a filter is not a bool or is not a
	// condition DynamoDB can run.
	CodeInvalidCondition = "TD009"
	// CodeInvalidExample: an example item or input set does not fit its types
	// or its templates fail on it.
	CodeInvalidExample = "TD010"
	// CodeInvalidTemplate: a template cannot be evaluated or yields a value
	// that is not a string or number.
	CodeInvalidTemplate = "TD011"
	// CodeNoFiles: no *.tfdyn.hcl file was found, or a schema path cannot be
	// read: missing, unreadable (the OS reason is given), not a regular file,
	// larger than MaxFileSize, or more than MaxFiles files.
	CodeNoFiles = "TD012"
)
