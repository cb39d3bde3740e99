package verify_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// providerFor picks hashicorp/aws 6 when the mirror has it; without it
// (while `make setup` still builds it) schemas without multi-attribute GSIs
// run on 5.100.0, others skip. `make test` requires provider 6.
func providerFor(t *testing.T, env *tfenv.Env, s *hclschema.Schema) int {
	t.Helper()
	if env.HasAWSProvider(emit.Provider6Constraint) {
		return 6
	}
	for _, tb := range s.Tables {
		for _, ix := range tb.GSIs {
			if ix.MultiAttribute() {
				tftest.RequireProvider(t, env, emit.Provider6Constraint)
			}
		}
	}
	if os.Getenv("TFDYN_REQUIRE_PROVIDER6") == "1" {
		tftest.RequireProvider(t, env, emit.Provider6Constraint)
	}
	t.Logf("hashicorp/aws 6 is not in the mirror yet: verifying with 5.100.0")
	return 5
}

func load(t *testing.T, dir string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.Load(dir)
	require.False(t, diags.HasErrors(), diags.Error())
	return s
}

// syncBuffer is a goroutine-safe progress sink.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestVerifyPassesOnEveryExample(t *testing.T) {
	t.Parallel()
	env := tftest.Env(t)
	dirs, err := filepath.Glob("../../examples/*")
	require.NoError(t, err)
	for _, dir := range dirs {
		if files, _ := hclschema.FindFiles(dir); len(files) == 0 || !isDir(dir) {
			continue
		}
		s := load(t, dir)
		require.False(t, lint.Run(s).HasErrors())
		providers := []int{6}
		if !hasMultiAttributeGSI(s) {
			providers = append(providers, 5) // the 5.x layout applies too
		}
		for _, major := range providers {
			t.Run(fmt.Sprintf("%s/provider%d", filepath.Base(dir), major), func(t *testing.T) {
				tftest.Parallel(t)
				verifyExample(t, env, s, dir, major)
			})
		}
	}
}

func hasMultiAttributeGSI(s *hclschema.Schema) bool {
	for _, tb := range s.Tables {
		for _, ix := range tb.GSIs {
			if ix.MultiAttribute() {
				return true
			}
		}
	}
	return false
}

// verifyExample verifies one example with hashicorp/aws of the given major.
func verifyExample(t *testing.T, env *tfenv.Env, s *hclschema.Schema, dir string, major int) {
	if major == 6 {
		major = providerFor(t, env, s)
	} else if !env.HasAWSProvider(emit.Provider6Constraint) {
		t.Skip("already verified with 5.100.0 while provider 6 is missing")
	}
	var progress syncBuffer
	rep, err := verify.Run(context.Background(), verify.Options{Schema: s, SchemaPath: dir, Env: env,
		ProviderMajor: major, Progress: &progress, Scale: 3, Items: 10})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, "%s\n%s", progress.String(), text.String())
	require.True(t, rep.Passed, text.String())
	require.NotEmpty(t, rep.Patterns)
	require.Len(t, rep.Patterns, len(s.Patterns))
	for _, p := range rep.Patterns {
		require.True(t, p.OK, p.Name)
		require.Empty(t, p.Warning, "pattern %s found nothing for any example input", p.Name)
	}
	// Measured next to estimated units for every pattern: the Capacity
	// table (reads; a mismatch fails the pattern, VF271) and each write
	// pattern's success case (VF273).
	require.Contains(t, text.String(), "\nCapacity (RCU per call: measured with ReturnConsumedCapacity, estimated by tfdyn cost for the same items)\n")
	require.Len(t, rep.Writes, len(s.WritePatterns))
	for _, w := range rep.Writes {
		require.NotNil(t, w.Capacity, "write pattern %s: %s", w.Name, text.String())
		require.True(t, w.Capacity.OK, "write pattern %s: %s", w.Name, text.String())
		require.NotEmpty(t, w.Capacity.Measured, w.Name)
	}
	require.Len(t, rep.Scale, len(s.Patterns))
	// On the local target destroy is proven by plan: DynamoDB Local takes
	// the table with it.
	require.Contains(t, rep.Conformance, verify.Check{Code: "VF152", Name: "terraform plan -destroy deletes every resource", OK: true})
	require.Contains(t, stepNames(rep), "terraform plan -destroy")
	require.NotContains(t, stepNames(rep), "terraform destroy")
	require.Contains(t, stepNames(rep), "start provider")
	require.Positive(t, rep.ProviderPID, "terraform attaches to one provider process on the local target")
	assertCleanedUp(t, rep)
}

