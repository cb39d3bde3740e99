package verify

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"golang.org/x/sync/errgroup"

	"github.com/tfdyn/tfdyn/internal/ddblocal"
)

// provisionLocal provisions on the local target with DynamoDB Local's start
// (a JVM, seconds of CPU) overlapping terraform init, the provider's start
// and terraform apply's own start: verify picks the compatibility layer's
// port first and writes the provider block for it, so terraform needs no
// answer from DynamoDB Local until apply creates the table (the provider
// retries while the layer answers 502 before the JVM is up).
func (r *runner) provisionLocal(ctx context.Context) error {
	port, release, err := pickLocalPort()
	if err != nil {
		return err
	}
	r.releasePort = release
	r.localPort = port
	if err := r.ws.writeProvider(localProviderBlock(r.opts, fmt.Sprintf("http://127.0.0.1:%d", port))); err != nil {
		return err
	}
	// A DynamoDB Local this run starts holds no table, in memory: every
	// table name is this run's (refuseExisting is for shared targets).
	r.ws.owned = true
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		return r.step("connect to local target", func() error { return r.connect(gctx) })
	})
	g.Go(func() error {
		if err := r.step("terraform init", func() error { return r.ws.init(gctx) }); err != nil {
			return err
		}
		if err := r.attachProvider(gctx); err != nil {
			return err
		}
		return r.apply(gctx)
	})
	return g.Wait()
}

// checkLocalProvider checks that the provider block written before DynamoDB
// Local started is the one the started target gives.
func (r *runner) checkLocalProvider(block string) error {
	b, err := os.ReadFile(filepath.Join(r.ws.dir, "provider.tf"))
	if err != nil {
		return fmt.Errorf("verify: workspace: %w", err)
	}
	if !bytes.Equal(b, []byte(block)) {
		return fmt.Errorf("verify: the provider block written for port %d differs from DynamoDB Local's:\n%s", r.localPort, block)
	}
	return nil
}

// localProviderBlock is ddblocal's provider block for endpoint, with the
// region and credentials the local target uses (checkLocalProvider compares
// it with the started target's).
func localProviderBlock(o Options, endpoint string) string {
	region := o.Region
	if region == "" {
		region = ddblocal.DefaultRegion
	}
	return ddblocal.ProviderBlock(region, o.AccessKey, o.SecretKey, endpoint)
}

// preferredPortBase is the first port verify prefers for DynamoDB Local; a
// user's port is preferredPortBase + uid % 1000, below the range Linux gives
// out for port 0 (32768 and up). The provider block then holds the same
// endpoint in every run, and the provider's answer to checking it is read
// from the provider store (package tfprovider) instead of computed again.
const preferredPortBase = 28100

// pickLocalPort returns the port for DynamoDB Local: the user's preferred
// port when it is free and no other verify on this machine holds it, else a
// free one. A run holds its preferred port with a lock on a file in the
// system's temporary directory until release (the kernel drops it when the
// process dies), so that two verify runs never pick the same port.
func pickLocalPort() (port int, release func(), err error) {
	pref := preferredPortBase + os.Getuid()%1000
	lock := filepath.Join(os.TempDir(), fmt.Sprintf("tfdyn-verify-port-%d.lock", pref))
	if f, ferr := os.OpenFile(lock, os.O_CREATE|os.O_RDWR, 0o666); ferr == nil {
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			if ln, lerr := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(pref))); lerr == nil {
				ln.Close()
				return pref, func() { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
			}
		}
		f.Close()
	}
	port, err = freeLoopbackPort()
	return port, func() {}, err
}

// freeLoopbackPort returns a loopback TCP port that was free a moment ago.
func freeLoopbackPort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("verify: pick a port for DynamoDB Local: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
