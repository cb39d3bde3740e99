package tfenv

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// LockPluginCache takes an exclusive lock on the Terraform plugin cache dir
// ("" for none) until unlock is called. terraform's plugin cache is not safe
// for concurrent installs (two inits that fill it with the same provider at
// once fail with "mkdir ...: file exists"), so every terraform init that
// tfdyn runs with a plugin cache holds this lock: concurrent verify runs and
// tests wait for each other instead of failing. The lock is a flock on
// DIR/.tfdyn-init.lock, released by the kernel when a process dies.
func LockPluginCache(dir string) (unlock func(), err error) {
	if dir == "" {
		return func() {}, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("tfenv: plugin cache: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dir, ".tfdyn-init.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("tfenv: plugin cache lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("tfenv: plugin cache lock: %w", err)
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// pluginCacheDir is the plugin cache of TF_PLUGIN_CACHE_DIR, "" when none
// (a plugin_cache_dir set in the CLI config is not locked: tfdyn does not
// read it).
func (e *Env) pluginCacheDir() string {
	return e.Environ()["TF_PLUGIN_CACHE_DIR"]
}
