package lsp

import (
	"os"
	"path/filepath"
	"sort"

	"github.com/hashicorp/hcl/v2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
)

// snapshot is one check of a schema directory.
type snapshot struct {
	// schema is the model as loaded (partial when the load has errors).
	schema *hclschema.Schema
	// good is the last model that loaded without errors (nil before one
	// did): hover and definition prefer it while the text is broken.
	good *hclschema.Schema
	// texts holds the text of every file of the schema as checked.
	texts map[string]string
	// diags are the diagnostics of the check.
	diags hcl.Diagnostics
}

// sources returns the text of every schema file of dir: open documents as
// edited, the other files from disk (hclschema's input limits apply, as
// in tfdyn validate). A file that cannot be read is left out.
func (s *Server) sources(dir string) map[string]string {
	srcs, _ := s.sourcesVersions(dir)
	return srcs
}

// sourcesVersions is sources with the version of each open document.
func (s *Server) sourcesVersions(dir string) (map[string]string, map[string]protocol.Integer) {
	s.mu.Lock()
	srcs := map[string]string{}
	versions := map[string]protocol.Integer{}
	for path, d := range s.docs {
		if filepath.Dir(path) == dir {
			srcs[path] = d.text
			versions[path] = d.version
		}
	}
	s.mu.Unlock()
	if files, err := hclschema.FindFiles(dir); err == nil {
		for _, f := range files {
			if abs, err := filepath.Abs(f); err == nil {
				f = abs
			}
			if _, open := srcs[f]; open {
				continue
			}
			if b, err := hclschema.ReadFile(f); err == nil {
				srcs[f] = string(b)
			}
		}
	}
	return srcs, versions
}

// Check loads and lints the schema of dir as tfdyn validate does and
// returns the snapshot (for benchmarks and tests; the server checks after
// edits).
func (s *Server) Check(dir string) *snapshot { return s.load(dir, s.sources(dir)) }

// load checks the schema made of srcs.
func (s *Server) load(dir string, srcs map[string]string) *snapshot {
	in := make(map[string][]byte, len(srcs))
	for f, t := range srcs {
		in[f] = []byte(t)
	}
	schema, diags := hclschema.LoadSources(in)
	if !diags.HasErrors() {
		diags = append(diags, lint.Run(schema)...)
	}
	snap := &snapshot{schema: schema, texts: srcs, diags: diags}
	s.mu.Lock()
	if prev := s.schemas[dir]; prev != nil {
		snap.good = prev.good
	}
	if !diags.HasErrors() {
		snap.good = schema
	}
	s.schemas[dir] = snap
	s.mu.Unlock()
	return snap
}

// check checks dir and publishes its diagnostics, each file's with the
// version of the text they were computed from. Checks of one directory
// do not overlap: one asked for while another runs follows it, once.
func (s *Server) check(dir string) {
	s.mu.Lock()
	if s.running[dir] {
		s.again[dir] = true
		s.mu.Unlock()
		return
	}
	s.running[dir] = true
	s.mu.Unlock()
	for {
		s.checkOnce(dir)
		s.mu.Lock()
		if !s.again[dir] || s.shutdown {
			delete(s.running, dir)
			delete(s.again, dir)
			s.mu.Unlock()
			return
		}
		delete(s.again, dir)
		s.mu.Unlock()
	}
}

func (s *Server) checkOnce(dir string) {
	srcs, versions := s.sourcesVersions(dir)
	snap := s.load(dir, srcs)
	byFile := map[string][]protocol.Diagnostic{}
	for _, d := range snap.diags {
		file := ""
		if d.Subject != nil {
			file = d.Subject.Filename
		}
		text, ok := snap.texts[file]
		if !ok {
			// No file (a schema-wide problem): shown at the top of every
			// open document of the schema.
			s.mu.Lock()
			for path, doc := range s.docs {
				if filepath.Dir(path) == dir {
					byFile[path] = append(byFile[path], toDiagnostic(doc.text, d))
				}
			}
			s.mu.Unlock()
			continue
		}
		byFile[file] = append(byFile[file], toDiagnostic(text, d))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.notify == nil || s.shutdown {
		return
	}
	prev := s.published[dir]
	now := map[string]bool{}
	var files []string
	for f := range byFile {
		files = append(files, f)
	}
	for f := range prev {
		if byFile[f] == nil {
			files = append(files, f)
		}
	}
	for f := range s.docs {
		if filepath.Dir(f) == dir && byFile[f] == nil && !prev[f] {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	for _, f := range files {
		ds := byFile[f]
		if ds == nil {
			ds = []protocol.Diagnostic{}
		} else {
			now[f] = true
		}
		params := protocol.PublishDiagnosticsParams{URI: uriOf(f), Diagnostics: ds}
		if d := s.docs[f]; d != nil {
			params.URI = d.uri
		}
		if v, ok := versions[f]; ok {
			u := protocol.UInteger(v)
			params.Version = &u
		}
		s.notify(protocol.ServerTextDocumentPublishDiagnostics, params)
	}
	s.published[dir] = now
}

// toDiagnostic converts an hcl diagnostic on text into an LSP one: the
// code (TD..., IM...), the summary and the detail.
func toDiagnostic(text string, d *hcl.Diagnostic) protocol.Diagnostic {
	sev := protocol.DiagnosticSeverityError
	if d.Severity == hcl.DiagWarning {
		sev = protocol.DiagnosticSeverityWarning
	}
	source := "tfdyn"
	out := protocol.Diagnostic{Severity: &sev, Source: &source, Message: d.Summary}
	if d.Detail != "" {
		out.Message += "\n\n" + d.Detail
	}
	if c := diag.CodeOf(d); c != "" {
		code := protocol.IntegerOrString{Value: string(c)}
		out.Code = &code
	}
	if d.Subject != nil {
		out.Range = lspRange(text, *d.Subject)
	}
	return out
}

// snapshotFor returns the last snapshot of the schema of path and the
// document's current text (from the snapshot when it is not open).
func (s *Server) snapshotFor(path string) (*snapshot, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	snap := s.schemas[filepath.Dir(path)]
	text := ""
	if d := s.docs[path]; d != nil {
		text = d.text
	} else if snap != nil {
		text = snap.texts[path]
	} else if b, err := os.ReadFile(path); err == nil {
		text = string(b)
	}
	return snap, text
}
