package verify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-exec/tfexec"
	"github.com/stretchr/testify/require"
)

// TestProviderProxySocketPlace puts the proxy's socket into a short
// workspace, and into a directory of its own under the temporary directory
// when the workspace's path is too long for a socket; stop removes both.
// (The proxy connects to the provider at the first call: none is needed.)
func TestProviderProxySocketPlace(t *testing.T) {
	info := tfexec.ReattachInfo{"registry.terraform.io/hashicorp/aws": {Protocol: "grpc", ProtocolVersion: 5, Pid: 1, Test: true,
		Addr: tfexec.ReattachConfigAddr{Network: "unix", String: filepath.Join(t.TempDir(), "none.sock")}}}

	short, err := os.MkdirTemp("", "ws")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(short) })
	p, out, err := startProviderProxy(short, info, nil)
	require.NoError(t, err)
	want := info["registry.terraform.io/hashicorp/aws"]
	want.Addr = tfexec.ReattachConfigAddr{Network: "unix", String: filepath.Join(short, proxySocket)}
	require.Equal(t, tfexec.ReattachInfo{"registry.terraform.io/hashicorp/aws": want}, out)
	require.FileExists(t, filepath.Join(short, proxySocket))
	p.stop()
	require.NoFileExists(t, filepath.Join(short, proxySocket))
	require.DirExists(t, short)

	long := filepath.Join(short, strings.Repeat("w", 100))
	require.NoError(t, os.Mkdir(long, 0o700))
	p, out, err = startProviderProxy(long, info, nil)
	require.NoError(t, err)
	sock := out["registry.terraform.io/hashicorp/aws"].Addr.String
	require.Equal(t, filepath.Join(os.TempDir(), filepath.Base(filepath.Dir(sock)), proxySocket), sock)
	require.True(t, strings.HasPrefix(filepath.Base(filepath.Dir(sock)), "tfdyn-provider-"), sock)
	require.Equal(t, []string(nil), dirNames(t, long))
	p.stop()
	require.NoDirExists(t, filepath.Dir(sock))
}

func TestProviderProxyRefusesSeveralProviders(t *testing.T) {
	_, _, err := startProviderProxy(t.TempDir(), tfexec.ReattachInfo{"a": {}, "b": {}}, nil)
	require.EqualError(t, err, "provider proxy: 2 providers in the reattach information, want 1")
}

// TestPickLocalPortPrefersTheUsersPort: the first run gets the user's
// preferred port, a run at the same time another one, and the preferred
// port is free for the next run once the first releases it.
func TestPickLocalPortPrefersTheUsersPort(t *testing.T) {
	pref := preferredPortBase + os.Getuid()%1000
	first, release, err := pickLocalPort()
	require.NoError(t, err)
	if first != pref {
		t.Skipf("port %d is taken (another verify on this machine, or another program)", pref)
	}
	second, release2, err := pickLocalPort()
	require.NoError(t, err)
	require.NotEqual(t, pref, second)
	require.GreaterOrEqual(t, second, 1024)
	release2()
	release()
	third, release3, err := pickLocalPort()
	require.NoError(t, err)
	defer release3()
	require.Equal(t, pref, third)
}
