package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/migrate"
	"github.com/tfdyn/tfdyn/internal/tfprovider/tfprovidertest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// exampleHead is examples/ecommerce changed as a pull request would: GSI3
// over attributes reviews already have (reviews by their author, a new
// access pattern), products in a category sorted by title (GSI1SK of
// Product changed) and browsed 24 a page (the pattern's limit, a change
// readers see). Each edit replaces text that occurs once.
var exampleHead = []struct{ old, new string }{
	{`    include       = ["orderId", "orderDate", "username", "total"]
  }
`, `    include       = ["orderId", "orderDate", "username", "total"]
  }

  global_secondary_index "GSI3" {
    partition_key = "GSI3PK"
    sort_key      = "GSI3SK"
  }
`},
	{`    SK = "REVIEW#${reviewDate}#${reviewId}"
  }
`, `    SK = "REVIEW#${reviewDate}#${reviewId}"
  }
  index "GSI3" {
    GSI3PK = "USER#${username}"
    GSI3SK = "REVIEW#${reviewDate}#${reviewId}"
  }
`},
	{`    GSI1SK = "PRODUCT#${productId}"
  }
`, `    GSI1SK = "PRODUCT#${title}#${productId}"
  }
`},
	{`  limit = 50
`, `  limit = 24
`},
	{`write_pattern "register_customer" {`, `access_pattern "reviews_by_customer" {
  description = "A customer's reviews, newest first"
  entity      = entity.Review
  index       = "GSI3"
  key {
    GSI3PK = "USER#${username}"
    GSI3SK = begins_with("REVIEW#")
  }
  order = "desc"
  example {
    username = "alice"
    returns  = [entity.Review.example["r-1"]]
  }
}

write_pattern "register_customer" {`},
}

