package tfenv

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/terraform-exec/tfexec"

	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// ErrNotSetUp is the one error for a part of tfdyn's cache that is
// missing (DynamoDB Local, or the provider mirror LoadMirror needs); the
// wrapping error names the part.
var ErrNotSetUp = errors.New("tfdyn's cache is not set up: run `tfdyn setup` (in this repository: `make setup`)")

// MinTerraform is the oldest terraform tfdyn runs.
var MinTerraform = version.Must(version.NewVersion("1.5.0"))

// Env describes a terraform installation and the CLI configuration it runs with.
type Env struct {
	// TerraformPath is the terraform binary.
	TerraformPath string
	// CacheDir is tfdyn's cache directory ($TFDYN_CACHE).
	CacheDir string
	// MirrorDir is tfdyn's filesystem mirror (CacheDir/tf-mirror).
	MirrorDir string
	// UserCLIConfigFile is the user's CLI config: TF_CLI_CONFIG_FILE, else
	// ~/.terraformrc; "" when neither names an existing file (terraform then
	// installs from the registry and its implicit local directories).
	UserCLIConfigFile string

	mu sync.Mutex
	// cliConfigFile is the config terraform runs with (TF_CLI_CONFIG_FILE);
	// "" leaves the user's environment as it is.
	cliConfigFile string
	// fallback is set once Init has switched to tfdyn's mirror.
	fallback bool
	// mirrorOnly is set by LoadMirror.
	mirrorOnly bool
}

// CacheDir returns $TFDYN_CACHE, or ~/.cache/tfdyn when it is unset.
func CacheDir() string {
	if d := os.Getenv("TFDYN_CACHE"); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "tfdyn-cache")
	}
	return filepath.Join(home, ".cache", "tfdyn")
}

// FindTerraform returns the terraform binary on PATH.
func FindTerraform() (string, error) {
	tf, err := exec.LookPath("terraform")
	if err != nil {
		return "", fmt.Errorf("terraform not found on PATH: install Terraform >= %s (https://developer.hashicorp.com/terraform/install)", MinTerraform)
	}
	return tf, nil
}

// Load finds terraform on PATH and uses the user's CLI configuration as it
// is, with tfdyn's mirror as a fallback for Init. It fails only when
// terraform is missing.
func Load() (*Env, error) {
	tf, err := FindTerraform()
	if err != nil {
		return nil, err
	}
	cache := CacheDir()
	return &Env{TerraformPath: tf, CacheDir: cache, MirrorDir: filepath.Join(cache, "tf-mirror"),
		UserCLIConfigFile: UserCLIConfigFile()}, nil
}

// LoadMirror is Load, but installs hashicorp/* providers from tfdyn's
// mirror only, ignoring the user's CLI configuration. Tests use it for
// reproducibility; it fails with ErrNotSetUp when the mirror is missing.
func LoadMirror() (*Env, error) {
	tf, err := FindTerraform()
	if err != nil {
		return nil, err
	}
	cache := CacheDir()
	e := &Env{TerraformPath: tf, CacheDir: cache, MirrorDir: filepath.Join(cache, "tf-mirror"), mirrorOnly: true}
	if len(e.AWSProviderVersions()) == 0 {
		return nil, fmt.Errorf("%w (no hashicorp/aws in %s)", ErrNotSetUp, e.MirrorDir)
	}
	rc := filepath.Join(cache, "terraformrc.mirror")
	if err := writeConfig(rc, MirrorConfig(e.MirrorDir, nil)); err != nil {
		return nil, fmt.Errorf("tfenv: %w", err)
	}
	e.cliConfigFile = rc
	return e, nil
}

// UserCLIConfigFile returns the CLI config terraform reads for this user:
// TF_CLI_CONFIG_FILE when it names an existing file, else ~/.terraformrc
// when it exists, else "".
func UserCLIConfigFile() string {
	if f := os.Getenv("TF_CLI_CONFIG_FILE"); f != "" {
		if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
			return f
		}
		return ""
	}
	if home, err := os.UserHomeDir(); err == nil {
		f := filepath.Join(home, ".terraformrc")
		if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
			return f
		}
	}
	return ""
}

// CLIConfigFile is the CLI config terraform runs with now: "" means the
// user's environment decides (TF_CLI_CONFIG_FILE or ~/.terraformrc).
func (e *Env) CLIConfigFile() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.cliConfigFile
}

// UsingFallback reports whether Init switched to tfdyn's mirror because the
// user's configuration could not install a provider.
func (e *Env) UsingFallback() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.fallback
}

// Describe says in a few words where providers come from.
func (e *Env) Describe() string {
	switch {
	case e.mirrorOnly:
		return "tfdyn's mirror " + e.MirrorDir
	case e.UsingFallback():
		return "tfdyn's mirror " + e.MirrorDir + " (the Terraform CLI configuration could not install the provider)"
	case e.UserCLIConfigFile != "":
		return "the Terraform CLI configuration " + e.UserCLIConfigFile
	}
	return "Terraform's default provider installation (the registry)"
}

