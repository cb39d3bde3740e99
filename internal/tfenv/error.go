package tfenv

import (
	"fmt"
	"strings"
)

// EnvError is a failure of the environment (terraform, its provider or
// backend, Java, an endpoint) as opposed to a finding in the user's input:
// the CLI exits 2 for it. plancheck and verify return it.
type EnvError struct {
	// Step is the terraform command that failed ("init", "plan", "show",
	// "apply", "destroy"), or "" for a failure outside terraform.
	Step string
	// Dir is the directory terraform ran in, or "".
	Dir string
	// Output is terraform's error output, trimmed (TrimOutput), or "".
	Output string
	// Hint says how to fix it, or "".
	Hint string
	// Err is the underlying error.
	Err error
}

func (e *EnvError) Error() string {
	var b strings.Builder
	switch {
	case e.Step == "":
		b.WriteString(e.Err.Error())
	case e.Output != "":
		fmt.Fprintf(&b, "terraform %s failed", e.Step)
		if e.Dir != "" {
			fmt.Fprintf(&b, " in %s", e.Dir)
		}
		b.WriteString(":")
		for _, l := range strings.Split(e.Output, "\n") {
			if l != "" {
				l = "  " + l
			}
			b.WriteString("\n" + l)
		}
	default:
		fmt.Fprintf(&b, "terraform %s", e.Step)
		if e.Dir != "" {
			fmt.Fprintf(&b, " in %s", e.Dir)
		}
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	if e.Hint != "" {
		b.WriteString("\n" + e.Hint)
	}
	return b.String()
}

func (e *EnvError) Unwrap() error { return e.Err }

// maxOutputLines bounds TrimOutput.
const maxOutputLines = 40

// TrimOutput shortens terraform's error output for a message: blank lines
// at both ends go, a diagnostic block ("Error: ..." up to the next one)
// that repeats an earlier one is dropped (terraform repeats some), and at
// most maxOutputLines lines are kept.
func TrimOutput(out string) string {
	lines := strings.Split(strings.ReplaceAll(out, "\r\n", "\n"), "\n")
	var blocks [][]string
	for _, l := range lines {
		l = strings.TrimRight(l, " \t")
		if strings.HasPrefix(l, "Error: ") || strings.HasPrefix(l, "Warning: ") || len(blocks) == 0 {
			blocks = append(blocks, nil)
		}
		blocks[len(blocks)-1] = append(blocks[len(blocks)-1], l)
	}
	seen := map[string]bool{}
	var kept []string
	for _, bl := range blocks {
		key := strings.TrimSpace(strings.Join(bl, "\n"))
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		kept = append(kept, key)
	}
	res := strings.Split(strings.Join(kept, "\n\n"), "\n")
	if len(res) > maxOutputLines {
		res = append(res[:maxOutputLines], fmt.Sprintf("... (%d more lines)", len(res)-maxOutputLines))
	}
	return strings.Join(res, "\n")
}
