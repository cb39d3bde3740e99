package tstest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestKeyMatchesSetup: scripts/setup.sh names the cache directory as Key
// does.
func TestKeyMatchesSetup(t *testing.T) {
	tftest.Live()
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

// TestSyntaxChecker: the checker reports a syntax error with its position,
// and none for valid code.
func TestSyntaxChecker(t *testing.T) {
	c := NewSyntaxChecker(t)
	if errs := c.Check(t, "ok.ts", []byte("export const x: number = 1;\n")); len(errs) != 0 {
		t.Fatalf("valid code: %v", errs)
	}
	errs := c.Check(t, "bad.ts", []byte("export const x = ;\n"))
	if len(errs) != 1 || errs[0] != "bad.ts:1:18: TS1109 Expression expected." {
		t.Fatalf("got %q", errs)
	}
}
