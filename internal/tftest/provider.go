package tftest

import (
	"path/filepath"
	"sync"
)

// attached maps a directory (absolute) to the TF_REATTACH_PROVIDERS
// variable of the provider started for it (tfprovidertest.Attach).
var attached sync.Map

// SetReattach has every later Terraform and TerraformErr in dir run with
// the TF_REATTACH_PROVIDERS variable v (tfprovidertest.Attach); the
// returned function undoes it.
func SetReattach(dir, v string) (undo func()) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	attached.Store(abs, v)
	return func() { attached.Delete(abs) }
}

// reattachEnv is the TF_REATTACH_PROVIDERS variable of dir's attached
// provider, "" when none.
func reattachEnv(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if v, ok := attached.Load(abs); ok {
		return v.(string)
	}
	return ""
}