func stepNames(rep *verify.Report) []string {
	var names []string
	for _, s := range rep.Steps {
		names = append(names, s.Name)
	}
	return names
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// assertCleanedUp checks that no DynamoDB Local process and no working
// directory is left behind.
func assertCleanedUp(t *testing.T, rep *verify.Report) {
	t.Helper()
	require.Empty(t, rep.WorkDir, "the working directory must be removed")
	if rep.LocalPID > 0 {
		_, err := os.Stat(filepath.Join("/proc", itoa(rep.LocalPID)))
		require.ErrorIs(t, err, os.ErrNotExist, "DynamoDB Local (pid %d) must be stopped", rep.LocalPID)
	}
	if rep.ProviderPID > 0 {
		_, err := os.Stat(filepath.Join("/proc", itoa(rep.ProviderPID)))
		require.ErrorIs(t, err, os.ErrNotExist, "the provider process (pid %d) must be stopped", rep.ProviderPID)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestVerifyFailsOnBrokenDesigns runs deliberately broken copies of the
// e-commerce example; each must fail with a message that names the pattern
// and shows what was expected and what came back.
func TestVerifyFailsOnBrokenDesigns(t *testing.T) {
	t.Parallel()
	env := tftest.Env(t)
	cases := []struct {
		dir     string
		pattern string
		// codes are the codes of the pattern's failed runs, in order.
		codes []string
		want  []string
	}{
		{"prefix_collision", "orders_for_customer", []string{"VF261", "VF205"}, []string{"returned", "item(s) of entity OrderItem, which the pattern does not declare", `SK="ORDERITEM#o-1001#1"`}},
		{"unpadded_number", "orders_for_customer", []string{"VF261", "VF253", "VF253"}, []string{"out of the order their sort key template promises", "zero padding"}},
		{"wrong_sparse_condition", "orders_by_status", []string{"VF261", "VF251"}, []string{"the pattern's own example inputs find no item", "sparse condition of entity Order in GSI GSI2"}},
		// The e-mail is declared unique, so the lookups with each example
		// customer's e-mail (both "alice" lower-cased) fail too.
		{"non_unique_lookup", "customer_by_email", []string{"VF261 VF262", "VF262", "VF262"}, []string{"FAIL VF261 VF262 customer_by_email (declared result)",
			`although its key is built from attributes that are unique per item: the key condition matches more than one key`,
			`Expected Customer["alice"]; the pattern returns `, // alice and bob share a sort key: their order is open
			`Customer["bob"] is returned but not expected: it is in GSI GSI1 and its key matches GSI1PK = "EMAIL#alice@example.com" AND GSI1SK = "EMAIL#alice@example.com".`,
			`the pattern is declared cardinality = "one" but DynamoDB returns 2 items for these inputs`}},
		// The example issue 2 gives 105 - 2 = 103, three digits: its open
		// issues come back in the wrong order (the declared result), and the
		// width check names the item.
		{"reversed_width", "open_issues_for_repo", []string{"VF261", "VF255"}, []string{"FAIL VF261 open_issues_for_repo (declared result)",
			`Expected Issue["rocket-10"], Issue["rocket-2"]; the pattern returns Issue["rocket-2"], Issue["rocket-10"].`,
			`format("%02d", 105 - number) in GSI4SK = status == "OPEN" ? "ISSUE#OPEN#${format("%02d", 105 - number)}" : "#ISSUE#CLOSED#${format("%07d", number)}" gives 103, which does not fit 2 digits`}},
		{"wrong_index", "order_by_id", []string{"VF261", "VF251", "VF252", "VF252"}, []string{"the pattern's own example inputs find no item",
			`Order["o-1001"] is not returned: its GSI2PK "STATUS#SHIPPED" does not satisfy GSI2PK = "ORDER#o-1001".`,
			`the example item {PK="CUSTOMER#alice" SK="ORDER#2024-05-17#o-1002"} of entity Order`, "is not in the result"}},
	}
	for _, c := range cases {
		t.Run(c.dir, func(t *testing.T) {
			tftest.Parallel(t)
			s := load(t, brokenCopy(t, c.dir))
			rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: c.dir, Env: env,
				ProviderMajor: providerFor(t, env, s), Items: 10})
			require.NoError(t, err)
			var text bytes.Buffer
			rep.WriteText(&text)
			require.False(t, rep.Passed, text.String())
			var failed, codes []string
			for _, p := range rep.Patterns {
				if !p.OK {
					failed = append(failed, p.Name)
				}
				if p.Name == c.pattern {
					for _, run := range p.Runs {
						if !run.OK {
							codes = append(codes, strings.Join(run.Codes, " "))
						}
					}
				}
			}
			require.Contains(t, failed, c.pattern, text.String())
			require.Equal(t, c.codes, codes, text.String())
			out := text.String()
			require.Contains(t, out, "FAIL "+codes[0]+" "+c.pattern)
			for _, w := range c.want {
				require.Contains(t, out, w)
			}
			assertCleanedUp(t, rep)
		})
	}
}

// brokenEdits turn the examples (examples/ecommerce unless brokenSource
// names another) into deliberately broken copies: each edit replaces one
// exact text of the example.
var brokenEdits = map[string][][2]string{
	// Order items live in the customer's partition with SK "ORDERITEM#...",
	// and orders_for_customer reads begins_with("ORDER") without the
	// delimiter, so it also returns them.
	"prefix_collision": {
		{"    orderId   = string\n    itemId    = string", "    username  = string\n    orderId   = string\n    itemId    = string"},
		{"    PK = \"ORDER#${orderId}\"\n    SK = \"ITEM#${itemId}\"", "    PK = \"CUSTOMER#${username}\"\n    SK = \"ORDERITEM#${orderId}#${itemId}\""},
		{"    orderId   = \"o-1001\"\n    itemId    = \"1\"", "    username  = \"alice\"\n    orderId   = \"o-1001\"\n    itemId    = \"1\""},
		{"    orderId   = \"o-1001\"\n    itemId    = \"2\"", "    username  = \"alice\"\n    orderId   = \"o-1001\"\n    itemId    = \"2\""},
		{"    PK = \"ORDER#${orderId}\"\n    SK = begins_with(\"ITEM#\")", "    PK = \"CUSTOMER#${username}\"\n    SK = begins_with(\"ORDERITEM#${orderId}#\")"},
		{"    orderId = \"o-1001\"\n    returns = [entity.OrderItem.example[\"o-1001-1\"], entity.OrderItem.example[\"o-1001-2\"]]", "    username = \"alice\"\n    orderId  = \"o-1001\"\n    returns  = [entity.OrderItem.example[\"o-1001-1\"], entity.OrderItem.example[\"o-1001-2\"]]"},
		{"    PK = \"CUSTOMER#${username}\"\n    SK = begins_with(\"ORDER#\")", "    PK = \"CUSTOMER#${username}\"\n    SK = begins_with(\"ORDER\")"},
	},
	// Orders sort by total, interpolated without zero padding: 1012 sorts
	// before 42.5 as text.
	"unpadded_number": {
		{"    SK = \"ORDER#${orderDate}#${orderId}\"", "    SK = \"ORDER#${total}#${orderId}\""},
	},
	// GSI2 holds only orders whose status is "placed" in lower case, but
	// orders are stored as "PLACED": the admin screen finds nothing.
	"wrong_sparse_condition": {
		{"  index \"GSI2\" {\n    GSI2PK", "  index \"GSI2\" {\n    when   = status == \"placed\"\n    GSI2PK"},
	},
	// Bob's email is Alice's in other case: customer_by_email, a lookup
	// declared cardinality = "one", finds both.
	"non_unique_lookup": {
		{"    email     = \"bob@example.com\"", "    email     = \"ALICE@example.com\""},
	},
	// Customer no longer declares its email unique: customer_by_email,
	// declared cardinality = "one", is keyed on an attribute that two
	// customers may share (lint TD153, whatever the examples say).
	"email_not_unique": {
		{"  unique = [lower(email)] # a guard item CustomerUniqueEmail per e-mail in lower case, put in the same transaction\n", ""},
	},
	// examples/github: open issues sort newest first by a reversed number
	// padded to two digits from a base of 105, which needs three: issue 2
	// gives 103, and "103" sorts before issue 10's "95".
	"reversed_width": {
		{`GSI4SK = status == "OPEN" ? "ISSUE#OPEN#${format("%07d", 9999999 - number)}"`, `GSI4SK = status == "OPEN" ? "ISSUE#OPEN#${format("%02d", 105 - number)}"`},
	},
	// order_by_id reads GSI2 (orders by status) instead of GSI1.
	"wrong_index": {
		{"  index       = \"GSI1\"\n  cardinality = \"one\"\n  key {\n    GSI1PK = \"ORDER#${orderId}\"\n    GSI1SK = \"ORDER#${orderId}\"\n  }", "  index       = \"GSI2\"\n  cardinality = \"one\"\n  key {\n    GSI2PK = \"ORDER#${orderId}\"\n  }"},
	},
}

// brokenSource names the example a broken copy edits, when it is not
// ecommerce.
var brokenSource = map[string]string{"reversed_width": "github"}

// editedExample returns the schema of the example of broken copy name
// (brokenSource) with edits applied, each of which must match exactly once
// (the broken copies follow the example as it changes).
func editedExample(t *testing.T, name string, edits [][2]string) string {
	t.Helper()
	example := brokenSource[name]
	if example == "" {
		example = "ecommerce"
	}
	src, err := os.ReadFile(filepath.Join("../../examples", example, example+hclschema.FileSuffix))
	require.NoError(t, err)
	text := string(src)
	for _, e := range edits {
		require.Equal(t, 1, strings.Count(text, e[0]), "edit %q of %s no longer matches examples/%s exactly once", e[0], name, example)
		text = strings.Replace(text, e[0], e[1], 1)
	}
	return text
}

// brokenCopy writes the broken copy named name into a temporary directory
// and returns it.
func brokenCopy(t *testing.T, name string) string {
	t.Helper()
	text := editedExample(t, name, brokenEdits[name])
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "shop.tfdyn.hcl"), []byte(text), 0o644))
	return dir
}

