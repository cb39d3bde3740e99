package findings

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// Severity of a finding.
type Severity string

// Severities: an error fails the command, a warning does not, a note is
// information (an acknowledged plan finding, a passed check).
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Note    Severity = "note"
)

// Pos is a source range; lines and columns start at 1.
type Pos struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line,omitempty"`
	EndColumn int    `json:"end_column,omitempty"`
}

// PosOf converts an hcl range (nil stays nil).
func PosOf(r *hcl.Range) *Pos {
	if r == nil || r.Filename == "" {
		return nil
	}
	return &Pos{File: r.Filename, Line: r.Start.Line, Column: r.Start.Column, EndLine: r.End.Line, EndColumn: r.End.Column}
}

// Finding is one result of a check.
type Finding struct {
	// Code is the stable code: TD1xx (lint), DPxxx (plan), VFxxx (verify).
	Code     string
	Severity Severity
	// Summary is one line without a period; Detail is full sentences.
	Summary string
	Detail  string
	// Pos is where in the schema (or Terraform file) the finding points.
	Pos *Pos
	// Subject names what the finding is about when Pos does not say it:
	// a resource address, a pattern, a table.
	Subject string
	// Doc is the path of the code's documentation page (docs/rules/TD101.md).
	Doc string
	// Acknowledged is the reason a finding was accepted (plan acks); such a
	// finding does not fail the run.
	Acknowledged string
}

// Title is "CODE summary".
func (f Finding) Title() string {
	if f.Code == "" {
		return f.Summary
	}
	return f.Code + " " + f.Summary
}

// FromDiagnostics converts coded hcl diagnostics (lint, schema loading).
func FromDiagnostics(diags hcl.Diagnostics) []Finding {
	out := make([]Finding, 0, len(diags))
	for _, d := range diags {
		f := Finding{Code: string(diag.CodeOf(d)), Severity: Warning, Summary: d.Summary, Detail: d.Detail, Pos: PosOf(d.Subject)}
		if d.Severity == hcl.DiagError {
			f.Severity = Error
		}
		if strings.HasPrefix(f.Code, "TD1") {
			f.Doc = "docs/rules/" + f.Code + ".md"
		}
		out = append(out, f)
	}
	return out
}

// DocURL is doc (a page of tfdyn's repository, docs/rules/TD101.md) under
// base (tfdyn's documentation at one version, such as
// https://github.com/tfdyn/tfdyn/blob/v1.2.0); doc itself when base is ""
// or doc is already a URL.
func DocURL(base, doc string) string {
	if base == "" || doc == "" || strings.Contains(doc, "://") {
		return doc
	}
	return strings.TrimSuffix(base, "/") + "/" + strings.TrimPrefix(doc, "/")
}

// Counts returns the number of unacknowledged errors and warnings.
func Counts(fs []Finding) (errors, warnings int) {
	for _, f := range fs {
		if f.Acknowledged != "" {
			continue
		}
		switch f.Severity {
		case Error:
			errors++
		case Warning:
			warnings++
		}
	}
	return
}

// codes returns the distinct codes of fs, sorted.
func codes(fs []Finding) []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range fs {
		if f.Code != "" && !seen[f.Code] {
			seen[f.Code] = true
			out = append(out, f.Code)
		}
	}
	sort.Strings(out)
	return out
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
