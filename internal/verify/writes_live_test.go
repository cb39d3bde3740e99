package verify_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// caseOutcomes renders a write report as "case: expected -> got" lines.
func caseOutcomes(w verify.WriteReport) []string {
	var out []string
	for _, c := range w.Cases {
		out = append(out, c.Case+": "+c.Expected+" -> "+c.Got)
	}
	return out
}

// TestVerifyWritePatterns runs the write patterns of testdata/writes live
// on DynamoDB Local: the success case, the repeat (duplicate put, stale
// version) and the unique e-mail's violation, each matching the oracle,
// then the reads again on the written table.
func TestVerifyWritePatterns(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	const dir = "testdata/writes"
	s := load(t, dir)
	require.False(t, lint.Run(s).HasErrors(), lint.Run(s).Error())
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 5})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.Len(t, rep.Writes, 3, text.String())
	got := map[string][]string{}
	for _, w := range rep.Writes {
		got[w.Name] = caseOutcomes(w)
	}
	require.Equal(t, map[string][]string{
		"register_customer": {
			"success: ok -> ok",
			"repeat: TransactionCanceledException [ConditionalCheckFailed, ConditionalCheckFailed] -> TransactionCanceledException [ConditionalCheckFailed, ConditionalCheckFailed]",
			"unique email: TransactionCanceledException [None, ConditionalCheckFailed] -> TransactionCanceledException [None, ConditionalCheckFailed]",
		},
		"update_order_status": {
			"success: ok -> ok",
			"repeat: ConditionalCheckFailedException -> ConditionalCheckFailedException",
		},
		"place_order": {
			"success: ok -> ok",
			"repeat: TransactionCanceledException [ConditionalCheckFailed, None] -> TransactionCanceledException [ConditionalCheckFailed, None]",
		},
	}, got, text.String())
	require.True(t, rep.Passed, text.String())
	// The success case's write units, measured and estimated for the same
	// items (VF273): register_customer puts the customer (1 WCU, and 1 in
	// ByEmail) and its guard item (1), twice in a transaction;
	// update_order_status rewrites an order no index holds; place_order
	// puts an order (1) and counts it on the customer (1, and its ByEmail
	// entry, which projects orders: 1), twice.
	capacity := map[string][2]map[string]float64{}
	for _, w := range rep.Writes {
		require.NotNil(t, w.Capacity, w.Name)
		require.True(t, w.Capacity.OK, w.Name)
		capacity[w.Name] = [2]map[string]float64{w.Capacity.Measured, w.Capacity.Estimated}
	}
	both := func(m map[string]float64) [2]map[string]float64 { return [2]map[string]float64{m, m} }
	require.Equal(t, map[string][2]map[string]float64{
		"register_customer":   both(map[string]float64{"table": 4, "ByEmail": 2}),
		"update_order_status": both(map[string]float64{"table": 1}),
		"place_order":         both(map[string]float64{"table": 4, "ByEmail": 2}),
	}, capacity, text.String())
	require.Contains(t, text.String(), "      ok   capacity     measured table 4 + ByEmail 2 WCU, estimated table 4 + ByEmail 2 WCU\n")
	require.NotEmpty(t, rep.AfterWrites)
	assertCleanedUp(t, rep)
}

