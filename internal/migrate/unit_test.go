package migrate

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

func tpl(t *testing.T, src string) *hclschema.KeyTemplate {
	x, diags := hclschema.ParseTemplate(src, "t.hcl")
	require.False(t, diags.HasErrors())
	return &hclschema.KeyTemplate{Attr: "PK", Expr: x}
}

func TestLiteralPrefix(t *testing.T) {
	for src, want := range map[string]KeyPrefix{
		`"USER#${username}"`:       {Attr: "PK", Prefix: "USER#"},
		`"METADATA"`:               {Attr: "PK", Prefix: "METADATA", Exact: true},
		`"A#${a}#B#${b}"`:          {Attr: "PK", Prefix: "A#"},
		`"${a}#x"`:                 {Attr: "PK"},
		`format("%08d", n)`:        {Attr: "PK"},
		`9999 - level`:             {Attr: "PK"},
		`c ? "OPEN#${x}" : "DONE"`: {Attr: "PK"},
	} {
		require.Equal(t, want, literalPrefix("PK", tpl(t, src)), src)
	}
	require.Equal(t, KeyPrefix{Attr: "SK"}, literalPrefix("SK", nil), "the entity's own attribute")
}

// TestLimiter: at 50 per second, 11 calls take 200 ms or more (the first is
// immediate), and a cancelled context stops the wait.
func TestLimiter(t *testing.T) {
	l := newLimiter(50)
	start := time.Now()
	for i := 0; i < 11; i++ {
		require.NoError(t, l.wait(context.Background()))
	}
	require.GreaterOrEqual(t, time.Since(start), 200*time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	slow := newLimiter(0.001)
	require.NoError(t, slow.wait(context.Background()))
	require.ErrorIs(t, slow.wait(ctx), context.Canceled)
}

// TestCheckRate: 0 is no bound, MinRate to MaxRate are bounds; NaN, the
// infinities, negative rates and rates whose interval overflows a Duration
// (1e-10: it became negative, so no bound applied) are refused, also by Run.
func TestCheckRate(t *testing.T) {
	for _, ok := range []float64{0, MinRate, 1, 200, MaxRate} {
		require.NoError(t, CheckRate(ok), "%g", ok)
	}
	for bad, got := range map[float64]string{math.NaN(): "NaN", math.Inf(1): "+Inf", math.Inf(-1): "-Inf", -1: "-1", 1e-10: "1e-10", 0.001: "0.001", 1e7: "1e+07"} {
		require.EqualError(t, CheckRate(bad), "the rate must be 0 (no bound) or from 0.01 to 1e+06 updates per second, got "+got)
	}
	_, err := Run(context.Background(), &Plan{}, Options{Rate: math.NaN()})
	require.EqualError(t, err, "migrate: the rate must be 0 (no bound) or from 0.01 to 1e+06 updates per second, got NaN")
}

// identity is the table identity of a valid checkpoint.
const identity = `"table_arn":"arn:aws:dynamodb:us-east-1:1:table/app","table_created":"2024-05-01T10:00:00.123Z"`

func TestParseCheckpointErrors(t *testing.T) {
	for src, msg := range map[string]string{
		`{`: "not a tfdyn migrate checkpoint: unexpected end of JSON input",
		`{"version":1,"table":"app","segments":[{"segment":0,"done":true}]}`: "checkpoint version 1, this tfdyn reads version 2 (version 1 did not record which table it was made on): remove it to start over",
		`{"version":2}`: "the checkpoint does not record the table's ARN and creation time (table_arn, table_created): remove it to start over",
		`{"version":2,"table_arn":"arn:aws:dynamodb:us-east-1:1:table/app"}`:                            "the checkpoint does not record the table's ARN and creation time (table_arn, table_created): remove it to start over",
		`{"version":2,` + identity + `}`:                                                                "a checkpoint holds 1 to 64 segments, this one 0",
		`{"version":2,` + identity + `,"segments":[{"segment":1}]}`:                                     "segment 0 is recorded as 1",
		`{"version":2,` + identity + `,"segments":[{"segment":0,"last_key":{"PK":{"S":"a","N":"1"}}}]}`: `segment 0: key attribute "PK" must hold one of S, N or B`,
	} {
		_, err := ParseCheckpoint([]byte(src))
		require.EqualError(t, err, msg, src)
	}
}

// TestCheckpointFits: each reason a checkpoint cannot resume a run has its
// own message (issue 27: a dry run's checkpoint was refused as "another
// table or data plan"), and every one is ErrCheckpointMismatch.
func TestCheckpointFits(t *testing.T) {
	plan := Build(load(t, sd+"base"), load(t, sd+"backfill"))
	created := time.Date(2024, 5, 1, 10, 0, 0, 123e6, time.UTC)
	id := TableIdentity{ARN: "arn:aws:dynamodb:us-east-1:1:table/app", Created: created}
	good := Checkpoint{Version: checkpointVersion, Table: "app", TableARN: id.ARN, TableCreated: created, Plan: plan.Fingerprint()}
	require.NoError(t, good.fits(plan, Options{Table: "app"}, id))
	for name, c := range map[string]struct {
		edit func(*Checkpoint)
		opts Options
		id   TableIdentity
		want string
	}{
		"other table":  {func(cp *Checkpoint) { cp.Table = "shop" }, Options{Table: "app"}, id, `it records the progress on table "shop", this run is on "app"`},
		"re-created":   {func(*Checkpoint) {}, Options{Table: "app"}, TableIdentity{ARN: id.ARN, Created: created.Add(time.Second)}, "it records the progress on table arn:aws:dynamodb:us-east-1:1:table/app created 2024-05-01T10:00:00.123Z, but the table now is arn:aws:dynamodb:us-east-1:1:table/app created 2024-05-01T10:00:01.123Z: it was deleted and created again since (a restore, a re-seed, a new apply), so its items are not where the checkpoint says"},
		"other region": {func(*Checkpoint) {}, Options{Table: "app"}, TableIdentity{ARN: "arn:aws:dynamodb:eu-west-1:1:table/app", Created: created}, "it records the progress on table arn:aws:dynamodb:us-east-1:1:table/app created 2024-05-01T10:00:00.123Z, but the table now is arn:aws:dynamodb:eu-west-1:1:table/app"},
		"dry run":      {func(cp *Checkpoint) { cp.DryRun = true }, Options{Table: "app"}, id, "it was written by a dry run (--dry-run), whose progress counts but writes nothing, so it cannot resume a migration"},
		"migration":    {func(*Checkpoint) {}, Options{Table: "app", DryRun: true}, id, "it was written by a migration, which a dry run cannot resume"},
		"other plan":   {func(cp *Checkpoint) { cp.Plan = "x" }, Options{Table: "app"}, id, "it was written for another data plan (BASE or HEAD changed since)"},
	} {
		cp := good
		c.edit(&cp)
		err := cp.fits(plan, c.opts, c.id)
		require.ErrorIs(t, err, ErrCheckpointMismatch, name)
		require.Contains(t, err.Error(), "the checkpoint does not fit this run: "+c.want, name)
	}
}
