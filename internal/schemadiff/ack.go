package schemadiff

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/ack"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeInvalidAck is the diagnostic code of errors in an acknowledgement
// file of tfdyn diff.
const CodeInvalidAck diag.Code = "SD001"

// Ack acknowledges an intended breaking or destructive change, with the
// syntax of tfdyn plan's acknowledgements: a change with this code at an
// address matching the glob (Change.Address) passes, shown as
// acknowledged.
type Ack = ack.Ack

// ackGate is diff's acknowledgements: its change codes, SD001 errors.
var ackGate = ack.Gate{Codes: codeNames(), Kind: "change code", KindLong: "tfdyn diff change code", Docs: "docs/diff.md",
	DiagCode: CodeInvalidAck, Example: `SD502=table.shop.index.GSI1:"no reader left"`}

// ParseAckFlag parses the value of an --ack flag, CODE[=ADDRESS]:REASON,
// as tfdyn plan does:
//
//	SD502=table.shop.index.GSI1:the old index has no reader left
//	SD401:patterns moved to the reporting service
//
// ADDRESS is a glob (see Ack.Address) and defaults to "*"; it ends at the
// first ":" outside brackets and quotes. REASON is required.
func ParseAckFlag(s string) (Ack, error) { return ackGate.ParseFlag(s) }

// AckFileName is the acknowledgement file tfdyn diff reads by default from
// HEAD's schema directory. It is not tfdyn plan's tfdyn-acks.hcl: the two
// gates acknowledge different codes (SD, DP) at different times.
const AckFileName = "tfdyn-diff-acks.hcl"

// MaxAckFileBytes is the largest acknowledgement file read (1 MiB).
const MaxAckFileBytes = ack.MaxFileBytes

// ParseAckFile parses acknowledgements in the HCL form of tfdyn plan's
// tfdyn-acks.hcl, with SD codes:
//
//	acknowledge "SD502" {
//	  address = "table.shop.index.GSI1"   # glob; default "*"
//	  reason  = "no reader left since release 42"
//	}
//
// Errors are diagnostics with file:line:col and code SD001.
func ParseAckFile(filename string, src []byte) ([]Ack, map[string]*hcl.File, hcl.Diagnostics) {
	return ackGate.ParseFile(filename, src)
}
