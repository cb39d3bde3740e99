package findings

import (
	"fmt"
	"io"
	"strings"
)

// Format is an output format of the pipeline: its --format name, a short
// description for help texts, and the writer of a Report.
type Format struct {
	Name string
	// Help says what the format is for, "" when the name says it.
	Help  string
	Write func(w io.Writer, r *Report) error
}

// formats is the registry, in the order help texts list them. A new format
// is a file with its writer and one line here: every command that writes
// findings offers it (--format, the lists in errors and help).
var formats = []Format{
	{Name: "text", Write: writeTextFormat},
	{Name: "json", Write: writeJSONFormat},
	{Name: "github", Help: "Actions annotations", Write: writeGitHubFormat},
	{Name: "junit", Help: "JUnit XML", Write: writeJUnitFormat},
	{Name: "sarif", Help: "SARIF 2.1.0, code scanning", Write: writeSARIFFormat},
	{Name: "markdown", Help: "a job summary or pull-request comment", Write: writeMarkdownFormat},
}

// Formats lists the registered formats.
func Formats() []Format { return append([]Format(nil), formats...) }

// Names lists the names of the registered formats, in registry order.
func Names() []string {
	out := make([]string, len(formats))
	for i, f := range formats {
		out[i] = f.Name
	}
	return out
}

// Usage describes the formats for a --format flag's help:
// "text, json, github (Actions annotations), ... or markdown (...)".
func Usage() string {
	parts := make([]string, len(formats))
	for i, f := range formats {
		parts[i] = f.Name
		if f.Help != "" {
			parts[i] += " (" + f.Help + ")"
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// Write writes r in the format named name: the command's own writer when
// r.Own has one, else the registry's.
func Write(w io.Writer, name string, r *Report) error {
	if own := r.Own[name]; own != nil {
		return own(w)
	}
	for _, f := range formats {
		if f.Name == name {
			return f.Write(w, r)
		}
	}
	return fmt.Errorf("findings: unknown format %q (use %s)", name, strings.Join(Names(), ", "))
}
