package plancheck

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/ack"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// AckFileName is the conventional name of the acknowledgement file.
const AckFileName = "tfdyn-acks.hcl"

// CodeInvalidAck is the diagnostic code of errors in an acknowledgement
// file or --ack flag.
const CodeInvalidAck diag.Code = "DP001"

// Ack acknowledges an intended change: a finding with this code on an
// address matching the glob passes, shown as acknowledged.
type Ack struct {
	// Code is a rule code such as "DP102".
	Code string
	// Address is a glob over resource instance addresses: "*" matches any
	// run of characters, "?" one character, everything else (including
	// [ ] and quotes) itself. "" means "*".
	Address string
	// Reason says why the change is intended; it is required.
	Reason string
	// Source says where the acknowledgement comes from: "--ack" or
	// file:line:col.
	Source string
	// Range is its place in an acknowledgement file, or nil.
	Range *hcl.Range
}

// Validate checks that the code names a rule and that a reason is given.
func (a Ack) Validate() error {
	if _, ok := RuleByCode(a.Code); !ok {
		return fmt.Errorf("unknown rule code %q.%s", a.Code, diag.DidYouMean(a.Code, codes()))
	}
	if strings.TrimSpace(a.Reason) == "" {
		return fmt.Errorf("acknowledgement of %s needs a reason", a.Code)
	}
	return nil
}

// Matches reports whether the acknowledgement covers finding f.
func (a Ack) Matches(f *Finding) bool {
	if a.Code != f.Code {
		return false
	}
	pat := a.Address
	if pat == "" {
		pat = "*"
	}
	return ack.Glob(pat, f.Address)
}

// String renders the acknowledgement in --ack syntax.
func (a Ack) String() string {
	addr := a.Address
	if addr == "" {
		addr = "*"
	}
	return a.Code + "=" + addr + ":" + a.Reason
}

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
func ParseAckFlag(s string) (Ack, error) {
	const syntax = `use CODE[=ADDRESS]:REASON, for example DP102=module.db.aws_dynamodb_table.app:"the table is empty"`
	code, address, reason, err := ack.SplitFlag(s, syntax)
	if err != nil {
		return Ack{}, err
	}
	a := Ack{Code: code, Address: address, Reason: reason, Source: "--ack"}
	if err := a.Validate(); err != nil {
		return Ack{}, fmt.Errorf("invalid --ack %q: %w", s, err)
	}
	return a, nil
}

var ackFileSchema = &hcl.BodySchema{
	Blocks: []hcl.BlockHeaderSchema{{Type: "acknowledge", LabelNames: []string{"code"}}},
}

var ackBlockSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "address"}, {Name: "reason", Required: true}},
}

// LoadAckFile reads an acknowledgement file (see ParseAckFile). The
// returned files map serves diag.WriteText for printing the diagnostics.
// Only a regular file (or a symbolic link to one) of at most
// MaxAckFileBytes is read.
func LoadAckFile(path string) ([]Ack, map[string]*hcl.File, hcl.Diagnostics) {
	fail := func(format string, args ...any) ([]Ack, map[string]*hcl.File, hcl.Diagnostics) {
		return nil, map[string]*hcl.File{}, hcl.Diagnostics{diag.Errorf(CodeInvalidAck, nil, "Cannot read acknowledgement file", format, args...)}
	}
	src, err := fsafe.ReadRegular(path, MaxAckFileBytes)
	var large *fsafe.TooLargeError
	switch {
	case errors.As(err, &large):
		return fail("%s is larger than %d KiB, the limit for an acknowledgement file.", path, MaxAckFileBytes>>10)
	case err != nil:
		return fail("%s.", err)
	}
	return ParseAckFile(path, src)
}

// MaxAckFileBytes is the largest acknowledgement file LoadAckFile reads
// (1 MiB: thousands of acknowledge blocks).
const MaxAckFileBytes = 1 << 20

// ParseAckFile parses acknowledgements in HCL:
//
//	acknowledge "DP102" {
//	  address = "module.db.aws_dynamodb_table.app"   # glob; default "*"
//	  reason  = "new sort key; the table is empty in every environment"
//	}
//
// Errors are diagnostics with file:line:col and code DP001.
func ParseAckFile(filename string, src []byte) ([]Ack, map[string]*hcl.File, hcl.Diagnostics) {
	p := hclparse.NewParser()
	f, diags := p.ParseHCL(src, filename)
	diag.WithCode(diags, CodeInvalidAck)
	if f == nil || diags.HasErrors() {
		return nil, p.Files(), capDiags(diags)
	}
	content, ds := f.Body.Content(ackFileSchema)
	diags = append(diags, diag.WithCode(ds, CodeInvalidAck)...)
	var acks []Ack
	for _, b := range content.Blocks {
		code := b.Labels[0]
		lr := b.LabelRanges[0]
		if _, ok := RuleByCode(code); !ok {
			diags = append(diags, diag.Errorf(CodeInvalidAck, &lr, "Unknown rule code",
				"%q is not a plan rule code.%s The codes are listed in docs/plan-rules/README.md.", code, diag.DidYouMean(code, codes())))
			continue
		}
		bc, ds := b.Body.Content(ackBlockSchema)
		diags = append(diags, diag.WithCode(ds, CodeInvalidAck)...)
		if ds.HasErrors() {
			continue
		}
		r := b.DefRange
		a := Ack{Code: code, Address: "*", Range: &r,
			Source: fmt.Sprintf("%s:%d:%d", r.Filename, r.Start.Line, r.Start.Column)}
		ok := true
		if at := bc.Attributes["address"]; at != nil {
			a.Address, ok = ackString(at, &diags)
		}
		if at := bc.Attributes["reason"]; at != nil {
			reason, rok := ackString(at, &diags)
			a.Reason = reason
			if rok && strings.TrimSpace(reason) == "" {
				rr := at.Expr.Range()
				diags = append(diags, diag.Errorf(CodeInvalidAck, &rr, "Empty reason",
					"An acknowledgement needs a reason that says why the change of %s is intended.", code))
				rok = false
			}
			ok = ok && rok
		}
		if ok {
			acks = append(acks, a)
		}
	}
	return acks, p.Files(), capDiags(diags)
}

// MaxAckDiagnostics is the number of diagnostics ParseAckFile reports for
// one file; the rest are counted in a last one. A binary or garbled file
// gives one syntax error per bad byte.
const MaxAckDiagnostics = 20

func capDiags(diags hcl.Diagnostics) hcl.Diagnostics {
	if len(diags) <= MaxAckDiagnostics {
		return diags
	}
	rest := len(diags) - MaxAckDiagnostics
	out := append(hcl.Diagnostics{}, diags[:MaxAckDiagnostics]...)
	return append(out, diag.Errorf(CodeInvalidAck, nil, "Too many errors",
		"%d more errors in this acknowledgement file are not shown. Is it an acknowledgement file (acknowledge blocks in HCL)?", rest))
}

// ackString evaluates a constant string attribute.
func ackString(at *hcl.Attribute, diags *hcl.Diagnostics) (string, bool) {
	v, ds := at.Expr.Value(nil)
	*diags = append(*diags, diag.WithCode(ds, CodeInvalidAck)...)
	if ds.HasErrors() {
		return "", false
	}
	r := at.Expr.Range()
	if v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
		*diags = append(*diags, diag.Errorf(CodeInvalidAck, &r, "Invalid value", "%q must be a string.", at.Name))
		return "", false
	}
	return v.AsString(), true
}
