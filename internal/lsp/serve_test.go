package lsp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/stretchr/testify/require"
)

// pipeRWC is one end of an in-memory connection.
type pipeRWC struct {
	io.Reader
	io.WriteCloser
}

// TestServeDebounce: edits typed faster than the debounce give one check
// of the last text (its version in the publication), requests are
// answered meanwhile, and shutdown and exit end Serve with nil.
func TestServeDebounce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "app.tfdyn.hcl")
	require.NoError(t, os.WriteFile(path, []byte(schemaText), 0o644))
	uri := uriOf(path)

	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	srv := New(Options{Debounce: 300 * time.Millisecond})
	done := make(chan error, 1)
	go func() { done <- srv.Serve(context.Background(), sr, sw) }()

	var mu sync.Mutex
	var pubs []map[string]any
	client := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipeRWC{cr, cw}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(ctx context.Context, c *jsonrpc2.Conn, r *jsonrpc2.Request) (any, error) {
			if r.Method == "textDocument/publishDiagnostics" {
				var p map[string]any
				if err := json.Unmarshal(*r.Params, &p); err != nil {
					return nil, err
				}
				mu.Lock()
				pubs = append(pubs, p)
				mu.Unlock()
			}
			return nil, nil
		}))
	ctx := context.Background()
	var init map[string]any
	require.NoError(t, client.Call(ctx, "initialize", map[string]any{"capabilities": map[string]any{}}, &init))
	require.NoError(t, client.Notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 1, "text": schemaText}}))
	waitFor := func(version float64) map[string]any {
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			mu.Lock()
			for _, p := range pubs {
				if v, _ := p["version"].(float64); v == version {
					mu.Unlock()
					return p
				}
			}
			mu.Unlock()
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("no diagnostics for version %v", version)
		return nil
	}
	first := waitFor(1)
	mu.Lock()
	before := len(pubs)
	mu.Unlock()
	// Ten keystrokes, each appending to a comment line, within the debounce.
	for v := 2; v <= 11; v++ {
		require.NoError(t, client.Notify(ctx, "textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": v},
			"contentChanges": []any{map[string]any{"range": map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 0, "character": 0}}, "text": "#\n"}},
		}))
		var items []map[string]any
		require.NoError(t, client.Call(ctx, "textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": 0, "character": 0}}, &items))
	}
	last := waitFor(11)
	require.Len(t, last["diagnostics"], len(first["diagnostics"].([]any)), "the same findings, lines moved")
	mu.Lock()
	after := len(pubs)
	mu.Unlock()
	require.Equal(t, 1, after-before, "one check after the burst of edits")
	srv.mu.Lock()
	require.True(t, strings.HasPrefix(srv.docs[path].text, strings.Repeat("#\n", 10)))
	srv.mu.Unlock()

	require.NoError(t, client.Call(ctx, "shutdown", nil, nil))
	require.NoError(t, client.Notify(ctx, "exit", nil))
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(20 * time.Second):
		t.Fatal("Serve did not return after exit")
	}
	_ = client.Close()
}
