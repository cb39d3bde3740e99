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
// It answers the model's questions once, for every reader (lint, the
// oracle, verify, migrate, diff, doc and the code generators); no other
// package walks the blocks to answer them again:
//   - Entity.KeyWriterFor / KeyTemplateFor / KeyTemplatesFor: which
//     template (or native attribute) writes key attribute A of entity E for
//     index IX, by one documented precedence (native attribute; the key
//     block for a table key attribute, also in an LSI or an inverted GSI;
//     E's block for IX; another block of E); Entity.WritesKeyOf: whether
//     E's items can be in IX; Entity.IndexBlock: E's block for an index.
//   - Template.LiteralPrefix: what every value of a template starts with;
//     Template.UsesAttrs: whether an operand reads the item.
//   - Index.Holds (and Item.InIndex): whether a stored item is in an index.
//   - Table.Recognize, Entity.Recompute and Entity.ValuesOf: which entity
//     wrote a stored item, by recomputing its primary key.
//   - NumberText: the one canonical DynamoDB number text; ValueText: a
//     value as written in HCL, for messages.
//   - Template.Canonical, Cond.Canonical and their SourceText: the text two
//     versions of a design are compared by, and the text shown for them.
//
// Facts every reader needs are computed once per schema and shared, as
// analyzers share one pass (facts.go): Example.Item (computed when Load
// checks the example), Table.ExampleItems, Table.ExampleOf (how reports
// name items), Table.ExampleCandidates (the example items of a bound
// pattern's partition) and InputSets. Checking a schema grows linearly
// with its size.
//
// Table.Spec derives the desired DynamoDB table (TableSpec) from the model
// once, defaults applied; emit, plancheck's DP404, verify's conformance and
// doc read it instead of the Table's raw fields.
package hclschema
