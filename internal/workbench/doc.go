// Package workbench reads and writes NoSQL Workbench for DynamoDB data
// models: the JSON file Workbench imports and exports (format 3.0: tables
// with key attributes, non-key attribute types, facets, GSIs, billing and
// sample items in DynamoDB JSON), with the section tfdyn adds per table
// ("tfdyn", extension.go) for what a Workbench model cannot say.
//
// Parse keeps the line and column of every value, so that a bad model is
// an IM010 diagnostic at the field, never a bare decoder error; items are
// read into the SDK's types.AttributeValue by the wire room's DynamoDB
// JSON reader (dynamo.UnmarshalJSON). tfdyn import --from-workbench
// (internal/adopt) turns a model into a schema; tfdyn doc --format
// workbench (internal/doc) writes one.
package workbench
