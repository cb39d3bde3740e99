// Package lsp is tfdyn's language server (tfdyn lsp): the Language Server
// Protocol over stdio for *.tfdyn.hcl files, built on tliron/glsp's
// protocol 3.16 types and handler (docs/editors.md says why that library).
//
// A document belongs to the schema of its directory: every *.tfdyn.hcl file
// there, open documents in their edited state. Diagnostics come from the
// same loader and lint as tfdyn validate (hclschema.LoadSources, lint.Run),
// published per file after a pause in typing (Options.Debounce). The last
// schema that loaded answers completion (block types and arguments from
// hclschema.Vocabulary, attribute names inside ${...}, conditions and set,
// entity, table and pattern references, index names, inputs), hover (the
// key a template computes for each example or why the example is not in
// the index; an access pattern's operation, index, the oracle's result for
// its example inputs and read units per call), go to definition
// (entity.X, table.X, access_pattern.X, index names, input.X, attributes
// in templates), formatting (hclschema.Format, as tfdyn fmt) and code
// actions where the fix is certain (pad a number in a sort key with
// format, TD110; accept a finding with a reason to write).
package lsp
