package migrate

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

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

func TestSameValue(t *testing.T) {
	s := &types.AttributeValueMemberS{Value: "A"}
	n := &types.AttributeValueMemberN{Value: "1.50"}
	require.True(t, sameValue(s, true, cty.StringVal("A"), true))
	require.False(t, sameValue(s, true, cty.StringVal("a"), true))
	require.True(t, sameValue(n, true, cty.NumberFloatVal(1.5), true), "numbers compare by value")
	require.False(t, sameValue(n, true, cty.StringVal("1.50"), true), "a string is not a number")
	require.True(t, sameValue(nil, false, cty.NilVal, false))
	require.False(t, sameValue(s, true, cty.NilVal, false))
	require.False(t, sameValue(nil, false, cty.StringVal("A"), true))
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

func TestParseCheckpointErrors(t *testing.T) {
	for src, msg := range map[string]string{
		`{`:             "not a tfdyn migrate checkpoint: unexpected end of JSON input",
		`{"version":2}`: "checkpoint version 2, this tfdyn reads version 1",
		`{"version":1}`: "a checkpoint holds 1 to 64 segments, this one 0",
		`{"version":1,"segments":[{"segment":1}]}`:                                     "segment 0 is recorded as 1",
		`{"version":1,"segments":[{"segment":0,"last_key":{"PK":{"S":"a","N":"1"}}}]}`: `segment 0: key attribute "PK" must hold one of S, N or B`,
	} {
		_, err := ParseCheckpoint([]byte(src))
		require.EqualError(t, err, msg, src)
	}
}
