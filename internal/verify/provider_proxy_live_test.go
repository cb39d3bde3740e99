package verify

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/hashicorp/terraform-exec/tfexec"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// proxiedWorkspace emits the e-commerce example into a workspace whose
// provider block points at a closed port (planning a new table makes no
// request), runs terraform init and starts the provider in debug mode.
func proxiedWorkspace(t *testing.T) (*workspace, *providerProcess) {
	t.Helper()
	env := tftest.Env(t)
	s, diags := hclschema.Load("../../examples/ecommerce")
	require.False(t, diags.HasErrors(), diags.Error())
	major := 5
	if env.HasAWSProvider(emit.Provider6Constraint) {
		major = 6
	}
	opts := Options{Schema: s, Env: env, ProviderMajor: major}.withDefaults()
	ws, err := newWorkspace(env, s, opts, "")
	require.NoError(t, err)
	t.Cleanup(ws.remove)
	require.Equal(t, map[string]bool{"aws_dynamodb_table": true}, ws.types)
	port, err := freeLoopbackPort()
	require.NoError(t, err)
	require.NoError(t, ws.writeProvider(localProviderBlock(opts, "http://127.0.0.1:"+strconv.Itoa(port))))
	ctx := context.Background()
	require.NoError(t, ws.init(ctx))
	p, err := startProvider(ctx, ws.dir)
	require.NoError(t, err)
	t.Cleanup(p.stop)
	return ws, p
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
	ws, p := proxiedWorkspace(t)
	straight := planChanges(t, ws, p.option(), "straight")

	require.NoError(t, p.useProxy(ws.dir, "", ws.types))
	first := planChanges(t, ws, p.option(), "first")
	second := planChanges(t, ws, p.option(), "second")
	require.Equal(t, straight, first)
	require.Equal(t, straight, second)

	hits, asked, stored := p.proxy.counts()
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
	require.Equal(t, 6, p.proxy.cacheHits())
}

// TestProviderProxyPassesTheProvidersDeath stops the provider behind the
// proxy: the next terraform command fails at once, at its first call the
// cache cannot answer (the proxy does not hide the failure nor hang), and
// stopping the proxy removes its socket from the workspace.
func TestProviderProxyPassesTheProvidersDeath(t *testing.T) {
	ws, p := proxiedWorkspace(t)
	require.NoError(t, p.useProxy(ws.dir, "", ws.types))
	planChanges(t, ws, p.option(), "before")
	proxy := p.proxy
	p.proxy = nil
	p.stop() // the provider only
	t.Cleanup(proxy.stop)

	tf, err := ws.env.Terraform(ws.dir)
	require.NoError(t, err)
	start := time.Now()
	_, err = tf.Plan(context.Background(), tfexec.Lock(false), p.option())
	require.Error(t, err)
	require.Less(t, time.Since(start), 30*time.Second)
	// The schema and the provider block's validation come from the cache;
	// the first call that reaches the provider fails.
	require.Contains(t, err.Error(), "Error: Plugin did not respond")
	require.Contains(t, err.Error(), "failed to respond to the\nplugin.(*GRPCProvider).ValidateResourceConfig call.")

	require.FileExists(t, filepath.Join(ws.dir, proxySocket))
	proxy.stop()
	require.NoFileExists(t, filepath.Join(ws.dir, proxySocket))
}

// TestProviderStoreKeepsTheSchemaAcrossRuns plans through the proxy with a
// store twice, each time with a new provider process: the first asks the
// provider for its schema and the check of the provider block and stores
// both, the second answers both from the store and asks the provider
// nothing of the kind. Both plans are the same.
func TestProviderStoreKeepsTheSchemaAcrossRuns(t *testing.T) {
	ws, p := proxiedWorkspace(t)
	cache := t.TempDir()
	require.NoError(t, p.useProxy(ws.dir, cache, ws.types))
	first := planChanges(t, ws, p.option(), "first")
	_, asked, stored := p.proxy.counts()
	both := map[string]int{"/tfplugin5.Provider/GetSchema": 1, "/tfplugin5.Provider/PrepareProviderConfig": 1}
	require.Equal(t, both, asked)
	require.Empty(t, stored)
	store := p.proxy.store
	p.stop() // waits for the store
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

	p, err = startProvider(context.Background(), ws.dir)
	require.NoError(t, err)
	t.Cleanup(p.stop)
	require.NoError(t, p.useProxy(ws.dir, cache, ws.types))
	require.Equal(t, store.dir, p.proxy.store.dir)
	second := planChanges(t, ws, p.option(), "second")
	require.Equal(t, first, second)
	_, asked, stored = p.proxy.counts()
	require.Empty(t, asked)
	require.Equal(t, both, stored)
}
