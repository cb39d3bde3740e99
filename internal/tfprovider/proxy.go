package tfprovider

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"sync"

	"github.com/hashicorp/terraform-exec/tfexec"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// The provider's answers to these plugin-protocol calls depend only on the
// provider binary and the request: the schema, and the validation of the
// provider block. The hashicorp/aws provider computes both from scratch on
// every call (the SDK's Provider.Validate runs InternalValidate over every
// resource schema): 2-4 s of CPU each, two or three times per terraform
// command. Proxy answers a repeated call with the first answer.
// The other schema calls are pure too (and cheap).
var pureMethods = map[string]bool{
	"/tfplugin5.Provider/GetSchema":                  true,
	"/tfplugin5.Provider/PrepareProviderConfig":      true,
	"/tfplugin5.Provider/GetMetadata":                true,
	"/tfplugin5.Provider/GetResourceIdentitySchemas": true,
	"/tfplugin5.Provider/GetFunctions":               true,
	"/tfplugin6.Provider/GetProviderSchema":          true,
	"/tfplugin6.Provider/ValidateProviderConfig":     true,
	"/tfplugin6.Provider/GetMetadata":                true,
	"/tfplugin6.Provider/GetResourceIdentitySchemas": true,
	"/tfplugin6.Provider/GetFunctions":               true,
}

// maxMessage bounds a plugin-protocol message (the schema of hashicorp/aws
// is some MB; terraform-plugin-go allows 256 MiB).
const maxMessage = 256 << 20

// Proxy sits between terraform and the provider process of a run,
// on a Unix socket of its own: it forwards every call and stream unchanged
// (bytes, not decoded) and answers a repeated call of pureMethods with the
// same request bytes from its cache.
type Proxy struct {
	// sock is the proxy's socket; dir, when set, the directory made for it.
	sock     string
	dir      string
	server   *grpc.Server
	upstream *grpc.ClientConn
	mu       sync.Mutex
	cache    map[string]*cachedCall
	// store, when set, keeps the answers of storedMethods across runs.
	store *schemaStore
	// types, when set, are the resource types and data sources the
	// schema answers keep (trimSchema).
	types map[string]bool
	// hits counts the calls answered from the cache, asked the calls of
	// pureMethods forwarded to the provider, stored those answered from the
	// store, by method.
	hits, asked, stored map[string]int
}

// cachedCall is the answer to one pure call; done is closed once resp or
// err is set (a second identical call waits for the first).
type cachedCall struct {
	done chan struct{}
	resp []byte
	err  error
}

// proxySocket names the proxy's socket in the workspace.
const proxySocket = "provider.sock"

// maxSocketPath is the longest path tfprovider gives a Unix socket (the
// proxy's, the provider's): Linux allows 108 bytes, macOS 104.
const maxSocketPath = 100

// startProxy listens on a new Unix socket in workdir and forwards to
// the provider described by info (one provider), with store (nil: none) for
// the answers kept across runs and the types its schema answers keep (nil:
// all). It returns the reattach information that points terraform at the
// proxy.
func startProxy(workdir string, info tfexec.ReattachInfo, store *schemaStore, types map[string]bool) (*Proxy, tfexec.ReattachInfo, error) {
	if len(info) != 1 {
		return nil, nil, fmt.Errorf("provider proxy: %d providers in the reattach information, want 1", len(info))
	}
	var addr, cfg = "", tfexec.ReattachConfig{}
	for a, c := range info {
		addr, cfg = a, c
	}
	target := cfg.Addr.String
	if cfg.Addr.Network == "unix" {
		target = "unix:" + target
	}
	upstream, err := grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodec(rawCodec{}), grpc.MaxCallRecvMsgSize(maxMessage), grpc.MaxCallSendMsgSize(maxMessage)))
	if err != nil {
		return nil, nil, fmt.Errorf("provider proxy: connect to the provider: %w", err)
	}
	// The socket goes into the workspace (removed with it, also by the
	// next run after a kill), or into a directory of its own under the
	// system's temporary directory when the workspace's path is too long
	// for a socket (108 bytes on Linux).
	dir := ""
	if len(filepath.Join(workdir, proxySocket)) >= maxSocketPath {
		if dir, err = os.MkdirTemp("", "tfdyn-provider-"); err != nil {
			upstream.Close()
			return nil, nil, fmt.Errorf("provider proxy: %w", err)
		}
		workdir = dir
	}
	sock := filepath.Join(workdir, proxySocket)
	ln, err := net.Listen("unix", sock)
	if err != nil {
		upstream.Close()
		if dir != "" {
			_ = os.RemoveAll(dir)
		}
		return nil, nil, fmt.Errorf("provider proxy: %w", err)
	}
	p := &Proxy{sock: sock, dir: dir, upstream: upstream, cache: map[string]*cachedCall{},
		store: store, types: types, hits: map[string]int{}, asked: map[string]int{}, stored: map[string]int{}}
	p.server = grpc.NewServer(grpc.UnknownServiceHandler(p.handle), grpc.ForceServerCodec(rawCodec{}),
		grpc.MaxRecvMsgSize(maxMessage), grpc.MaxSendMsgSize(maxMessage))
	go func() { _ = p.server.Serve(ln) }()
	cfg.Addr = tfexec.ReattachConfigAddr{Network: "unix", String: sock}
	return p, tfexec.ReattachInfo{addr: cfg}, nil
}