// TestVerifyWritePatternsBroken runs a broken copy of testdata/writes
// live: the version condition removed (a lost update) and the e-mail no
// longer declared unique. Each break fails with the write pattern, the
// operation and what happened; generated customers then share e-mails and
// customer_by_email (cardinality one) fails.
func TestVerifyWritePatternsBroken(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	src, err := os.ReadFile("testdata/writes/shop.tfdyn.hcl")
	require.NoError(t, err)
	broken := string(src)
	for _, cut := range []string{
		"    condition = version == input.expected_version\n",
		"  unique = [\"email\"]\n",
	} {
		require.Contains(t, broken, cut)
		broken = strings.Replace(broken, cut, "", 1)
	}
	path := filepath.Join(t.TempDir(), "shop.tfdyn.hcl")
	require.NoError(t, os.WriteFile(path, []byte(broken), 0o644))
	s := load(t, path)
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: path, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 5})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.False(t, rep.Passed, text.String())
	msgs := map[string]string{}
	for _, w := range rep.Writes {
		for _, c := range w.Cases {
			if !c.OK {
				msgs[w.Name+" "+c.Case] = c.Message
			}
		}
	}
	require.Equal(t, map[string]string{
		"update_order_status repeat": `UpdateItem of write pattern "update_order_status" with the same inputs again succeeded, but the pattern declares repeat = "fails": no condition refuses a duplicate or a stale version`,
		"register_customer repeat":   `PutItem of write pattern "register_customer" with the same inputs again succeeded, but the pattern declares repeat = "fails": no condition refuses a duplicate or a stale version`,
	}, msgs, text.String())
	// The repeated register put a second customer with the same e-mail:
	// customer_by_email, read again after the writes, returns two.
	var byEmail []string
	for _, p := range rep.AfterWrites {
		for _, run := range p.Runs {
			if !run.OK && p.Name == "customer_by_email" {
				byEmail = append(byEmail, run.Inputs+": "+run.Message)
			}
		}
	}
	require.Equal(t, []string{`email="al@example.com" : the pattern is declared cardinality = "one" but DynamoDB returns 2 items for these inputs; ` +
		`write pattern "register_customer" (PutItem, success case) stored Customer {PK="CUSTOMER#al-w1" SK="PROFILE"}`}, byEmail, text.String())
}

// brokenWriteOutcome is what a broken copy of the example's write
// patterns must produce: the failed lines of the text report's write
// section (write patterns and the reads after them), and the findings as
// "CODE line:col summary".
type brokenWriteOutcome struct {
	lines    []string
	findings []string
	// lint: the lint errors of the copy ("CODE line:col"); verify runs
	// a schema that lint rejects all the same (tfdyn verify does too).
	lint []string
}

// writeSectionFailures returns the lines of the text report's "Write
// patterns" section from the first failed write case or read on, without
// the passing cases.
func writeSectionFailures(text string) []string {
	_, section, _ := strings.Cut(text, "\nWrite patterns\n")
	section, _, _ = strings.Cut(section, "\nNote: ")
	var out []string
	for _, l := range strings.Split(section, "\n") {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "ok ") {
			continue
		}
		out = append(out, strings.TrimRight(l, " "))
	}
	return out
}

