package plancheck_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/plancheck"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tfprovider"
	"github.com/tfdyn/tfdyn/internal/tfprovider/tfprovidertest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// baseTable is version 1 of one table of the live tests' schema: LABEL is
// replaced by the table's label (and suffix of entity and pattern names).
const baseTable = `table "LABEL" {
  name                   = "pc-LABEL"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_LABEL" {
  table = table.LABEL
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_LABEL" {
  entity = entity.Order_LABEL
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_LABEL" {
  entity = entity.Order_LABEL
  key {
    PK = "CUSTOMER#${customer}"
  }
}
`

// edit is a change of the schema source: each pair replaces old with new,
// and old must occur.
type edit []string

func (e edit) apply(t *testing.T, src string) string {
	t.Helper()
	for i := 0; i+1 < len(e); i += 2 {
		require.Contains(t, src, e[i], "schema edit: %q not found", e[i])
		src = strings.ReplaceAll(src, e[i], e[i+1])
	}
	return src
}

// want is an expected finding: code, address and words of the detail.
type want struct {
	code    string
	address string
	words   []string
}

// workspace is a Terraform directory with the emitted schema, a provider
// block for the shared DynamoDB Local and its own state.
type workspace struct {
	t      *testing.T
	env    *tfenv.Env
	target *ddblocal.Target
	dir    string
	major  int
	schema *hclschema.Schema
	src    string
	// singleRegion emits global tables without replicas (DynamoDB Local
	// serves one region).
	singleRegion bool
	// provider is the provider terraform attaches to after init
	// (tfprovidertest.Attach).
	provider *tfprovider.Process
}

// providerMajor picks provider 6 when the mirror has it, else 5.100.0
// (TFDYN_PLANCHECK_PROVIDER=5 or 6 forces one).
func providerMajor(t *testing.T, env *tfenv.Env) int {
	switch os.Getenv("TFDYN_PLANCHECK_PROVIDER") {
	case "5":
		tftest.RequireProvider(t, env, "= 5.100.0")
		return 5
	case "6":
		tftest.RequireProvider(t, env, emit.Provider6Constraint)
		return 6
	}
	if env.HasAWSProvider(emit.Provider6Constraint) {
		return 6
	}
	tftest.RequireProvider(t, env, "= 5.100.0")
	return 5
}

func newWorkspace(t *testing.T) *workspace {
	t.Helper()
	env := tftest.Env(t)
	target := sharedTarget(t)
	w := &workspace{t: t, env: env, target: target, dir: t.TempDir(), major: providerMajor(t, env)}
	require.NoError(t, os.WriteFile(filepath.Join(w.dir, "provider.tf"), []byte(target.ProviderBlock()), 0o644))
	if w.major == 5 {
		// Test-only pin (an override file merges into the emitted
		// requirements, which allow any 5.x).
		pin := "terraform {\n  required_providers {\n    aws = {\n      source  = \"hashicorp/aws\"\n      version = \"= 5.100.0\"\n    }\n  }\n}\n"
		require.NoError(t, os.WriteFile(filepath.Join(w.dir, "versions_override.tf"), []byte(pin), 0o644))
	}
	return w
}

// load parses schema source and fails the test on errors.
func loadSchema(t *testing.T, src string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.LoadSource("app.tfdyn.hcl", []byte(src))
	require.False(t, diags.HasErrors(), "schema: %s", diags.Error())
	return s
}

// write emits schema source into the workspace (replacing earlier files).
func (w *workspace) write(src string) {
	w.t.Helper()
	w.src = src
	w.schema = loadSchema(w.t, src)
	files, err := emit.Emit(w.schema, w.emitOptions())
	require.NoError(w.t, err)
	old, _ := filepath.Glob(filepath.Join(w.dir, "dynamodb*.tf"))
	for _, f := range old {
		require.NoError(w.t, os.Remove(f))
	}
	_, err = emit.Write(w.dir, files, false)
	require.NoError(w.t, err)
}

func (w *workspace) emitOptions() emit.Options {
	return emit.Options{ProviderMajor: w.major, SingleRegion: w.singleRegion}
}

