package findings

import (
	"encoding/json"
	"io"
)

// jsonReport is the JSON document of a command without one of its own.
type jsonReport struct {
	Command  string        `json:"command"`
	Blocked  bool          `json:"blocked"`
	Errors   int           `json:"errors"`
	Warnings int           `json:"warnings"`
	Findings []jsonFinding `json:"findings"`
}

type jsonFinding struct {
	Code         string   `json:"code,omitempty"`
	Severity     Severity `json:"severity"`
	Summary      string   `json:"summary"`
	Detail       string   `json:"detail,omitempty"`
	Pos          *Pos     `json:"position,omitempty"`
	Subject      string   `json:"subject,omitempty"`
	Doc          string   `json:"doc,omitempty"`
	Acknowledged string   `json:"acknowledged,omitempty"`
}

// writeJSONFormat writes the report as one JSON document, for a command
// without a JSON document of its own.
func writeJSONFormat(w io.Writer, r *Report) error {
	fs, _ := r.located()
	errs, warns := Counts(fs)
	doc := jsonReport{Command: r.Command, Blocked: errs > 0, Errors: errs, Warnings: warns, Findings: []jsonFinding{}}
	for _, f := range fs {
		doc.Findings = append(doc.Findings, jsonFinding{Code: f.Code, Severity: f.Severity, Summary: f.Summary, Detail: f.Detail,
			Pos: f.Pos, Subject: f.Subject, Doc: f.Doc, Acknowledged: f.Acknowledged})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}