// TestVerifyBrokenWriteCopies runs the broken copies of examples/ecommerce
// (testdata/writes-broken) live on DynamoDB Local: each fails with the
// write pattern, its operation and what happened, in the text report and
// as findings at the write_pattern or access_pattern block.
func TestVerifyBrokenWriteCopies(t *testing.T) {
	t.Parallel()
	env := tftest.Env(t)
	const (
		repeatFailed = "      FAIL repeat       expected a failure (repeat = \"fails\"), got ok"
		noCondition  = " with the same inputs again succeeded, but the pattern declares repeat = \"fails\": no condition refuses a duplicate or a stale version"
		cardOne      = "A pattern declared cardinality = \"one\" returns several items"
		// A customer with Alice's e-mail under a new username: the write
		// pattern's success case (no guard item refuses the e-mail).
		secondAlice = "    the pattern is declared cardinality = \"one\" but DynamoDB returns 5 items for these inputs; " +
			"write pattern \"register_customer\" (PutItem, success case) stored Customer {PK=\"CUSTOMER#alice-w1\" SK=\"CUSTOMER#alice-w1\"}"
	)
	// Without a unique e-mail, generated customers repeat the examples'
	// e-mails too (4 more Alices, 2 more Bobs at 5 items per entity).
	byEmailFails := []string{
		"  FAIL VF262 customer_by_email (after the writes)",
		"    inputs:  email=\"ALICE@example.com\"",
		"    request: Query GSI1PK = \"EMAIL#alice@example.com\" AND GSI1SK = \"EMAIL#alice@example.com\" ON GSI1",
		secondAlice,
		"  FAIL VF262 customer_by_email (after the writes)",
		"    inputs:  email=\"Alice@example.com\"",
		"    request: Query GSI1PK = \"EMAIL#alice@example.com\" AND GSI1SK = \"EMAIL#alice@example.com\" ON GSI1",
		secondAlice,
		"  FAIL VF262 customer_by_email (after the writes)",
		"    inputs:  email=\"bob@example.com\"",
		"    request: Query GSI1PK = \"EMAIL#bob@example.com\" AND GSI1SK = \"EMAIL#bob@example.com\" ON GSI1",
		"    the pattern is declared cardinality = \"one\" but DynamoDB returns 3 items for these inputs",
	}
	cases := map[string]brokenWriteOutcome{
		// A retried place_order puts the same order again.
		"no_duplicate_check": {
			lines: []string{
				"  FAIL place_order (PutItem)",
				repeatFailed,
				"           inputs: expiresAt=1001 orderDate=\"2024-05-01-w1\" orderId=\"o-1001-w1\" status=\"SHIPPED\" total=42.5 username=\"alice-w1\" version=1",
				"           PutItem of write pattern \"place_order\"" + noCondition,
			},
			findings: []string{"VF411 517:1 Write pattern place_order: repeat"},
		},
		// The same update again with the version read before the first
		// one (now stale) overwrites it: a lost update.
		"no_version_check": {
			lines: []string{
				"  FAIL update_order_status (UpdateItem)",
				repeatFailed,
				"           inputs: expected_version=1001 orderDate=\"2024-05-01\" orderId=\"o-1001\" status=\"SHIPPED-w1\" username=\"alice\"",
				"           UpdateItem of write pattern \"update_order_status\"" + noCondition,
			},
			findings: []string{"VF411 530:1 Write pattern update_order_status: repeat"},
		},
		// No guard item: register_customer is a plain PutItem without a
		// condition (the repeat succeeds) and stores a second customer
		// with a taken e-mail.
		"email_not_unique": {
			lines: append([]string{
				"  FAIL register_customer (PutItem)",
				repeatFailed,
				"           inputs: createdAt=\"2024-01-03T10:00:00Z\" email=\"Alice@example.com\" name=\"Alice Liddell\" username=\"alice-w1\"",
				"           PutItem of write pattern \"register_customer\"" + noCondition,
			}, byEmailFails...),
			findings: []string{
				"VF411 504:1 Write pattern register_customer: repeat",
				// The pattern's own example (ALICE@...) at its example block.
				"VF262 294:3 Access pattern customer_by_email (after the write patterns): " + cardOne,
				"VF262 281:1 Access pattern customer_by_email (after the write patterns): " + cardOne,
			},
			// Statically too: the lookup's key is not unique (TD153) and
			// register_customer writes the e-mail it is keyed on (TD145).
			lint: []string{"TD153 285:17", "TD145 508:14"},
		},
		// The guard item in a second request: register_customer's
		// PutItem stores the customer with a taken e-mail whatever
		// claim_email then answers.
		"email_split": {
			lines: byEmailFails,
			findings: []string{
				"VF262 309:3 Access pattern customer_by_email (after the write patterns): " + cardOne,
				"VF262 296:1 Access pattern customer_by_email (after the write patterns): " + cardOne,
			},
			lint: []string{"TD153 300:17", "TD145 523:17"},
		},
	}
	for name := range brokenWriteEdits {
		t.Run(name, func(t *testing.T) {
			tftest.Parallel(t)
			dir := brokenWriteCopy(name)
			s := load(t, dir)
			var lintErrors []string
			for _, d := range lint.Run(s) {
				if d.Severity == hcl.DiagError {
					lintErrors = append(lintErrors, fmt.Sprintf("%s %d:%d", diag.CodeOf(d), d.Subject.Start.Line, d.Subject.Start.Column))
				}
			}
			rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
				ProviderMajor: providerFor(t, env, s), Items: 5})
			var text bytes.Buffer
			if rep != nil {
				rep.WriteText(&text)
			}
			require.NoError(t, err, text.String())
			require.False(t, rep.Passed, text.String())
			var fs []string
			for _, f := range rep.Findings() {
				fs = append(fs, fmt.Sprintf("%s %d:%d %s", f.Code, f.Pos.Line, f.Pos.Column, f.Summary))
			}
			got := brokenWriteOutcome{lines: writeSectionFailures(text.String()), findings: fs}
			want, ok := cases[name]
			if !ok {
				t.Logf("%s:\n%#v\n%#v", name, got.lines, got.findings)
				t.Fail()
				return
			}
			require.Equal(t, want.lines, got.lines, text.String())
			require.Equal(t, want.findings, got.findings, text.String())
			require.Equal(t, want.lint, lintErrors)
			assertCleanedUp(t, rep)
		})
	}
}

