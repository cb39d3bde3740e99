// Package cli implements the tfdyn command line. Run is the whole program:
// it takes arguments and streams and returns the exit code, so tests drive
// it in-process.
//
// Exit codes: 0 clean, 1 findings (errors in a schema, stale output, failed
// checks), 2 usage, parse or environment errors.
package cli
