package plancheck_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/plancheck"
)

// TestRunProviderNotInstallable runs the real terraform init on a
// configuration that needs a provider version the offline mirror lacks:
// the error says how to fix it.
func TestRunProviderNotInstallable(t *testing.T) {
	env := tftest.Env(t)
	dir := t.TempDir()
	cfg := "terraform {\n  required_providers {\n    aws = {\n      source  = \"hashicorp/aws\"\n      version = \"= 1.0.0\"\n    }\n  }\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.tf"), []byte(cfg), 0o644))
	_, err := plancheck.Run(context.Background(), dir, env, plancheck.RunOptions{})
	var envErr *plancheck.EnvError
	require.True(t, errors.As(err, &envErr), "%v", err)
	require.Equal(t, "init", envErr.Step)
	require.Contains(t, err.Error(), "make setup")
	require.Contains(t, err.Error(), "filesystem_mirror")
}

func TestRunNotADirectory(t *testing.T) {
	_, err := plancheck.Run(context.Background(), filepath.Join(t.TempDir(), "missing"), nil, plancheck.RunOptions{})
	var envErr *plancheck.EnvError
	require.True(t, errors.As(err, &envErr), "%v", err)
	require.Contains(t, err.Error(), "is not a directory")
}

func TestLoadPlanJSONMissing(t *testing.T) {
	_, err := plancheck.LoadPlanJSON(filepath.Join(t.TempDir(), "plan.json"))
	require.ErrorContains(t, err, "plancheck: read plan:")
}
