package ddblocal

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// DynamoDB Local extracts its SQLite library (900 KB) into java.io.tmpdir
// on its first request and deletes it only when the JVM exits normally; a
// JVM ended by SIGKILL (the parent-death signal when its owner is killed,
// or Stop's last resort) leaves it behind. So each JVM gets a temp dir of
// its own, <os.TempDir()>/tfdyn-ddblocal-<uid>/<owner pid>-<random>: Stop
// removes it, and the next Start removes those whose owner is gone.

// jvmTempRoot is the directory of the JVMs' temp dirs of this user.
func jvmTempRoot() string {
	return filepath.Join(os.TempDir(), fmt.Sprintf("tfdyn-ddblocal-%d", os.Getuid()))
}

// newJVMTempDir removes the temp dirs of JVMs whose owner process is gone
// and makes one for a JVM this process starts.
func newJVMTempDir() (string, error) {
	root := jvmTempRoot()
	if err := os.MkdirAll(root, 0o700); err != nil {
		return "", fmt.Errorf("make the temp dir of DynamoDB Local: %w", err)
	}
	sweepJVMTempDirs(root)
	dir, err := os.MkdirTemp(root, strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return "", fmt.Errorf("make the temp dir of DynamoDB Local: %w", err)
	}
	return dir, nil
}

// sweepJVMTempDirs removes the temp dirs under root whose owner (the pid
// their name starts with) no longer runs. A dir whose owner runs, or whose
// name tfdyn did not make, is left alone.
func sweepJVMTempDirs(root string) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, e := range entries {
		owner, _, ok := strings.Cut(e.Name(), "-")
		pid, err := strconv.Atoi(owner)
		if !ok || err != nil || pid <= 0 || !e.IsDir() || fsafe.Alive(pid) {
			continue
		}
		_ = os.RemoveAll(filepath.Join(root, e.Name()))
	}
}