func (w *workspace) terraform(args ...string) string {
	w.t.Helper()
	start := time.Now()
	out := tftest.Terraform(w.t, w.env, w.dir, append(args, "-no-color", "-input=false")...)
	w.t.Logf("terraform %s: %s", args[0], time.Since(start).Round(100*time.Millisecond))
	if args[0] == "init" {
		// Every later command attaches to one provider (an init that
		// upgrades it starts the new one).
		w.provider = tfprovidertest.Attach(w.t, w.env, w.dir)
	}
	return out
}

// plan runs plancheck.Run (init, plan, show) in the workspace.
func (w *workspace) plan(ro plancheck.RunOptions) *tfjson.Plan {
	w.t.Helper()
	start := time.Now()
	if w.provider != nil {
		ro.Reattach = w.provider.Reattach()
	}
	p, err := plancheck.Run(context.Background(), w.dir, w.env, ro)
	require.NoError(w.t, err)
	w.t.Logf("plancheck.Run: %s", time.Since(start).Round(100*time.Millisecond))
	return p
}

// check runs CheckPlan with the workspace's current schema.
func (w *workspace) check(p *tfjson.Plan) *plancheck.Report {
	w.t.Helper()
	s := w.schema
	if w.singleRegion {
		// What the workspace applied: its global tables without replicas.
		s = loadSchema(w.t, w.src)
		for _, tb := range s.Tables {
			tb.Replicas, tb.ConsistencyMode, tb.WitnessRegion = nil, "", ""
		}
	}
	rep, err := plancheck.CheckPlan(p, plancheck.Options{Schema: s})
	require.NoError(w.t, err)
	return rep
}

// requireFindings asserts that the report holds exactly the wanted
// findings, in order.
func requireFindings(t *testing.T, rep *plancheck.Report, wants ...want) {
	t.Helper()
	var got []string
	for _, f := range rep.Findings {
		got = append(got, f.Code+" "+f.Address+": "+f.Summary+" — "+f.Detail)
	}
	require.Len(t, rep.Findings, len(wants), "findings:\n%s", strings.Join(got, "\n"))
	for i, wnt := range wants {
		f := rep.Findings[i]
		require.Equal(t, wnt.code, f.Code, "finding %d: %s", i, got[i])
		require.Equal(t, wnt.address, f.Address, "finding %d: %s", i, got[i])
		for _, word := range wnt.words {
			require.Contains(t, f.Summary+" "+f.Detail, word, "finding %d", i)
		}
	}
}

// saveFixture writes the plan JSON (the output of terraform show -json,
// byte for byte) and the schema it is checked with to testdata/plans
// (with -update only).
func (w *workspace) saveFixture(name string, ro plancheck.RunOptions, schemaSrc string) {
	t := w.t
	t.Helper()
	if !*update {
		return
	}
	args := []string{"plan", "-out=fixture.tfplan"}
	if ro.Destroy {
		args = append(args, "-destroy")
	}
	for _, v := range ro.Vars {
		args = append(args, "-var", v)
	}
	for _, f := range ro.VarFiles {
		args = append(args, "-var-file", f)
	}
	w.terraform(args...)
	out, err := tftest.Command(w.env, w.dir, "show", "-json", "fixture.tfplan").Output()
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, json.Indent(&buf, out, "", " "))
	buf.WriteByte('\n')
	require.NoError(t, os.WriteFile(filepath.Join("testdata", "plans", name+".json"), buf.Bytes(), 0o644))
	if schemaSrc != "" {
		require.NoError(t, os.WriteFile(filepath.Join("testdata", "plans", name+".tfdyn.hcl"), []byte(schemaSrc), 0o644))
	}
}

// liveCase is one rule's live test: its own table, version 1 of which is
// applied, then changed as the rule describes.
type liveCase struct {
	// label is the table label ("dp103"); the table is named pc-<label>.
	label string
	// v1 edits the base table before the first apply (may be nil).
	v1 edit
	// v2 edits v1 into the changed table; nil keeps v1. remove drops the
	// table from the schema.
	v2     edit
	remove bool
	// checkWith, if set, edits v2 into the table passed to CheckPlan
	// (drift: Terraform from one schema, checked against another).
	checkWith edit
	// want lists the findings expected on the table's address.
	want []want
}

