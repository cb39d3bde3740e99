package migrate

import (
	"context"
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
