package findings

import (
	"fmt"
	"io"
	"path/filepath"
	"time"
)

// Report is what a command hands the pipeline: its findings, its rule list
// and how to name and group them. Every format of the registry (Formats)
// writes a Report; a command that has its own form of a format (its text
// report, its JSON document, JUnit suites grouped its own way) puts it in
// Own, and the pipeline writes that instead.
type Report struct {
	// Command names the run, "tfdyn validate": the JUnit document's name
	// and the suite of findings that have no file.
	Command string
	// Title heads the Markdown section (default: Command).
	Title string
	// Tool is the program and its rule list: every code the command can
	// report (SARIF's rule table).
	Tool Tool
	// Findings are the results, in the command's order.
	Findings []Finding
	// Files lists every file the command checked, so that JUnit shows a
	// clean file as a passing case.
	Files []string
	// Timing is the run's timing table (verify), or nil.
	Timing *Timing
	// Root, when set, is the directory positions are shown relative to
	// ($GITHUB_WORKSPACE): files under it become relative slash paths,
	// others keep their path.
	Root string
	// Own maps a format name to the command's own writer for it.
	Own map[string]func(io.Writer) error
}

// Timing is a run's timing table: its steps in the order they ended
// (overlapping steps each show their own time) and the whole run.
type Timing struct {
	Steps []Step
	Total time.Duration
}

// Step is one timed step of a run.
type Step struct {
	Name     string
	Duration time.Duration
}

// Blocks reports whether an error finding is not acknowledged: the one
// verdict every command's exit code follows.
func (r *Report) Blocks() bool {
	errs, _ := Counts(r.Findings)
	return errs > 0
}

func (r *Report) title() string {
	if r.Title != "" {
		return r.Title
	}
	return r.Command
}

// located returns the findings and files with paths relative to Root, and
// documentation pages linked under Tool.DocBase (DocURL): a summary or an
// annotation read in a user's repository must not link
// docs/rules/TD101.md relative to that repository, where no such page
// exists.
func (r *Report) located() (fs []Finding, files []string) {
	if r.Root == "" && r.Tool.DocBase == "" {
		return r.Findings, r.Files
	}
	fs = make([]Finding, len(r.Findings))
	for i, f := range r.Findings {
		fs[i] = f
		fs[i].Doc = DocURL(r.Tool.DocBase, f.Doc)
		if r.Root != "" && f.Pos != nil {
			p := *f.Pos
			p.File = relativeTo(r.Root, p.File)
			fs[i].Pos = &p
		}
	}
	files = make([]string, len(r.Files))
	for i, f := range r.Files {
		files[i] = f
		if r.Root != "" {
			files[i] = relativeTo(r.Root, f)
		}
	}
	return fs, files
}

// relativeTo is path relative to root as a slash path when it lies under
// root, else path unchanged.
func relativeTo(root, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(root, abs); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	return path
}

// WriteText writes the timing table for people: a line per step with its
// seconds, as the text reports and the GitHub log group show it.
func (t *Timing) WriteText(w io.Writer) {
	for _, s := range t.Steps {
		fmt.Fprintf(w, "  %-28s %6.1fs\n", s.Name, s.Duration.Seconds())
	}
}
