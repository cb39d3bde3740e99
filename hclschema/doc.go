// Package hclschema reads tfdyn schemas (*.tfdyn.hcl) into a typed model.
//
// A schema is a directory of files holding table, entity and access_pattern
// blocks (see docs/language.md). Load parses and decodes them, resolves the
// references between blocks and reports every problem as hcl.Diagnostics
// with a stable code (CodeOf reads it) and the tightest source range. It is
// tfdyn's only public Go package; everything else is under internal/.
//
// hclschema owns the language. At load time it decodes key templates and
// key condition operands into a Template (parts: literal, attribute or
// input, function call with its arguments, or another expression kept
// whole), and sparse `when` conditions and filters into a Cond tree
// (and/or/not, comparisons of two operands, bool attributes, attr == null);
// every node keeps its source range and text (ir.go). A filter that
// DynamoDB cannot run as a FilterExpression is TD009 where it is written.
//
// It is also the one evaluator of the language (evaluate.go): Entity.Item
// computes an item's keys, Bind binds a pattern's inputs to its key
// condition operands, ConditionOp.Match and Compare evaluate key
// conditions in DynamoDB's order, Bound.Filter and EntityIndex.WhenHolds
// evaluate filters and sparse conditions on items, InputSets lists the
// input sets checks run a pattern with, and Eval bounds the work of every
// evaluation. Condition.Render is the one renderer of key conditions.
// No other package imports hclsyntax or builds an hcl.EvalContext
// (TestLanguageStaysInHclschema).
//
// Attribute.Enum holds the values of an enum("a", "b") attribute (a
// string); the loader rejects example values, pattern example inputs and
// update literals outside it. AccessPattern.IdentifiesOne is the one
// predicate of whether a lookup's key can match at most one item (lint
// TD153, verify's live cardinality check).
//
// Table.Spec derives the desired DynamoDB table (TableSpec) from the model
// once, defaults applied; emit, plancheck's DP404, verify's conformance and
// doc read it instead of the Table's raw fields.
package hclschema
