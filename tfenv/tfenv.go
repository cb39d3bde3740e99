package tfenv

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/terraform-exec/tfexec"
)

// ErrNotSetUp is returned when the cache that `make setup` creates is missing.
var ErrNotSetUp = errors.New("tfdyn cache is not set up: run `make setup` (or scripts/setup.sh)")

// Env describes a terraform installation and the provider mirror it installs from.
type Env struct {
	// TerraformPath is the terraform binary.
	TerraformPath string
	// CacheDir is tfdyn's cache directory ($TFDYN_CACHE).
	CacheDir string
	// MirrorDir is the filesystem mirror holding hashicorp/aws.
	MirrorDir string
	// CLIConfigFile is the Terraform CLI config passed as TF_CLI_CONFIG_FILE.
	CLIConfigFile string
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

// Load finds terraform on PATH and the CLI config to use. The user's own
// TF_CLI_CONFIG_FILE wins when it names an existing file (their mirror and
// plugin cache are respected); otherwise tfdyn's cached config is used.
func Load() (*Env, error) {
	tf, err := exec.LookPath("terraform")
	if err != nil {
		return nil, fmt.Errorf("terraform not found on PATH: install Terraform >= 1.5 (https://developer.hashicorp.com/terraform/install)")
	}
	cache := CacheDir()
	env := &Env{TerraformPath: tf, CacheDir: cache, MirrorDir: filepath.Join(cache, "tf-mirror")}
	if user := os.Getenv("TF_CLI_CONFIG_FILE"); user != "" && os.Getenv("TFDYN_IGNORE_USER_CLI_CONFIG") == "" {
		if _, err := os.Stat(user); err == nil {
			env.CLIConfigFile = user
			return env, nil
		}
	}
	rc := filepath.Join(cache, "terraformrc")
	if _, err := os.Stat(rc); err != nil {
		return nil, fmt.Errorf("%w (missing %s)", ErrNotSetUp, rc)
	}
	env.CLIConfigFile = rc
	return env, nil
}

// LoadMirror is Load, but always uses tfdyn's cached CLI config and mirror,
// ignoring the user's TF_CLI_CONFIG_FILE. Tests use it for reproducibility.
func LoadMirror() (*Env, error) {
	tf, err := exec.LookPath("terraform")
	if err != nil {
		return nil, fmt.Errorf("terraform not found on PATH: install Terraform >= 1.5")
	}
	cache := CacheDir()
	rc := filepath.Join(cache, "terraformrc")
	if _, err := os.Stat(rc); err != nil {
		return nil, fmt.Errorf("%w (missing %s)", ErrNotSetUp, rc)
	}
	return &Env{TerraformPath: tf, CacheDir: cache, MirrorDir: filepath.Join(cache, "tf-mirror"), CLIConfigFile: rc}, nil
}

// AWSProviderVersions lists the hashicorp/aws versions in the mirror, oldest first.
func (e *Env) AWSProviderVersions() []*version.Version {
	dir := filepath.Join(e.MirrorDir, "registry.terraform.io", "hashicorp", "aws")
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
		bins, _ := filepath.Glob(filepath.Join(dir, ent.Name(), "*", "terraform-provider-aws*"))
		if len(bins) == 0 {
			continue
		}
		out = append(out, v)
	}
	sort.Sort(version.Collection(out))
	return out
}

// HasAWSProvider reports whether the mirror holds a hashicorp/aws version
// matching the constraint (for example ">= 6.29.0" or "~> 5.100").
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

// Environ returns the process environment with the CLI config set and
// checkpoint calls disabled, as a map for tfexec.Terraform.SetEnv.
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
	m["TF_CLI_CONFIG_FILE"] = e.CLIConfigFile
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

// DynamoDBLocalDir is where setup installs DynamoDB Local.
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
