package plancheck

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/ack"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// AckFileName is the conventional name of the acknowledgement file.
const AckFileName = "tfdyn-acks.hcl"

// CodeInvalidAck is the diagnostic code of errors in an acknowledgement
// file or --ack flag.
const CodeInvalidAck diag.Code = "DP001"

// Ack acknowledges an intended change: a finding with this code on an
// address matching the glob (a resource instance address) passes, shown as
// acknowledged.
type Ack = ack.Ack

// ackGate is the plan's acknowledgements: its rule codes, DP001 errors.
var ackGate = ack.Gate{Codes: codes(), Kind: "rule code", KindLong: "plan rule code", Docs: "docs/plan-rules/README.md",
	DiagCode: CodeInvalidAck, Example: `DP102=module.db.aws_dynamodb_table.app:"the table is empty"`}

// ValidateAck checks that the code names a plan rule and that a reason is
// given.
func ValidateAck(a Ack) error { return ackGate.Validate(a) }

func codes() []string {
	out := make([]string, len(rules))
	for i, r := range rules {
		out[i] = r.Code
	}
	return out
}

// ParseAckFlag parses the value of an --ack flag:
//
//	CODE[=ADDRESS]:REASON
//
// for example
//
//	DP102=module.db.aws_dynamodb_table.app["eu"]:new sort key, the table is empty
//	DP301:indexes are added on an empty table
//
// ADDRESS is a glob (see Ack.Address) and defaults to "*". It ends at the
// first ":" that is outside brackets and quotes, so for_each keys may
// contain ":". REASON is required.
func ParseAckFlag(s string) (Ack, error) { return ackGate.ParseFlag(s) }

// LoadAckFile reads an acknowledgement file (see ParseAckFile). The
// returned files map serves diag.WriteText for printing the diagnostics.
// Only a regular file (or a symbolic link to one) of at most
// MaxAckFileBytes is read.
func LoadAckFile(path string) ([]Ack, map[string]*hcl.File, hcl.Diagnostics) {
	return ackGate.LoadFile(path)
}

// MaxAckFileBytes is the largest acknowledgement file LoadAckFile reads
// (1 MiB: thousands of acknowledge blocks).
const MaxAckFileBytes = ack.MaxFileBytes

// ParseAckFile parses acknowledgements in HCL:
//
//	acknowledge "DP102" {
//	  address = "module.db.aws_dynamodb_table.app"   # glob; default "*"
//	  reason  = "new sort key; the table is empty in every environment"
//	}
//
// Errors are diagnostics with file:line:col and code DP001.
func ParseAckFile(filename string, src []byte) ([]Ack, map[string]*hcl.File, hcl.Diagnostics) {
	return ackGate.ParseFile(filename, src)
}

// MaxAckDiagnostics is the number of diagnostics ParseAckFile reports for
// one file; the rest are counted in a last one. A binary or garbled file
// gives one syntax error per bad byte.
const MaxAckDiagnostics = ack.MaxDiagnostics
