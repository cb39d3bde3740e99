package tfenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestInitFromMirrorOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("runs terraform init")
	}
	env, err := LoadMirror()
	require.NoError(t, err, "run make setup")
	require.True(t, env.HasAWSProvider("= 5.100.0"), "mirror must hold hashicorp/aws 5.100.0")

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.tf"), []byte(`terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = "= 5.100.0" }
  }
}
`), 0o644))
	cmd := env.Command(dir, "init", "-no-color")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	require.FileExists(t, filepath.Join(dir, ".terraform.lock.hcl"))
}

func TestLoadMirrorMissingCache(t *testing.T) {
	if _, err := exec.LookPath("terraform"); err != nil {
		t.Skip("no terraform")
	}
	t.Setenv("TFDYN_CACHE", t.TempDir())
	_, err := LoadMirror()
	require.ErrorIs(t, err, ErrNotSetUp)
}
