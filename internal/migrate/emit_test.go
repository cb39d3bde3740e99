package migrate

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tfprovider/tfprovidertest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// shopCopy is the plan of examples/ecommerce with OrderItem's sort-key
// prefix changed (ITEM# to LINE#): a copy of table shop into shop-next.
func shopCopy(t testing.TB) *Plan {
	t.Helper()
	src, err := os.ReadFile("../../examples/ecommerce/ecommerce.tfdyn.hcl")
	require.NoError(t, err)
	head := string(src)
	for _, e := range [][2]string{{`    SK = "ITEM#${itemId}"`, `    SK = "LINE#${itemId}"`}, {`    GSI1SK = "ITEM#${itemId}"`, `    GSI1SK = "LINE#${itemId}"`}, {`    SK = begins_with("ITEM#")`, `    SK = begins_with("LINE#")`}} {
		require.Equal(t, 1, strings.Count(head, e[0]), e[0])
		head = strings.Replace(head, e[0], e[1], 1)
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ecommerce.tfdyn.hcl"), []byte(head), 0o644))
	p := Build(load(t, "../../examples/ecommerce"), load(t, dir))
	p.Base, p.Head = "git:origin/main:schema", "schema"
	require.NotNil(t, p.Copy("shop"))
	require.False(t, p.Blocked())
	return p
}

// emitCases are the migrations whose Terraform is golden-tested: a copy
// and a backfill.
func emitCases(t testing.TB) map[string]struct {
	plan  *Plan
	label string
} {
	backfill := Build(load(t, sd+"base"), load(t, sd+"backfill"))
	backfill.Base, backfill.Head = "git:origin/main:schema", "schema"
	return map[string]struct {
		plan  *Plan
		label string
	}{"copy": {shopCopy(t), "shop"}, "backfill": {backfill, "app"}}
}

// TestEmitGolden: migrate --emit's modules for a copy and a backfill, as
// Terraform (terraform and stepfunctions), byte for byte, twice the same;
// the state machine's definition as JSON with example values.
func TestEmitGolden(t *testing.T) {
	for name, c := range emitCases(t) {
		for _, kind := range []string{EmitTerraform, EmitStepFunctions} {
			opts := EmitOptions{Kind: kind, Identity: "migrate:../schema", Label: c.label}
			if kind == EmitStepFunctions {
				opts.Workers, opts.Rate = 8, 400
			}
			files, err := Emit(c.plan, opts)
			require.NoError(t, err)
			again, err := Emit(c.plan, opts)
			require.NoError(t, err)
			require.Equal(t, files, again, "byte-identical across runs")
			var names []string
			for n := range files {
				names = append(names, n)
			}
			sort.Strings(names)
			want := []string{"control.tf", "versions.tf"}
			if name == "copy" {
				want = []string{"control.tf", "main.tf", "outputs.tf", "variables.tf", "versions.tf"}
			}
			if kind == EmitStepFunctions {
				want = append(want, "stepfunctions.tf")
				sort.Strings(want)
			}
			require.Equal(t, want, names)
			for _, n := range names {
				h, err := emit.ParseFileHeader(files[n])
				require.NoError(t, err, n)
				require.Equal(t, "migrate:../schema", h.Schema, n)
				golden(t, filepath.Join("emit", name+"-"+kind, n), files[n])
			}
		}
		def, err := Definition(c.plan, c.label, 8, 32, true)
		require.NoError(t, err)
		golden(t, filepath.Join("emit", name+".asl.json"), def)
	}
}

// TestEmitRefuses: no worker for a table nothing changes; the bounds of
// the Map; a rate whose share per worker is below the least rate.
func TestEmitRefuses(t *testing.T) {
	same := Build(load(t, sd+"base"), load(t, sd+"base"))
	_, err := Emit(same, EmitOptions{Kind: EmitStepFunctions, Label: "app"})
	require.EqualError(t, err, `migrate: the plan changes no item of table "app": there is nothing for workers to do`)
	backfill := Build(load(t, sd+"base"), load(t, sd+"backfill"))
	for opts, msg := range map[EmitOptions]string{
		{Kind: EmitStepFunctions, Label: "app", Workers: 10001}:                  "migrate: workers must be between 1 and 10000 (a Distributed Map's most child workflows at a time), got 10001",
		{Kind: EmitStepFunctions, Label: "app", Workers: 4, TotalSegments: 1001}: "migrate: total segments must be between 1 and 1000 (States.ArrayRange's most items), got 1001",
		{Kind: EmitStepFunctions, Label: "app", Workers: 100, Rate: 0.5}:         "migrate: a rate of 0.5 split across 100 workers is 0.005 per worker, below 0.01: give fewer workers or a higher rate",
		{Kind: EmitStepFunctions, Label: "nope"}:                                 `migrate: BASE has no table "nope"`,
	} {
		_, err := Emit(backfill, opts)
		require.EqualError(t, err, msg)
	}
	refused := Build(load(t, sd+"base"), load(t, sd+"items"))
	_, err = Emit(refused, EmitOptions{Kind: EmitTerraform})
	require.ErrorContains(t, err, `migrate: the copy of table "app" is refused: entity "Customer": HEAD requires the attribute "tier"`)
}

// aslResult is one line of tools/asl/check.mjs.
type aslResult struct {
	File   string   `json:"file"`
	Valid  bool     `json:"valid"`
	Errors []string `json:"errors"`
}

// aslCheck runs asl-validator (tools/asl/check.mjs, which make setup
// installs with its lock file into $TFDYN_CACHE/asl) on files.
func aslCheck(t *testing.T, files ...string) []aslResult {
	t.Helper()
	tftest.Live()
	if testing.Short() {
		t.Skip("runs node and asl-validator (skipped with -short)")
	}
	script := filepath.Join(tfenv.CacheDir(), "asl", "check.mjs")
	if _, err := os.Stat(script); err != nil {
		t.Fatalf("asl-validator is not installed (%v): run make setup", err)
	}
	out, err := exec.Command("node", append([]string{script}, files...)...).Output()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("node %s: %v", script, err)
	}
	var res []aslResult
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r aslResult
		require.NoError(t, json.Unmarshal([]byte(l), &r), l)
		res = append(res, r)
	}
	require.Len(t, res, len(files))
	return res
}

