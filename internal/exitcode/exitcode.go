// Package exitcode holds the exit policy of every tfdyn command, shared by
// the CLI and by library packages that report an exit code (plancheck).
package exitcode

const (
	// OK: clean (warnings allowed), nothing blocks.
	OK = 0
	// Findings: the input has findings to fix or acknowledge (lint and
	// syntax errors, stale or unformatted files, failed verify checks, a
	// blocking plan finding, a refusal).
	Findings = 1
	// Usage: a usage or environment error (bad flags or arguments, input
	// that cannot be read, terraform, Java or the provider missing).
	Usage = 2
	// Interrupted: SIGINT or SIGTERM stopped the command (128 + SIGINT).
	Interrupted = 130
)
