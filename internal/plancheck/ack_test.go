package plancheck_test

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/plancheck"
)

func TestParseAckFlag(t *testing.T) {
	for _, tc := range []struct {
		in                    string
		code, address, reason string
	}{
		{`DP102=module.db.aws_dynamodb_table.app:new sort key, the table is empty`, "DP102", "module.db.aws_dynamodb_table.app", "new sort key, the table is empty"},
		{`DP102=module.db.aws_dynamodb_table.app["eu:west"]:key with a colon`, "DP102", `module.db.aws_dynamodb_table.app["eu:west"]`, "key with a colon"},
		{`DP301:indexes are added on an empty table`, "DP301", "*", "indexes are added on an empty table"},
		{`DP202=module.*.aws_dynamodb_table.app[*]: GSI2 is unused: see ADR-7`, "DP202", "module.*.aws_dynamodb_table.app[*]", "GSI2 is unused: see ADR-7"},
	} {
		a, err := plancheck.ParseAckFlag(tc.in)
		require.NoError(t, err, tc.in)
		require.Equal(t, tc.code, a.Code, tc.in)
		require.Equal(t, tc.address, a.Address, tc.in)
		require.Equal(t, tc.reason, a.Reason, tc.in)
		require.Equal(t, "--ack", a.Source)
	}
	for in, msg := range map[string]string{
		`DP102=aws_dynamodb_table.app`:        `no ":" before the reason`,
		`DP102=aws_dynamodb_table.app:`:       "needs a reason",
		`DP102:   `:                           "needs a reason",
		`DP012=aws_dynamodb_table.app:reason`: `unknown rule code "DP012". Did you mean "DP101"?`,
		`just text`:                           "use CODE[=ADDRESS]:REASON",
	} {
		_, err := plancheck.ParseAckFlag(in)
		require.ErrorContains(t, err, msg, in)
	}
}

func TestAckMatches(t *testing.T) {
	f := &plancheck.Finding{Code: "DP102", Address: `module.db["eu"].aws_dynamodb_table.app`}
	for pattern, match := range map[string]bool{
		`module.db["eu"].aws_dynamodb_table.app`: true,
		`module.db[*].aws_dynamodb_table.app`:    true,
		`module.db["e?"].aws_dynamodb_table.*`:   true,
		`*`:                                      true,
		``:                                       true,
		`module.db["us"].aws_dynamodb_table.app`: false,
		`aws_dynamodb_table.app`:                 false,
		`module.db[*].aws_dynamodb_table.ap`:     false,
	} {
		a := plancheck.Ack{Code: "DP102", Address: pattern, Reason: "r"}
		require.Equal(t, match, a.Matches(f.Code, f.Address), pattern)
	}
	require.False(t, plancheck.Ack{Code: "DP101", Address: "*", Reason: "r"}.Matches(f.Code, f.Address))
}

func TestParseAckFile(t *testing.T) {
	src := `
acknowledge "DP102" {
  address = "module.db.aws_dynamodb_table.app"
  reason  = "new sort key; the table is empty"
}

acknowledge "DP301" {
  reason = "two GSIs on a small table"
}
`
	acks, _, diags := plancheck.ParseAckFile("tfdyn-acks.hcl", []byte(src))
	require.False(t, diags.HasErrors(), diags.Error())
	require.Len(t, acks, 2)
	require.Equal(t, plancheck.Ack{Code: "DP102", Address: "module.db.aws_dynamodb_table.app", Reason: "new sort key; the table is empty",
		Source: "tfdyn-acks.hcl:2:1", Range: acks[0].Range}, acks[0])
	require.Equal(t, "*", acks[1].Address)
	require.Equal(t, "tfdyn-acks.hcl:7:1", acks[1].Source)

	bad := `acknowledge "DP999" {
  reason = "x"
}
acknowledge "DP101" {
  address = "a"
}
acknowledge "DP101" {
  reason = ""
}
acknowledge "DP101" {
  reason = 3
  extra  = true
}
`
	_, _, diags = plancheck.ParseAckFile("acks.hcl", []byte(bad))
	var got []string
	for _, d := range diags {
		got = append(got, d.Subject.String()+" "+d.Summary)
	}
	require.Equal(t, []string{
		"acks.hcl:1,13-20 Unknown rule code",
		"acks.hcl:4,21-21 Missing required argument",
		"acks.hcl:8,12-14 Empty reason",
		"acks.hcl:12,3-8 Unsupported argument",
	}, got)
	require.Contains(t, diags[0].Detail, `"DP999" is not a plan rule code`)
}