func TestBrokenCopiesApply(t *testing.T) {
	for name := range brokenEdits {
		s := load(t, brokenCopy(t, name))
		require.NotEmpty(t, s.Patterns, name)
	}
}

// TestVerifyAgainstEndpoint uses a running DynamoDB-compatible endpoint (as a
// CI service container would be); the table name gets a unique suffix and
// the table is gone afterwards.
func TestVerifyAgainstEndpoint(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	target := ddblocaltest.Start(t)
	s := load(t, "../../examples/ecommerce")
	rep, err := verify.Run(context.Background(), verify.Options{Schema: s, SchemaPath: "examples/ecommerce", Env: env,
		Target: verify.TargetEndpoint, Endpoint: target.Endpoint(), ProviderMajor: providerFor(t, env, s), Items: 5})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.True(t, rep.Passed, text.String())
	require.Len(t, rep.Tables, 1)
	require.Regexp(t, `^shop-tfdyn-[0-9a-f]{6}$`, rep.Tables[0].Name)
	client, err := target.NewClient(context.Background())
	require.NoError(t, err)
	out, err := client.ListTables(context.Background(), &dynamodb.ListTablesInput{})
	require.NoError(t, err)
	require.Empty(t, out.TableNames, "verify must destroy the table it created")
	require.Contains(t, stepNames(rep), "terraform destroy", "the tables of an endpoint outlive the run: terraform destroys them")
	require.Positive(t, rep.ProviderPID, "terraform attaches to one provider process on an endpoint too")
	require.NotContains(t, stepNames(rep), "terraform plan -destroy")
	assertCleanedUp(t, rep)
}

