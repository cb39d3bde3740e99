package tfenv

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/terraform-exec/tfexec"

	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// Init runs `terraform init` in tf's working directory with the CLI
// configuration in force. When it fails because a provider cannot be
// installed and tfdyn's mirror holds hashicorp/aws, Init writes the
// fallback configuration (FallbackConfig), switches this Env and tf to it,
// and runs init again; later handles from this Env use it too. A failure
// to install a provider is returned as *ProviderError.
func (e *Env) Init(ctx context.Context, tf *tfexec.Terraform, opts ...tfexec.InitOption) error {
	unlock, err := LockPluginCache(e.pluginCacheDir())
	if err != nil {
		return err
	}
	defer unlock()
	err = tf.Init(ctx, opts...)
	if err == nil || ctx.Err() != nil || !ProviderInstallFailed(err.Error()) {
		return err
	}
	if e.mirrorOnly || e.UsingFallback() || len(e.AWSProviderVersions()) == 0 {
		return &ProviderError{Env: e, Err: err}
	}
	if ferr := e.useFallback(); ferr != nil {
		return &ProviderError{Env: e, Err: fmt.Errorf("%w (and tfdyn's mirror could not be configured: %v)", err, ferr)}
	}
	if serr := tf.SetEnv(e.Environ()); serr != nil {
		return fmt.Errorf("tfenv: %w", serr)
	}
	if err2 := tf.Init(ctx, opts...); err2 != nil {
		if ProviderInstallFailed(err2.Error()) {
			return &ProviderError{Env: e, Err: err2}
		}
		return err2
	}
	return nil
}

// maxCLIConfig bounds the user's terraform CLI configuration read for the
// fallback (1 MiB).
const maxCLIConfig = 1 << 20

// useFallback writes CacheDir/terraformrc.fallback and makes it the CLI
// config in force.
func (e *Env) useFallback() error {
	var user []byte
	if e.UserCLIConfigFile != "" {
		// Checked regular when found; read without waiting in case it
		// was swapped for a pipe since (fsafe.ReadRegular).
		b, err := fsafe.ReadRegular(e.UserCLIConfigFile, maxCLIConfig)
		if err != nil {
			return fmt.Errorf("your terraform CLI configuration: %w", err)
		}
		user = b
	}
	rc := filepath.Join(e.CacheDir, "terraformrc.fallback")
	if err := writeConfig(rc, FallbackConfig(e.MirrorDir, user)); err != nil {
		return err
	}
	e.mu.Lock()
	e.cliConfigFile, e.fallback = rc, true
	e.mu.Unlock()
	return nil
}

// ProviderError says that terraform could not install a provider, with
// what to do about it.
type ProviderError struct {
	Env *Env
	Err error
}

func (p *ProviderError) Error() string {
	// terraform-exec's error starts with the exit status; terraform's own
	// message (kept) says what failed.
	msg := strings.TrimSpace(exitStatusRE.ReplaceAllString(p.Err.Error(), ""))
	return "terraform init could not install the provider:\n" + msg
}

var exitStatusRE = regexp.MustCompile(`^exit status \d+\s*`)

func (p *ProviderError) Unwrap() error { return p.Err }

// Help says how to make the provider installable.
func (p *ProviderError) Help() string { return InstallHelp(p.Env) }

// InstallHelp explains how terraform can get hashicorp/aws for tfdyn.
func InstallHelp(e *Env) string {
	cfg := "none (terraform installs from registry.terraform.io)"
	if e.UserCLIConfigFile != "" {
		cfg = e.UserCLIConfigFile
	}
	return fmt.Sprintf(`tfdyn's Terraform needs hashicorp/aws (>= 6.37.0; 5.x with --provider 5).
  Online: terraform installs it from the registry by itself; check network access to
  registry.terraform.io (or your proxy / network mirror).
  Offline: give terraform a filesystem mirror that holds it, either
    - in your Terraform CLI config (TF_CLI_CONFIG_FILE; now: %s):
        provider_installation { filesystem_mirror { path = "/path/to/mirror" } }
      filled on a connected machine with `+"`terraform providers mirror /path/to/mirror`"+`, or
    - in tfdyn's fallback mirror %s
      (layout registry.terraform.io/hashicorp/aws/VERSION/OS_ARCH/terraform-provider-aws_vVERSION_x5),
      which tfdyn uses when your configuration cannot install the provider.
  In the tfdyn repository, `+"`make setup`"+` builds hashicorp/aws 6 from the Go module proxy into that mirror.
  After the mirror changes, remove a stale .terraform.lock.hcl.`, cfg, e.MirrorDir)
}