// TestVerifyWriteSuccessCaseRuns (issue 27, item 5): a success case that
// never succeeded was reported ok (the model and DynamoDB agreed that the
// write fails), with no capacity line, and the repeat passed trivially.
// add_version's first fresh version is an example's: verify tries other
// fresh values and runs the success case, its capacity and its repeat.
// archive_draft applies to no stored item: its success case fails, says
// why, and the repeat is not run.
func TestVerifyWriteSuccessCaseRuns(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	const dir = "testdata/writes-fresh"
	s := load(t, dir)
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 5})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.Len(t, rep.Writes, 2, text.String())
	add, archive := rep.Writes[0], rep.Writes[1]
	require.Equal(t, []string{"success: ok -> ok", "repeat: ConditionalCheckFailedException -> ConditionalCheckFailedException"}, caseOutcomes(add), text.String())
	require.True(t, add.OK, text.String())
	require.NotNil(t, add.Capacity, text.String())
	require.Equal(t, map[string]float64{"table": 1}, add.Capacity.Measured)

	require.Equal(t, []string{"success: ConditionalCheckFailedException -> ConditionalCheckFailedException"}, caseOutcomes(archive), text.String())
	require.False(t, archive.OK)
	require.Nil(t, archive.Capacity)
	require.Equal(t, `verify found no inputs for which the model lets UpdateItem of write pattern "archive_draft" succeed on the written items (8 sets of fresh values tried, the first shown): `+
		`the success case never ran, so its capacity and the repeat and unique cases were not checked; check the write's conditions against the items it finds`, archive.Cases[0].Message)
	require.False(t, rep.Passed)
	require.Contains(t, text.String(), "  FAIL archive_draft (UpdateItem)\n      FAIL success      expected ConditionalCheckFailedException, got ConditionalCheckFailedException\n")
	var codes []string
	for _, f := range rep.Findings() {
		codes = append(codes, f.Code+" "+f.Summary)
	}
	require.Equal(t, []string{"VF411 Write pattern archive_draft: success"}, codes)
	assertCleanedUp(t, rep)
}

// TestVerifyCostAgreesOnSparseJoin (issue 27, item 6): tfdyn cost's write
// units for a call of open_order (an update that brings a draft into the
// sparse GSI2) are what DynamoDB Local consumes for the success case:
// table 1 + GSI2 1 (cost averaged over every example item and said 0.6).
func TestVerifyCostAgreesOnSparseJoin(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	const dir = "../cost/testdata/writes-sparse"
	s := load(t, dir)
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 5})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.True(t, rep.Passed, text.String())
	require.Len(t, rep.Writes, 1)
	measured := rep.Writes[0].Capacity.Measured
	require.Equal(t, map[string]float64{"table": 1, "GSI2": 1}, measured, text.String())
	estimate := map[string]float64{}
	for _, tg := range cost.Estimate(s, nil).Tables[0].WritePatterns[0].Writes[0].Targets {
		estimate[tg.Index] = tg.WCU
	}
	require.Equal(t, measured, estimate)
	assertCleanedUp(t, rep)
}

// TestVerifyUniqueOnLocalAccounting (issue 27, item 7): the simplest
// unique design failed VF273 on the local target: its transaction (a user
// and its guard item, 1 WCU each, no index) is 4 WCU as AWS documents (the
// estimate), but DynamoDB Local counts writes of equal units once and
// reports 2. verify now compares DynamoDB Local's figure with DynamoDB
// Local's accounting of the same writes, and says so; the design passes.
func TestVerifyUniqueOnLocalAccounting(t *testing.T) {
	env := tftest.Env(t)
	const dir = "testdata/unique-simple"
	s := load(t, dir)
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 5})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.True(t, rep.Passed, text.String())
	require.Len(t, rep.Writes, 1)
	c := rep.Writes[0].Capacity
	require.Equal(t, map[string]float64{"table": 2}, c.Measured)
	require.Equal(t, map[string]float64{"table": 4}, c.Estimated)
	require.Equal(t, map[string]float64{"table": 2}, c.Local)
	require.Contains(t, text.String(), "      ok   capacity     measured table 2 WCU, estimated table 4 WCU as AWS counts it; "+
		"DynamoDB Local counts table 2 WCU (it counts the writes of a transaction that consume the same units once)\n")
	assertCleanedUp(t, rep)
}
