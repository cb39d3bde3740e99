package ack

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
)

var gate = Gate{Codes: []string{"XX101", "XX102"}, Kind: "rule code", KindLong: "test rule code", Docs: "docs/x.md",
	DiagCode: "XX001", Example: `XX101=a.b:"reason"`}

func TestAckMatchesAndString(t *testing.T) {
	a := Ack{Code: "XX101", Address: "table.*", Reason: "r"}
	require.True(t, a.Matches("XX101", "table.shop"))
	require.False(t, a.Matches("XX102", "table.shop"))
	require.False(t, a.Matches("XX101", "entity.shop"))
	require.True(t, Ack{Code: "XX101"}.Matches("XX101", "anything"))
	require.Equal(t, "XX101=table.*:r", a.String())
	require.Equal(t, "XX101=*:r", Ack{Code: "XX101", Reason: "r"}.String())
}

func TestGateParseFlag(t *testing.T) {
	a, err := gate.ParseFlag("XX102=t[\"a:b\"]:because")
	require.NoError(t, err)
	require.Equal(t, Ack{Code: "XX102", Address: `t["a:b"]`, Reason: "because", Source: "--ack"}, a)
	_, err = gate.ParseFlag("XX103:because")
	require.EqualError(t, err, `invalid --ack "XX103:because": unknown rule code "XX103". Did you mean "XX101"? The codes are listed in docs/x.md`)
	_, err = gate.ParseFlag("XX101:  ")
	require.EqualError(t, err, `invalid --ack "XX101:  ": acknowledgement of XX101 needs a reason`)
	_, err = gate.ParseFlag(":x")
	require.EqualError(t, err, `invalid --ack ":x": use CODE[=ADDRESS]:REASON, for example XX101=a.b:"reason"`)
}

// TestGateParseFile: every kind of error with its code, summary and range;
// good blocks are kept with their place.
func TestGateParseFile(t *testing.T) {
	src := []byte(`acknowledge "XX101" {
  address = "table.*"
  reason  = "ok"
}
acknowledge "XX109" {
  reason = "x"
}
acknowledge "XX102" {
  reason = ""
}
acknowledge "XX102" {
  reason  = var.r
  address = 3
}
`)
	acks, files, diags := gate.ParseFile("acks.hcl", src)
	require.Contains(t, files, "acks.hcl")
	require.Len(t, acks, 1)
	require.Equal(t, "acks.hcl:1,1-20", acks[0].Range.String())
	require.Equal(t, Ack{Code: "XX101", Address: "table.*", Reason: "ok", Source: "acks.hcl:1:1", Range: acks[0].Range}, acks[0])
	var got []string
	for _, d := range diags {
		got = append(got, string(codeOf(d))+" "+d.Subject.String()+" "+d.Summary)
	}
	require.Equal(t, []string{
		"XX001 acks.hcl:5,13-20 Unknown rule code",
		"XX001 acks.hcl:9,12-14 Empty reason",
		"XX001 acks.hcl:13,13-14 Invalid value",
		"XX001 acks.hcl:12,13-16 Variables not allowed",
	}, got)
	require.Equal(t, `"XX109" is not a test rule code. Did you mean "XX101"? The codes are listed in docs/x.md.`, diags[0].Detail)
}

func TestGateParseFileCapsDiagnostics(t *testing.T) {
	src := make([]byte, 100)
	for i := range src {
		src[i] = '\x01'
	}
	_, _, diags := gate.ParseFile("bin.hcl", src)
	require.Len(t, diags, MaxDiagnostics+1)
	require.Equal(t, "Too many errors", diags[MaxDiagnostics].Summary)
	_, _, diags = gate.ParseFile("big.hcl", make([]byte, MaxFileBytes+1))
	require.Len(t, diags, 1)
	require.Equal(t, "Acknowledgement file too large", diags[0].Summary)
}

func codeOf(d *hcl.Diagnostic) diag.Code { return diag.CodeOf(d) }