// TestLiveMigrateCLI is the evolution of a design that has data, as a team
// runs it (the commands of the README's "Changing a design that has
// data"), with real terraform and hashicorp/aws 6 on DynamoDB Local: BASE
// is examples/ecommerce, committed, emitted and applied, and 3,905 items
// of its six entities and the guard items of its unique e-mails are
// written (the guards are items of the guard entity, not of no entity). HEAD (exampleHead) adds GSI3 over
// existing review attributes, changes Product's GSI1 template and the
// limit of products_in_category: tfdyn diff classifies each (SD102, SD201,
// SD202, SD104, SD402) and blocks on the changed pattern until
// acknowledged; migrate --dry-run counts; emit, plan (DP rules) and apply
// add the GSI; --check fails, naming the items not migrated and the
// patterns; a migration cut by Ctrl-C exits 130 with its checkpoint and
// resumes from it; a second migration updates nothing; --check passes with
// the item counts per entity as written. Then the removal the other way
// round: the pattern goes first (SD401), then the GSI (SD502, DP202), and
// migrate removes its attributes; --check passes.
func TestLiveMigrateCLI(t *testing.T) {
	tftest.Serial(t) // changes the working directory
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	example, err := filepath.Abs("../../examples/ecommerce/ecommerce.tfdyn.hcl")
	require.NoError(t, err)
	repo := t.TempDir()
	t.Chdir(repo)
	gitRun := func(args ...string) {
		out, err := exec.Command("git", args...).CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	gitRun("init", "-q")
	schemaFile := copyFile(t, example, filepath.Join(repo, "schema", "ecommerce.tfdyn.hcl"))
	gitRun("add", "schema")
	gitRun("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base")
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "infra"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "infra", "provider.tf"), []byte(target.ProviderBlock()), 0o644))
	tf := func(args ...string) {
		start := time.Now()
		tftest.Terraform(t, env, "infra", append(args, "-input=false", "-no-color")...)
		t.Logf("terraform %s: %s", args[0], time.Since(start).Round(100*time.Millisecond))
		if args[0] == "init" {
			tfprovidertest.Attach(t, env, "infra") // later commands attach to one provider
		}
	}

	// BASE applied, with its items (exampleData).
	code, _, _ := runTfdyn(t, "emit", "schema", "-o", "infra")
	require.Equal(t, 0, code)
	tf("init")
	tf("apply", "-auto-approve")
	base, diags := hclschema.Load("schema")
	require.False(t, diags.HasErrors())
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	start := time.Now()
	putAll(t, ctx, client, base, "shop", exampleData())
	t.Logf("3905 items written in %s", time.Since(start).Round(100*time.Millisecond))
	// The README's commands, each line as written there (http://localhost:8000
	// stands for DynamoDB Local's endpoint).
	readme, readmeDone := readmeMigrateRunner(t, target.Endpoint())
	check := readme("tfdyn migrate git:HEAD:schema schema --table shop --endpoint http://localhost:8000 --check")
	code, out, _ := runTfdyn(t, check...)
	require.Equal(t, 0, code, "BASE against itself: %s", out)
	require.Contains(t, out, "Check of table shop against HEAD: scanned 3905 items in 4 segments.\n"+
		"  entity Category: 5 items (5 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Customer: 300 items (300 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity CustomerUniqueEmail: 300 items (300 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Order: 900 items (900 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity OrderItem: 1800 items (1800 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Product: 200 items (200 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Review: 400 items (400 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  of no HEAD entity: 0, of several: 0\n", "the counts per entity as written")

	// HEAD, in the pull request (exampleHead). The review classifies each
	// change; the changed pattern blocks until acknowledged.
	src := readFile(t, schemaFile)
	for _, e := range exampleHead {
		require.Equal(t, 1, strings.Count(src, e.old), e.old)
		src = strings.Replace(src, e.old, e.new, 1)
	}
	require.NoError(t, os.WriteFile(schemaFile, []byte(src), 0o644))
	code, out, errOut := runTfdyn(t, readme("tfdyn diff git:HEAD:schema schema")...)
	require.Equal(t, 1, code)
	require.Contains(t, out, "git:HEAD:schema → schema: 5 changes (1 blocking, 0 acknowledged, 2 need a backfill)\n")
	require.Contains(t, errOut, "Error: diff: 1 change blocks")
	var codes []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "SD") {
			codes = append(codes, strings.Fields(l)[0])
		}
	}
	require.Equal(t, []string{"SD402", "SD201", "SD202", "SD102", "SD104"}, codes)
	require.Contains(t, out, "SD402 breaking for readers BLOCKING: access pattern \"products_in_category\" changed [access_pattern.products_in_category]\n  base: HEAD:schema/ecommerce.tfdyn.hcl:390:1\n  head: schema/ecommerce.tfdyn.hcl:399:1\n  Access pattern \"products_in_category\" changes: limit 50 → 24.")
	require.Contains(t, out, "SD201 needs backfill: entity \"Review\" joins index \"GSI3\" [entity.Review.index.GSI3]\n  base: HEAD:schema/ecommerce.tfdyn.hcl:203:1\n  head: schema/ecommerce.tfdyn.hcl:222:3\n")
	require.Contains(t, out, "SD202 needs backfill: index \"GSI1\" keys of entity \"Product\" changed [entity.Product.index.GSI1]\n  base: HEAD:schema/ecommerce.tfdyn.hcl:179:3\n  head: schema/ecommerce.tfdyn.hcl:184:3\n")
	require.Contains(t, out, "SD102 additive: GSI \"GSI3\" added to table \"shop\" [table.shop.index.GSI3]\n  head: schema/ecommerce.tfdyn.hcl:34:3\n")
	require.Contains(t, out, "SD104 additive: access pattern \"reviews_by_customer\" added [access_pattern.reviews_by_customer]\n  head: schema/ecommerce.tfdyn.hcl:514:1\n")
	code, _, _ = runTfdyn(t, readme("tfdyn diff git:HEAD:schema schema --ack 'SD402=access_pattern.products_in_category:the storefront pages by 24 from release 7'")...)
	require.Equal(t, 0, code)
	code, out, _ = runTfdyn(t, readme("tfdyn diff git:HEAD:schema schema --format markdown")...)
	require.Equal(t, 1, code)
	require.True(t, strings.HasPrefix(out, "### tfdyn diff\n\n**1 change blocking.** `git:HEAD:schema` → `schema`: 5 changes.\n\n"), out)
	require.Contains(t, out, "| ⛔ | SD402 | breaking for readers | access pattern \"products_in_category\" changed<br>`access_pattern.products_in_category` | products_in_category | - |\n")
	require.Contains(t, out, "| 🔁 | SD202 | needs backfill | index \"GSI1\" keys of entity \"Product\" changed<br>`entity.Product.index.GSI1` | products_in_category | Product |\n")
	require.Contains(t, out, "| 🔁 | SD201 | needs backfill | entity \"Review\" joins index \"GSI3\"<br>`entity.Review.index.GSI3` | reviews_by_customer | Review |\n")
	require.Contains(t, out, "|  | SD102 | additive | GSI \"GSI3\" added to table \"shop\"<br>`table.shop.index.GSI3` | - | - |\n")
	require.Contains(t, out, "|  | SD104 | additive | access pattern \"reviews_by_customer\" added<br>`access_pattern.reviews_by_customer` | reviews_by_customer | - |\n")
	require.Contains(t, out, "\n2 changes need a backfill of stored items: `tfdyn migrate git:HEAD:schema schema --dry-run` shows the data plan.\n")

	// The data plan with counts, before anything changes.
	code, out, _ = runTfdyn(t, readme("tfdyn migrate git:HEAD:schema schema --table shop --endpoint http://localhost:8000 --dry-run")...)
	require.Equal(t, 0, code)
	require.Contains(t, out, "entity Product (table shop)\n  found by: PK begins with \"PRODUCT#\" and SK begins with \"PRODUCT#\", each confirmed by recomputing its BASE key\n"+
		"  change GSI1SK: \"PRODUCT#${productId}\" → \"PRODUCT#${title}#${productId}\" (index GSI1)\n"+
		"  items: 200 (200 to update, 0 already in HEAD's shape, 0 changed by someone else, 0 failed), about 600 WCU\n")
	require.Contains(t, out, "entity Review (table shop)\n  found by: PK begins with \"PRODUCT#\" and SK begins with \"REVIEW#\", each confirmed by recomputing its BASE key\n"+
		"  gain   GSI3PK = \"USER#${username}\" (index GSI3)\n  gain   GSI3SK = \"REVIEW#${reviewDate}#${reviewId}\" (index GSI3)\n"+
		"  items: 400 (400 to update, 0 already in HEAD's shape, 0 changed by someone else, 0 failed), about 800 WCU\n")
	require.Contains(t, out, "Scanned 3905 items in 4 segments: 600 of the planned entities, 3305 of other entities, 0 of no declared entity, 0 matching several.\n")

	// The table first: emit, the plan gate, apply (terraform adds GSI3).
	code, _, _ = runTfdyn(t, readme("tfdyn emit schema -o infra")...)
	require.Equal(t, 0, code)
	code, out, _ = runTfdyn(t, readme("tfdyn plan --dir infra --schema schema")...)
	require.Equal(t, 0, code)
	require.Equal(t, "1 table(s) in the plan: 0 error(s), 0 warning(s), 0 acknowledged — the plan may be applied\n", out, "a new GSI: no finding")
	tf(append(readme("terraform -chdir=infra apply"), "-auto-approve")...)

	// Before the backfill the check fails: the items are in BASE's shape,
	// and the two patterns the backfill serves, and no other, differ.
	code, out, errOut = runTfdyn(t, check...)
	require.Equal(t, 1, code)
	require.Contains(t, out, "Check of table shop against HEAD: scanned 3905 items in 4 segments.\n"+
		"  entity Category: 5 items (5 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Customer: 300 items (300 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity CustomerUniqueEmail: 300 items (300 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Order: 900 items (900 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity OrderItem: 1800 items (1800 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Product: 200 items (0 in HEAD's shape, 200 not migrated, 0 half-migrated)\n"+
		"  entity Review: 400 items (0 in HEAD's shape, 400 not migrated, 0 half-migrated)\n"+
		"  of no HEAD entity: 0, of several: 0\n"+
		"  patterns: 14 run live with 85 input sets, 7 differ from HEAD's oracle\n", "the counts per entity before the migration")
	require.Contains(t, out, "FINDING not migrated: Product {PK=\"PRODUCT#p-000\", SK=\"PRODUCT#p-000\"}: GSI1SK is \"PRODUCT#p-000\", HEAD computes \"PRODUCT#Title 199#p-000\"\n")
	require.Contains(t, out, "FINDING not migrated: 580 more\n")
	require.Contains(t, out, "FINDING pattern reviews_by_customer {username=\"u000\"}: DynamoDB returned 0 items, HEAD's oracle 2: missing {PK=\"PRODUCT#p-150\", SK=\"REVIEW#2024-06-11#r-150-0\"}, {PK=\"PRODUCT#p-000\", SK=\"REVIEW#2024-06-01#r-000-0\"}\n")
	spoiled := map[string]int{}
	for _, l := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(l, "FINDING pattern "); ok {
			spoiled[strings.Fields(rest)[0]]++
		}
	}
	require.Equal(t, map[string]int{"products_in_category": 2, "reviews_by_customer": 5}, spoiled, "the patterns the backfill serves, and no other")
	require.Contains(t, errOut, "Error: migrate --check: 600 items not in HEAD's shape, 7 pattern runs differ (listed above)\n")

	// Cut by Ctrl-C: exit 130, the checkpoint stays; the same command resumes.
	cp := "migrate.checkpoint.json"
	withCP := readme("tfdyn migrate git:HEAD:schema schema --table shop --endpoint http://localhost:8000 --checkpoint migrate.checkpoint.json --rate 200 --parallel 2")
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() { // Ctrl-C once the first page is checkpointed
		for cctx.Err() == nil {
			if b, err := os.ReadFile(cp); err == nil {
				if c, err := migrate.ParseCheckpoint(b); err == nil && c.Result.Scanned > 0 {
					cancel()
					return
				}
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	var stdout, stderr strings.Builder
	code = RunContext(cctx, withCP, nil, &stdout, &stderr)
	t.Logf("interrupted run: %s%s", stdout.String(), stderr.String())
	require.Equal(t, 130, code)
	require.Contains(t, stderr.String(), "migrate: progress is in "+cp+": run the same command to resume\ntfdyn migrate: interrupted\n")
	saved, err := migrate.ParseCheckpoint([]byte(readFile(t, cp)))
	require.NoError(t, err)
	require.Greater(t, saved.Result.Scanned, int64(0))
	require.Less(t, saved.Result.Scanned, int64(3905))

	code, out, errOut = runTfdyn(t, withCP...)
	require.Equal(t, 0, code)
	require.Contains(t, errOut, "migrate: resuming from "+cp+"\n")
	require.Regexp(t, `(?m)^migrate: scanned \d+ items, \d+ of planned entities, \d+ updated$`, errOut, "progress on stderr")
	require.Contains(t, out, "Scanned 3905 items in 2 segments: 600 of the planned entities")
	saved, err = migrate.ParseCheckpoint([]byte(readFile(t, cp)))
	require.NoError(t, err)
	for name, n := range map[string]int64{"Product": 200, "Review": 400} {
		c := saved.Result.Entities[name]
		require.NotNil(t, c, name)
		require.Equal(t, n, c.Updated+c.Already, "%s: updated now, or by the page the interrupt cut", name)
		require.Zero(t, c.Failed+c.Diverged, name)
	}
	require.Len(t, saved.Result.Entities, 2)

	// Again, from scratch: nothing left to do.
	code, out, _ = runTfdyn(t, "migrate", "git:HEAD:schema", "schema", "--table", "shop", "--endpoint", target.Endpoint())
	require.Equal(t, 0, code)
	require.Contains(t, out, "  items: 200 (0 updated, 200 already in HEAD's shape, 0 changed by someone else, 0 failed), about 0 WCU\n")
	require.Contains(t, out, "  items: 400 (0 updated, 400 already in HEAD's shape, 0 changed by someone else, 0 failed), about 0 WCU\n")
	require.NotRegexp(t, ` [1-9]\d* updated`, out)

	// The check: every item in HEAD's shape, the counts per entity as
	// written, every HEAD pattern live as HEAD's oracle computes.
	code, out, errOut = runTfdyn(t, check...)
	require.Equal(t, 0, code)
	require.Equal(t, "Check of table shop against HEAD: scanned 3905 items in 4 segments.\n"+
		"  entity Category: 5 items (5 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Customer: 300 items (300 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity CustomerUniqueEmail: 300 items (300 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Order: 900 items (900 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity OrderItem: 1800 items (1800 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Product: 200 items (200 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Review: 400 items (400 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  of no HEAD entity: 0, of several: 0\n"+
		"  patterns: 14 run live with 85 input sets, 0 differ from HEAD's oracle\n"+
		"OK: every item is in HEAD's shape and every pattern returns what HEAD's oracle computes.\n", out)
	readmeDone()

	// The removal, the other way round: HEAD is committed; first readers
	// stop (the pattern goes: SD401), then the GSI goes (SD502, DP202),
	// then migrate removes the attributes no template writes any more.
	gitRun("add", "schema")
	gitRun("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "head")
	edit := func(keep func(*hclwrite.Block) bool) {
		f, diags := hclwrite.ParseConfig([]byte(readFile(t, schemaFile)), schemaFile, hcl.InitialPos)
		require.False(t, diags.HasErrors())
		var walk func(*hclwrite.Body)
		walk = func(b *hclwrite.Body) {
			for _, blk := range b.Blocks() {
				if !keep(blk) {
					b.RemoveBlock(blk)
					continue
				}
				walk(blk.Body())
			}
		}
		walk(f.Body())
		require.NoError(t, os.WriteFile(schemaFile, f.Bytes(), 0o644))
	}
	named := func(typ, label string) func(*hclwrite.Block) bool {
		return func(b *hclwrite.Block) bool {
			return b.Type() != typ || len(b.Labels()) == 0 || b.Labels()[0] != label
		}
	}
	edit(named("access_pattern", "reviews_by_customer"))
	code, out, _ = runTfdyn(t, "diff", "git:HEAD:schema", "schema")
	require.Equal(t, 1, code)
	require.Contains(t, out, "git:HEAD:schema → schema: 1 change (1 blocking, 0 acknowledged, 0 need a backfill)\n\nSD401 breaking for readers BLOCKING: access pattern \"reviews_by_customer\" removed [access_pattern.reviews_by_customer]\n")
	gitRun("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-am", "stop reading GSI3")
	edit(named("global_secondary_index", "GSI3"))
	edit(named("index", "GSI3"))
	code, out, _ = runTfdyn(t, "diff", "git:HEAD:schema", "schema")
	require.Equal(t, 1, code)
	require.Contains(t, out, "SD502 destructive BLOCKING: GSI \"GSI3\" of table \"shop\" removed [table.shop.index.GSI3]\n")
	code, _, _ = runTfdyn(t, "diff", "git:HEAD:schema", "schema", "--ack", "SD502=table.shop.index.GSI3:no reader since the previous release")
	require.Equal(t, 0, code)
	code, _, _ = runTfdyn(t, "emit", "schema", "-o", "infra")
	require.Equal(t, 0, code)
	code, out, _ = runTfdyn(t, "plan", "--dir", "infra", "--schema", "schema")
	require.Equal(t, 1, code, out)
	require.Equal(t, "error [DP202] aws_dynamodb_table.shop: GSI \"GSI3\" of table \"shop\" is deleted\n", firstLine(out))
	require.Contains(t, out, "\n1 table(s) in the plan: 1 error(s), 0 warning(s), 0 acknowledged — the plan is blocked\n")
	code, out, _ = runTfdyn(t, "plan", "--dir", "infra", "--schema", "schema", "--ack", "DP202:no reader since the previous release")
	require.Equal(t, 0, code)
	require.Equal(t, "acknowledged error [DP202] aws_dynamodb_table.shop: GSI \"GSI3\" of table \"shop\" is deleted\n", firstLine(out))
	require.Contains(t, out, "\n1 table(s) in the plan: 0 error(s), 0 warning(s), 1 acknowledged — the plan may be applied\n")
	tf("apply", "-auto-approve")
	removal := []string{"migrate", "git:HEAD:schema", "schema", "--table", "shop", "--endpoint", target.Endpoint()}
	code, out, _ = runTfdyn(t, removal...)
	require.Equal(t, 0, code)
	require.Contains(t, out, "entity Review (table shop)\n  found by: PK begins with \"PRODUCT#\" and SK begins with \"REVIEW#\", each confirmed by recomputing its BASE key\n"+
		"  lose   GSI3PK (was \"USER#${username}\", index GSI3)\n  lose   GSI3SK (was \"REVIEW#${reviewDate}#${reviewId}\", index GSI3)\n"+
		"  items: 400 (400 updated, 0 already in HEAD's shape, 0 changed by someone else, 0 failed), about 400 WCU\n")
	require.Contains(t, out, "Scanned 3905 items in 4 segments: 400 of the planned entities, 3505 of other entities, 0 of no declared entity, 0 matching several.\n")
	code, out, _ = runTfdyn(t, append(removal, "--check")...)
	require.Equal(t, 0, code, out)
	require.Equal(t, "Check of table shop against HEAD: scanned 3905 items in 4 segments.\n"+
		"  entity Category: 5 items (5 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Customer: 300 items (300 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity CustomerUniqueEmail: 300 items (300 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Order: 900 items (900 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity OrderItem: 1800 items (1800 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Product: 200 items (200 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Review: 400 items (400 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  of no HEAD entity: 0, of several: 0\n"+
		"  patterns: 13 run live with 78 input sets, 0 differ from HEAD's oracle\n"+
		"OK: every item is in HEAD's shape and every pattern returns what HEAD's oracle computes.\n", out, "the counts per entity unchanged after the removal")
}

// exampleValue is an item of examples/ecommerce: its entity and attributes.
type exampleValue struct {
	entity string
	val    cty.Value
}

// exampleData is BASE's data for examples/ecommerce, 3,905 items: 300
// customers with mixed-case e-mails and their guard items, 3 orders each with 2 items, 200
// products in 5 categories whose titles sort against their ids, 2 reviews
// per product.
func exampleData() []exampleValue {
	s, n := cty.StringVal, func(i int) cty.Value { return cty.NumberIntVal(int64(i)) }
	categories := []string{"books", "games", "music", "tools", "toys"}
	var out []exampleValue
	for _, c := range categories {
		out = append(out, exampleValue{"Category", cty.ObjectVal(map[string]cty.Value{"categoryId": s(c), "title": s(strings.ToUpper(c))})})
	}
	for i := 0; i < 300; i++ {
		u := fmt.Sprintf("u%03d", i)
		email := s(fmt.Sprintf("User%03d@Example.com", i))
		out = append(out, exampleValue{"Customer", cty.ObjectVal(map[string]cty.Value{"username": s(u), "email": email,
			"name": s("User " + u), "createdAt": s(fmt.Sprintf("2024-01-%02dT10:00:00Z", 1+i%28))})},
			// The guard item register_customer puts with it (unique = ["email"]).
			exampleValue{"CustomerUniqueEmail", cty.ObjectVal(map[string]cty.Value{"email": email})})
		for j, status := range []string{"PLACED", "SHIPPED", "DELIVERED"} {
			o := fmt.Sprintf("o-%03d-%d", i, j)
			out = append(out, exampleValue{"Order", cty.ObjectVal(map[string]cty.Value{"username": s(u), "orderId": s(o),
				"orderDate": s(fmt.Sprintf("2024-%02d-%02d", 3+j, 1+i%28)), "status": s(status), "total": n(10 + i + j),
				"version": n(1), "expiresAt": cty.NullVal(cty.Number)})})
			for k := 1; k <= 2; k++ {
				out = append(out, exampleValue{"OrderItem", cty.ObjectVal(map[string]cty.Value{"orderId": s(o), "itemId": s(fmt.Sprint(k)),
					"productId": s(fmt.Sprintf("p-%03d", (i+k)%200)), "quantity": n(k), "price": n(5 + k)})})
			}
		}
	}
	for i := 0; i < 200; i++ {
		p := fmt.Sprintf("p-%03d", i)
		out = append(out, exampleValue{"Product", cty.ObjectVal(map[string]cty.Value{"productId": s(p), "categoryId": s(categories[i%5]),
			"title": s(fmt.Sprintf("Title %03d", 199-i)), "price": n(1 + i)})})
		for k := 0; k < 2; k++ {
			text := cty.NullVal(cty.String)
			if k == 0 {
				text = s("fine")
			}
			out = append(out, exampleValue{"Review", cty.ObjectVal(map[string]cty.Value{"productId": s(p), "reviewId": s(fmt.Sprintf("r-%03d-%d", i, k)),
				"reviewDate": s(fmt.Sprintf("2024-06-%02d", 1+(i+k)%28)), "username": s(fmt.Sprintf("u%03d", (i*2+k)%300)),
				"rating": n(1 + (i+k)%5), "text": text})})
		}
	}
	return out
}

// firstLine returns the first line of s with its newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line + "\n"
}

// putAll writes the BASE items of values to table, 25 a BatchWriteItem.
func putAll(t *testing.T, ctx context.Context, c *dynamodb.Client, s *hclschema.Schema, table string, values []exampleValue) {
	t.Helper()
	var reqs []types.WriteRequest
	stored := map[string]*hclschema.Entity{}
	for _, tb := range s.Tables {
		for _, e := range tb.StoredEntities() { // guard entities too
			stored[e.Name] = e
		}
	}
	for _, v := range values {
		it, err := stored[v.entity].Item(v.val)
		require.NoError(t, err, "%s %v", v.entity, v.val)
		av := map[string]types.AttributeValue{}
		for k, v := range it.Attrs {
			if v.Type() == cty.Number {
				av[k] = &types.AttributeValueMemberN{Value: v.AsBigFloat().Text('f', -1)}
			} else {
				av[k] = &types.AttributeValueMemberS{Value: v.AsString()}
			}
		}
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: av}})
	}
	for i := 0; i < len(reqs); i += 25 {
		pending := map[string][]types.WriteRequest{table: reqs[i:min(i+25, len(reqs))]}
		for len(pending) > 0 {
			out, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
			require.NoError(t, err)
			pending = out.UnprocessedItems
		}
	}
}

