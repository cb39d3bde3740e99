// Tests of the hand-written Terraform modules under modules/.
//
// The terraform tests run the real terraform binary with the real
// hashicorp/aws provider from tfdyn's offline mirror (see package tfenv), in
// copies of the module under t.TempDir(): nothing is written into the repo.
package modules_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tfprovider/tfprovidertest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

const (
	// moduleDir is the module under test, relative to this package.
	moduleDir = "dynamodb-table"
	// providerConstraint is the module's hashicorp/aws constraint (versions.tf).
	providerConstraint = ">= 6.37.0"
)

// offlineProvider configures hashicorp/aws so that validate and plan make no
// AWS API call (no credentials lookup, no account id, no IMDS).
const offlineProvider = `
provider "aws" {
  region                      = "eu-west-1"
  access_key                  = "test-access-key"
  secret_key                  = "test-secret-key"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
}
`

// terraformEnv returns the mirror environment, skipping the test in -short
// mode, when the cache is not set up, or when the mirror lacks a provider
// matching the module's constraint (provider 6 is built from source by
// `make setup` and takes about 40 minutes the first time).
func terraformEnv(t *testing.T, needProvider bool) *tfenv.Env {
	t.Helper()
	tftest.Live()
	if testing.Short() {
		t.Skip("runs terraform; skipped in -short mode")
	}
	env, err := tfenv.LoadMirror()
	if err != nil {
		t.Skipf("no terraform environment: %v", err)
	}
	if needProvider && !env.HasAWSProvider(providerConstraint) {
		t.Skipf("the provider mirror %s holds no hashicorp/aws %s (has %v): build it with scripts/build-provider6.sh (make setup)",
			env.MirrorDir, providerConstraint, env.AWSProviderVersions())
	}
	return env
}

