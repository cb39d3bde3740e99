package schemadiff

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ack"
)

func TestParseAckFlag(t *testing.T) {
	a, err := ParseAckFlag(`SD502=table.shop.index.GSI1:no reader left: moved in release 42`)
	require.NoError(t, err)
	require.Equal(t, Ack{Code: "SD502", Address: "table.shop.index.GSI1", Reason: "no reader left: moved in release 42", Source: "--ack"}, a)
	a, err = ParseAckFlag(`SD401:patterns moved`)
	require.NoError(t, err)
	require.Equal(t, Ack{Code: "SD401", Address: "*", Reason: "patterns moved", Source: "--ack"}, a)

	for in, msg := range map[string]string{
		"SD502":                `invalid --ack "SD502": use CODE[=ADDRESS]:REASON, for example SD502=table.shop.index.GSI1:"no reader left"`,
		"SD502=table.x":        `invalid --ack "SD502=table.x": no ":" before the reason; use CODE[=ADDRESS]:REASON`,
		"SD502=table.x:":       `invalid --ack "SD502=table.x:": acknowledgement of SD502 needs a reason`,
		"SD50=table.x:because": `invalid --ack "SD50=table.x:because": unknown change code "SD50". Did you mean "SD501"? The codes are listed in docs/diff.md`,
		"DP102:plan code":      `invalid --ack "DP102:plan code": unknown change code "DP102".`,
	} {
		_, err := ParseAckFlag(in)
		require.ErrorContains(t, err, msg, in)
	}
}

// TestAcknowledge: an acknowledgement covers the changes with its code at
// matching addresses, which stop blocking; one that covers nothing is
// returned as unused.
func TestAcknowledge(t *testing.T) {
	rep := Diff(load(t, "testdata/base"), load(t, "testdata/destructive"))
	require.Len(t, rep.Blocking(), 5)
	acks := []Ack{
		{Code: string(GSIRebuilt), Address: "table.app.index.*", Reason: "projection narrowed on purpose"},
		{Code: string(ProtectionOff), Address: "table.other", Reason: "wrong table"},
		{Code: string(PatternRemoved), Reason: "all patterns moved"},
	}
	unused := rep.Acknowledge(acks)
	require.Equal(t, []Ack{acks[1]}, unused)
	var blocking []string
	for _, c := range rep.Blocking() {
		blocking = append(blocking, string(c.Code)+" "+c.Address)
	}
	require.Equal(t, []string{"SD503 entity.Product", "SD505 table.app", "SD507 table.app"}, blocking)
}

func TestParseAckFile(t *testing.T) {
	src := []byte(`acknowledge "SD502" {
  address = "table.app.index.GSI1"
  reason  = "no reader left"
}
acknowledge "SD999" {
  reason = "x"
}
acknowledge "SD401" {
  reason = ""
}
`)
	acks, _, diags := ParseAckFile("acks.hcl", src)
	require.Len(t, acks, 1)
	require.Equal(t, "acks.hcl:1,1-20", acks[0].Range.String())
	acks[0].Range = nil
	require.Equal(t, []Ack{{Code: "SD502", Address: "table.app.index.GSI1", Reason: "no reader left", Source: "acks.hcl:1:1"}}, acks)
	require.Len(t, diags, 2)
	require.Equal(t, "Unknown change code", diags[0].Summary)
	require.Equal(t, "acks.hcl:5,13-20", diags[0].Subject.String())
	require.Equal(t, "Empty reason", diags[1].Summary)
	require.Equal(t, 9, diags[1].Subject.Start.Line)
	require.Equal(t, 12, diags[1].Subject.Start.Column)
}

func TestGlobMatch(t *testing.T) {
	require.True(t, ack.Glob("table.*.index.GSI?", "table.app.index.GSI1"))
	require.False(t, ack.Glob("table.*.index.GSI?", "table.app.index.GSI10"))
	require.True(t, ack.Glob("*", ""))
	require.False(t, ack.Glob("entity.Order", "entity.OrderItem"))
}