// AWSProviderVersions lists the hashicorp/aws versions in tfdyn's mirror, oldest first.
func (e *Env) AWSProviderVersions() []*version.Version {
	return mirrorVersions(e.MirrorDir, "hashicorp", "aws")
}

func mirrorVersions(mirror, namespace, name string) []*version.Version {
	dir := filepath.Join(mirror, "registry.terraform.io", namespace, name)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []*version.Version
	for _, ent := range entries {
		v, err := version.NewVersion(ent.Name())
		if err != nil {
			continue
		}
		bins, _ := filepath.Glob(filepath.Join(dir, ent.Name(), "*", "terraform-provider-"+name+"*"))
		zips, _ := filepath.Glob(filepath.Join(dir, "terraform-provider-"+name+"_"+ent.Name()+"_*.zip"))
		if len(bins) == 0 && len(zips) == 0 {
			continue
		}
		out = append(out, v)
	}
	sort.Sort(version.Collection(out))
	return out
}

// HasAWSProvider reports whether tfdyn's mirror holds a hashicorp/aws
// version matching the constraint (for example ">= 6.37.0" or "~> 5.100").
func (e *Env) HasAWSProvider(constraint string) bool {
	c, err := version.NewConstraint(constraint)
	if err != nil {
		return false
	}
	for _, v := range e.AWSProviderVersions() {
		if c.Check(v) {
			return true
		}
	}
	return false
}

// Environ returns the process environment with the CLI config in force,
// as a map for tfexec.Terraform.SetEnv.
func (e *Env) Environ() map[string]string {
	m := map[string]string{}
	for _, kv := range os.Environ() {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		m[k] = v
	}
	// terraform-exec manages these itself and refuses them in SetEnv.
	for _, k := range []string{"TF_LOG", "TF_LOG_CORE", "TF_LOG_PATH", "TF_LOG_PROVIDER", "TF_INPUT", "TF_IN_AUTOMATION",
		"TF_APPEND_USER_AGENT", "TF_REATTACH_PROVIDERS", "TF_DISABLE_PLUGIN_TLS", "TF_SKIP_PROVIDER_VERIFY", "CHECKPOINT_DISABLE",
		"TF_WORKSPACE"} {
		delete(m, k)
	}
	if rc := e.CLIConfigFile(); rc != "" {
		m["TF_CLI_CONFIG_FILE"] = rc
	}
	return m
}

// Terraform returns a terraform-exec handle for workdir using this Env.
func (e *Env) Terraform(workdir string) (*tfexec.Terraform, error) {
	tf, err := tfexec.NewTerraform(workdir, e.TerraformPath)
	if err != nil {
		return nil, fmt.Errorf("tfenv: %w", err)
	}
	if err := tf.SetEnv(e.Environ()); err != nil {
		return nil, fmt.Errorf("tfenv: %w", err)
	}
	return tf, nil
}

// CheckTerraform reports terraform's version, or an error when it is
// older than MinTerraform or does not run. The caller bounds it with ctx:
// when ctx ends, terraform gets an interrupt and, a second later, is killed
// (`terraform version` has nothing to clean up), so a terraform that hangs
// cannot hang the caller.
func (e *Env) CheckTerraform(ctx context.Context) (*version.Version, error) {
	tf, err := tfexec.NewTerraform(os.TempDir(), e.TerraformPath)
	if err != nil {
		return nil, fmt.Errorf("tfenv: %w", err)
	}
	if err := tf.SetWaitDelay(time.Second); err != nil {
		return nil, fmt.Errorf("tfenv: %w", err)
	}
	v, _, err := tf.Version(ctx, true)
	if err != nil {
		return nil, fmt.Errorf("terraform version: %w", err)
	}
	if v.LessThan(MinTerraform) {
		return v, fmt.Errorf("terraform %s at %s is older than %s: install a newer Terraform", v, e.TerraformPath, MinTerraform)
	}
	return v, nil
}

// Command returns an exec.Cmd running terraform with args in dir, using this Env.
func (e *Env) Command(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(e.TerraformPath, args...)
	cmd.Dir = dir
	env := e.Environ()
	env["CHECKPOINT_DISABLE"] = "1"
	env["TF_IN_AUTOMATION"] = "1"
	env["TF_INPUT"] = "0"
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		cmd.Env = append(cmd.Env, k+"="+env[k])
	}
	return cmd
}

// DynamoDBLocalDir is where tfdyn setup installs DynamoDB Local.
func (e *Env) DynamoDBLocalDir() string { return filepath.Join(e.CacheDir, "dynamodb-local") }

// ProviderInstallFailed reports whether terraform init output (or error
// text) says a provider could not be installed, the usual offline failure.
func ProviderInstallFailed(out string) bool {
	for _, s := range []string{"Failed to query available provider packages", "Failed to install provider",
		"could not connect to registry", "Failed to resolve provider packages", "no available releases match"} {
		if strings.Contains(out, s) {
			return true
		}
	}
	return false
}

// writeConfig writes a CLI config of tfdyn's cache, unless it already
// holds data (concurrent runs then never replace each other's file).
func writeConfig(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return fsafe.WriteFile(path, data, 0o644)
}
