package cli

import (
	"strings"
)

// Flag checks shared by the commands: each returns a usage error (exit 2)
// naming the flag, what it accepts and what it got.

// oneOf checks an enum flag.
func oneOf(flag, got string, allowed ...string) error {
	for _, a := range allowed {
		if got == a {
			return nil
		}
	}
	return exitf(ExitUsage, "%s must be %s, got %q", flag, orList(allowed), got)
}

// orList joins "a", "b", "c" as "a, b or c".
func orList(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// inRange checks an integer flag.
func inRange(flag string, got, min, max int) error {
	if got < min || got > max {
		return exitf(ExitUsage, "%s must be between %d and %d, got %d", flag, min, max, got)
	}
	return nil
}

// checkProvider checks --provider, the major version of hashicorp/aws.
func checkProvider(major int) error {
	if major != 5 && major != 6 {
		return exitf(ExitUsage, "--provider must be 5 or 6 (the major version of hashicorp/aws), got %d", major)
	}
	return nil
}

// checkFormat checks a --format flag.
func checkFormat(got string, allowed ...string) error {
	return oneOf("--format", got, allowed...)
}
