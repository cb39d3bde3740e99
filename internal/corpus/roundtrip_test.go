package corpus

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/adopt"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tfprovider/tfprovidertest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// resourceRE finds the resources of a configuration.
var resourceRE = regexp.MustCompile(`(?m)^resource\s+"([a-z0-9_]+)"`)

// localCase reports whether DynamoDB Local can create what a case declares:
// only tables, policies and standalone GSIs of one region, without KMS
// keys of their own (no replicas, no witness, no customer managed key).
func localCase(src string) bool {
	for _, m := range resourceRE.FindAllStringSubmatch(src, -1) {
		switch m[1] {
		case "aws_dynamodb_table", "aws_dynamodb_resource_policy", "aws_dynamodb_global_secondary_index":
		default:
			return false
		}
	}
	return !strings.Contains(src, "replica") && !strings.Contains(src, "global_table_witness") &&
		!strings.Contains(src, "kms_key_arn") && !strings.Contains(src, "data \"")
}

// TestCorpusRoundTrip adopts every accepted table of the corpus that
// DynamoDB Local can hold: the original configurations are applied in one
// root module (each a module of its own, one terraform and one provider
// process for all), then each original is replaced by the Terraform emit
// writes from the imported schema, with the hand-off tfdyn import writes
// (adopt.TF: moved blocks from the original's addresses, import blocks for
// inline GSIs emit writes as resources), and one plan must leave every
// table and index unchanged. A configuration
// whose table plans a change is named with the planned change.
//
// With provider 6 in the mirror it runs every such table; with provider 5
// only, the configurations that provider 5 validates, adopted and emitted
// with --provider 5 (emit refuses what 5 cannot express).
func TestCorpusRoundTrip(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	major, constraint := 6, emit.ProviderGSIResourcesConstraint
	if !env.HasAWSProvider(constraint) && os.Getenv("TFDYN_REQUIRE_PROVIDER6") != "1" && env.HasAWSProvider(emit.Provider5Constraint) {
		major, constraint = 5, emit.Provider5Constraint
	}
	tftest.RequireProvider(t, env, constraint)
	target := ddblocaltest.Start(t)
	root := t.TempDir()
	type adopted struct {
		name, module string
		results      []Result
	}
	var all []adopted
	for _, c := range cases(t) {
		if c.Skip != "" || !localCase(c.Source) {
			continue
		}
		dir := filepath.Join(t.TempDir(), c.Name)
		require.NoError(t, Write(dir, c))
		results := Verdicts(dir, c)
		ok := len(results) == 1 // one table: the emitted files of two would both declare dynamodb_tags
		for _, r := range results {
			ok = ok && r.Verdict == "accepted"
		}
		if !ok {
			continue
		}
		if major == 5 {
			if results[0].Files, ok = emitFor5(results[0]); !ok {
				continue
			}
		}
		mod := fmt.Sprintf("c%03d", len(all))
		require.NoError(t, Write(filepath.Join(root, "orig", mod), c))
		all = append(all, adopted{name: c.Name, module: mod, results: results})
	}
	require.NotEmpty(t, all)
	var calls strings.Builder
	for _, a := range all {
		fmt.Fprintf(&calls, "module %q {\n  source = \"./orig/%s\"\n}\n\n", a.module, a.module)
	}
	require.NoError(t, os.WriteFile(filepath.Join(root, "main.tf"), []byte(calls.String()), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(root, "provider.tf"), []byte(target.ProviderBlock()+"\n"+fmt.Sprintf(versions, constraint)), 0o644))
	tf := func(args ...string) string {
		start := time.Now()
		out := tftest.Terraform(t, env, root, append(args, "-input=false", "-no-color")...)
		t.Logf("terraform %s: %s", args[0], time.Since(start).Round(100*time.Millisecond))
		if args[0] == "init" {
			tfprovidertest.Attach(t, env, root) // later commands attach to one provider
		}
		return out
	}
	tf("init")
	if major == 5 {
		// The corpus is written for provider 6: leave out the
		// configurations provider 5 does not validate.
		all = validOnly(t, env, root, all, func(a adopted) string { return a.module })
		require.NotEmpty(t, all)
	}
	tf("apply", "-auto-approve", "-parallelism=20")

	// Swap every original for the emitted Terraform, moving the state.
	calls.Reset()
	for _, a := range all {
		dir := filepath.Join(root, "emitted", a.module)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		for i, r := range a.results {
			for name, b := range r.Files {
				require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("t%d_%s", i, name)), b, 0o644))
			}
		}
		fmt.Fprintf(&calls, "module %q {\n  source = \"./emitted/%s\"\n}\n\n", a.module, a.module)
		// The hand-off tfdyn import writes (moved, import and removed
		// blocks), its addresses put under the module's: import blocks
		// belong to the root module.
		for _, r := range a.results {
			handOff, err := adopt.TF(r.Table, r.Names, r.GSIResources)
			require.NoError(t, err)
			calls.Write(underModule(t, handOff, a.module))
			calls.WriteString("\n")
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(root, "main.tf"), []byte(calls.String()), 0o644))
	tf("init")
	tf("plan", "-out=adopted.tfplan", "-parallelism=20")
	out, err := env.Command(root, "show", "-json", "adopted.tfplan").Output()
	require.NoError(t, err)
	var plan tfjson.Plan
	require.NoError(t, json.Unmarshal(out, &plan))
	byModule := map[string]string{}
	for _, a := range all {
		byModule["module."+a.module] = a.name
	}
	var changed []string
	for _, rc := range plan.ResourceChanges {
		if !strings.HasPrefix(rc.Type, "aws_dynamodb_") || rc.Change.Actions.NoOp() {
			continue
		}
		changed = append(changed, fmt.Sprintf("%s (%s): %v", byModule[rc.ModuleAddress], rc.Address, rc.Change.Actions))
	}
	sort.Strings(changed)
	tables := 0
	for _, a := range all {
		tables += len(a.results)
	}
	t.Logf("corpus round trip (provider %d): %d configurations, %d tables adopted", major, len(all), tables)
	require.Empty(t, changed, "the emitted Terraform of these adopted tables plans a change")
}

