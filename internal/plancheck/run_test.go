package plancheck_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/plancheck"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tftest"
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
	var envErr *tfenv.EnvError
	require.True(t, errors.As(err, &envErr), "%v", err)
	require.Equal(t, "init", envErr.Step)
	require.Contains(t, err.Error(), "make setup")
	require.Contains(t, err.Error(), "filesystem_mirror")
}

func TestRunNotADirectory(t *testing.T) {
	_, err := plancheck.Run(context.Background(), filepath.Join(t.TempDir(), "missing"), nil, plancheck.RunOptions{})
	var envErr *tfenv.EnvError
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
	var envErr *tfenv.EnvError
	require.True(t, errors.As(err, &envErr), "%v", err)
	msg := err.Error()
	require.True(t, strings.HasPrefix(msg, "terraform init failed in "+dir+":\n  Error: "), msg)
	require.Equal(t, 1, strings.Count(msg, "Error: Unclosed configuration block"), msg)
	require.Equal(t, 1, strings.Count(msg, "Error: Missing name for resource"), msg)
	require.NotContains(t, msg, "terraform_version")
	require.NotContains(t, log.String(), "terraform_version")
	require.NotContains(t, log.String(), "Error:")
}

// TestLoadPlanJSONErrored reads a plan that real terraform (1.11.4 with
// hashicorp/aws 5.100.0) wrote after a provider error at plan time (see
// testdata/invalid/README.md): it is refused as errored, from a file and
// from standard input.
func TestLoadPlanJSONErrored(t *testing.T) {
	path := filepath.Join("testdata", "invalid", "errored.json")
	_, err := plancheck.LoadPlanJSON(path)
	require.ErrorIs(t, err, plancheck.ErrErroredPlan)
	require.EqualError(t, err, "plancheck: "+path+`: the plan is errored ("errored": true): terraform could not finish planning, so the plan is incomplete and cannot be applied; fix the error that terraform plan printed and plan again`)

	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	_, err = plancheck.DecodePlanJSON(f)
	require.ErrorIs(t, err, plancheck.ErrErroredPlan)
}

// TestLoadPlanJSONNotRegular refuses what is not a regular file without
// reading it: a FIFO would block, a device stream forever.
func TestLoadPlanJSONNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "plan.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	cases := []struct{ path, kind string }{
		{fifo, "a named pipe"},
		{"/dev/zero", "a character device"},
		{dir, "a directory"},
	}
	for _, c := range cases {
		_, err := plancheck.LoadPlanJSON(c.path)
		require.EqualError(t, err, "plancheck: read plan: "+c.path+" is "+c.kind+", not a regular file; pass a plan JSON file, or - to read standard input")
	}
}

// TestLoadPlanJSONTooLarge refuses a file over the limit from its size,
// without reading it (a sparse file: no disk space used).
func TestLoadPlanJSONTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "plan.json")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(plancheck.MaxPlanJSONBytes+1))
	require.NoError(t, f.Close())
	_, err = plancheck.LoadPlanJSON(path)
	require.ErrorIs(t, err, plancheck.ErrPlanTooLarge)
	require.EqualError(t, err, "plancheck: "+path+": the plan JSON is larger than 256 MiB (the limit of tfdyn plan)")
}

// TestDecodePlanJSONBounded covers standard input: /dev/zero is refused
// after its first byte, an endless JSON-looking stream at the limit, and
// other non-plans with their reason.
func TestDecodePlanJSONBounded(t *testing.T) {
	zero, err := os.Open("/dev/zero")
	require.NoError(t, err)
	defer zero.Close()
	_, err = plancheck.DecodePlanJSON(zero)
	require.EqualError(t, err, "not a JSON plan: it starts with byte 0x00, not '{' (make it with terraform show -json PLANFILE)")

	endless := io.MultiReader(strings.NewReader(`  {"format_version": "`), &repeat{b: 'x'})
	_, err = plancheck.DecodePlanJSONLimit(endless, 1<<20)
	require.ErrorIs(t, err, plancheck.ErrPlanTooLarge)

	for src, msg := range map[string]string{
		"":                               "not a JSON plan: the input is empty",
		" \n\t":                          "not a JSON plan: the input is empty",
		"PK\x03\x04rest":                 "this is a binary plan file, not JSON: convert it with `terraform show -json PLANFILE > plan.json`",
		"[1]":                            "not a JSON plan: it starts with byte 0x5b, not '{' (make it with terraform show -json PLANFILE)",
		strings.Repeat(" ", 5000) + "{}": "not a JSON plan: the input starts with more than 4 KiB of white space",
	} {
		_, err := plancheck.DecodePlanJSON(strings.NewReader(src))
		require.EqualError(t, err, msg, "input %.20q", src)
	}
}

// repeat is an endless reader of one byte.
type repeat struct{ b byte }

func (r *repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.b
	}
	return len(p), nil
}
