package hclschema_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

const modulePath = "github.com/tfdyn/tfdyn"

// publicOutsideInternal returns the packages of importPaths that another
// module could import although they are not a deliberate public API: the
// only public package is hclschema (the README's "Go API" line); commands
// sit under cmd/, the test packages of the user content under examples/
// and modules/, and everything else under internal/.
func publicOutsideInternal(importPaths []string) []string {
	var bad []string
	for _, p := range importPaths {
		rel, ok := strings.CutPrefix(p, modulePath+"/")
		if !ok {
			bad = append(bad, p) // the module root itself, or another module
			continue
		}
		top, _, _ := strings.Cut(rel, "/")
		switch top {
		case "hclschema", "cmd", "internal", "examples", "modules":
		default:
			bad = append(bad, p)
		}
	}
	return bad
}

func TestPublicOutsideInternal(t *testing.T) {
	require.Equal(t, []string{
		modulePath,
		modulePath + "/lint",
		modulePath + "/tools/gen",
		"example.com/other",
	}, publicOutsideInternal([]string{
		modulePath,
		modulePath + "/cmd/tfdyn",
		modulePath + "/examples",
		modulePath + "/hclschema",
		modulePath + "/internal/lint",
		modulePath + "/lint",
		modulePath + "/modules",
		modulePath + "/tools/gen",
		"example.com/other",
	}))
}

// TestOnlyHclschemaIsPublic lists the module's packages with go list: a new
// package outside internal/ (other than hclschema, cmd/, examples/ and
// modules/) fails here. Put it under internal/, or make it public on purpose
// and say so in the README's "Go API" line and here.
func TestOnlyHclschemaIsPublic(t *testing.T) {
	tftest.Live()
	cmd := exec.Command("go", "list", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	require.NoError(t, err, "go list ./...")
	paths := strings.Fields(string(out))
	require.Contains(t, paths, modulePath+"/hclschema")
	require.Contains(t, paths, modulePath+"/internal/cli")
	require.Empty(t, publicOutsideInternal(paths),
		"packages outside internal/: only hclschema is public API (README, Go API)")
}

// testOnly are packages that exist for tests: the tfdyn binary links none of
// them (a test helper moved into production code drags in the testing
// package, its flags and its size).
var testOnly = []string{
	"testing",
	"github.com/stretchr/testify/",
	"github.com/rogpeppe/go-internal/testscript",
	modulePath + "/internal/tftest",
	modulePath + "/internal/ddblocal/ddblocaltest",
	modulePath + "/internal/tablespectest",
	modulePath + "/internal/schemagen",
	modulePath + "/internal/tstest",
	modulePath + "/internal/gen/gentest",
}

// testOnlyDeps returns the dependencies of a binary that are test-only.
func testOnlyDeps(deps []string) []string {
	var bad []string
	for _, d := range deps {
		for _, p := range testOnly {
			if d == p || strings.HasSuffix(p, "/") && strings.HasPrefix(d, p) {
				bad = append(bad, d)
			}
		}
	}
	return bad
}

func TestTestOnlyDeps(t *testing.T) {
	require.Equal(t, []string{"testing", "github.com/stretchr/testify/require", modulePath + "/internal/tftest"},
		testOnlyDeps([]string{"fmt", "testing", "testing/iotest", "github.com/stretchr/testify/require", modulePath + "/internal/tftest", modulePath + "/internal/ddblocal"}))
}

// TestBinaryLinksNoTestPackage: go list -deps of the shipped binary holds
// no test-only package (see testOnly).
func TestBinaryLinksNoTestPackage(t *testing.T) {
	tftest.Live()
	cmd := exec.Command("go", "list", "-deps", "./cmd/tfdyn")
	cmd.Dir = ".."
	out, err := cmd.Output()
	require.NoError(t, err, "go list -deps ./cmd/tfdyn")
	deps := strings.Fields(string(out))
	require.Contains(t, deps, modulePath+"/internal/ddblocal")
	require.Empty(t, testOnlyDeps(deps), "the tfdyn binary links test-only packages: move test helpers into a package of their own (like internal/ddblocal/ddblocaltest)")
}
