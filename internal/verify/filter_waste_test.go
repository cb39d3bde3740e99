package verify_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// wastefulFilterEdits turn examples/ecommerce into a copy whose admin
// screen reads a customer's orders and filters them by status instead of
// querying GSI2 by status: every order of the customer is read (and paid
// for), only the PLACED ones come back. The results are right; the cost
// is not.
var wastefulFilterEdits = [][2]string{
	{"  index       = \"GSI2\"\n  inputs = {\n    from = string\n    to   = string\n  }\n  key {\n    GSI2PK = \"STATUS#${status}\"\n    GSI2SK = between(from, \"${to}#~\")\n  }",
		"  key {\n    PK = \"CUSTOMER#${username}\"\n    SK = begins_with(\"ORDER#\")\n  }\n  filter = status == \"PLACED\""},
	{"    status  = \"PLACED\"\n    from    = \"2024-05-01\"\n    to      = \"2024-05-31\"\n    returns = [entity.Order.example[\"o-1002\"], entity.Order.example[\"o-1003\"]]",
		"    username = \"alice\"\n    returns  = [entity.Order.example[\"o-1002\"]]"},
}

// wastefulFilterCopy writes the copy into a temporary directory.
func wastefulFilterCopy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	text := editedExample(t, "wasteful_filter", wastefulFilterEdits)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "shop.tfdyn.hcl"), []byte(text), 0o644))
	return dir
}

// TestWastefulFilterFlaggedStatically: lint warns of the filter (TD119 at
// the filter expression; the one at line 452 is the example's own
// good_reviews_for_product) and tfdyn cost prices what it throws away.
func TestWastefulFilterFlaggedStatically(t *testing.T) {
	s := load(t, wastefulFilterCopy(t))
	var got []string
	for _, d := range lint.Run(s) {
		if code := diag.CodeOf(d); code == "TD119" {
			got = append(got, fmt.Sprintf("%s %d:%d-%d:%d", code, d.Subject.Start.Line, d.Subject.Start.Column, d.Subject.End.Line, d.Subject.End.Column))
		}
	}
	require.Equal(t, []string{"TD119 452:12-452:23", "TD119 486:12-486:30"}, got)

	r := cost.Estimate(s, nil)
	var pc *cost.PatternCost
	for _, p := range r.Tables[0].Patterns {
		if p.Pattern == "orders_by_status" {
			pc = p
		}
	}
	require.NotNil(t, pc)
	// items_read = 100 (declared) orders of 197.3 B on average (the three
	// examples): 19,733 B, five 4 KB steps, eventually consistent: 2.5
	// RCU. The filter keeps one of alice's two orders: 50 returned, 9,867
	// B, three steps, 1.5 RCU: 1 RCU per call pays for orders it drops.
	require.Equal(t, "Query", pc.Operation)
	require.Equal(t, "table", pc.Index)
	require.Equal(t, []float64{100, 50, 2.5, 1}, []float64{pc.ItemsRead, pc.ItemsReturned, pc.RCU, pc.WastedRCU})
}

// TestVerifyFlagsWastefulFilter runs the copy live on DynamoDB Local at
// --scale 3: the results are right (the run passes), the Capacity table
// shows the read units measured equal to the estimate, which counts every
// order read, and the scale check flags the filter (VF302) because the
// orders it reads but does not return grow with the table.
func TestVerifyFlagsWastefulFilter(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	dir := wastefulFilterCopy(t)
	s := load(t, dir)
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 10, Scale: 3})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	var p *verify.PatternReport
	for i := range rep.Patterns {
		if rep.Patterns[i].Name == "orders_by_status" {
			p = &rep.Patterns[i]
		}
	}
	require.NotNil(t, p, text.String())
	require.True(t, p.OK, text.String())
	wasted := false
	for _, run := range p.Runs {
		if run.Declared || run.Miss {
			continue // over the examples alone; the miss costs 0 on DynamoDB Local
		}
		require.Equal(t, run.Estimated, run.Consumed, "run %s: %s", run.Inputs, text.String())
		if run.Read > run.Returned {
			wasted = true
		}
	}
	require.True(t, wasted, "some run reads orders it does not return:\n%s", text.String())
	var sr *verify.ScaleReport
	for i := range rep.Scale {
		if rep.Scale[i].Pattern == "orders_by_status" {
			sr = &rep.Scale[i]
		}
	}
	require.NotNil(t, sr, text.String())
	require.Equal(t, "VF302", sr.Code, text.String())
	require.True(t, sr.OK, "VF302 is a warning")
	require.Greater(t, sr.ReadAfter-sr.ReturnedAfter, sr.ReadBefore-sr.ReturnedBefore)
	require.Contains(t, text.String(), "its declared filter costs more as data grows (lint TD119)")
	assertCleanedUp(t, rep)
}
