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

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/migrate"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestLiveMigrateCLI is the evolution of a design that has data, as a team
// runs it (the commands of the README's "Changing a design that has
// data"), with real terraform and hashicorp/aws 6 on DynamoDB Local: BASE
// is committed, emitted and applied, and 2,000 items of three entities are
// written. HEAD adds GSI2 over existing attributes (orders join it
// sparsely), changes GSI1's customer template and adds products to GSI1:
// tfdyn diff classifies both (SD102, SD201, SD202) and blocks on the
// changed pattern until acknowledged; migrate --dry-run counts; emit, plan
// (DP rules) and apply add the GSI; --check fails, naming the items not
// migrated and the patterns; a migration cut by Ctrl-C exits 130 with its
// checkpoint and resumes from it; a second migration updates nothing;
// --check passes with the item counts per entity as written. Then the
// removal the other way round: the pattern goes first (SD401), then the GSI
// (SD502, DP202), and migrate removes its attributes; --check passes.
func TestLiveMigrateCLI(t *testing.T) {
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint)
	target := ddblocal.StartForTest(t)
	ctx := context.Background()
	testdata, err := filepath.Abs("../schemadiff/testdata")
	require.NoError(t, err)
	repo := t.TempDir()
	t.Chdir(repo)
	gitRun := func(args ...string) {
		out, err := exec.Command("git", args...).CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	gitRun("init", "-q")
	copyFile(t, filepath.Join(testdata, "base", "app.tfdyn.hcl"), filepath.Join(repo, "schema", "app.tfdyn.hcl"))
	gitRun("add", "schema")
	gitRun("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base")
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "infra"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "infra", "provider.tf"), []byte(target.ProviderBlock()), 0o644))
	tf := func(args ...string) {
		start := time.Now()
		tftest.Terraform(t, env, "infra", append(args, "-input=false", "-no-color")...)
		t.Logf("terraform %s: %s", args[0], time.Since(start).Round(100*time.Millisecond))
	}

	// BASE applied, with its items: n customers, 3n orders (n OPEN), n products.
	const n = 400
	code, _, _ := runTfdyn(t, "emit", "schema", "-o", "infra")
	require.Equal(t, 0, code)
	tf("init")
	tf("apply", "-auto-approve")
	base, diags := hclschema.Load("schema")
	require.False(t, diags.HasErrors())
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	start := time.Now()
	for i := 0; i < n; i++ {
		u := fmt.Sprintf("user%03d", i)
		put(t, ctx, client, base, "Customer", map[string]cty.Value{"username": cty.StringVal(u), "email": cty.StringVal("Mail" + u + "@Example.com"), "name": cty.StringVal(u)})
		for j, status := range []string{"OPEN", "SHIPPED", "PLACED"} {
			put(t, ctx, client, base, "Order", map[string]cty.Value{"username": cty.StringVal(u), "orderId": cty.StringVal(fmt.Sprintf("o-%03d-%d", i, j)),
				"orderDate": cty.StringVal(fmt.Sprintf("2024-0%d-%02d", j+1, i%28+1)), "status": cty.StringVal(status), "total": cty.NumberIntVal(int64(i)), "expiresAt": cty.NullVal(cty.Number)})
		}
		put(t, ctx, client, base, "Product", map[string]cty.Value{"productId": cty.StringVal(fmt.Sprintf("p-%03d", i)), "category": cty.StringVal([]string{"books", "games"}[i%2]), "title": cty.StringVal(u)})
	}
	t.Logf("%d items written in %s", 5*n, time.Since(start).Round(100*time.Millisecond))
	// The README's commands, each line as written there (http://localhost:8000
	// stands for DynamoDB Local's endpoint).
	readme, readmeDone := readmeMigrateRunner(t, target.Endpoint())
	check := readme("tfdyn migrate git:HEAD:schema schema --table app --endpoint http://localhost:8000 --check")
	code, out, _ := runTfdyn(t, check...)
	require.Equal(t, 0, code, "BASE against itself: %s", out)

	// HEAD, in the pull request: GSI2 over existing attributes (orders
	// join it sparsely), GSI1's customer template changed (lower(email)),
	// products join GSI1. The review classifies both; the changed pattern
	// blocks until acknowledged.
	copyFile(t, filepath.Join(testdata, "backfill", "app.tfdyn.hcl"), filepath.Join(repo, "schema", "app.tfdyn.hcl"))
	code, out, errOut := runTfdyn(t, readme("tfdyn diff git:HEAD:schema schema")...)
	t.Logf("diff:\n%s", out)
	require.Equal(t, 1, code)
	require.Contains(t, out, "git:HEAD:schema → schema: 7 changes (1 blocking, 0 acknowledged, 3 need a backfill)\n")
	require.Contains(t, errOut, "Error: diff: 1 change blocks")
	require.Contains(t, out, "SD102 additive: GSI \"GSI2\" added to table \"app\" [table.app.index.GSI2]\n  head: schema/app.tfdyn.hcl:15:3\n")
	require.Contains(t, out, "SD201 needs backfill: entity \"Order\" joins index \"GSI2\" [entity.Order.index.GSI2]\n  base: HEAD:schema/app.tfdyn.hcl:37:1\n  head: schema/app.tfdyn.hcl:59:3\n")
	require.Contains(t, out, "SD202 needs backfill: index \"GSI1\" keys of entity \"Customer\" changed [entity.Customer.index.GSI1]\n  base: HEAD:schema/app.tfdyn.hcl:26:3\n  head: schema/app.tfdyn.hcl:31:3\n")
	code, _, _ = runTfdyn(t, readme("tfdyn diff git:HEAD:schema schema --ack 'SD402=access_pattern.customer_by_email:callers send lower-case emails from release 7'")...)
	require.Equal(t, 0, code)
	code, out, _ = runTfdyn(t, readme("tfdyn diff git:HEAD:schema schema --format markdown")...)
	require.Equal(t, 1, code)
	require.True(t, strings.HasPrefix(out, "### tfdyn diff\n\n**1 change blocking.** `git:HEAD:schema` → `schema`: 7 changes.\n\n"), out)
	require.Contains(t, out, "| ⛔ | SD402 | breaking for readers | access pattern \"customer_by_email\" changed<br>`access_pattern.customer_by_email` | customer_by_email | - |\n")
	require.Contains(t, out, "| 🔁 | SD202 | needs backfill | index \"GSI1\" keys of entity \"Customer\" changed<br>`entity.Customer.index.GSI1` | customer_by_email | Customer |\n")
	require.Contains(t, out, "| 🔁 | SD201 | needs backfill | entity \"Order\" joins index \"GSI2\"<br>`entity.Order.index.GSI2` | open_orders | Order |\n")
	require.Contains(t, out, "\n3 changes need a backfill of stored items: `tfdyn migrate git:HEAD:schema schema --dry-run` shows the data plan.\n")

	// The data plan with counts, before anything changes.
	code, out, _ = runTfdyn(t, readme("tfdyn migrate git:HEAD:schema schema --table app --endpoint http://localhost:8000 --dry-run")...)
	require.Equal(t, 0, code)
	require.Contains(t, out, "entity Order (table app)\n  found by: PK begins with \"CUSTOMER#\" and SK begins with \"ORDER#\", each confirmed by recomputing its BASE key\n"+
		"  gain   GSI2PK = \"OPEN\" (index GSI2) when status == \"OPEN\"\n  gain   GSI2SK = \"${orderDate}#${orderId}\" (index GSI2) when status == \"OPEN\"\n"+
		"  items: 1200 (400 to update, 800 already in HEAD's shape, 0 changed by someone else, 0 failed), about 800 WCU\n")
	require.Contains(t, out, "Scanned 2000 items in 4 segments: 2000 of the planned entities, 0 of other entities, 0 of no declared entity, 0 matching several.\n")

	// The table first: emit, the plan gate, apply (terraform adds GSI2).
	code, _, _ = runTfdyn(t, readme("tfdyn emit schema -o infra")...)
	require.Equal(t, 0, code)
	code, out, errOut = runTfdyn(t, readme("tfdyn plan --dir infra --schema schema")...)
	t.Logf("plan:\n%s%s", out, errOut)
	require.Equal(t, 0, code)
	tf(append(readme("terraform -chdir=infra apply"), "-auto-approve")...)

	// Before the backfill the check fails: the items are in BASE's shape.
	code, out, errOut = runTfdyn(t, check...)
	t.Logf("check before migrate:\n%s%s", out, errOut)
	require.Equal(t, 1, code)
	require.Contains(t, out, "Check of table app against HEAD: scanned 2000 items in 4 segments.\n"+
		"  entity Customer: 400 items (0 in HEAD's shape, 400 not migrated, 0 half-migrated)\n"+
		"  entity Order: 1200 items (800 in HEAD's shape, 400 not migrated, 0 half-migrated)\n"+
		"  entity Product: 400 items (0 in HEAD's shape, 400 not migrated, 0 half-migrated)\n"+
		"  of no HEAD entity: 0, of several: 0\n", "the counts per entity before the migration")
	require.Contains(t, out, "FINDING not migrated: Customer {PK=\"CUSTOMER#user000\", SK=\"PROFILE\"}: GSI1PK is \"EMAIL#Mailuser000@Example.com\", HEAD computes \"EMAIL#mailuser000@example.com\"; GSI1SK is \"EMAIL#Mailuser000@Example.com\", HEAD computes \"EMAIL#mailuser000@example.com\"\n")
	require.Contains(t, out, "FINDING not migrated: 1180 more\n")
	require.Contains(t, out, "FINDING pattern open_orders {}: DynamoDB returned 0 items, HEAD's oracle 400: missing {PK=\"CUSTOMER#user000\", SK=\"ORDER#2024-01-01#o-000-0\"}, ")
	require.Contains(t, errOut, "Error: migrate --check: 28 findings (listed above)\n")

	// Cut by Ctrl-C: exit 130, the checkpoint stays; the same command resumes.
	cp := "migrate.checkpoint.json"
	withCP := readme("tfdyn migrate git:HEAD:schema schema --table app --endpoint http://localhost:8000 --checkpoint migrate.checkpoint.json --rate 200 --parallel 2")
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() { // Ctrl-C once the first page is checkpointed
		for cctx.Err() == nil {
			if _, err := os.Stat(cp); err == nil {
				cancel()
				return
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
	require.Less(t, saved.Result.Scanned, int64(5*n))

	code, out, errOut = runTfdyn(t, withCP...)
	require.Equal(t, 0, code)
	require.Contains(t, errOut, "migrate: resuming from "+cp+"\n")
	require.Regexp(t, `(?m)^migrate: scanned \d+ items, \d+ of planned entities, \d+ updated$`, errOut, "progress on stderr")
	require.Contains(t, out, "Scanned 2000 items in 2 segments: 2000 of the planned entities")
	saved, err = migrate.ParseCheckpoint([]byte(readFile(t, cp)))
	require.NoError(t, err)
	var updated, already int64
	for _, c := range saved.Result.Entities {
		updated += c.Updated
		already += c.Already
		require.Zero(t, c.Failed+c.Diverged)
	}
	require.EqualValues(t, 5*n, updated+already)
	require.EqualValues(t, 3*n, updated+already-2*n, "1200 items to update: updated now, or by the page the interrupt cut")

	// Again, from scratch: nothing left to do.
	code, out, _ = runTfdyn(t, "migrate", "git:HEAD:schema", "schema", "--table", "app", "--endpoint", target.Endpoint())
	require.Equal(t, 0, code)
	require.Contains(t, out, "  items: 400 (0 updated, 400 already in HEAD's shape, 0 changed by someone else, 0 failed), about 0 WCU\n")
	require.NotContains(t, out, " 1 updated")

	// The check: every item in HEAD's shape, the counts per entity as
	// written, every HEAD pattern live as HEAD's oracle computes.
	code, out, errOut = runTfdyn(t, check...)
	t.Logf("check:\n%s%s", out, errOut)
	require.Equal(t, 0, code)
	require.Equal(t, "Check of table app against HEAD: scanned 2000 items in 4 segments.\n"+
		"  entity Customer: 400 items (400 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Order: 1200 items (1200 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity Product: 400 items (400 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  of no HEAD entity: 0, of several: 0\n"+
		"  patterns: 6 run live with 26 input sets, 0 differ from HEAD's oracle\n"+
		"OK: every item is in HEAD's shape and every pattern returns what HEAD's oracle computes.\n", out)
	readmeDone()

	// The removal, the other way round: HEAD is committed; first readers
	// stop (the pattern goes: SD401), then the GSI goes (SD502, DP202),
	// then migrate removes the attributes no template writes any more.
	gitRun("add", "schema")
	gitRun("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "head")
	schemaFile := filepath.Join(repo, "schema", "app.tfdyn.hcl")
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
	edit(named("access_pattern", "open_orders"))
	code, out, _ = runTfdyn(t, "diff", "git:HEAD:schema", "schema")
	require.Equal(t, 1, code)
	require.Contains(t, out, "git:HEAD:schema → schema: 1 change (1 blocking, 0 acknowledged, 0 need a backfill)\n\nSD401 breaking for readers BLOCKING: access pattern \"open_orders\" removed [access_pattern.open_orders]\n")
	gitRun("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-am", "stop reading GSI2")
	edit(named("global_secondary_index", "GSI2"))
	edit(named("index", "GSI2"))
	code, out, _ = runTfdyn(t, "diff", "git:HEAD:schema", "schema")
	require.Equal(t, 1, code)
	require.Contains(t, out, "SD502 destructive BLOCKING: GSI \"GSI2\" of table \"app\" removed [table.app.index.GSI2]\n")
	code, _, _ = runTfdyn(t, "diff", "git:HEAD:schema", "schema", "--ack", "SD502=table.app.index.GSI2:no reader since the previous release")
	require.Equal(t, 0, code)
	code, _, _ = runTfdyn(t, "emit", "schema", "-o", "infra")
	require.Equal(t, 0, code)
	code, out, _ = runTfdyn(t, "plan", "--dir", "infra", "--schema", "schema")
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "[DP202]")
	code, _, _ = runTfdyn(t, "plan", "--dir", "infra", "--schema", "schema", "--ack", "DP202:no reader since the previous release")
	require.Equal(t, 0, code)
	tf("apply", "-auto-approve")
	removal := []string{"migrate", "git:HEAD:schema", "schema", "--table", "app", "--endpoint", target.Endpoint()}
	code, out, _ = runTfdyn(t, removal...)
	require.Equal(t, 0, code)
	require.Contains(t, out, "entity Order (table app)\n  found by: PK begins with \"CUSTOMER#\" and SK begins with \"ORDER#\", each confirmed by recomputing its BASE key\n"+
		"  lose   GSI2PK (was \"OPEN\", index GSI2)\n  lose   GSI2SK (was \"${orderDate}#${orderId}\", index GSI2)\n"+
		"  items: 1200 (400 updated, 800 already in HEAD's shape, 0 changed by someone else, 0 failed), about 400 WCU\n")
	code, out, _ = runTfdyn(t, append(removal, "--check")...)
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "  entity Order: 1200 items (1200 in HEAD's shape, 0 not migrated, 0 half-migrated)\n")
}

// put writes the BASE item of an entity.
func put(t *testing.T, ctx context.Context, c *dynamodb.Client, s *hclschema.Schema, entity string, vals map[string]cty.Value) {
	t.Helper()
	it, err := s.Entity(entity).Item(cty.ObjectVal(vals))
	require.NoError(t, err)
	av := map[string]types.AttributeValue{}
	for k, v := range it.Attrs {
		if v.Type() == cty.Number {
			av[k] = &types.AttributeValueMemberN{Value: v.AsBigFloat().Text('f', -1)}
		} else {
			av[k] = &types.AttributeValueMemberS{Value: v.AsString()}
		}
	}
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("app"), Item: av})
	require.NoError(t, err)
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
		"tfdyn diff git:HEAD:schema schema --ack 'SD402=access_pattern.customer_by_email:callers send lower-case emails from release 7'",
		"tfdyn diff git:HEAD:schema schema --format markdown",
		"tfdyn migrate git:HEAD:schema schema --table app --endpoint http://localhost:8000 --dry-run",
		"tfdyn emit schema -o infra",
		"tfdyn plan --dir infra --schema schema",
		"terraform -chdir=infra apply",
		"tfdyn migrate git:HEAD:schema schema --table app --endpoint http://localhost:8000 --checkpoint migrate.checkpoint.json --rate 200 --parallel 2",
		"tfdyn migrate git:HEAD:schema schema --table app --endpoint http://localhost:8000 --check",
	}, block)
	require.Equal(t, []string{"tfdyn", "diff", "git:HEAD:schema", "schema", "--ack", "SD402=access_pattern.customer_by_email:callers send lower-case emails from release 7"},
		shellWords(t, block[1]))
	require.Equal(t, "tfdyn diff x ", stripComment(`tfdyn diff x # a comment`))
	require.Equal(t, `--ack 'a #b'`, stripComment(`--ack 'a #b'`))
	require.Equal(t, `a#b`, stripComment(`a#b`))
}