// ProviderCheck is what CheckProvider found.
type ProviderCheck struct {
	// Version is the hashicorp/aws version terraform installed.
	Version string
	// Source says where it came from (Env.Describe).
	Source string
}

// CheckProvider runs `terraform init` in a scratch directory whose only
// content requires hashicorp/aws with constraint, exactly as tfdyn's own
// runs would install it (the user's configuration, then tfdyn's mirror).
// The scratch directory is removed; with the user's plugin cache, the
// provider stays there for later runs.
func (e *Env) CheckProvider(ctx context.Context, constraint string) (*ProviderCheck, error) {
	return e.checkProvider(ctx, constraint, false)
}

// MirrorProvider is CheckProvider that also copies the installed provider
// into tfdyn's mirror (MirrorDir), so that later runs find it there when
// the user's configuration cannot install it (offline).
func (e *Env) MirrorProvider(ctx context.Context, constraint string) (*ProviderCheck, error) {
	return e.checkProvider(ctx, constraint, true)
}

func (e *Env) checkProvider(ctx context.Context, constraint string, keep bool) (*ProviderCheck, error) {
	dir, err := os.MkdirTemp("", "tfdyn-provider-check-")
	if err != nil {
		return nil, fmt.Errorf("tfenv: %w", err)
	}
	defer os.RemoveAll(dir)
	main := fmt.Sprintf("terraform {\n  required_providers {\n    aws = {\n      source  = \"hashicorp/aws\"\n      version = %q\n    }\n  }\n}\n", constraint)
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(main), 0o644); err != nil {
		return nil, fmt.Errorf("tfenv: %w", err)
	}
	tf, err := e.Terraform(dir)
	if err != nil {
		return nil, err
	}
	if err := e.Init(ctx, tf, tfexec.Backend(false)); err != nil {
		return nil, err
	}
	v, err := LockedVersion(filepath.Join(dir, ".terraform.lock.hcl"), AWSProvider)
	if err != nil {
		return nil, fmt.Errorf("tfenv: %w", err)
	}
	check := &ProviderCheck{Version: v, Source: e.Describe()}
	if keep && !e.UsingFallback() && !e.mirrorOnly {
		installed := filepath.Join(dir, ".terraform", "providers", "registry.terraform.io", "hashicorp", "aws", v)
		if err := copyVersionDir(installed, filepath.Join(e.MirrorDir, "registry.terraform.io", "hashicorp", "aws", v)); err != nil {
			return nil, fmt.Errorf("tfenv: copy hashicorp/aws %s into %s: %w", v, e.MirrorDir, err)
		}
	}
	return check, nil
}

// copyVersionDir copies an unpacked provider version directory (one
// directory per platform) to dest, following links, hard-linking where the
// file system allows; dest appears complete or not at all.
func copyVersionDir(src, dest string) error {
	if _, err := os.Stat(dest); err == nil {
		return nil
	}
	stage := dest + ".tmp"
	_ = os.RemoveAll(stage)
	plats, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, p := range plats {
		from, err := filepath.EvalSymlinks(filepath.Join(src, p.Name()))
		if err != nil {
			return err
		}
		files, err := os.ReadDir(from)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(stage, p.Name()), 0o755); err != nil {
			return err
		}
		for _, f := range files {
			real, err := filepath.EvalSymlinks(filepath.Join(from, f.Name()))
			if err != nil {
				return err
			}
			to := filepath.Join(stage, p.Name(), f.Name())
			if os.Link(real, to) == nil {
				continue
			}
			if err := copyFile(real, to); err != nil {
				os.RemoveAll(stage)
				return err
			}
		}
	}
	return os.Rename(stage, dest)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, st.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// LockedVersion reads the version of provider (an address such as AWSProvider)
// from a dependency lock file.
func LockedVersion(lockFile, provider string) (string, error) {
	f, diags := hclparse.NewParser().ParseHCLFile(lockFile)
	if diags.HasErrors() {
		return "", fmt.Errorf("read %s: %s", lockFile, diags.Error())
	}
	content, _, _ := f.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "provider", LabelNames: []string{"address"}}}})
	for _, b := range content.Blocks {
		if b.Labels[0] != provider {
			continue
		}
		attrs, _ := b.Body.JustAttributes()
		if a, ok := attrs["version"]; ok {
			v, d := a.Expr.Value(nil)
			if !d.HasErrors() && v.Type().FriendlyName() == "string" {
				return v.AsString(), nil
			}
		}
	}
	return "", fmt.Errorf("%s has no version of %s", lockFile, provider)
}