// liveCases has one case per rule. Each case owns a table; all tables live
// in one Terraform directory so that one apply and one plan serve every
// rule, and each rule's findings are asserted on its own address.
func liveCases() []liveCase {
	return []liveCase{
		{label: "dp101", remove: true,
			want: []want{{code: "DP101", words: []string{`delete table "pc-dp101"`, "every item", "no longer in the configuration", "moved block"}}}},
		{label: "dp102",
			v2:   edit{`sort_key               = "SK"`, `sort_key               = "SK2"`, "\n    SK = \"ORDER#", "\n    SK2 = \"ORDER#"},
			want: []want{{code: "DP102", words: []string{`Table "pc-dp102" is replaced`, "range_key", `"SK" → "SK2"`, "every item"}}}},
		{label: "dp103",
			v2:   edit{"point_in_time_recovery = true", "point_in_time_recovery = false"},
			want: []want{{code: "DP103", words: []string{"point_in_time_recovery.enabled true → false", "continuous backups"}}}},
		{label: "dp201",
			v2:   edit{`"NEW_AND_OLD_IMAGES"`, `"KEYS_ONLY"`},
			want: []want{{code: "DP201", words: []string{`from "NEW_AND_OLD_IMAGES" to "KEYS_ONLY"`, "stream ARN"}}}},
		{label: "dp202",
			v2: edit{"  global_secondary_index \"GSI2\" {\n    partition_key = \"GSI2PK\"\n    projection    = \"KEYS_ONLY\"\n  }\n", "",
				"  index \"GSI2\" {\n    GSI2PK = \"STATUS#${status}\"\n  }\n", ""},
			want: []want{{code: "DP202", words: []string{`GSI "GSI2" of table "pc-dp202" is deleted`, `partition key "GSI2PK"`}}}},
		{label: "dp203",
			v2:   edit{"GSI2PK", "GSI2PKX"},
			want: []want{{code: "DP203", words: []string{`GSI "GSI2"`, `from partition key "GSI2PK" to partition key "GSI2PKX"`, "backfill"}}}},
		{label: "dp204",
			v2: edit{"GSI1SK", "GSI1SK2"},
			want: []want{
				{code: "DP203", words: []string{`GSI "GSI1"`, `sort key "GSI1SK" to partition key "GSI1PK", sort key "GSI1SK2"`}},
				{code: "DP204", words: []string{`"order_by_id_dp204"`, `GSI "GSI1"`, "deletes and re-creates"}},
			}},
		{label: "dp205",
			v2:   edit{"  ttl                    = \"expiresAt\"\n", ""},
			want: []want{{code: "DP205", words: []string{"ttl.enabled true → false", `"expiresAt"`, "stop expiring"}}}},
		{label: "dp301",
			v2: edit{"  local_secondary_index", "  global_secondary_index \"GSI3\" {\n    partition_key = \"GSI3PK\"\n  }\n  global_secondary_index \"GSI4\" {\n    partition_key = \"GSI4PK\"\n  }\n  local_secondary_index",
				"  index \"GSI2\" {", "  index \"GSI3\" {\n    GSI3PK = \"C#${customer}\"\n  }\n  index \"GSI4\" {\n    GSI4PK = \"D#${orderDate}\"\n  }\n  index \"GSI2\" {"},
			want: []want{{code: "DP301", words: []string{`GSIs "GSI3", "GSI4"`, "backfill"}}}},
		{label: "dp401",
			v1:   edit{"deletion_protection    = false", "deletion_protection    = true"},
			v2:   edit{"deletion_protection    = true", "deletion_protection    = false"},
			want: []want{{code: "DP401", words: []string{"deletion_protection_enabled true → false"}}}},
		{label: "dp402",
			v2:   edit{"  partition_key          = \"PK\"\n", "  partition_key          = \"PK\"\n  billing_mode           = \"PROVISIONED\"\n  read_capacity          = 5\n  write_capacity         = 5\n"},
			want: []want{{code: "DP402", words: []string{`from billing mode "PAY_PER_REQUEST" to "PROVISIONED"`, "24 hours", "read_capacity"}}}},
		{label: "dp403",
			v1:   edit{"  local_secondary_index", "  server_side_encryption {}\n  local_secondary_index"},
			v2:   edit{"  server_side_encryption {}", "  server_side_encryption {\n    kms_key_arn = \"" + testKMSKey + "\"\n  }"},
			want: []want{{code: "DP403", words: []string{"from the AWS managed key (alias/aws/dynamodb) to the customer managed key", testKMSKey}}}},
		{label: "dp404",
			checkWith: edit{"    projection    = \"KEYS_ONLY\"\n", "", "ttl                    = \"expiresAt\"", "ttl                    = \"expireAt\""},
			want: []want{{code: "DP404", words: []string{`GSI "GSI2" projects KEYS_ONLY in the plan but ALL in the schema`,
				`time to live is on attribute "expiresAt" in the plan but on attribute "expireAt" in the schema`}}}},
	}
}