// underModule is the Terraform file src (moved, import and removed blocks
// of the root module) with every address put under module.<module>.
func underModule(t *testing.T, src []byte, module string) []byte {
	t.Helper()
	if src == nil {
		return nil
	}
	f, diags := hclwrite.ParseConfig(src, "handoff.tf", hcl.InitialPos)
	require.False(t, diags.HasErrors(), diags.Error())
	for _, b := range f.Body().Blocks() {
		for _, name := range []string{"from", "to"} {
			a := b.Body().GetAttribute(name)
			if a == nil {
				continue
			}
			tr, ds := hclsyntax.ParseTraversalAbs(a.Expr().BuildTokens(nil).Bytes(), "handoff.tf", hcl.InitialPos)
			require.False(t, ds.HasErrors(), ds.Error())
			tr = append(hcl.Traversal{hcl.TraverseRoot{Name: "module"}, hcl.TraverseAttr{Name: module}, hcl.TraverseAttr{Name: tr.RootName()}}, tr[1:]...)
			b.Body().SetAttributeTraversal(name, tr)
		}
	}
	return f.Bytes()
}

// versions requires the provider of the run for the whole root: that of
// --gsi-resources, or provider 5.
const versions = `terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "%s"
    }
  }
}
`

// emitFor5 is emit's --provider 5 output for an accepted table, or false
// when its GSIs were resources of their own or emit refuses (a setting
// provider 5 cannot express).
func emitFor5(r Result) (map[string][]byte, bool) {
	if len(r.Table.GSIResources) > 0 {
		return nil, false
	}
	s, diags := hclschema.LoadSource("adopted"+hclschema.FileSuffix, r.Schema)
	if diags.HasErrors() {
		return nil, false
	}
	files, err := emit.Emit(s, emit.Options{Layout: emit.LayoutResources, ProviderMajor: 5, NoVersions: true})
	return files, err == nil
}

// validOnly runs terraform validate in root, whose main.tf calls a module
// ./orig/<name> per element of all, and returns the elements whose module
// has no error, dropping the others until the rest validates.
func validOnly[T any](t *testing.T, env *tfenv.Env, root string, all []T, name func(T) string) []T {
	t.Helper()
	for range 10 {
		out, _ := tftest.TerraformErr(env, root, "validate", "-json", "-no-color")
		var res struct {
			Valid       bool
			Diagnostics []struct {
				Severity string
				Range    *struct{ Filename string }
			}
		}
		require.NoError(t, json.Unmarshal([]byte(out), &res), out)
		if res.Valid {
			return all
		}
		bad := map[string]bool{}
		for _, d := range res.Diagnostics {
			if d.Severity == "error" && d.Range != nil {
				if parts := strings.Split(filepath.ToSlash(d.Range.Filename), "/"); len(parts) > 2 && parts[0] == "orig" {
					bad[parts[1]] = true
				}
			}
		}
		require.NotEmpty(t, bad, "terraform validate fails outside the corpus' modules:\n%s", out)
		var keep []T
		var calls strings.Builder
		for _, a := range all {
			if !bad[name(a)] {
				keep = append(keep, a)
				fmt.Fprintf(&calls, "module %q {\n  source = \"./orig/%s\"\n}\n\n", name(a), name(a))
			}
		}
		all = keep
		require.NoError(t, os.WriteFile(filepath.Join(root, "main.tf"), []byte(calls.String()), 0o644))
	}
	t.Fatal("terraform validate still fails after 10 rounds")
	return nil
}
