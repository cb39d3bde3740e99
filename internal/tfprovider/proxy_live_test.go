package tfprovider

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-exec/tfexec"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// workspace is a Terraform directory with the e-commerce example emitted
// into it, initialised against tfdyn's mirror.
type workspace struct {
	dir   string
	env   *tfenv.Env
	types map[string]bool
}

// proxiedWorkspace emits the e-commerce example into a workspace whose
// provider block points at a closed port (planning a new table makes no
// request), runs terraform init and starts the provider in debug mode.
func proxiedWorkspace(t *testing.T) (*workspace, *Process) {
	t.Helper()
	env := tftest.Env(t)
	s, diags := hclschema.Load("../../examples/ecommerce")
	require.False(t, diags.HasErrors(), diags.Error())
	major := 5
	if env.HasAWSProvider(emit.Provider6Constraint) {
		major = 6
	}
	files, err := emit.Emit(s, emit.Options{Layout: emit.LayoutResources, ProviderMajor: major})
	require.NoError(t, err)
	ws := &workspace{dir: t.TempDir(), env: env}
	_, err = emit.Write(ws.dir, files, false)
	require.NoError(t, err)
	ws.types, err = ConfigTypes(files)
	require.NoError(t, err)
	require.Equal(t, map[string]bool{"aws_dynamodb_table": true}, ws.types)
	writeClosedPortProvider(t, ws.dir)
	ctx := context.Background()
	tf, err := env.Terraform(ws.dir)
	require.NoError(t, err)
	require.NoError(t, env.Init(ctx, tf, tfexec.Upgrade(false)))
	p, err := Start(ctx, ws.dir)
	require.NoError(t, err)
	t.Cleanup(p.Stop)
	return ws, p
}

// writeClosedPortProvider writes the provider block of a DynamoDB Local
// on a loopback port that was free a moment ago into dir's provider.tf
// (planning a new table makes no request).
func writeClosedPortProvider(t *testing.T, dir string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := ln.Addr().(*net.TCPAddr).Port
	require.NoError(t, ln.Close())
	block := ddblocal.ProviderBlock(ddblocal.DefaultRegion, "tfdyn", "tfdyn", "http://127.0.0.1:"+strconv.Itoa(port))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "provider.tf"), []byte(block), 0o644))
}

// planChanges runs terraform plan through reattach and returns the planned
// resource changes as terraform show -json gives them.
func planChanges(t *testing.T, ws *workspace, reattach *tfexec.ReattachOption, name string) string {
	t.Helper()
	ctx := context.Background()
	tf, err := ws.env.Terraform(ws.dir)
	require.NoError(t, err)
	out := filepath.Join(ws.dir, name+".tfplan")
	changes, err := tf.Plan(ctx, tfexec.Out(out), tfexec.Lock(false), reattach)
	require.NoError(t, err)
	require.True(t, changes, "a plan with no state creates the table")
	plan, err := tf.ShowPlanFileRaw(ctx, out, reattach)
	require.NoError(t, err)
	return plan
}

// TestProviderProxyAnswersPureCallsOnce plans the e-commerce example three
// times against one provider process: straight (no proxy) and twice through
// the proxy. The plans are the same, and the proxy asked the provider for
// its schema and the validation of the provider block once: every later
// call came from its cache.
func TestProviderProxyAnswersPureCallsOnce(t *testing.T) {
	tftest.Parallel(t)
	ws, p := proxiedWorkspace(t)
	straight := planChanges(t, ws, p.Reattach(), "straight")

	require.NoError(t, p.UseProxy(ws.dir, "", ws.types))
	first := planChanges(t, ws, p.Reattach(), "first")
	second := planChanges(t, ws, p.Reattach(), "second")
	require.Equal(t, straight, first)
	require.Equal(t, straight, second)

	hits, asked, stored := p.proxy.Counts()
	require.Empty(t, stored)
	require.Equal(t, map[string]int{
		"/tfplugin5.Provider/GetSchema":             1,
		"/tfplugin5.Provider/PrepareProviderConfig": 1,
	}, asked)
	// Each terraform plan asks for the schema once (it is cached in the
	// process) and validates the provider block twice (validate and plan
	// walks); plan's terraform show asks for the schema again.
	require.Equal(t, map[string]int{
		"/tfplugin5.Provider/GetSchema":             3,
		"/tfplugin5.Provider/PrepareProviderConfig": 3,
	}, hits)
	require.Equal(t, 6, p.proxy.CacheHits())
}