func TestAckInCheckPlan(t *testing.T) {
	plan := decodePlan(t, planWith(change(`["delete"]`, tableJSON("shop", `"deletion_protection_enabled": false`), `null`, `null`, "")))
	ack := plancheck.Ack{Code: "DP101", Address: "aws_dynamodb_table.t*", Reason: "retired table", Source: "--ack"}
	stale := plancheck.Ack{Code: "DP102", Address: "*", Reason: "old", Source: "--ack"}
	rep, err := plancheck.CheckPlan(plan, plancheck.Options{Acks: []plancheck.Ack{ack, stale}})
	require.NoError(t, err)
	require.Len(t, rep.Findings, 1)
	require.NotNil(t, rep.Findings[0].Acknowledged)
	require.Equal(t, "retired table", rep.Findings[0].Acknowledged.Reason)
	require.False(t, rep.Findings[0].Blocking())
	require.Empty(t, rep.Blocking())
	require.Equal(t, []plancheck.Ack{stale}, rep.UnusedAcks)

	_, err = plancheck.CheckPlan(plan, plancheck.Options{Acks: []plancheck.Ack{{Code: "DP101"}}})
	require.ErrorContains(t, err, "needs a reason")
}

// TestLoadAckFileBounded refuses what is not a regular file and a file
// over the limit, with the reason.
func TestLoadAckFileBounded(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "tfdyn-acks.hcl")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	big := filepath.Join(dir, "big.hcl")
	require.NoError(t, os.WriteFile(big, bytes.Repeat([]byte("# padding\n"), plancheck.MaxAckFileBytes/10+1), 0o644))
	for path, detail := range map[string]string{
		fifo:        fifo + " is a named pipe, not a regular file.",
		"/dev/zero": "/dev/zero is a character device, not a regular file.",
		big:         big + " is larger than 1024 KiB, the limit for an acknowledgement file.",
	} {
		acks, _, diags := plancheck.LoadAckFile(path)
		require.Nil(t, acks)
		require.Len(t, diags, 1)
		require.Equal(t, "Cannot read acknowledgement file", diags[0].Summary)
		require.Equal(t, detail, diags[0].Detail)
		require.Equal(t, plancheck.CodeInvalidAck, diag.CodeOf(diags[0]))
	}
}

// TestParseAckFileGarbage: garbage gives one syntax error per bad byte;
// the first MaxAckDiagnostics are reported and the rest counted, so that
// printing them stays fast (the fuzz input d84b88a39256ff6d took more
// than the fuzzer's time limit).
func TestParseAckFileGarbage(t *testing.T) {
	src := append([]byte("acknowledge \"DP101\" {\n  reason = \"x\"\n}\n"), bytes.Repeat([]byte{5}, 5000)...)
	acks, files, diags := plancheck.ParseAckFile("tfdyn-acks.hcl", src)
	require.Nil(t, acks)
	require.Len(t, diags, plancheck.MaxAckDiagnostics+1)
	require.Equal(t, "tfdyn-acks.hcl:4,1-2", diags[0].Subject.String())
	last := diags[plancheck.MaxAckDiagnostics]
	require.Equal(t, "Too many errors", last.Summary)
	require.Equal(t, "4981 more errors in this acknowledgement file are not shown. Is it an acknowledgement file (acknowledge blocks in HCL)?", last.Detail)
	require.Equal(t, plancheck.CodeInvalidAck, diag.CodeOf(last))
	var buf bytes.Buffer
	require.NoError(t, diag.WriteText(&buf, files, diags, 80, false))
}