// TestVerifyRefusesExistingTable: verify never touches a table it did not
// create.
func TestVerifyRefusesExistingTable(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	target := ddblocaltest.Start(t)
	client, err := target.NewClient(context.Background())
	require.NoError(t, err)
	s := load(t, "../../examples/ecommerce")
	// Occupy the name the local target would use, on the same endpoint.
	_, err = client.CreateTable(context.Background(), &dynamodb.CreateTableInput{
		TableName:            aws.String("shop"),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("PK"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("PK"), KeyType: types.KeyTypeHash}},
	})
	require.NoError(t, err)
	rep, err := verify.Run(context.Background(), verify.Options{Schema: s, Env: env, Target: verify.TargetEndpoint,
		Endpoint: target.Endpoint(), ProviderMajor: providerFor(t, env, s), Items: 1, TableNames: map[string]string{"shop": "shop"}})
	require.Error(t, err)
	require.Contains(t, err.Error(), "table shop already exists")
	require.Contains(t, err.Error(), "refuses to touch it")
	_, err = client.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String("shop")})
	require.NoError(t, err, "the existing table must be untouched")
	assertCleanedUp(t, rep)
}

// TestVerifyKeepLeavesTableUpUntilReleased: with --keep the table stays up
// (the caller gets the endpoint) and is gone once the caller lets go.
func TestVerifyKeepLeavesTableUpUntilReleased(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	s := load(t, "../../examples/ecommerce")
	var seen []string
	rep, err := verify.Run(context.Background(), verify.Options{Schema: s, Env: env, ProviderMajor: providerFor(t, env, s), Items: 1, Keep: true,
		KeepAlive: func(endpoint string) {
			client, _, err := dynamo.NewClient(context.Background(), dynamo.Config{Endpoint: endpoint, AccessKey: "tfdyn", SecretKey: "tfdyn"})
			require.NoError(t, err)
			out, err := client.ListTables(context.Background(), &dynamodb.ListTablesInput{})
			require.NoError(t, err)
			seen = out.TableNames
		}})
	require.NoError(t, err)
	require.True(t, rep.Kept)
	require.Equal(t, []string{"shop"}, seen, "the table is up while the caller holds it")
	assertCleanedUp(t, rep)
}
