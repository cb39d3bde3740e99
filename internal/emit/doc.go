// Package emit writes Terraform for a tfdyn schema with hclwrite.
//
// Three layouts:
//
//   - LayoutResources (default): aws_dynamodb_table resources, variables,
//     outputs and provider requirements as files for the user's own module;
//   - LayoutModule: a self-contained module directory (main.tf,
//     variables.tf, outputs.tf, versions.tf, README.md);
//   - LayoutModuleCall: a call of the reusable module in modules/dynamodb-table.
//
// Names follow one contract (NamesFor, FileNames; docs/emit.md): they depend
// on the table's label and Options.Prefix, never on the number of tables.
// ReadTarget parses the Terraform files already in the output directory and
// Fit checks that the output fits into them (provider requirements, names),
// with EM1xx diagnostics.
//
// Output starts with a generated-code header and is byte-identical across
// runs. The header records the schema's identity (Options.SchemaPath: its
// path relative to the output directory, see SchemaIdentity), the options
// and a SHA-256 of the body; ParseFileHeader reads it back. Write never
// overwrites a file that lacks the header or records another schema, removes
// the files of this schema that a run no longer writes, and in check mode
// says for every file why it differs (FileStatus).
package emit
