// Package tfprovidertest attaches the terraform commands of a test
// (tftest.Terraform) to one provider process behind tfprovider's caching
// proxy.
package tfprovidertest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tfprovider"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// Attach starts the hashicorp/aws provider that terraform init installed
// in dir once, behind tfprovider's caching proxy, as verify does on the
// local target, and has every later tftest.Terraform, tftest.TerraformErr
// and tftest.Command in dir attach to it. The proxy answers the provider's
// schema from tfdyn's cache (asked once per provider binary), trimmed to
// the resource types and data sources that the Terraform files of dir and
// of the modules terraform init installed for it name, and Family: terraform no
// longer starts the provider, builds and decodes the schema of every AWS
// service for each command (a plan and a show: ~10 CPU-s; ~0.2 through
// the proxy). It returns the provider, whose Reattach option tfexec runs
// (plancheck.RunOptions.Reattach) take. The provider stops when the test
// ends.
//
// Use it only for a configuration with one hashicorp/aws provider
// configuration: terraform attaches every configuration of the provider
// (aliases) to the one process. Run terraform init before, and Attach
// again after an init that changes the provider or the modules (the
// provider attached before stops).
func Attach(t testing.TB, env *tfenv.Env, dir string) *tfprovider.Process {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	files, err := configFiles(abs)
	if err != nil {
		t.Fatalf("read the Terraform files of %s: %v", dir, err)
	}
	types, err := tfprovider.ConfigTypes(files)
	if err != nil {
		t.Fatalf("read the Terraform files of %s: %v", dir, err)
	}
	for _, k := range Family {
		types[k] = true
	}
	// A second init in dir (an upgrade, a new module): the provider
	// attached before stops first, so that the new proxy gets its socket.
	running.Lock()
	if old := running.m[abs]; old != nil {
		old.Stop()
	}
	running.Unlock()
	p, err := tfprovider.Start(context.Background(), abs)
	if err != nil {
		t.Fatalf("start the provider of %s: %v", dir, err)
	}
	running.Lock()
	running.m[abs] = p
	running.Unlock()
	t.Cleanup(func() {
		running.Lock()
		if running.m[abs] == p {
			delete(running.m, abs)
		}
		running.Unlock()
		p.Stop()
	})
	if err := p.UseProxy(abs, env.CacheDir, types); err != nil {
		t.Fatalf("start the provider proxy of %s: %v", dir, err)
	}
	v, err := p.ReattachEnv()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tftest.SetReattach(abs, v))
	return p
}

// running is the provider Attach started for each directory.
var running = struct {
	sync.Mutex
	m map[string]*tfprovider.Process
}{m: map[string]*tfprovider.Process{}}

// Family are the resource types and data sources a test's configuration
// may add later or leave in its state after removing them from its files
// (terraform needs their schema to plan their destruction), kept in the
// trimmed schema besides those the files name.
var Family = []string{"aws_dynamodb_*", "aws_iam_*", "aws_kms_*", "aws_kinesis_*", "aws_appautoscaling_*"}

// configFiles reads the Terraform files of the root module in dir and of
// every module terraform init installed for it (.terraform/modules).
func configFiles(dir string) (map[string][]byte, error) {
	dirs := []string{dir}
	b, err := os.ReadFile(filepath.Join(dir, ".terraform", "modules", "modules.json"))
	switch {
	case err == nil:
		var manifest struct {
			Modules []struct{ Dir string }
		}
		if err := json.Unmarshal(b, &manifest); err != nil {
			return nil, fmt.Errorf("read terraform init's module manifest: %w", err)
		}
		for _, m := range manifest.Modules {
			d := m.Dir
			if !filepath.IsAbs(d) {
				d = filepath.Join(dir, d)
			}
			dirs = append(dirs, d)
		}
	case !os.IsNotExist(err):
		return nil, err
	}
	files := map[string][]byte{}
	for _, d := range dirs {
		paths, err := filepath.Glob(filepath.Join(d, "*.tf"))
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				return nil, err
			}
			files[p] = b
		}
	}
	return files, nil
}
