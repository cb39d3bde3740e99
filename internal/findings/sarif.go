package findings

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"time"
)

// SARIFSchema is the schema URI written into SARIF logs.
const SARIFSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// Rule describes a code for SARIF's rule table.
type Rule struct {
	// ID is the code (TD101).
	ID string
	// Name is the rule's name in PascalCase or kebab-case (scan-required).
	Name string
	// Short is a one-line description.
	Short string
	// Doc is the path of the documentation page.
	Doc string
}

// Tool names the program that made the findings.
type Tool struct {
	Name    string
	Version string
	// InformationURI is the tool's home page (a repository: rule pages are
	// linked as DocBase/DOC, else InformationURI/blob/main/DOC).
	InformationURI string
	// DocBase is where the tool's documentation is read at the running
	// version (DocURL), e.g. https://github.com/tfdyn/tfdyn/blob/v1.2.0.
	DocBase string
	// Rules lists every code the tool can report (the run's rule table);
	// codes of findings missing from it are added with their ID only.
	Rules []Rule
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool      `json:"tool"`
	Results    []sarifResult  `json:"results"`
	ColumnKind string         `json:"columnKind"`
	Properties map[string]any `json:"properties,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID               string     `json:"id"`
	Name             string     `json:"name,omitempty"`
	ShortDescription *sarifText `json:"shortDescription,omitempty"`
	HelpURI          string     `json:"helpUri,omitempty"`
	Help             *sarifText `json:"help,omitempty"`
}

type sarifResult struct {
	RuleID       string             `json:"ruleId,omitempty"`
	RuleIndex    *int               `json:"ruleIndex,omitempty"`
	Level        string             `json:"level"`
	Message      sarifText          `json:"message"`
	Locations    []sarifLocation    `json:"locations,omitempty"`
	Suppressions []sarifSuppression `json:"suppressions,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical         `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogicalLocation `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifLogicalLocation struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// fileURI turns a path into a SARIF artifact URI: relative paths stay
// relative to the source root (%SRCROOT%), absolute ones become file URIs.
func fileURI(path string) (uri, base string) {
	p := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		return (&url.URL{Scheme: "file", Path: p}).String(), ""
	}
	p = strings.TrimPrefix(p, "./")
	return (&url.URL{Path: p}).String(), "%SRCROOT%"
}

// WriteSARIF writes a SARIF 2.1.0 log with one run of tool holding fs:
// levels error/warning/note, the schema position as a physical location,
// the subject as a logical location, an acknowledgement as an external
// suppression.
func WriteSARIF(w io.Writer, tool Tool, fs []Finding) error {
	return WriteSARIFRun(w, tool, fs, nil)
}

// WriteSARIFRun is WriteSARIF with the run's property bag set to props
// (none when empty): verify puts its timing table there.
func WriteSARIFRun(w io.Writer, tool Tool, fs []Finding, props map[string]any) error {
	driver := sarifDriver{Name: tool.Name, Version: tool.Version, InformationURI: tool.InformationURI, Rules: []sarifRule{}}
	index := map[string]int{}
	addRule := func(r Rule) {
		if _, ok := index[r.ID]; ok || r.ID == "" {
			return
		}
		index[r.ID] = len(driver.Rules)
		sr := sarifRule{ID: r.ID, Name: r.Name}
		if r.Doc != "" {
			// helpUri must be absolute: the page in the tool's repository.
			sr.Help = &sarifText{Text: "See " + r.Doc}
			switch {
			case tool.DocBase != "":
				sr.HelpURI = DocURL(tool.DocBase, r.Doc)
			case tool.InformationURI != "":
				sr.HelpURI = strings.TrimSuffix(tool.InformationURI, "/") + "/blob/main/" + r.Doc
			}
		}
		if r.Short != "" {
			sr.ShortDescription = &sarifText{Text: r.Short}
		}
		driver.Rules = append(driver.Rules, sr)
	}
	for _, r := range tool.Rules {
		addRule(r)
	}
	for _, c := range codes(fs) {
		addRule(Rule{ID: c})
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, Results: []sarifResult{}, ColumnKind: "unicodeCodePoints", Properties: props}
	for _, f := range fs {
		level := "warning"
		switch f.Severity {
		case Error:
			level = "error"
		case Note:
			level = "note"
		}
		text := f.Summary
		if f.Detail != "" {
			text += ". " + f.Detail
		}
		res := sarifResult{RuleID: f.Code, Level: level, Message: sarifText{Text: text}}
		if i, ok := index[f.Code]; ok {
			i := i
			res.RuleIndex = &i
		}
		loc := sarifLocation{}
		if p := f.Pos; p != nil {
			uri, base := fileURI(p.File)
			reg := &sarifRegion{StartLine: p.Line, StartColumn: p.Column, EndLine: p.EndLine, EndColumn: p.EndColumn}
			loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: base}, Region: reg}
		}
		if f.Subject != "" {
			loc.LogicalLocations = []sarifLogicalLocation{{FullyQualifiedName: f.Subject}}
		}
		if loc.PhysicalLocation != nil || loc.LogicalLocations != nil {
			res.Locations = []sarifLocation{loc}
		}
		if f.Acknowledged != "" {
			res.Suppressions = []sarifSuppression{{Kind: "external", Justification: f.Acknowledged}}
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: SARIFSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

// sarifStep is a step of the timing table in SARIF's run properties.
type sarifStep struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
}

// writeSARIFFormat writes the report as a SARIF log of its tool; the timing
// table goes into the run's properties (steps and duration_seconds, in
// seconds rounded to the millisecond).
func writeSARIFFormat(w io.Writer, r *Report) error {
	fs, _ := r.located()
	var props map[string]any
	if t := r.Timing; t != nil {
		steps := make([]sarifStep, len(t.Steps))
		for i, s := range t.Steps {
			steps[i] = sarifStep{Name: s.Name, Seconds: s.Duration.Round(time.Millisecond).Seconds()}
		}
		props = map[string]any{"steps": steps, "duration_seconds": t.Total.Round(time.Millisecond).Seconds()}
	}
	return WriteSARIFRun(w, r.Tool, fs, props)
}
