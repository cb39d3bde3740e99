package plancheck_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
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

// TestRunShowsTerraformErrorOnce runs the real terraform init on a broken
// configuration: the error names the step and directory and holds
// terraform's error once, without the version JSON terraform-exec asks for,
// and the log gets none of it.
func TestRunShowsTerraformErrorOnce(t *testing.T) {
	env := tftest.Env(t)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.tf"), []byte("resource \"x\" {\n"), 0o644))
	var log bytes.Buffer
	_, err := plancheck.Run(context.Background(), dir, env, plancheck.RunOptions{Log: &log})
	var envErr *plancheck.EnvError
	require.True(t, errors.As(err, &envErr), "%v", err)
	msg := err.Error()
	require.True(t, strings.HasPrefix(msg, "terraform init failed in "+dir+":\n  Error: "), msg)
	require.Equal(t, 1, strings.Count(msg, "Error: Unclosed configuration block"), msg)
	require.Equal(t, 1, strings.Count(msg, "Error: Missing name for resource"), msg)
	require.NotContains(t, msg, "terraform_version")
	require.NotContains(t, log.String(), "terraform_version")
	require.NotContains(t, log.String(), "Error:")
}
