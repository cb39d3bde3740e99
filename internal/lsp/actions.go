package lsp

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tfdyn/tfdyn/hclschema"
)

func (s *Server) formatting(c *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	_, text := s.snapshotFor(path)
	return Format(path, text), nil
}

// Format returns the edit that formats text as tfdyn fmt does (one edit
// of the whole document), none when it is formatted or does not parse.
func Format(path, text string) []protocol.TextEdit {
	out, diags := hclschema.Format(path, []byte(text))
	if diags.HasErrors() || string(out) == text {
		return []protocol.TextEdit{}
	}
	return []protocol.TextEdit{{Range: protocol.Range{Start: position(text, 0), End: position(text, len(text))}, NewText: string(out)}}
}

func (s *Server) codeAction(c *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	snap, text := s.snapshotFor(path)
	return CodeActions(snap, p.TextDocument.URI, path, text, p.Context.Diagnostics), nil
}

// CodeActions returns the fixes for the diagnostics of the request whose
// fix is certain: TD110 pads the number with format("%010d", n) (what the
// diagnostic says); a lint warning on a table, entity or access pattern can
// be accepted: an accept block for it with an empty reason, which the
// loader refuses until the reason is written.
func CodeActions(snap *snapshot, uri, path, text string, diags []protocol.Diagnostic) []protocol.CodeAction {
	out := []protocol.CodeAction{}
	m := hoverModel(snap, path, text)
	for _, d := range diags {
		code := ""
		if d.Code != nil {
			code = fmt.Sprint(d.Code.Value)
		}
		if code == "" {
			continue
		}
		start, end := offset(text, d.Range.Start), offset(text, d.Range.End)
		if code == "TD110" && end > start && end <= len(text) {
			name := text[start:end]
			if validIdentifier(name) {
				out = append(out, action(fmt.Sprintf("Pad %s to 10 digits: format(\"%%010d\", %s)", name, name), uri, d,
					protocol.TextEdit{Range: d.Range, NewText: fmt.Sprintf("format(\"%%010d\", %s)", name)}))
			}
		}
		if m != nil && d.Severity != nil && *d.Severity == protocol.DiagnosticSeverityWarning && strings.HasPrefix(code, "TD") {
			if target, ok := enclosingTarget(m, path, start); ok {
				insert := position(text, len(text))
				lead := "\n"
				if !strings.HasSuffix(text, "\n") {
					lead = "\n\n"
				}
				block := fmt.Sprintf("%saccept %q {\n  target = %s\n  reason = \"\"\n}\n", lead, code, target)
				out = append(out, action(fmt.Sprintf("Accept %s on %s (write the reason)", code, target), uri, d,
					protocol.TextEdit{Range: protocol.Range{Start: insert, End: insert}, NewText: block}))
			}
		}
	}
	return out
}

func action(title, uri string, d protocol.Diagnostic, edit protocol.TextEdit) protocol.CodeAction {
	kind := protocol.CodeActionKindQuickFix
	return protocol.CodeAction{Title: title, Kind: &kind, Diagnostics: []protocol.Diagnostic{d},
		Edit: &protocol.WorkspaceEdit{Changes: map[string][]protocol.TextEdit{uri: {edit}}}}
}

func validIdentifier(s string) bool {
	if s == "" || !(s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdent(s[i]) {
			return false
		}
	}
	return true
}

// enclosingTarget returns the innermost table, entity or access pattern
// block of path holding byte offset off, as an accept target.
func enclosingTarget(m *hclschema.Schema, path string, off int) (string, bool) {
	var targets []string
	for _, t := range m.Tables {
		targets = append(targets, "table."+t.Label)
	}
	for _, e := range m.Entities {
		targets = append(targets, "entity."+e.Name)
	}
	for _, p := range m.Patterns {
		targets = append(targets, "access_pattern."+p.Name)
	}
	best, size := "", -1
	sort.Strings(targets)
	for _, t := range targets {
		r, ok := m.BlockRange(t)
		if !ok || r.Filename != path || !contains(r, off) {
			continue
		}
		if n := r.End.Byte - r.Start.Byte; size < 0 || n < size {
			best, size = t, n
		}
	}
	return best, best != ""
}

// rangeText returns the text of r in text.
func rangeText(text string, r hcl.Range) string {
	if r.Start.Byte < 0 || r.End.Byte > len(text) || r.Start.Byte > r.End.Byte {
		return ""
	}
	return text[r.Start.Byte:r.End.Byte]
}
