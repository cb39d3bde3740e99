package lsp

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Options configure a server.
type Options struct {
	// Debounce is how long the server waits after an edit before it checks
	// the schema again (another edit in that time restarts the wait).
	Debounce time.Duration
	// Version is reported to the client in serverInfo.
	Version string
}

// DefaultDebounce is the pause after typing before diagnostics.
const DefaultDebounce = 150 * time.Millisecond

// Server is one language server session.
type Server struct {
	opts    Options
	handler protocol.Handler

	mu sync.Mutex
	// docs holds the open documents by path.
	docs map[string]*document
	// schemas holds the last check of each schema directory.
	schemas map[string]*snapshot
	// timers holds the pending debounced check of each directory.
	timers map[string]*time.Timer
	// published lists the files of each directory that have diagnostics,
	// so that a file whose problems are fixed is cleared.
	published map[string]map[string]bool
	// running marks the directories being checked; again those to check
	// once more when that check ends.
	running, again map[string]bool
	notify         glsp.NotifyFunc
	shutdown       bool
	closed         chan struct{}
	wg             sync.WaitGroup
}

// document is an open document.
type document struct {
	uri     string
	path    string
	version protocol.Integer
	text    string
}

// New returns a server.
func New(opts Options) *Server {
	if opts.Debounce <= 0 {
		opts.Debounce = DefaultDebounce
	}
	s := &Server{opts: opts, docs: map[string]*document{}, schemas: map[string]*snapshot{},
		timers: map[string]*time.Timer{}, published: map[string]map[string]bool{},
		running: map[string]bool{}, again: map[string]bool{}}
	s.handler = protocol.Handler{
		Initialize:             s.initialize,
		Initialized:            func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:               s.shutdownRequest,
		Exit:                   func(*glsp.Context) error { return nil },
		SetTrace:               func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		TextDocumentDidOpen:    s.didOpen,
		TextDocumentDidChange:  s.didChange,
		TextDocumentDidClose:   s.didClose,
		TextDocumentDidSave:    func(*glsp.Context, *protocol.DidSaveTextDocumentParams) error { return nil },
		TextDocumentCompletion: s.completion,
		TextDocumentHover:      s.hover,
		TextDocumentDefinition: s.definition,
		TextDocumentFormatting: s.formatting,
		TextDocumentCodeAction: s.codeAction,
		WorkspaceDidChangeWatchedFiles: func(c *glsp.Context, p *protocol.DidChangeWatchedFilesParams) error {
			s.mu.Lock()
			defer s.mu.Unlock()
			dirs := map[string]bool{}
			for _, ch := range p.Changes {
				if path, ok := pathOf(ch.URI); ok {
					dirs[filepath.Dir(path)] = true
				}
			}
			for d := range dirs {
				s.schedule(d, 0)
			}
			return nil
		},
	}
	return s
}

// rwc joins a reader and a writer into the stream jsonrpc2 reads.
type rwc struct {
	io.Reader
	io.Writer
}

func (rwc) Close() error { return nil }

// Serve runs the protocol on in and out until the client exits or in
// ends. It returns nil after shutdown and exit, an error when the stream
// ends without them.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(rwc{in, out}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(ctx context.Context, c *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			return s.handle(ctx, c, req)
		}))
	s.mu.Lock()
	s.notify = func(method string, params any) { _ = conn.Notify(ctx, method, params) }
	s.mu.Unlock()
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		_ = conn.Close()
	}
	// A check still running (lint of a large schema) is not waited for:
	// it publishes nothing after shutdown, and exit stays prompt.
	s.mu.Lock()
	s.stopTimers()
	shut := s.shutdown
	s.mu.Unlock()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if !shut {
		return fmt.Errorf("lsp: the client closed the connection without shutdown")
	}
	return nil
}

// handle runs one request or notification through the protocol handler.
func (s *Server) handle(ctx context.Context, c *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	gc := &glsp.Context{Method: req.Method,
		Notify: func(method string, params any) { _ = c.Notify(ctx, method, params) },
		Call:   func(method string, params, result any) { _ = c.Call(ctx, method, params, result) }}
	if req.Params != nil {
		gc.Params = *req.Params
	}
	if req.Method == protocol.MethodExit {
		_ = c.Close()
		return nil, nil
	}
	r, validMethod, validParams, err := s.dispatch(gc)
	switch {
	case !validMethod:
		if req.Notif || strings.HasPrefix(req.Method, "$/") {
			return nil, nil
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "tfdyn lsp does not support " + req.Method}
	case !validParams:
		msg := "invalid params for " + req.Method
		if err != nil {
			msg += ": " + err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

// dispatch calls the handler, turning a panic into an error: a bug in one
// request must not end the session.
func (s *Server) dispatch(gc *glsp.Context) (r any, validMethod, validParams bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			r, validMethod, validParams, err = nil, true, true, fmt.Errorf("internal error in %s: %v", gc.Method, p)
		}
	}()
	return s.handler.Handle(gc)
}

func (s *Server) initialize(c *glsp.Context, p *protocol.InitializeParams) (any, error) {
	s.handler.SetInitialized(true)
	caps := s.handler.CreateServerCapabilities()
	kind := protocol.TextDocumentSyncKindIncremental
	caps.TextDocumentSync = protocol.TextDocumentSyncOptions{OpenClose: &protocol.True, Change: &kind}
	caps.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: []string{".", "{", "\"", " "}}
	caps.CodeActionProvider = &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}}
	version := s.opts.Version
	return protocol.InitializeResult{Capabilities: caps, ServerInfo: &protocol.InitializeResultServerInfo{Name: "tfdyn", Version: &version}}, nil
}

func (s *Server) shutdownRequest(*glsp.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shutdown = true
	s.stopTimers()
	return nil
}

// stopTimers cancels the pending checks. The caller holds s.mu.
func (s *Server) stopTimers() {
	for dir, t := range s.timers {
		t.Stop()
		delete(s.timers, dir)
	}
}

// pathOf returns the file path of a file:// URI.
func pathOf(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return "", false
	}
	return filepath.FromSlash(u.Path), true
}

// uriOf returns the file:// URI of a path.
func uriOf(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

func (s *Server) didOpen(c *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok || !strings.HasSuffix(path, hclschema.FileSuffix) {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[path] = &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: p.TextDocument.Text}
	s.schedule(filepath.Dir(path), 0)
	return nil
}

func (s *Server) didChange(c *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	if d == nil {
		return nil
	}
	for _, ch := range p.ContentChanges {
		text, err := applyChange(d.text, ch)
		if err != nil {
			return err
		}
		d.text = text
	}
	d.version = p.TextDocument.Version
	s.schedule(filepath.Dir(path), s.opts.Debounce)
	return nil
}

func (s *Server) didClose(c *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, open := s.docs[path]; open {
		delete(s.docs, path)
		s.schedule(filepath.Dir(path), 0)
	}
	return nil
}

// schedule checks directory dir after wait, replacing a pending check.
// The caller holds s.mu.
func (s *Server) schedule(dir string, wait time.Duration) {
	if s.shutdown {
		return
	}
	if t := s.timers[dir]; t != nil {
		t.Stop()
	}
	var t *time.Timer
	t = time.AfterFunc(wait, func() {
		s.mu.Lock()
		if s.timers[dir] != t || s.shutdown {
			s.mu.Unlock()
			return
		}
		delete(s.timers, dir)
		s.mu.Unlock()
		s.check(dir)
	})
	s.timers[dir] = t
}