// copyModule copies the module (with its examples) to dir/dynamodb-table,
// leaving out terraform working files, so that the examples' relative
// `source = "../.."` still resolves. It returns the copy's path.
func copyModule(t *testing.T, dir string) string {
	t.Helper()
	dst := filepath.Join(dir, moduleDir)
	err := filepath.WalkDir(moduleDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && name == ".terraform" {
			return filepath.SkipDir
		}
		if name == ".terraform.lock.hcl" || strings.HasSuffix(name, ".tfstate") || strings.Contains(name, ".tfstate.") {
			return nil
		}
		rel, err := filepath.Rel(moduleDir, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	require.NoError(t, err)
	return dst
}

// terraform runs terraform with args in dir and returns its combined output.
func terraform(t *testing.T, env *tfenv.Env, dir string, args ...string) (string, error) {
	t.Helper()
	start := time.Now()
	out, err := tftest.Command(env, dir, args...).CombinedOutput()
	t.Logf("terraform %s (%s): %s", strings.Join(args, " "), filepath.Base(dir), time.Since(start).Round(time.Millisecond))
	return string(out), err
}

// mustTerraform is terraform, failing the test when the command fails.
func mustTerraform(t *testing.T, env *tfenv.Env, dir string, args ...string) string {
	t.Helper()
	out, err := terraform(t, env, dir, args...)
	require.NoError(t, err, "terraform %s:\n%s", strings.Join(args, " "), out)
	return out
}

// initDir runs terraform init in dir after removing a stale lock file (a
// rebuilt provider binary changes its hash).
func initDir(t *testing.T, env *tfenv.Env, dir string) {
	t.Helper()
	require.NoError(t, os.RemoveAll(filepath.Join(dir, ".terraform.lock.hcl")))
	mustTerraform(t, env, dir, "init", "-no-color", "-input=false", "-backend=false")
}

func examples(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(moduleDir, "examples"))
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	require.ElementsMatch(t, []string{"basic", "multi-attribute", "provisioned"}, names)
	return names
}

func TestFormat(t *testing.T) {
	tftest.Parallel(t)
	env := terraformEnv(t, false)
	dir := copyModule(t, t.TempDir())
	out, err := terraform(t, env, dir, "fmt", "-check", "-recursive", "-diff", "-no-color")
	require.NoError(t, err, "terraform fmt -check -recursive found unformatted files:\n%s", out)
}

// plannedTable is the part of `terraform show -json` the example tests check.
type plannedTable struct {
	Attribute []struct {
		Name string `json:"name"`
		Type string `json:"type"`
	} `json:"attribute"`
	BillingMode          string   `json:"billing_mode"`
	HashKey              string   `json:"hash_key"`
	RangeKey             *string  `json:"range_key"`
	ReadCapacity         *float64 `json:"read_capacity"`
	WriteCapacity        *float64 `json:"write_capacity"`
	GlobalSecondaryIndex []struct {
		Name      string `json:"name"`
		KeySchema []struct {
			AttributeName string `json:"attribute_name"`
			KeyType       string `json:"key_type"`
		} `json:"key_schema"`
		HashKey          *string  `json:"hash_key"`
		RangeKey         *string  `json:"range_key"`
		ProjectionType   string   `json:"projection_type"`
		NonKeyAttributes []string `json:"non_key_attributes"`
		ReadCapacity     *float64 `json:"read_capacity"`
		WriteCapacity    *float64 `json:"write_capacity"`
	} `json:"global_secondary_index"`
	LocalSecondaryIndex []struct {
		Name           string `json:"name"`
		RangeKey       string `json:"range_key"`
		ProjectionType string `json:"projection_type"`
	} `json:"local_secondary_index"`
	StreamEnabled  bool    `json:"stream_enabled"`
	StreamViewType *string `json:"stream_view_type"`
	TTL            []struct {
		Enabled       bool    `json:"enabled"`
		AttributeName *string `json:"attribute_name"`
	} `json:"ttl"`
	PointInTimeRecovery []struct {
		Enabled bool `json:"enabled"`
	} `json:"point_in_time_recovery"`
	DeletionProtectionEnabled bool `json:"deletion_protection_enabled"`
	ServerSideEncryption      []struct {
		Enabled bool `json:"enabled"`
	} `json:"server_side_encryption"`
	TableClass string            `json:"table_class"`
	Tags       map[string]string `json:"tags"`
}

// keySchema renders a GSI's key_schema as "name:HASH name:RANGE ...".
func (p plannedTable) keySchema(index string) string {
	for _, g := range p.GlobalSecondaryIndex {
		if g.Name == index {
			var parts []string
			for _, k := range g.KeySchema {
				parts = append(parts, k.AttributeName+":"+k.KeyType)
			}
			return strings.Join(parts, " ")
		}
	}
	return "<no index " + index + ">"
}

// attributes renders the attribute definitions as sorted "name:type".
func (p plannedTable) attributes() []string {
	var out []string
	for _, a := range p.Attribute {
		out = append(out, a.Name+":"+a.Type)
	}
	sort.Strings(out)
	return out
}

// planTable runs terraform plan in dir and returns the planned table.
func planTable(t *testing.T, env *tfenv.Env, dir string) plannedTable {
	t.Helper()
	mustTerraform(t, env, dir, "plan", "-no-color", "-input=false", "-lock=false", "-out=tfplan")
	show := mustTerraform(t, env, dir, "show", "-json", "tfplan")
	var plan struct {
		ResourceChanges []struct {
			Address string `json:"address"`
			Change  struct {
				Actions []string        `json:"actions"`
				After   json.RawMessage `json:"after"`
			} `json:"change"`
		} `json:"resource_changes"`
	}
	require.NoError(t, json.Unmarshal([]byte(show), &plan))
	require.Len(t, plan.ResourceChanges, 1)
	rc := plan.ResourceChanges[0]
	require.Equal(t, "module.table.aws_dynamodb_table.this", rc.Address)
	require.Equal(t, []string{"create"}, rc.Change.Actions)
	var table plannedTable
	require.NoError(t, json.Unmarshal(rc.Change.After, &table))
	return table
}

func ptr[T any](v T) *T { return &v }

// TestExamples validates and plans each example against the real provider,
// offline, and checks what the module makes of its inputs.
func TestExamples(t *testing.T) {
	t.Parallel()
	env := terraformEnv(t, true)
	for _, name := range examples(t) {
		t.Run(name, func(t *testing.T) {
			tftest.Parallel(t)
			dir := filepath.Join(copyModule(t, t.TempDir()), "examples", name)
			out := mustTerraform(t, env, dir, "fmt", "-check", "-recursive", "-no-color")
			assert.Empty(t, out)
			initDir(t, env, dir)
			tfprovidertest.Attach(t, env, dir)
			out = mustTerraform(t, env, dir, "validate", "-no-color")
			assert.Contains(t, out, "Success! The configuration is valid.")
			assert.NotContains(t, out, "Warning", "validate must not warn (deprecated hash_key/range_key?)")

			table := planTable(t, env, dir)
			// DynamoDB always gets explicit TTL, PITR, deletion protection
			// and SSE settings, so that turning one off is a planned change.
			require.Len(t, table.TTL, 1)
			require.Len(t, table.PointInTimeRecovery, 1)
			require.Len(t, table.ServerSideEncryption, 1)
			for _, g := range table.GlobalSecondaryIndex {
				// hash_key is computed from key_schema (unknown in the plan);
				// the provider plans an unset range_key as "".
				assert.Nil(t, g.HashKey, "GSI %s: deprecated hash_key must not be set", g.Name)
				if g.RangeKey != nil {
					assert.Empty(t, *g.RangeKey, "GSI %s: deprecated range_key must not be set", g.Name)
				}
			}

			switch name {
			case "basic":
				assert.Equal(t, []string{"GSI1PK:S", "GSI1SK:S", "PK:S", "SK:S"}, table.attributes())
				assert.Equal(t, "PAY_PER_REQUEST", table.BillingMode)
				assert.Equal(t, "PK", table.HashKey)
				assert.Equal(t, ptr("SK"), table.RangeKey)
				assert.Nil(t, table.ReadCapacity)
				assert.Equal(t, "GSI1PK:HASH GSI1SK:RANGE", table.keySchema("GSI1"))
				assert.Equal(t, "ALL", table.GlobalSecondaryIndex[0].ProjectionType)
				assert.False(t, table.StreamEnabled)
				assert.Nil(t, table.StreamViewType)
				assert.False(t, table.TTL[0].Enabled)
				assert.Nil(t, table.TTL[0].AttributeName)
				assert.True(t, table.PointInTimeRecovery[0].Enabled)
				assert.True(t, table.DeletionProtectionEnabled)
				assert.False(t, table.ServerSideEncryption[0].Enabled)
				// The provider suppresses the default STANDARD on create
				// (DiffSuppressFunc old == "" && new == "STANDARD").
				assert.Empty(t, table.TableClass)
				assert.Equal(t, map[string]string{"team": "shop"}, table.Tags)
			case "multi-attribute":
				assert.Equal(t, []string{"PK:S", "SK:S", "category:S", "orderDate:S", "orderId:S", "region:S", "sellerId:S", "total:N"}, table.attributes())
				assert.Equal(t, "sellerId:HASH region:HASH orderDate:RANGE category:RANGE orderId:RANGE", table.keySchema("SellerOrders"))
				assert.Equal(t, "orderId:HASH", table.keySchema("ByOrderId"))
				require.Len(t, table.LocalSecondaryIndex, 1)
				assert.Equal(t, "ByTotal", table.LocalSecondaryIndex[0].Name)
				assert.Equal(t, "total", table.LocalSecondaryIndex[0].RangeKey)
				assert.Equal(t, "KEYS_ONLY", table.LocalSecondaryIndex[0].ProjectionType)
				assert.True(t, table.StreamEnabled)
				assert.Equal(t, ptr("NEW_AND_OLD_IMAGES"), table.StreamViewType)
				assert.True(t, table.TTL[0].Enabled)
				assert.Equal(t, ptr("expiresAt"), table.TTL[0].AttributeName)
				assert.True(t, table.PointInTimeRecovery[0].Enabled)
				assert.Equal(t, map[string]string{"team": "orders", "environment": "example"}, table.Tags)
				for _, g := range table.GlobalSecondaryIndex {
					if g.Name == "SellerOrders" {
						assert.Equal(t, "INCLUDE", g.ProjectionType)
						assert.ElementsMatch(t, []string{"total", "status"}, g.NonKeyAttributes)
					}
				}
			case "provisioned":
				assert.Equal(t, []string{"PK:S", "SK:N", "actorId:S", "resourceId:S", "resourceType:S"}, table.attributes())
				assert.Equal(t, "PROVISIONED", table.BillingMode)
				assert.Equal(t, ptr(5.0), table.ReadCapacity)
				assert.Equal(t, ptr(10.0), table.WriteCapacity)
				assert.Equal(t, "actorId:HASH SK:RANGE", table.keySchema("ByActor"))
				assert.Equal(t, "resourceType:HASH resourceId:HASH", table.keySchema("ByResource"))
				capacity := map[string][2]float64{}
				for _, g := range table.GlobalSecondaryIndex {
					require.NotNil(t, g.ReadCapacity, g.Name)
					require.NotNil(t, g.WriteCapacity, g.Name)
					capacity[g.Name] = [2]float64{*g.ReadCapacity, *g.WriteCapacity}
				}
				assert.Equal(t, map[string][2]float64{"ByActor": {2, 10}, "ByResource": {1, 5}}, capacity)
				assert.Equal(t, "STANDARD_INFREQUENT_ACCESS", table.TableClass)
				assert.True(t, table.ServerSideEncryption[0].Enabled)
			default:
				t.Fatalf("example %q has no plan assertions", name)
			}
		})
	}
}

// diagnostic is one diagnostic of `terraform plan -json`.
type diagnostic struct {
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail"`
}

// planDiagnostics runs `terraform plan -json` in dir and returns its error
// diagnostics; the plan must fail.
func planDiagnostics(t *testing.T, env *tfenv.Env, dir string) []diagnostic {
	t.Helper()
	out, err := terraform(t, env, dir, "plan", "-json", "-input=false", "-lock=false")
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "plan must fail:\n%s", out)
	var diags []diagnostic
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 0, 1<<20), 1<<24)
	for sc.Scan() {
		var line struct {
			Type       string     `json:"type"`
			Diagnostic diagnostic `json:"diagnostic"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Type == "diagnostic" && line.Diagnostic.Severity == "error" {
			d := line.Diagnostic
			// Terraform appends where a variable validation rule lives.
			d.Detail, _, _ = strings.Cut(d.Detail, "\n\nThis was checked by the validation rule at ")
			diags = append(diags, d)
		}
	}
	require.NoError(t, sc.Err())
	return diags
}

// TestValidationRejectsBadInputs plans small root modules calling the module
// with bad inputs and asserts the exact messages of the module's variable
// validations and preconditions.
func TestValidationRejectsBadInputs(t *testing.T) {
	t.Parallel()
	env := terraformEnv(t, true)

	const (
		invalidVariable    = "Invalid value for variable"
		preconditionFailed = "Resource precondition failed"
	)
	type want struct{ summary, detail string }
	cases := []struct {
		name string
		call string // the module block's arguments besides source
		want []want
	}{
		{
			name: "five partition attributes",
			call: `
  global_secondary_indexes = [{
    name          = "TooWide"
    partition_key = [for n in ["a", "b", "c", "d", "e"] : { name = n, type = "S" }]
  }]`,
			want: []want{{invalidVariable, "A global secondary index partition_key takes 1 to 4 attributes; offending: TooWide (5)."}},
		},
		{
			name: "no partition attribute and five sort attributes",
			call: `
  global_secondary_indexes = [{
    name          = "Empty"
    partition_key = []
    sort_key      = [for n in ["a", "b", "c", "d", "e"] : { name = n, type = "S" }]
  }]`,
			want: []want{
				{invalidVariable, "A global secondary index partition_key takes 1 to 4 attributes; offending: Empty (0)."},
				{invalidVariable, "A global secondary index sort_key takes at most 4 attributes; offending: Empty (5)."},
			},
		},
		{
			name: "duplicate GSI name",
			call: `
  global_secondary_indexes = [
    { name = "GSI1", partition_key = [{ name = "GSI1PK", type = "S" }] },
    { name = "GSI1", partition_key = [{ name = "GSI2PK", type = "S" }] },
  ]`,
			want: []want{{invalidVariable, "Global secondary index names must be unique; repeated: GSI1."}},
		},
		{
			name: "INCLUDE without non_key_attributes",
			call: `
  global_secondary_indexes = [{
    name            = "GSI1"
    partition_key   = [{ name = "GSI1PK", type = "S" }]
    projection_type = "INCLUDE"
  }]`,
			want: []want{{invalidVariable, "A global secondary index needs non_key_attributes when projection_type is INCLUDE, and takes none otherwise; offending: GSI1."}},
		},
		{
			name: "conflicting types across GSIs",
			call: `
  global_secondary_indexes = [
    { name = "GSI1", partition_key = [{ name = "sellerId", type = "S" }] },
    { name = "GSI2", partition_key = [{ name = "region", type = "S" }], sort_key = [{ name = "sellerId", type = "N" }] },
  ]`,
			want: []want{{invalidVariable, "An attribute used in several global secondary index keys must have one type everywhere; conflicting: sellerId (S/N)."}},
		},
		{
			name: "conflicting types between table and GSI",
			call: `
  global_secondary_indexes = [
    { name = "ByPK", partition_key = [{ name = "PK", type = "N" }] },
  ]`,
			want: []want{{preconditionFailed, "An attribute used in several keys (table, global and local secondary indexes) must have one type everywhere; conflicting: PK (S/N)."}},
		},
		{
			name: "bad key type and projection",
			call: `
  global_secondary_indexes = [{
    name            = "GSI1"
    partition_key   = [{ name = "GSI1PK", type = "STRING" }]
    projection_type = "SOME"
  }]`,
			want: []want{
				{invalidVariable, "Global secondary index key attributes need a name of 1 to 255 characters and type S, N or B; offending: GSI1.GSI1PK (STRING)."},
				{invalidVariable, "A global secondary index projection_type must be ALL, KEYS_ONLY or INCLUDE; offending: GSI1 (SOME)."},
			},
		},
		{
			name: "21 GSIs",
			call: `
  global_secondary_indexes = [for i in range(21) : { name = "GSI${i}", partition_key = [{ name = "GSI${i}PK", type = "S" }] }]`,
			want: []want{{invalidVariable, "At most 20 global secondary indexes are allowed per table (got 21)."}},
		},
		{
			name: "six LSIs",
			call: `
  local_secondary_indexes = [for i in range(6) : { name = "LSI${i}", sort_key = { name = "LSI${i}SK", type = "S" } }]`,
			want: []want{{invalidVariable, "At most 5 local secondary indexes are allowed per table (got 6)."}},
		},
		{
			name: "LSI name reused by a GSI",
			call: `
  global_secondary_indexes = [{ name = "ByTotal", partition_key = [{ name = "GSI1PK", type = "S" }] }]
  local_secondary_indexes  = [{ name = "ByTotal", sort_key = { name = "total", type = "N" } }]`,
			want: []want{{preconditionFailed, "Index names must be unique across global and local secondary indexes; repeated: ByTotal."}},
		},
		{
			name: "PROVISIONED without capacity",
			call: `
  billing_mode             = "PROVISIONED"
  global_secondary_indexes = [{ name = "GSI1", partition_key = [{ name = "GSI1PK", type = "S" }], read_capacity = 1 }]`,
			want: []want{
				{preconditionFailed, "With billing_mode PROVISIONED, read_capacity and write_capacity are required."},
				{preconditionFailed, "With billing_mode PROVISIONED, every global secondary index needs read_capacity and write_capacity; missing on: GSI1."},
			},
		},
		{
			name: "PAY_PER_REQUEST with capacity",
			call: `
  read_capacity            = 5
  global_secondary_indexes = [{ name = "GSI1", partition_key = [{ name = "GSI1PK", type = "S" }], write_capacity = 1 }]`,
			want: []want{{preconditionFailed, "With billing_mode PAY_PER_REQUEST, read_capacity and write_capacity must be null on the table and on every global secondary index; set on: GSI1."}},
		},
		{
			name: "KEYS_ONLY with non_key_attributes",
			call: `
  global_secondary_indexes = [{
    name               = "GSI1"
    partition_key      = [{ name = "GSI1PK", type = "S" }]
    projection_type    = "KEYS_ONLY"
    non_key_attributes = ["total"]
  }]`,
			want: []want{{invalidVariable, "A global secondary index needs non_key_attributes when projection_type is INCLUDE, and takes none otherwise; offending: GSI1."}},
		},
		{
			name: "attribute twice in one GSI key",
			call: `
  global_secondary_indexes = [{
    name          = "GSI1"
    partition_key = [{ name = "sellerId", type = "S" }]
    sort_key      = [{ name = "orderDate", type = "S" }, { name = "sellerId", type = "S" }]
  }]`,
			want: []want{{invalidVariable, "An attribute can appear only once in the key of a global secondary index; offending: GSI1."}},
		},
		{
			name: "LSI INCLUDE without non_key_attributes and bad sort key type",
			call: `
  local_secondary_indexes = [{ name = "ByTotal", sort_key = { name = "total", type = "number" }, projection_type = "INCLUDE" }]`,
			want: []want{
				{invalidVariable, "A local secondary index sort_key needs a name of 1 to 255 characters and type S, N or B; offending: ByTotal.total (number)."},
				{invalidVariable, "A local secondary index needs non_key_attributes when projection_type is INCLUDE, and takes none otherwise; offending: ByTotal."},
			},
		},
		{
			name: "LSI conflicting with the table sort key type",
			call: `
  local_secondary_indexes = [{ name = "BySK", sort_key = { name = "SK", type = "N" } }]`,
			want: []want{{preconditionFailed, "An attribute used in several keys (table, global and local secondary indexes) must have one type everywhere; conflicting: SK (S/N)."}},
		},
		{
			name: "KMS key without encryption and reserved tag",
			call: `
  server_side_encryption = { enabled = false, kms_key_arn = "arn:aws:kms:eu-west-1:111122223333:key/example" }
  tags                   = { "aws:owner" = "me" }`,
			want: []want{
				{invalidVariable, "The server_side_encryption kms_key_arn can be set only when enabled is true."},
				{invalidVariable, "Tag keys must be 1 to 128 characters and must not start with \"aws:\"; tag values at most 256 characters."},
			},
		},
		{
			name: "stream view type and table class",
			call: `
  stream_view_type = "NEW"
  table_class      = "INFREQUENT"`,
			want: []want{
				{invalidVariable, "The stream_view_type must be null (stream off), NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES or KEYS_ONLY."},
				{invalidVariable, "The table_class must be STANDARD or STANDARD_INFREQUENT_ACCESS."},
			},
		},
	}

	root := newCallRoot(t, env)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tftest.Parallel(t)
			dir := root.moduleCall(t, tc.name, `
  name          = "bad-inputs"
  partition_key = { name = "PK", type = "S" }
  sort_key      = { name = "SK", type = "S" }
`+tc.call)

			diags := planDiagnostics(t, env, dir)
			var got []want
			for _, d := range diags {
				got = append(got, want{d.Summary, d.Detail})
			}
			// Exactly the module's own messages, nothing else.
			assert.ElementsMatch(t, tc.want, got)
		})
	}
}

// callRoot is a temp dir holding a copy of the module and an initialized
// root module calling it, whose .terraform directory the callers' root
// modules reuse: `terraform init` runs once per test, not once per case.
type callRoot struct {
	dir string
	env *tfenv.Env
}

// newCallRoot copies the module into a temp dir and runs terraform init once
// in a root module calling it.
func newCallRoot(t *testing.T, env *tfenv.Env) *callRoot {
	t.Helper()
	r := &callRoot{dir: t.TempDir(), env: env}
	copyModule(t, r.dir)
	dir := r.write(t, "init", `
  name          = "init"
  partition_key = { name = "PK", type = "S" }
`)
	initDir(t, env, dir)
	return r
}

// write writes the root module dir/<name> calling the module with args
// (the arguments besides source) and returns its path.
func (r *callRoot) write(t *testing.T, name, args string) string {
	t.Helper()
	dir := filepath.Join(r.dir, strings.NewReplacer(" ", "_", "/", "_").Replace(name))
	require.NoError(t, os.Mkdir(dir, 0o755))
	call := `module "table" {
  source = "../` + moduleDir + `"
` + args + `
}
` + offlineProvider
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.tf"), []byte(call), 0o644))
	return dir
}

// moduleCall writes a root module calling the module with args, already
// initialized: it gets a copy of the init root's .terraform directory (the
// module manifest records the module's relative path; the provider entry is
// a symlink into the mirror) and lock file, and its terraform commands
// attach to a provider started for it (tfprovidertest.Attach).
func (r *callRoot) moduleCall(t *testing.T, name, args string) string {
	t.Helper()
	dir := r.write(t, name, args)
	src := filepath.Join(r.dir, "init")
	err := filepath.WalkDir(filepath.Join(src, ".terraform"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dir, rel)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		default:
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(target, data, 0o644)
		}
	})
	require.NoError(t, err)
	lock, err := os.ReadFile(filepath.Join(src, ".terraform.lock.hcl"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".terraform.lock.hcl"), lock, 0o644))
	tfprovidertest.Attach(t, r.env, dir)
	return dir
}

// TestValidationTableKeys covers the table key rules, which need other base
// keys than TestValidationRejectsBadInputs.
func TestValidationTableKeys(t *testing.T) {
	t.Parallel()
	env := terraformEnv(t, true)
	cases := []struct {
		name, call string
		want       []diagnostic
	}{
		{
			name: "LSI without table sort key",
			call: `
  name                    = "no-sort-key"
  partition_key           = { name = "PK", type = "S" }
  local_secondary_indexes = [{ name = "ByTotal", sort_key = { name = "total", type = "N" } }]`,
			want: []diagnostic{{"error", "Resource precondition failed", "Local secondary indexes need a table sort_key."}},
		},
		{
			name: "same partition and sort key",
			call: `
  name          = "same-keys"
  partition_key = { name = "PK", type = "S" }
  sort_key      = { name = "PK", type = "S" }`,
			want: []diagnostic{{"error", "Resource precondition failed", "The partition_key and sort_key must be different attributes."}},
		},
		{
			name: "bad table name and key type",
			call: `
  name          = "x"
  partition_key = { name = "PK", type = "BOOL" }`,
			want: []diagnostic{
				{"error", "Invalid value for variable", "The table name must be 3 to 255 characters from a-z, A-Z, 0-9, '_', '-' and '.'."},
				{"error", "Invalid value for variable", "The partition_key type must be S (string), N (number) or B (binary)."},
			},
		},
	}
	root := newCallRoot(t, env)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tftest.Parallel(t)
			dir := root.moduleCall(t, tc.name, tc.call)
			assert.ElementsMatch(t, tc.want, planDiagnostics(t, env, dir))
		})
	}
}

// TestLimitsAccepted plans a table at DynamoDB's limits: 20 GSIs with 4
// partition and 4 sort attributes each and 5 LSIs.
func TestLimitsAccepted(t *testing.T) {
	tftest.Parallel(t)
	env := terraformEnv(t, true)
	dir := newCallRoot(t, env).moduleCall(t, "limits", `
  name          = "at-the-limits"
  partition_key = { name = "PK", type = "S" }
  sort_key      = { name = "SK", type = "S" }

  global_secondary_indexes = [for i in range(20) : {
    name          = "GSI${i}"
    partition_key = [for j in range(4) : { name = "g${i}p${j}", type = "S" }]
    sort_key      = [for j in range(4) : { name = "g${i}s${j}", type = j == 3 ? "N" : "S" }]
  }]
  local_secondary_indexes = [for i in range(5) : { name = "LSI${i}", sort_key = { name = "l${i}", type = "B" } }]
`)
	out := mustTerraform(t, env, dir, "plan", "-no-color", "-input=false", "-lock=false", "-out=tfplan")
	assert.Contains(t, out, "Plan: 1 to add, 0 to change, 0 to destroy.")
	show := mustTerraform(t, env, dir, "show", "-json", "tfplan")
	var plan struct {
		ResourceChanges []struct {
			Change struct {
				After plannedTable `json:"after"`
			} `json:"change"`
		} `json:"resource_changes"`
	}
	require.NoError(t, json.Unmarshal([]byte(show), &plan))
	require.Len(t, plan.ResourceChanges, 1)
	table := plan.ResourceChanges[0].Change.After
	assert.Len(t, table.Attribute, 2+20*8+5)
	assert.Len(t, table.GlobalSecondaryIndex, 20)
	assert.Len(t, table.LocalSecondaryIndex, 5)
	assert.Equal(t, "g7p0:HASH g7p1:HASH g7p2:HASH g7p3:HASH g7s0:RANGE g7s1:RANGE g7s2:RANGE g7s3:RANGE", table.keySchema("GSI7"))
}

// TestReadmeMatchesInterface checks that README.md's Inputs and Outputs
// tables list exactly the variables and outputs of the module, and that every
// variable and output has a description.
func TestReadmeMatchesInterface(t *testing.T) {
	p := hclparse.NewParser()
	blocks := func(file, blockType string) []string {
		t.Helper()
		f, diags := p.ParseHCLFile(filepath.Join(moduleDir, file))
		require.False(t, diags.HasErrors(), diags.Error())
		var names []string
		for _, b := range f.Body.(*hclsyntax.Body).Blocks {
			if b.Type != blockType {
				continue
			}
			require.Len(t, b.Labels, 1)
			desc, ok := b.Body.Attributes["description"]
			if assert.True(t, ok, "%s %q in %s has no description", blockType, b.Labels[0], file) {
				v, diags := desc.Expr.Value(nil)
				require.False(t, diags.HasErrors(), diags.Error())
				assert.NotEmpty(t, strings.TrimSpace(v.AsString()), "%s %q has an empty description", blockType, b.Labels[0])
			}
			names = append(names, b.Labels[0])
		}
		return names
	}
	variables := blocks("variables.tf", "variable")
	outputs := blocks("outputs.tf", "output")
	require.NotEmpty(t, variables)
	require.NotEmpty(t, outputs)

	readme, err := os.ReadFile(filepath.Join(moduleDir, "README.md"))
	require.NoError(t, err)
	assert.ElementsMatch(t, variables, tableNames(t, readme, "## Inputs"), "README.md Inputs table vs variables.tf")
	assert.ElementsMatch(t, outputs, tableNames(t, readme, "## Outputs"), "README.md Outputs table vs outputs.tf")
}

var tableRow = regexp.MustCompile("^\\|\\s*`([a-z0-9_]+)`\\s*\\|")

// tableNames returns the backquoted names in the first column of the table
// in the README section that starts with heading.
func tableNames(t *testing.T, readme []byte, heading string) []string {
	t.Helper()
	var names []string
	in := false
	for _, line := range bytes.Split(readme, []byte("\n")) {
		s := strings.TrimSpace(string(line))
		if strings.HasPrefix(s, "## ") {
			in = s == heading
			continue
		}
		if m := tableRow.FindStringSubmatch(s); in && m != nil {
			names = append(names, m[1])
		}
	}
	require.NotEmpty(t, names, "README.md has no table under %q", heading)
	return names
}
