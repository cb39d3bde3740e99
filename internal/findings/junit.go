package findings

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
)

// JUnit is a JUnit XML document: test suites of test cases. Every command
// builds its own suites (validate: a suite per schema file; plan: a suite
// per table; verify: a suite per check) and WriteJUnit writes them.
type JUnit struct {
	Name   string
	Suites []JUnitSuite
}

// JUnitSuite is a named group of cases.
type JUnitSuite struct {
	Name  string
	Cases []JUnitCase
	// Seconds is the time the suite took (0: not measured).
	Seconds float64
	// SystemOut is the suite's own output (verify: its timing table).
	SystemOut string
}

// JUnitCase is one test case: it passes unless Failure is set; Skipped
// (a reason) marks it skipped; SystemOut carries notes and warnings.
type JUnitCase struct {
	Name      string
	Classname string
	// Seconds is the time the case took (0: not measured).
	Seconds   float64
	Failure   *JUnitFailure
	Skipped   string
	SystemOut string
}

// JUnitFailure is why a case failed.
type JUnitFailure struct {
	Message string
	Type    string
	Text    string
}

type xmlSuites struct {
	XMLName  xml.Name   `xml:"testsuites"`
	Name     string     `xml:"name,attr"`
	Tests    int        `xml:"tests,attr"`
	Failures int        `xml:"failures,attr"`
	Skipped  int        `xml:"skipped,attr"`
	Suites   []xmlSuite `xml:"testsuite"`
}

type xmlSuite struct {
	Name      string    `xml:"name,attr"`
	Tests     int       `xml:"tests,attr"`
	Failures  int       `xml:"failures,attr"`
	Skipped   int       `xml:"skipped,attr"`
	Time      string    `xml:"time,attr,omitempty"`
	Cases     []xmlCase `xml:"testcase"`
	SystemOut string    `xml:"system-out,omitempty"`
}

type xmlCase struct {
	Name      string      `xml:"name,attr"`
	Classname string      `xml:"classname,attr"`
	Time      string      `xml:"time,attr,omitempty"`
	Failure   *xmlFailure `xml:"failure,omitempty"`
	Skipped   *xmlSkipped `xml:"skipped,omitempty"`
	SystemOut string      `xml:"system-out,omitempty"`
}

type xmlFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type xmlSkipped struct {
	Message string `xml:"message,attr"`
}

// WriteJUnit writes j as JUnit XML, with the counts of every suite and of
// the document.
func WriteJUnit(w io.Writer, j JUnit) error {
	doc := xmlSuites{Name: j.Name, Suites: []xmlSuite{}}
	for _, s := range j.Suites {
		xs := xmlSuite{Name: s.Name, SystemOut: s.SystemOut}
		if s.Seconds > 0 {
			xs.Time = fmt.Sprintf("%.3f", s.Seconds)
		}
		for _, c := range s.Cases {
			xc := xmlCase{Name: c.Name, Classname: c.Classname, SystemOut: c.SystemOut}
			if c.Seconds > 0 {
				xc.Time = fmt.Sprintf("%.3f", c.Seconds)
			}
			if f := c.Failure; f != nil {
				xc.Failure = &xmlFailure{Message: f.Message, Type: f.Type, Text: f.Text}
				xs.Failures++
			}
			if c.Skipped != "" {
				xc.Skipped = &xmlSkipped{Message: c.Skipped}
				xs.Skipped++
			}
			xs.Tests++
			xs.Cases = append(xs.Cases, xc)
		}
		doc.Tests += xs.Tests
		doc.Failures += xs.Failures
		doc.Skipped += xs.Skipped
		doc.Suites = append(doc.Suites, xs)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("junit: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// JUnitByFile groups findings into a suite per file (files lists every
// file checked, so a clean file gets a passing case "no findings"): a case
// per finding, failed for errors, with warnings and notes in system-out.
// Findings without a position go to a suite named after the command.
func JUnitByFile(name string, files []string, fs []Finding) JUnit {
	byFile := map[string][]Finding{}
	for _, f := range fs {
		file := name
		if f.Pos != nil {
			file = f.Pos.File
		}
		byFile[file] = append(byFile[file], f)
	}
	all := append([]string(nil), files...)
	seen := map[string]bool{}
	for _, f := range all {
		seen[f] = true
	}
	var extra []string
	for f := range byFile {
		if !seen[f] {
			extra = append(extra, f)
		}
	}
	sort.Strings(extra)
	all = append(all, extra...)
	j := JUnit{Name: name}
	for _, file := range all {
		s := JUnitSuite{Name: file}
		if len(byFile[file]) == 0 {
			s.Cases = append(s.Cases, JUnitCase{Name: "no findings", Classname: file})
		}
		for _, f := range byFile[file] {
			c := JUnitCase{Name: f.Title(), Classname: file}
			where := file
			if p := f.Pos; p != nil {
				where = fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
				c.Name = fmt.Sprintf("%s (%d:%d)", f.Title(), p.Line, p.Column)
			}
			text := where + ": " + f.Summary + "\n" + f.Detail
			if f.Severity == Error && f.Acknowledged == "" {
				c.Failure = &JUnitFailure{Message: f.Summary, Type: f.Code, Text: text}
			} else {
				c.SystemOut = string(f.Severity) + ": " + text
			}
			s.Cases = append(s.Cases, c)
		}
		j.Suites = append(j.Suites, s)
	}
	return j
}

// writeJUnitFormat writes the report as JUnit XML grouped by file (see
// JUnitByFile).
func writeJUnitFormat(w io.Writer, r *Report) error {
	fs, files := r.located()
	return WriteJUnit(w, JUnitByFile(r.Command, files, fs))
}
