package verify

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"

	"golang.org/x/sync/errgroup"

	"github.com/tfdyn/tfdyn/ddblocal"
)

// provisionLocal provisions on the local target with DynamoDB Local's start
// (a JVM, seconds of CPU) overlapping terraform init, the provider's start
// and terraform apply's own start: verify picks the compatibility layer's
// port first and writes the provider block for it, so terraform needs no
// answer from DynamoDB Local until apply creates the table (the provider
// retries while the layer answers 502 before the JVM is up).
func (r *runner) provisionLocal(ctx context.Context) error {
	port, err := freeLoopbackPort()
	if err != nil {
		return err
	}
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

// freeLoopbackPort returns a loopback TCP port that was free a moment ago.
func freeLoopbackPort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("verify: pick a port for DynamoDB Local: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
