package golang_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/mod/modfile"

	"github.com/tfdyn/tfdyn/internal/gen/golang"
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
// (with and without the contract test's build tag) and staticcheck there;
// queries of a multi-attribute key that DynamoDB would refuse do not
// compile.
func TestGeneratedPackagesInAUserModule(t *testing.T) {
	tftest.Live() // the go command and staticcheck
	if testing.Short() {
		t.Skip("builds a module")
	}
	mod := userModule(t)
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
	main.WriteString("\tk, err := shopdb.OrderKey(\"alice\", \"o-1\", \"2024-05-01\")\n\tfmt.Println(k[\"PK\"], err)\n")
	// Every valid depth of a multi-attribute key compiles.
	main.WriteString("\tq := tournamentsdb.New(nil).QueryMatchByTournamentRegionIndex(\"t-1\", \"eu\")\n" +
		"\t_, _, _, _ = q.Desc(), q.RoundEq(2).BracketEq(\"upper\").MatchIDBeginsWith(\"m-\"), q.RoundEq(2).BracketBeginsWith(\"up\"), q.RoundBetween(1, 3).Desc()\n}\n")
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
	run("go", "vet", "-tags", golang.ContractTag, "./...")
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
	run(sc, "-tags", golang.ContractTag, "./...")

	// A query DynamoDB would refuse does not compile: a gap in the sort key
	// attributes, a condition after a range, an attribute twice.
	invalid := "package main\n\nimport (\n\t\"context\"\n\n\t\"example.com/app/internal/tournamentsdb\"\n)\n\nfunc main() {\n" +
		"\tq, ctx := tournamentsdb.New(nil).QueryMatchByTournamentRegionIndex(\"t-1\", \"eu\"), context.Background()\n" +
		"\t_, _ = q.BracketEq(\"upper\").Page(ctx, \"\")\n" +
		"\t_, _ = q.RoundLT(2).BracketEq(\"upper\").Page(ctx, \"\")\n" +
		"\t_, _ = q.RoundEq(2).BracketBeginsWith(\"up\").MatchIDEq(\"m-1\").Page(ctx, \"\")\n" +
		"\t_, _ = q.RoundEq(2).RoundEq(3).Page(ctx, \"\")\n}\n"
	require.NoError(t, os.MkdirAll(filepath.Join(mod, "cmd", "invalid"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(mod, "cmd", "invalid", "main.go"), []byte(invalid), 0o644))
	build := exec.Command("go", "build", "-gcflags=-e", "./cmd/invalid")
	build.Dir = mod
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	out, err := build.CombinedOutput()
	require.Error(t, err, "the invalid queries compiled")
	var errs []string
	for _, l := range strings.Split(string(out), "\n") {
		pos, msg, ok := strings.Cut(l, ": ")
		if i := strings.LastIndex(msg, "(type "); ok && i >= 0 && strings.HasPrefix(pos, "cmd/invalid/main.go:") {
			msg = msg[i:]
		}
		if strings.HasPrefix(pos, "cmd/invalid/main.go:") {
			errs = append(errs, pos+": "+msg)
		}
	}
	require.Equal(t, []string{
		"cmd/invalid/main.go:11:11: (type tournamentsdb.MatchByTournamentRegionIndexQuery has no field or method BracketEq)",
		"cmd/invalid/main.go:12:22: (type tournamentsdb.MatchByTournamentRegionIndexQueryRange has no field or method BracketEq)",
		"cmd/invalid/main.go:13:46: (type tournamentsdb.MatchByTournamentRegionIndexQueryRange has no field or method MatchIDEq)",
		"cmd/invalid/main.go:14:22: (type tournamentsdb.MatchByTournamentRegionIndexQueryRound has no field or method RoundEq)",
	}, errs, "%s", out)
}
