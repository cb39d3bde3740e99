package tstest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeyMatchesSetup: scripts/setup.sh names the cache directory as Key
// does.
func TestKeyMatchesSetup(t *testing.T) {
	out, err := exec.Command("sh", "-c", "cat toolchain/package.json toolchain/package-lock.json | sha256sum | cut -c1-16").Output()
	if err != nil {
		t.Skip("no sha256sum:", err)
	}
	if got := strings.TrimSpace(string(out)); got != Key() {
		t.Fatalf("setup.sh's key %s, Key() %s", got, Key())
	}
	script, err := os.ReadFile(filepath.Join("..", "..", "scripts", "setup.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(script), `cat "$TS_SRC/package.json" "$TS_SRC/package-lock.json" | sha256sum | cut -c1-16`) {
		t.Fatal("scripts/setup.sh no longer computes the toolchain's key as Key does")
	}
}
