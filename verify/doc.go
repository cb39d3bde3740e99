// Package verify proves a schema on a live DynamoDB: it emits the schema's
// Terraform into a private working directory, provisions the table with
// terraform-exec (against DynamoDB Local behind package ddblocal by default,
// any endpoint, or AWS), compares the live table with the schema, writes
// example and generated items, runs every access pattern as GetItem or Query
// and compares each result with the oracle (package oracle), then destroys
// everything it created — also after a failure or an interrupt.
package verify
