package lsp

import (
	"encoding/json"
	"testing"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// FuzzEdits applies a stream of edits to a schema, as an editor sends
// them (ranges in LSP positions, UTF-16 columns), and asks the server at
// the edited place what it would answer while typing: the check (loader
// and lint), completion, hover, definition, code actions and formatting.
// Nothing may panic or hang. Each edit is 5 bytes (start line, start
// character, end line, end character, length n) and n bytes of text.
func FuzzEdits(f *testing.F) {
	f.Add([]byte{18, 12, 18, 12, 3, '$', '{', 'x'})
	f.Add([]byte{0, 0, 60, 0, 0})
	f.Add([]byte{9, 7, 9, 14, 4, 'O', 'r', 'd', 'r', 30, 2, 30, 2, 2, '"', '\n'})
	f.Add([]byte{52, 0, 52, 0, 8, 'e', 'n', 't', 'i', 't', 'y', '.', '{'})
	f.Fuzz(func(t *testing.T, edits []byte) {
		text := schemaText
		s := New(Options{})
		for len(edits) >= 5 {
			r := protocol.Range{Start: protocol.Position{Line: protocol.UInteger(edits[0]), Character: protocol.UInteger(edits[1])},
				End: protocol.Position{Line: protocol.UInteger(edits[2]), Character: protocol.UInteger(edits[3])}}
			n := int(edits[4])
			edits = edits[5:]
			if n > len(edits) {
				n = len(edits)
			}
			next, err := applyChange(text, protocol.TextDocumentContentChangeEvent{Range: &r, Text: string(edits[:n])})
			edits = edits[n:]
			if err != nil {
				continue
			}
			text = next
			off := offset(text, r.Start)
			snap := s.load("/s", map[string]string{schemaPath: text})
			for _, d := range snap.diags {
				_ = toDiagnostic(text, d)
			}
			_ = Complete(snap, text, off)
			_, _, _ = Hover(snap, schemaPath, text, off)
			_, _ = Definition(snap, schemaPath, text, off)
			diags := []protocol.Diagnostic{}
			for _, d := range snap.diags {
				diags = append(diags, toDiagnostic(text, d))
			}
			_ = CodeActions(snap, "file://"+schemaPath, schemaPath, text, diags)
			_ = Format(schemaPath, text)
		}
	})
}

// FuzzRequests sends arbitrary parameters to every method the server
// handles, after a document is open: a message that does not decode is an
// invalid-params error, never a panic.
func FuzzRequests(f *testing.F) {
	f.Add(uint8(0), []byte(`{"textDocument":{"uri":"file:///s/app.tfdyn.hcl"},"position":{"line":18,"character":12}}`))
	f.Add(uint8(1), []byte(`{"textDocument":{"uri":"file:///s/app.tfdyn.hcl","version":2},"contentChanges":[{"range":{"start":{"line":99,"character":0},"end":{"line":0,"character":0}},"text":"x"}]}`))
	f.Add(uint8(5), []byte(`{"textDocument":{"uri":"file:///s/app.tfdyn.hcl"},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"context":{"diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":9}},"code":"TD110","message":"m"}]}}`))
	f.Add(uint8(7), []byte(`null`))
	methods := []string{
		protocol.MethodTextDocumentCompletion, protocol.MethodTextDocumentDidChange, protocol.MethodTextDocumentHover,
		protocol.MethodTextDocumentDefinition, protocol.MethodTextDocumentFormatting, protocol.MethodTextDocumentCodeAction,
		protocol.MethodTextDocumentDidOpen, protocol.MethodTextDocumentDidClose, protocol.MethodInitialize,
		protocol.MethodWorkspaceDidChangeWatchedFiles,
	}
	f.Fuzz(func(t *testing.T, m uint8, params []byte) {
		if !json.Valid(params) {
			return // jsonrpc2 refuses invalid JSON before a handler sees it
		}
		s := New(Options{})
		s.handler.SetInitialized(true)
		s.docs[schemaPath] = &document{uri: "file://" + schemaPath, path: schemaPath, version: 1, text: schemaText}
		s.load("/s", map[string]string{schemaPath: schemaText})
		s.shutdown = true // no debounced checks in the background
		gc := &glsp.Context{Method: methods[int(m)%len(methods)], Params: params,
			Notify: func(string, any) {}, Call: func(string, any, any) {}}
		_, _, _, _ = s.handler.Handle(gc)
	})
}