// readmeMigrateBlock returns the command lines of the README's "Changing a
// design that has data" block, without comments and blank lines.
func readmeMigrateBlock(t *testing.T) []string {
	t.Helper()
	readme := readFile(t, readmePath)
	_, section, ok := strings.Cut(readme, "\n## Changing a design that has data\n")
	require.True(t, ok, "README.md has no section \"Changing a design that has data\"")
	_, block, ok := strings.Cut(section, "```sh\n")
	require.True(t, ok, "the section has no sh block")
	block, _, ok = strings.Cut(block, "```\n")
	require.True(t, ok)
	var lines []string
	for _, l := range strings.Split(block, "\n") {
		if l = strings.TrimSpace(stripComment(l)); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// readmePath is README.md as an absolute path, for tests that change the
// working directory.
var readmePath = func() string {
	p, err := filepath.Abs("../../README.md")
	if err != nil {
		panic(err)
	}
	return p
}()

// stripComment drops a shell comment: an unquoted # that starts a word.
func stripComment(line string) string {
	var quote rune
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return line[:i]
		}
	}
	return line
}

// shellWords splits a command line into words as sh does for plain words
// and single- or double-quoted strings; it fails on what it does not
// handle (escapes, variables, globs: the README's commands use none).
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var cur strings.Builder
	var quote rune
	inWord := false
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			require.NotContains(t, `\$*?`, string(r), "%s: a shell character this splitter does not handle", line)
			cur.WriteRune(r)
			inWord = true
		}
	}
	require.Zero(t, quote, "%s: unterminated quote", line)
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// readmeMigrateRunner returns run, which gives the arguments of a command
// line of the README's block (after "tfdyn", or after "terraform
// -chdir=infra"), with http://localhost:8000 replaced by endpoint, and
// fails unless the block holds the line exactly; and done, which fails
// unless every line of the block was run.
func readmeMigrateRunner(t *testing.T, endpoint string) (run func(line string) []string, done func()) {
	t.Helper()
	block := readmeMigrateBlock(t)
	used := map[string]bool{}
	run = func(line string) []string {
		t.Helper()
		require.Contains(t, block, line, "the README's block runs this command as written")
		used[line] = true
		words := shellWords(t, line)
		for i, w := range words {
			words[i] = strings.ReplaceAll(w, "http://localhost:8000", endpoint)
		}
		switch {
		case words[0] == "tfdyn":
			return words[1:]
		case len(words) > 1 && words[0] == "terraform" && words[1] == "-chdir=infra":
			return words[2:]
		}
		t.Fatalf("%s: neither tfdyn nor terraform -chdir=infra", line)
		return nil
	}
	done = func() {
		t.Helper()
		for _, l := range block {
			require.True(t, used[l], "the README's line %q is not run by the test", l)
		}
	}
	return run, done
}

