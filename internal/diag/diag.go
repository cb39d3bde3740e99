// Package diag gives tfdyn's diagnostics stable codes and prints them.
//
// Diagnostics stay hcl.Diagnostics from parse to print; a code travels in the
// diagnostic's Extra field, so hcl's own writers and helpers keep working.
package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/hashicorp/hcl/v2"
)

// Code is a stable diagnostic code such as "TD001" (schema) or "TD101" (lint).
type Code string

// extra is stored in hcl.Diagnostic.Extra.
type extra struct{ code Code }

// Errorf builds an error diagnostic with a code. Summary has no trailing period;
// detail is full sentences.
func Errorf(code Code, subject *hcl.Range, summary, detail string, args ...any) *hcl.Diagnostic {
	return newDiag(hcl.DiagError, code, subject, summary, fmt.Sprintf(detail, args...))
}

// Warnf builds a warning diagnostic with a code.
func Warnf(code Code, subject *hcl.Range, summary, detail string, args ...any) *hcl.Diagnostic {
	return newDiag(hcl.DiagWarning, code, subject, summary, fmt.Sprintf(detail, args...))
}

func newDiag(sev hcl.DiagnosticSeverity, code Code, subject *hcl.Range, summary, detail string) *hcl.Diagnostic {
	d := &hcl.Diagnostic{Severity: sev, Summary: summary, Detail: detail, Extra: extra{code: code}}
	if subject != nil {
		r := *subject
		d.Subject = &r
	}
	return d
}

// WithCode sets code on every diagnostic in diags that has none yet
// (for diagnostics produced by hcl itself) and returns diags.
func WithCode(diags hcl.Diagnostics, code Code) hcl.Diagnostics {
	for _, d := range diags {
		if CodeOf(d) == "" {
			d.Extra = extra{code: code}
		}
	}
	return diags
}

// CodeOf returns the code of d, or "" when it has none.
func CodeOf(d *hcl.Diagnostic) Code {
	if e, ok := hcl.DiagnosticExtra[extra](d); ok {
		return e.code
	}
	return ""
}

// Sort orders diagnostics by file, line, column, then code, for stable output.
func Sort(diags hcl.Diagnostics) {
	sort.SliceStable(diags, func(i, j int) bool {
		a, b := diags[i], diags[j]
		ar, br := rangeOf(a), rangeOf(b)
		if ar.Filename != br.Filename {
			return ar.Filename < br.Filename
		}
		if ar.Start.Byte != br.Start.Byte {
			return ar.Start.Byte < br.Start.Byte
		}
		return CodeOf(a) < CodeOf(b)
	})
}

func rangeOf(d *hcl.Diagnostic) hcl.Range {
	if d.Subject != nil {
		return *d.Subject
	}
	return hcl.Range{}
}

// JSONDiagnostic is the machine-readable form of a diagnostic (--format json).
type JSONDiagnostic struct {
	Code     string     `json:"code,omitempty"`
	Severity string     `json:"severity"`
	Summary  string     `json:"summary"`
	Detail   string     `json:"detail,omitempty"`
	Range    *JSONRange `json:"range,omitempty"`
}

// JSONRange is a source range in JSONDiagnostic; lines and columns start at 1.
type JSONRange struct {
	Filename string  `json:"filename"`
	Start    JSONPos `json:"start"`
	End      JSONPos `json:"end"`
}

// JSONPos is a position in a JSONRange.
type JSONPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Byte   int `json:"byte"`
}

// ToJSON converts diagnostics to their JSON form.
func ToJSON(diags hcl.Diagnostics) []JSONDiagnostic {
	out := make([]JSONDiagnostic, 0, len(diags))
	for _, d := range diags {
		jd := JSONDiagnostic{Code: string(CodeOf(d)), Severity: severity(d.Severity), Summary: d.Summary, Detail: d.Detail}
		if d.Subject != nil {
			r := d.Subject
			jd.Range = &JSONRange{Filename: r.Filename,
				Start: JSONPos{Line: r.Start.Line, Column: r.Start.Column, Byte: r.Start.Byte},
				End:   JSONPos{Line: r.End.Line, Column: r.End.Column, Byte: r.End.Byte}}
		}
		out = append(out, jd)
	}
	return out
}

func severity(s hcl.DiagnosticSeverity) string {
	switch s {
	case hcl.DiagError:
		return "error"
	case hcl.DiagWarning:
		return "warning"
	}
	return "invalid"
}

// WriteJSON writes diagnostics as a JSON document {"diagnostics": [...]}.
func WriteJSON(w io.Writer, diags hcl.Diagnostics) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Diagnostics []JSONDiagnostic `json:"diagnostics"`
		Errors      int              `json:"errors"`
		Warnings    int              `json:"warnings"`
	}{ToJSON(diags), count(diags, hcl.DiagError), count(diags, hcl.DiagWarning)})
}

func count(diags hcl.Diagnostics, s hcl.DiagnosticSeverity) int {
	n := 0
	for _, d := range diags {
		if d.Severity == s {
			n++
		}
	}
	return n
}
