package setup

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestMakeSetupCopiesAProviderTerraformCanInstall runs scripts/setup.sh
// (what `make setup` runs) on an empty cache with a Terraform CLI config
// whose filesystem mirror holds hashicorp/aws 6 (standing in for the
// registry): setup copies what terraform installs into tfdyn's mirror and
// does not build the provider from source.
func TestMakeSetupCopiesAProviderTerraformCanInstall(t *testing.T) {
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint)
	var sixes []string
	for _, v := range env.AWSProviderVersions() {
		if v.Segments()[0] == 6 {
			sixes = append(sixes, v.Original())
		}
	}
	rc := tftest.CLIConfig(t, tftest.LinkMirror(t, env, t.TempDir(), sixes...))
	cache := t.TempDir()
	cmd := exec.Command("bash", "../../scripts/setup.sh")
	npmCache, _ := exec.Command("npm", "config", "get", "cache").Output()
	cmd.Env = append(os.Environ(), "TFDYN_CACHE="+cache, "TF_CLI_CONFIG_FILE="+rc, "TFDYN_SKIP_PROVIDER6=",
		"npm_config_cache="+strings.TrimSpace(string(npmCache)))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Run(), out.String())
	require.Contains(t, out.String(), "setup: terraform installs hashicorp/aws >= 6.37.0 with your configuration: copied into "+filepath.Join(cache, "tf-mirror")+", not building it\n")
	require.NotContains(t, out.String(), "provider6: building")
	require.NoDirExists(t, filepath.Join(cache, "build"), "no provider build was started")
	bins, err := filepath.Glob(filepath.Join(cache, "tf-mirror", "registry.terraform.io", "hashicorp", "aws", sixes[len(sixes)-1], "*", "terraform-provider-aws_*"))
	require.NoError(t, err)
	require.Len(t, bins, 1, "hashicorp/aws %s is in tfdyn's mirror", sixes[len(sixes)-1])
	require.FileExists(t, filepath.Join(cache, "dynamodb-local", "DynamoDBLocal.jar"))
	require.FileExists(t, filepath.Join(cache, "sarif", "sarif-schema-2.1.0.json"))
	require.FileExists(t, filepath.Join(cache, "mermaid", "node_modules", "mermaid", "package.json"))
	require.FileExists(t, filepath.Join(cache, "mermaid", "check.mjs"))
	require.FileExists(t, filepath.Join(cache, "lspclient", "node_modules", "vscode-languageserver-protocol", "package.json"))
	require.FileExists(t, filepath.Join(cache, "lspclient", "drive.mjs"))
	require.FileExists(t, filepath.Join(cache, "lspclient", "tokenize.mjs"))
}