// TestReadmeMigrateBlock: the README's block holds the commands
// TestLiveMigrateCLI runs, and they split into the arguments it passes
// (the live test needs provider 6; this runs everywhere).
func TestReadmeMigrateBlock(t *testing.T) {
	block := readmeMigrateBlock(t)
	require.Equal(t, []string{
		"tfdyn diff git:HEAD:schema schema",
		"tfdyn diff git:HEAD:schema schema --ack 'SD402=access_pattern.products_in_category:the storefront pages by 24 from release 7'",
		"tfdyn diff git:HEAD:schema schema --format markdown",
		"tfdyn migrate git:HEAD:schema schema --table shop --endpoint http://localhost:8000 --dry-run",
		"tfdyn emit schema -o infra",
		"tfdyn plan --dir infra --schema schema",
		"terraform -chdir=infra apply",
		"tfdyn migrate git:HEAD:schema schema --table shop --endpoint http://localhost:8000 --checkpoint migrate.checkpoint.json --rate 200 --parallel 2",
		"tfdyn migrate git:HEAD:schema schema --table shop --endpoint http://localhost:8000 --check",
	}, block)
	require.Equal(t, []string{"tfdyn", "diff", "git:HEAD:schema", "schema", "--ack", "SD402=access_pattern.products_in_category:the storefront pages by 24 from release 7"},
		shellWords(t, block[1]))
	require.Equal(t, "tfdyn diff x ", stripComment(`tfdyn diff x # a comment`))
	require.Equal(t, `--ack 'a #b'`, stripComment(`--ack 'a #b'`))
	require.Equal(t, `a#b`, stripComment(`a#b`))
}
