package tfenv_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// mirrorOf5100 makes a filesystem mirror at dir holding the machine's
// hashicorp/aws 5.100.0 (linked, not copied) and returns dir.
func mirrorOf5100(t *testing.T, dir string) string {
	t.Helper()
	src := tftest.Env(t)
	require.True(t, src.HasAWSProvider("= 5.100.0"), "tfdyn's mirror must hold hashicorp/aws 5.100.0 (make setup)")
	return tftest.LinkMirror(t, src, dir, "5.100.0")
}

// userConfig points TF_CLI_CONFIG_FILE at a CLI config whose provider
// installation is only the filesystem mirror at mirror.
func userConfig(t *testing.T, mirror string) string {
	t.Helper()
	rc := tftest.CLIConfig(t, mirror)
	t.Setenv("TF_CLI_CONFIG_FILE", rc)
	return rc
}

// TestCheckProviderUsesTheUsersConfiguration: with a user CLI config that
// can install the provider and an empty tfdyn cache, terraform installs it
// the user's way and tfdyn's mirror is not involved.
func TestCheckProviderUsesTheUsersConfiguration(t *testing.T) {
	mirror := mirrorOf5100(t, t.TempDir())
	rc := userConfig(t, mirror)
	t.Setenv("TFDYN_CACHE", t.TempDir())
	env, err := tfenv.Load()
	require.NoError(t, err)
	require.Equal(t, rc, env.UserCLIConfigFile)
	got, err := env.CheckProvider(context.Background(), "= 5.100.0")
	require.NoError(t, err)
	require.Equal(t, "5.100.0", got.Version)
	require.Equal(t, "the Terraform CLI configuration "+rc, got.Source)
	require.False(t, env.UsingFallback())
	require.Equal(t, "", env.CLIConfigFile(), "the user's environment decides")
}

// TestCheckProviderFallsBackToTfdynsMirror: the user's configuration cannot
// install the provider (its mirror is empty), tfdyn's mirror can: Init runs
// again with the fallback configuration, which keeps the user's settings.
func TestCheckProviderFallsBackToTfdynsMirror(t *testing.T) {
	userConfig(t, t.TempDir()) // an empty mirror
	cache := t.TempDir()
	mirrorOf5100(t, filepath.Join(cache, "tf-mirror"))
	t.Setenv("TFDYN_CACHE", cache)
	env, err := tfenv.Load()
	require.NoError(t, err)
	got, err := env.CheckProvider(context.Background(), "= 5.100.0")
	require.NoError(t, err)
	require.Equal(t, "5.100.0", got.Version)
	require.True(t, env.UsingFallback())
	require.Equal(t, filepath.Join(cache, "terraformrc.fallback"), env.CLIConfigFile())
	rc, err := os.ReadFile(env.CLIConfigFile())
	require.NoError(t, err)
	require.Equal(t, `# Written by tfdyn: do not edit (it is rewritten when needed).
disable_checkpoint = true

provider_installation {
  filesystem_mirror {
    path    = "`+filepath.Join(cache, "tf-mirror")+`"
    include = ["registry.terraform.io/hashicorp/aws"]
  }
  direct {
    exclude = ["registry.terraform.io/hashicorp/aws"]
  }
}
`, string(rc))
}

// TestCheckProviderNothingInstallable: neither the user's configuration
// nor tfdyn's (empty) cache has the provider: a *ProviderError that says
// what to do, within seconds.
func TestCheckProviderNothingInstallable(t *testing.T) {
	tftest.Env(t) // terraform runs: skipped under -short
	userConfig(t, t.TempDir())
	cache := t.TempDir()
	t.Setenv("TFDYN_CACHE", cache)
	env, err := tfenv.Load()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err = env.CheckProvider(ctx, ">= 6.37.0")
	var pe *tfenv.ProviderError
	require.True(t, errors.As(err, &pe), "%v", err)
	require.Contains(t, pe.Help(), "in tfdyn's fallback mirror "+filepath.Join(cache, "tf-mirror"))
	require.Contains(t, pe.Help(), "now: "+os.Getenv("TF_CLI_CONFIG_FILE"))
	require.False(t, env.UsingFallback())
}

// TestFallbackConfigKeepsUserSettings: credentials and a plugin cache in
// the user's config are kept, their provider_installation is replaced.
func TestFallbackConfigKeepsUserSettings(t *testing.T) {
	user := []byte(`plugin_cache_dir = "/var/cache/tf"
credentials "app.terraform.io" {
  token = "x"
}
provider_installation {
  network_mirror {
    url = "https://mirror.example/"
  }
}
`)
	got := tfenv.FallbackConfig("/m", user)
	require.Equal(t, `# Written by tfdyn: do not edit (it is rewritten when needed).
plugin_cache_dir = "/var/cache/tf"
credentials "app.terraform.io" {
  token = "x"
}
disable_checkpoint = true

provider_installation {
  filesystem_mirror {
    path    = "/m"
    include = ["registry.terraform.io/hashicorp/aws"]
  }
  direct {
    exclude = ["registry.terraform.io/hashicorp/aws"]
  }
}
`, string(got))
}

// TestMirrorProviderKeepsACopyForOfflineRuns: what the user's configuration
// installs is copied into tfdyn's mirror; later, with a configuration that
// cannot install it (offline), Init falls back to that copy.
func TestMirrorProviderKeepsACopyForOfflineRuns(t *testing.T) {
	userConfig(t, mirrorOf5100(t, t.TempDir()))
	cache := t.TempDir()
	t.Setenv("TFDYN_CACHE", cache)
	env, err := tfenv.Load()
	require.NoError(t, err)
	got, err := env.MirrorProvider(context.Background(), "= 5.100.0")
	require.NoError(t, err)
	require.Equal(t, "5.100.0", got.Version)
	require.False(t, env.UsingFallback())
	require.True(t, env.HasAWSProvider("= 5.100.0"), "the copy is in %s", env.MirrorDir)

	userConfig(t, t.TempDir()) // offline now
	env, err = tfenv.Load()
	require.NoError(t, err)
	got, err = env.CheckProvider(context.Background(), "= 5.100.0")
	require.NoError(t, err)
	require.Equal(t, "5.100.0", got.Version)
	require.True(t, env.UsingFallback())
}
