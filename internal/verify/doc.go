// Package verify proves a schema on a live DynamoDB: it emits the schema's
// Terraform into a private working directory, provisions the table with
// terraform-exec (against DynamoDB Local behind package ddblocal by default,
// any endpoint, or AWS), compares the live table with the schema, writes
// example and generated items, runs every access pattern as GetItem or Query
// and compares each result with the oracle (package oracle), then destroys
// everything it created — also after a failure or an interrupt.
//
// On the local target verify starts the hashicorp/aws provider once in
// debug mode and every terraform command attaches to it (TF_REATTACH_PROVIDERS)
// instead of starting the binary again, through a proxy (package tfprovider) that
// answers a repeated schema call or check of the provider block from its
// cache, keeps both across runs in tfdyn's cache (provider-schemas/<binary
// key>) and trims the schema to the resource types of the emitted files
// (trimSchema), and it proves destroy with
// `terraform plan -destroy` (next to the second plan): every resource in the
// state planned for deletion, no table with deletion protection on. DynamoDB
// Local holds the tables in memory and takes them with it when verify stops
// it. A destroy that is not proven (prevent_destroy, deletion protection) is a
// failed check, and verify then runs terraform destroy as on an endpoint or
// AWS, where the tables outlive the run. Report.Steps times every step;
// every report format carries that table (WriteText, WriteJSON, WriteJUnit,
// and Output for the findings pipeline's formats).
//
// Each run works in its own directory under WorkspaceRoot
// (~/.cache/tfdyn/verify/<pid>-<random>) with a marker file naming the run.
// A run killed with SIGKILL cannot clean up: the next run removes the
// workspaces of dead runs whose tables died with DynamoDB Local or that never
// applied, and keeps and reports (Leftover.Advice) those that applied to an
// endpoint or AWS, whose terraform state is needed to destroy their tables.
//
// Lint (TD125-TD135) reports the DynamoDB limits that can be known before
// apply. A ValidationException that still happens is a finding, not an
// environment failure: a rejected write is mapped to its entity, its example
// block (the entity block for a generated item), its key and DynamoDB's
// message, a table refused at apply to its table block (Report.Rejected);
// the run stops before the access patterns and Run returns no error.
// Generated items that DynamoDB would reject (an example value close to a
// limit plus the suffix that makes keys unique) are left out with a note.
//
// Generated data stresses the design's intent (stress.go): numbers that a
// key uses take magnitudes 1, 9, 10, 99, 100, ..., 10^n - 1, 10^n within
// the range their key templates support (format("%0Nd", x), a reversed
// 9999 - x, read from hclschema's template IR), so that an unpadded number
// in a string sort key shows up live; unique strings extend the examples'
// ("o-1", "o-1-g000"), so values sit at prefix boundaries. A padded key
// part that does not fit its width, a begins_with prefix ending in an input
// that also reads longer values of it (prefixIntent, VF256), and a
// cardinality "one" lookup keyed on unique attributes that returns several
// items fail the pattern.
//
// Every check has a stable code (CheckKinds: VF1xx conformance and the
// second plan and destroy proof, VF2xx patterns, intent and declared results,
// VF3xx scale, VF4xx rejected writes, VF5xx notes) and a page under
// docs/verify-checks/; the code is on each Check, RunResult, ScaleReport and
// Rejection, and Report.Findings carries it to the CI formats.
//
// Key conditions and filters are sent as the loader decoded them
// (hclschema's Bound and Cond, built with the AWS SDK's expression
// builder); the loader rejects every filter that cannot be sent.
package verify