const testKMSKey = "arn:aws:kms:us-east-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab"

// schemaOf joins the tables of the cases, each edited by pick (which
// returns the edits to apply and whether to keep the table).
func schemaOf(t *testing.T, cases []liveCase, pick func(liveCase) ([]edit, bool)) string {
	t.Helper()
	var b strings.Builder
	for _, c := range cases {
		edits, keep := pick(c)
		if !keep {
			continue
		}
		src := strings.ReplaceAll(baseTable, "LABEL", c.label)
		for _, e := range edits {
			src = e.apply(t, src)
		}
		b.WriteString(src)
		b.WriteString("\n")
	}
	return b.String()
}

// TestLiveRules applies version 1 of a schema with one table per rule to
// DynamoDB Local with real terraform and the real AWS provider, checks
// that the unchanged schema plans clean, then changes every table as its
// rule describes, plans once and asserts exactly each rule's findings on
// its table. A plan -destroy then reports DP101 on every table.
func TestLiveRules(t *testing.T) {
	tftest.Parallel(t)
	w := newWorkspace(t)
	cases := liveCases()
	v1 := schemaOf(t, cases, func(c liveCase) ([]edit, bool) { return []edit{c.v1}, true })
	v2 := schemaOf(t, cases, func(c liveCase) ([]edit, bool) { return []edit{c.v1, c.v2}, !c.remove })
	checkWith := schemaOf(t, cases, func(c liveCase) ([]edit, bool) { return []edit{c.v1, c.v2, c.checkWith}, !c.remove })

	w.write(v1)
	client, err := w.target.NewClient(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() {
		// Delete the tables with the SDK: faster than terraform destroy
		// here, and it works whatever state a failed test left behind.
		ctx := context.Background()
		for _, c := range cases {
			name := aws.String("pc-" + c.label)
			_, _ = client.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name, DeletionProtectionEnabled: aws.Bool(false)})
			_, _ = client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: name})
		}
	})
	w.terraform("init")
	w.terraform("apply", "-auto-approve")

	clean := w.plan(plancheck.RunOptions{})
	t.Run("unchanged schema plans clean", func(t *testing.T) {
		rep := w.check(clean)
		requireFindings(t, rep)
		require.Len(t, rep.Tables, len(cases))
		for _, tc := range rep.Tables {
			require.Equal(t, "no-op", tc.Action, tc.Address)
		}
	})
	w.saveFixture("clean", plancheck.RunOptions{}, v1)

	w.write(v2)
	p := w.plan(plancheck.RunOptions{})
	w.schema = loadSchema(t, checkWith)
	rep := w.check(p)
	w.saveFixture("rules", plancheck.RunOptions{}, checkWith)
	for _, c := range cases {
		t.Run(strings.ToUpper(c.label[:2])+c.label[2:], func(t *testing.T) {
			addr := "aws_dynamodb_table." + c.label
			var wants []want
			for _, wnt := range c.want {
				wnt.address = addr
				wants = append(wants, wnt)
			}
			requireFindings(t, only(rep, addr), wants...)
		})
	}

	t.Run("plan -destroy", func(t *testing.T) {
		w.write(v1)
		w.schema = loadSchema(t, v1)
		rep := w.check(w.plan(plancheck.RunOptions{Destroy: true}))
		var wants []want
		for _, c := range cases {
			words := []string{`delete table "pc-` + c.label + `"`, "plan -destroy"}
			if c.label == "dp401" {
				words = append(words, "Deletion protection is enabled")
			}
			wants = append(wants, want{code: "DP101", address: "aws_dynamodb_table." + c.label, words: words})
		}
		requireFindings(t, rep, wants...)
	})
}

// only returns a copy of rep with the findings on address.
func only(rep *plancheck.Report, address string) *plancheck.Report {
	out := *rep
	out.Findings = nil
	for _, f := range rep.Findings {
		if f.Address == address {
			out.Findings = append(out.Findings, f)
		}
	}
	return &out
}