// TestStateMachineIsValidASL: the definitions of both cases, with and
// without the warm throughput raise, pass asl-validator (the ASL JSON
// schemas, paths, transitions); a definition with a missing StartAt and
// one with a transition to no state do not, with the validator's reasons
// (the check can fail).
func TestStateMachineIsValidASL(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for name, c := range emitCases(t) {
		for _, warm := range []bool{true, false} {
			def, err := Definition(c.plan, c.label, 8, 32, warm)
			require.NoError(t, err)
			f := filepath.Join(dir, name+map[bool]string{true: "-warm", false: "-cold"}[warm]+".json")
			require.NoError(t, os.WriteFile(f, def, 0o644))
			files = append(files, f)
		}
	}
	for _, r := range aslCheck(t, files...) {
		require.True(t, r.Valid, "%s: %v", r.File, r.Errors)
	}

	def, err := Definition(emitCases(t)["copy"].plan, "shop", 8, 32, false)
	require.NoError(t, err)
	var v map[string]any
	require.NoError(t, json.Unmarshal(def, &v))
	delete(v, "StartAt")
	noStart, _ := json.Marshal(v)
	require.NoError(t, json.Unmarshal(def, &v))
	v["States"].(map[string]any)["Workers"].(map[string]any)["ItemProcessor"].(map[string]any)["States"].(map[string]any)["Segment"].(map[string]any)["Next"] = "Nowhere"
	lost, _ := json.Marshal(v)
	bad := []string{filepath.Join(dir, "nostart.json"), filepath.Join(dir, "lost.json")}
	require.NoError(t, os.WriteFile(bad[0], noStart, 0o644))
	require.NoError(t, os.WriteFile(bad[1], lost, 0o644))
	res := aslCheck(t, bad...)
	require.Equal(t, []aslResult{
		{File: bad[0], Valid: false, Errors: []string{"SCHEMA_VALIDATION_FAILED: is invalid. must have required property 'StartAt'"}},
		{File: bad[1], Valid: false, Errors: []string{"MISSING_TRANSITION_TARGET: State SegmentDone is not reachable", "MISSING_TRANSITION_TARGET: Missing 'StartAt'|'Next'|'Default' target: Nowhere"}},
	}, res)
}

// TestEmittedMigrationValidates runs the real terraform fmt -check, init
// and validate with hashicorp/aws 6 on the modules of both cases, called
// from a root module as a user would.
func TestEmittedMigrationValidates(t *testing.T) {
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint)
	for name, c := range emitCases(t) {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			mod := filepath.Join(root, "migrate")
			files, err := Emit(c.plan, EmitOptions{Kind: EmitStepFunctions, Identity: "migrate:../schema", Label: c.label, Workers: 8, Rate: 400})
			require.NoError(t, err)
			_, err = emit.Write(mod, files, false)
			require.NoError(t, err)
			call := "module \"migrate\" {\n  source     = \"./migrate\"\n  worker_zip = \"worker.zip\"\n}\n"
			require.NoError(t, os.WriteFile(filepath.Join(root, "main.tf"), []byte(call), 0o644))
			tftest.Terraform(t, env, root, "fmt", "-check", "-diff", "-recursive")
			tftest.Terraform(t, env, root, "init", "-backend=false", "-input=false", "-no-color")
			tfprovidertest.Attach(t, env, root)
			tftest.Terraform(t, env, root, "validate", "-no-color")
		})
	}
}
