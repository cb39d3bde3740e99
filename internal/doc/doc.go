// Package doc writes the design document of a tfdyn schema as Markdown,
// and the same document as data with its cost estimate (JSON, json.go).
//
// The document follows the deliverables of single-table design guides: per
// table a settings summary, the index list, the entity-key chart of the
// table and of every secondary index (key templates printed exactly as
// written in the schema), Mermaid diagrams drawn from one Graph per table
// (graph.go, mermaid.go: entity relationships, item collections, access
// pattern paths), and the access-pattern table (operation, index,
// key condition, inputs, order, limit, filter), with texts and the key
// condition renderer of hclschema. Output is deterministic, so
// generated files can be committed and checked for staleness.
package doc