// Stop closes the proxy's connections and removes its socket (and waits for
// the answers being stored).
func (p *Proxy) Stop() {
	p.server.Stop()
	p.upstream.Close()
	if p.store != nil {
		p.store.wait()
	}
	_ = os.Remove(p.sock)
	if p.dir != "" {
		_ = os.RemoveAll(p.dir)
	}
}

// CacheHits is the number of calls answered from the cache.
func (p *Proxy) CacheHits() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, h := range p.hits {
		n += h
	}
	return n
}

// Counts returns the calls of pureMethods answered from the cache, those
// forwarded to the provider and those answered from the store, by method.
func (p *Proxy) Counts() (hits, asked, stored map[string]int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return maps.Clone(p.hits), maps.Clone(p.asked), maps.Clone(p.stored)
}

// StoreDir is the directory of the answers kept across runs, "" without a
// store.
func (p *Proxy) StoreDir() string {
	if p.store == nil {
		return ""
	}
	return p.store.dir
}

// handle forwards one call or stream.
func (p *Proxy) handle(_ any, in grpc.ServerStream) error {
	method, ok := grpc.MethodFromServerStream(in)
	if !ok {
		return errors.New("provider proxy: no method")
	}
	if pureMethods[method] {
		var req []byte
		if err := in.RecvMsg(&req); err != nil {
			return err
		}
		resp, err := p.pure(in.Context(), method, req)
		if err != nil {
			return err
		}
		if p.types != nil && schemaMethods[method] {
			if resp, err = trimSchema(resp, p.types); err != nil {
				return err
			}
		}
		return in.SendMsg(&resp)
	}
	ctx, cancel := context.WithCancel(in.Context())
	defer cancel()
	out, err := p.upstream.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true, ClientStreams: true}, method)
	if err != nil {
		return err
	}
	fromClient := make(chan error, 1)
	go func() {
		for {
			var m []byte
			if err := in.RecvMsg(&m); err != nil {
				if err == io.EOF {
					err = out.CloseSend()
				}
				fromClient <- err
				return
			}
			if err := out.SendMsg(&m); err != nil {
				fromClient <- nil // the provider's side ended: its status follows
				return
			}
		}
	}()
	fromProvider := make(chan error, 1)
	go func() {
		if md, err := out.Header(); err == nil {
			_ = in.SendHeader(md)
		}
		for {
			var m []byte
			if err := out.RecvMsg(&m); err != nil {
				in.SetTrailer(out.Trailer())
				if err == io.EOF {
					err = nil
				}
				fromProvider <- err
				return
			}
			if err := in.SendMsg(&m); err != nil {
				fromProvider <- err
				return
			}
		}
	}()
	for {
		select {
		case err := <-fromClient:
			if err != nil {
				return err // terraform went away: cancel the provider's side
			}
			fromClient = nil // half-closed; wait for the provider's answer
		case err := <-fromProvider:
			return err
		}
	}
}