// TestProviderProxyPassesTheProvidersDeath stops the provider behind the
// proxy: the next terraform command fails at once, at its first call the
// cache cannot answer (the proxy does not hide the failure nor hang), and
// stopping the proxy removes its socket from the workspace.
func TestProviderProxyPassesTheProvidersDeath(t *testing.T) {
	tftest.Parallel(t)
	ws, p := proxiedWorkspace(t)
	require.NoError(t, p.UseProxy(ws.dir, "", ws.types))
	planChanges(t, ws, p.Reattach(), "before")
	proxy := p.proxy
	p.proxy = nil
	p.Stop() // the provider only
	t.Cleanup(proxy.Stop)

	tf, err := ws.env.Terraform(ws.dir)
	require.NoError(t, err)
	start := time.Now()
	_, err = tf.Plan(context.Background(), tfexec.Lock(false), p.Reattach())
	require.Error(t, err)
	require.Less(t, time.Since(start), 30*time.Second)
	// The schema and the provider block's validation come from the cache;
	// the first call that reaches the provider fails.
	require.Contains(t, err.Error(), "Error: Plugin did not respond")
	require.Contains(t, err.Error(), "failed to respond to the\nplugin.(*GRPCProvider).ValidateResourceConfig call.")

	require.FileExists(t, filepath.Join(ws.dir, proxySocket))
	proxy.Stop()
	require.NoFileExists(t, filepath.Join(ws.dir, proxySocket))
}

// TestProviderStoreKeepsTheSchemaAcrossRuns plans through the proxy with a
// store twice, each time with a new provider process: the first asks the
// provider for its schema and the check of the provider block and stores
// both, the second answers both from the store and asks the provider
// nothing of the kind. Both plans are the same.
func TestProviderStoreKeepsTheSchemaAcrossRuns(t *testing.T) {
	tftest.Parallel(t)
	ws, p := proxiedWorkspace(t)
	cache := t.TempDir()
	require.NoError(t, p.UseProxy(ws.dir, cache, ws.types))
	first := planChanges(t, ws, p.Reattach(), "first")
	_, asked, stored := p.proxy.Counts()
	both := map[string]int{"/tfplugin5.Provider/GetSchema": 1, "/tfplugin5.Provider/PrepareProviderConfig": 1}
	require.Equal(t, both, asked)
	require.Empty(t, stored)
	store := p.proxy.store
	p.Stop() // waits for the store
	require.Equal(t, filepath.Join(cache, "provider-schemas"), filepath.Dir(store.dir))
	entries, err := os.ReadDir(store.dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	require.Len(t, names, 2)
	require.Equal(t, "tfplugin5.Provider.GetSchema-e3b0c44298fc1c14.bin", names[0]) // sha256 of an empty request
	require.Regexp(t, `^tfplugin5\.Provider\.PrepareProviderConfig-[0-9a-f]{16}\.bin$`, names[1])

	p, err = Start(context.Background(), ws.dir)
	require.NoError(t, err)
	t.Cleanup(p.Stop)
	require.NoError(t, p.UseProxy(ws.dir, cache, ws.types))
	require.Equal(t, store.dir, p.proxy.store.dir)
	second := planChanges(t, ws, p.Reattach(), "second")
	require.Equal(t, first, second)
	_, asked, stored = p.proxy.Counts()
	require.Empty(t, asked)
	require.Equal(t, both, stored)
	p.Stop()

	// A run whose provider block names another port (a concurrent run on
	// DynamoDB Local) reads the same answers: the store keeps them with
	// the port masked and puts the run's own port back.
	writeClosedPortProvider(t, ws.dir)
	p, err = Start(context.Background(), ws.dir)
	require.NoError(t, err)
	t.Cleanup(p.Stop)
	require.NoError(t, p.UseProxy(ws.dir, cache, ws.types))
	third := planChanges(t, ws, p.Reattach(), "third")
	require.Equal(t, first, third)
	_, asked, stored = p.proxy.Counts()
	require.Empty(t, asked)
	require.Equal(t, both, stored)
	entries, err = os.ReadDir(store.dir)
	require.NoError(t, err)
	require.Len(t, entries, 2)
}

// TestProviderSocketIsInItsDirectory starts the provider in a workspace:
// its plugin socket is in the workspace's providerTempDir, not in the
// system's temporary directory, so the socket of a provider killed with
// its run (it cannot remove it) goes with the run's directory; Stop
// removes the directory.
func TestProviderSocketIsInItsDirectory(t *testing.T) {
	tftest.Parallel(t)
	ws, p := proxiedWorkspace(t)
	require.Len(t, p.info, 1)
	var sock string
	for _, c := range p.info {
		sock = c.Addr.String
	}
	require.Equal(t, filepath.Join(ws.dir, providerTempDir), filepath.Dir(sock))
	require.True(t, strings.HasPrefix(filepath.Base(sock), "plugin"), sock)

	killProviderGroup(p.PID()) // the provider this test started
	<-p.exited
	_, err := os.Lstat(sock)
	require.NoError(t, err, "a provider killed with SIGKILL leaves its socket")
	p.Stop()
	require.NoDirExists(t, filepath.Join(ws.dir, providerTempDir))
}
