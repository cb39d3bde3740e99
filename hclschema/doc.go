// Package hclschema reads tfdyn schemas (*.tfdyn.hcl) into a typed model.
//
// A schema is a directory of files holding table, entity and access_pattern
// blocks (see docs/language.md). Load parses and decodes them, resolves the
// references between blocks and reports every problem as hcl.Diagnostics
// with a stable code (package diag) and the tightest source range.
//
// Key templates stay hcl.Expressions: Entity.Item evaluates them with go-cty
// against an item's attribute values to compute every key of the item.
//
// Table.Spec derives the desired DynamoDB table (TableSpec) from the model
// once, defaults applied; emit, plancheck's DP404, verify's conformance and
// doc read it instead of the Table's raw fields.
package hclschema