// pure answers a call of pureMethods, from the cache when the same request
// was answered before.
func (p *Proxy) pure(ctx context.Context, method string, req []byte) ([]byte, error) {
	key := method + "\x00" + string(req)
	p.mu.Lock()
	c, ok := p.cache[key]
	keep := p.store != nil && storedMethods[method]
	if ok {
		p.hits[method]++
	} else {
		c = &cachedCall{done: make(chan struct{})}
		p.cache[key] = c
	}
	p.mu.Unlock()
	// The store's key: the request with the port of its loopback URL
	// masked (maskPort); the answer is kept with it masked too.
	storeReq, mask := req, (*portMask)(nil)
	if keep {
		storeReq, mask = maskPort(req)
	}
	if !ok && keep {
		if resp, found := p.store.load(method, storeReq); found {
			resp = mask.unmask(resp)
			p.mu.Lock()
			p.stored[method]++
			p.mu.Unlock()
			c.resp = resp
			close(c.done)
			return resp, nil
		}
	}
	if !ok {
		p.mu.Lock()
		p.asked[method]++
		p.mu.Unlock()
	}
	if ok {
		select {
		case <-c.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if c.err == nil {
			return c.resp, nil
		}
		// The first call failed: ask the provider again.
		p.mu.Lock()
		p.hits[method]--
		p.asked[method]++
		p.mu.Unlock()
		var resp []byte
		err := p.upstream.Invoke(ctx, method, &req, &resp)
		return resp, err
	}
	var resp []byte
	// Not the caller's context: the answer is kept for the next commands
	// even when this terraform goes away.
	err := p.upstream.Invoke(context.WithoutCancel(ctx), method, &req, &resp)
	c.resp, c.err = resp, err
	close(c.done)
	if err == nil && keep {
		p.store.save(method, storeReq, mask.mask(resp))
	}
	if err != nil {
		p.mu.Lock()
		delete(p.cache, key)
		p.mu.Unlock()
	}
	return resp, err
}

// loopbackURL matches a loopback URL with a port in a request's bytes.
var loopbackURL = regexp.MustCompile(`http://(?:127\.0\.0\.1|localhost|\[::1\]):[0-9]{1,5}`)

// portMask is the loopback URL of a request (http://127.0.0.1:45678) and
// the same URL with each digit of its port replaced by 0.
type portMask struct{ url, masked []byte }

// maskPort returns the request under which the store keeps the answer to
// req, and the mask to apply to the answer: when every loopback URL in req
// has the same port (a run's provider block names DynamoDB Local's
// endpoint for every service), req with that port masked, else req itself
// and nil. The provider block of a run on DynamoDB Local names the port
// the run got, another in every concurrent run (verify prefers one port per
// user, and only one run holds it), and checking the block costs
// hashicorp/aws 2-4 s of CPU; the answer (the prepared block and its
// diagnostics) names the port only where the block does. The mask keeps
// the encoding's lengths: masking and unmasking an answer change no
// length prefix.
func maskPort(req []byte) ([]byte, *portMask) {
	urls := loopbackURL.FindAll(req, -1)
	if len(urls) == 0 {
		return req, nil
	}
	for _, u := range urls[1:] {
		if !bytes.Equal(u, urls[0]) {
			return req, nil
		}
	}
	m := &portMask{url: urls[0], masked: bytes.Clone(urls[0])}
	for i := bytes.LastIndexByte(m.masked, ':') + 1; i < len(m.masked); i++ {
		m.masked[i] = '0'
	}
	return m.mask(req), m
}

// mask returns b with the mask's URL masked (a nil mask: b).
func (m *portMask) mask(b []byte) []byte {
	if m == nil {
		return b
	}
	return bytes.ReplaceAll(b, m.url, m.masked)
}

// unmask returns b with the masked URL put back (a nil mask: b).
func (m *portMask) unmask(b []byte) []byte {
	if m == nil {
		return b
	}
	return bytes.ReplaceAll(b, m.masked, m.url)
}

// rawCodec passes messages through as bytes. Its name is "proto", the
// content subtype both terraform and the provider use.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error) {
	b, ok := v.(*[]byte)
	if !ok {
		return nil, fmt.Errorf("provider proxy: cannot marshal %T", v)
	}
	return *b, nil
}

func (rawCodec) Unmarshal(data []byte, v any) error {
	b, ok := v.(*[]byte)
	if !ok {
		return fmt.Errorf("provider proxy: cannot unmarshal into %T", v)
	}
	*b = append((*b)[:0], data...)
	return nil
}

func (rawCodec) Name() string { return "proto" }
