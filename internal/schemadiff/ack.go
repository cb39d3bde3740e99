package schemadiff

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/ack"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeInvalidAck is the diagnostic code of errors in an acknowledgement
// file of tfdyn diff.
const CodeInvalidAck diag.Code = "SD001"

// Ack acknowledges an intended breaking or destructive change, with the
// syntax of tfdyn plan's acknowledgements: a change with this code at an
// address matching the glob passes, shown as acknowledged.
type Ack struct {
	Code Code
	// Address is a glob over change addresses (Change.Address): "*" matches
	// any run of characters, "?" one character. "" means "*".
	Address string
	// Reason says why the change is intended; it is required.
	Reason string
	// Source says where the acknowledgement comes from: "--ack" or
	// file:line:col.
	Source string
}

// Matches reports whether the acknowledgement covers change c.
func (a Ack) Matches(c *Change) bool {
	if a.Code != c.Code {
		return false
	}
	pat := a.Address
	if pat == "" {
		pat = "*"
	}
	return ack.Glob(pat, c.Address)
}

// String renders the acknowledgement in --ack syntax.
func (a Ack) String() string {
	addr := a.Address
	if addr == "" {
		addr = "*"
	}
	return string(a.Code) + "=" + addr + ":" + a.Reason
}

func (a Ack) validate() error {
	if _, ok := Info(a.Code); !ok {
		return fmt.Errorf("unknown change code %q.%s The codes are listed in docs/diff.md", a.Code, diag.DidYouMean(string(a.Code), codeNames()))
	}
	if strings.TrimSpace(a.Reason) == "" {
		return fmt.Errorf("acknowledgement of %s needs a reason", a.Code)
	}
	return nil
}

const ackSyntax = `use CODE[=ADDRESS]:REASON, for example SD502=table.shop.index.GSI1:"no reader left"`

// ParseAckFlag parses the value of an --ack flag, CODE[=ADDRESS]:REASON,
// as tfdyn plan does:
//
//	SD502=table.shop.index.GSI1:the old index has no reader left
//	SD401:patterns moved to the reporting service
//
// ADDRESS is a glob (see Ack.Address) and defaults to "*"; it ends at the
// first ":" outside brackets and quotes. REASON is required.
func ParseAckFlag(s string) (Ack, error) {
	code, address, reason, err := ack.SplitFlag(s, ackSyntax)
	if err != nil {
		return Ack{}, err
	}
	a := Ack{Code: Code(code), Address: address, Reason: reason, Source: "--ack"}
	if err := a.validate(); err != nil {
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

// AckFileName is the acknowledgement file tfdyn diff reads by default from
// HEAD's schema directory. It is not tfdyn plan's tfdyn-acks.hcl: the two
// gates acknowledge different codes (SD, DP) at different times.
const AckFileName = "tfdyn-diff-acks.hcl"

// MaxAckFileBytes is the largest acknowledgement file read (1 MiB).
const MaxAckFileBytes = 1 << 20

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
	p := hclparse.NewParser()
	if len(src) > MaxAckFileBytes {
		return nil, p.Files(), hcl.Diagnostics{diag.Errorf(CodeInvalidAck, nil, "Acknowledgement file too large",
			"%s is larger than %d KiB, the limit for an acknowledgement file.", filename, MaxAckFileBytes>>10)}
	}
	f, diags := p.ParseHCL(src, filename)
	diag.WithCode(diags, CodeInvalidAck)
	if f == nil || diags.HasErrors() {
		return nil, p.Files(), diags
	}
	content, ds := f.Body.Content(ackFileSchema)
	diags = append(diags, diag.WithCode(ds, CodeInvalidAck)...)
	var acks []Ack
	for _, b := range content.Blocks {
		code := Code(b.Labels[0])
		lr := b.LabelRanges[0]
		if _, ok := Info(code); !ok {
			diags = append(diags, diag.Errorf(CodeInvalidAck, &lr, "Unknown change code",
				"%q is not a tfdyn diff change code.%s The codes are listed in docs/diff.md.", code, diag.DidYouMean(string(code), codeNames())))
			continue
		}
		bc, ds := b.Body.Content(ackBlockSchema)
		diags = append(diags, diag.WithCode(ds, CodeInvalidAck)...)
		if ds.HasErrors() {
			continue
		}
		r := b.DefRange
		a := Ack{Code: code, Address: "*", Source: fmt.Sprintf("%s:%d:%d", r.Filename, r.Start.Line, r.Start.Column)}
		ok := true
		if at := bc.Attributes["address"]; at != nil {
			a.Address, ok = ackString(at, &diags)
		}
		reason, rok := ackString(bc.Attributes["reason"], &diags)
		if !ok || !rok {
			continue
		}
		if strings.TrimSpace(reason) == "" {
			rr := bc.Attributes["reason"].Expr.Range()
			diags = append(diags, diag.Errorf(CodeInvalidAck, &rr, "Empty reason", "An acknowledgement needs a reason: say why the change is intended."))
			continue
		}
		a.Reason = reason
		acks = append(acks, a)
	}
	return acks, p.Files(), diags
}

func ackString(at *hcl.Attribute, diags *hcl.Diagnostics) (string, bool) {
	v, ds := at.Expr.Value(nil)
	if ds.HasErrors() || v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
		r := at.Expr.Range()
		*diags = append(*diags, diag.Errorf(CodeInvalidAck, &r, "String expected", "%q must be a string constant.", at.Name))
		return "", false
	}
	return v.AsString(), true
}
