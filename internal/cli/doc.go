// Package cli implements the tfdyn command line. Run is the whole program:
// it takes arguments and streams and returns the exit code, so tests drive
// it in-process.
//
// Exit codes, the same for every command (see ExitOK and the README): 0
// clean, 1 findings (syntax and lint errors, stale or unformatted output,
// failed verify checks, a blocking plan, refusals), 2 usage or environment
// errors (bad flags, input that cannot be read, terraform or Java missing),
// 130 interrupted (SIGINT or SIGTERM; the command cleans up first and
// writes no file after the interrupt).
package cli
