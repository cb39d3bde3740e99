package golang_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/mod/modfile"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// staticcheckVersion is the staticcheck scripts/setup.sh installs into
// $TFDYN_CACHE/bin.
const staticcheckVersion = "v0.8.2"

// sdkVersion is the aws-sdk-go-v2/service/dynamodb version of tfdyn's
// go.mod: the generated code is compiled against it.
func sdkVersion(t *testing.T) string {
	data, err := os.ReadFile("../../../go.mod")
	require.NoError(t, err)
	mf, err := modfile.Parse("go.mod", data, nil)
	require.NoError(t, err)
	for _, r := range mf.Require {
		if r.Mod.Path == "github.com/aws/aws-sdk-go-v2/service/dynamodb" {
			return r.Mod.Version
		}
	}
	t.Fatal("go.mod does not require aws-sdk-go-v2/service/dynamodb")
	return ""
}

// TestGeneratedPackagesInAUserModule generates every package into a
// user's module (Go 1.23, the SDK at tfdyn's version, offline from the
// module cache), next to a hand-written file of the user in the same
// package and an application that imports it, and runs go build, go vet
// and staticcheck there.
func TestGeneratedPackagesInAUserModule(t *testing.T) {
	tftest.Live() // the go command and staticcheck
	if testing.Short() {
		t.Skip("builds a module")
	}
	mod := t.TempDir()
	gomod := "module example.com/app\n\ngo 1.23\n\nrequire github.com/aws/aws-sdk-go-v2/service/dynamodb " + sdkVersion(t) + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(mod, "go.mod"), []byte(gomod), 0o644))
	sum, err := os.ReadFile("../../../go.sum")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o644))
	var imports []string
	for _, g := range generated {
		dir := filepath.Join(mod, "internal", g.pkg)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		for n, b := range generate(t, g.schema, dir, g.pkg) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, n), b, 0o644))
		}
		// The user's own file in the generated package's directory.
		own := "package " + g.pkg + "\n\n// Hello is the user's own code next to the generated files.\nfunc Hello() string { return \"hello\" }\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "own.go"), []byte(own), 0o644))
		imports = append(imports, "example.com/app/internal/"+g.pkg)
	}
	var main strings.Builder
	main.WriteString("package main\n\nimport (\n\t\"fmt\"\n\n")
	for _, im := range imports {
		main.WriteString("\t\"" + im + "\"\n")
	}
	main.WriteString(")\n\nfunc main() {\n")
	for _, im := range imports {
		main.WriteString("\tfmt.Println(" + filepath.Base(im) + ".Hello())\n")
	}
	main.WriteString("\tk, err := shopdb.OrderKey(\"alice\", \"o-1\", \"2024-05-01\")\n\tfmt.Println(k[\"PK\"], err)\n}\n")
	require.NoError(t, os.MkdirAll(filepath.Join(mod, "cmd", "app"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(mod, "cmd", "app", "main.go"), []byte(main.String()), 0o644))

	run := func(name string, args ...string) string {
		cmd := exec.Command(name, args...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s %s:\n%s", name, strings.Join(args, " "), out)
		return string(out)
	}
	run("go", "mod", "tidy")
	run("go", "build", "./...")
	run("go", "vet", "./...")
	require.Empty(t, run("gofmt", "-l", "internal"), "gofmt -l on the generated packages")
	cache := os.Getenv("TFDYN_CACHE")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache", "tfdyn")
	}
	sc := filepath.Join(cache, "bin", "staticcheck-"+staticcheckVersion)
	if _, err := os.Stat(sc); err != nil {
		t.Fatalf("staticcheck %s is not installed at %s: run make setup", staticcheckVersion, sc)
	}
	run(sc, "./...")
}
