package ack

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// Gate is one gate's acknowledgements: its codes and how its errors read.
type Gate struct {
	// Codes are every code the gate reports, in order.
	Codes []string
	// Kind names a code in short messages ("rule code": "Unknown rule
	// code"), KindLong in sentences ("plan rule code").
	Kind, KindLong string
	// Docs is the page that lists the codes: "docs/plan-rules/README.md".
	Docs string
	// DiagCode is the code of errors in an acknowledgement file: "DP001".
	DiagCode diag.Code
	// Example is an --ack value for the syntax hint:
	// `DP102=module.db.aws_dynamodb_table.app:"the table is empty"`.
	Example string
}

// Validate checks that the code is one of the gate's and that a reason is
// given.
func (g Gate) Validate(a Ack) error {
	if !slices.Contains(g.Codes, a.Code) {
		return fmt.Errorf("unknown %s %q.%s The codes are listed in %s", g.Kind, a.Code, diag.DidYouMean(a.Code, g.Codes), g.Docs)
	}
	if strings.TrimSpace(a.Reason) == "" {
		return fmt.Errorf("acknowledgement of %s needs a reason", a.Code)
	}
	return nil
}

// ParseFlag parses the value of an --ack flag, CODE[=ADDRESS]:REASON (see
// SplitFlag), and validates it.
func (g Gate) ParseFlag(s string) (Ack, error) {
	code, address, reason, err := SplitFlag(s, "use CODE[=ADDRESS]:REASON, for example "+g.Example)
	if err != nil {
		return Ack{}, err
	}
	a := Ack{Code: code, Address: address, Reason: reason, Source: "--ack"}
	if err := g.Validate(a); err != nil {
		return Ack{}, fmt.Errorf("invalid --ack %q: %w", s, err)
	}
	return a, nil
}

// MaxFileBytes is the largest acknowledgement file read (1 MiB: thousands
// of acknowledge blocks).
const MaxFileBytes = 1 << 20

// MaxDiagnostics is the number of diagnostics ParseFile reports for one
// file; the rest are counted in a last one. A binary or garbled file gives
// one syntax error per bad byte.
const MaxDiagnostics = 20

// LoadFile reads an acknowledgement file (see ParseFile): a regular file
// (or a symbolic link to one) of at most MaxFileBytes, opened once and
// checked on the handle (fsafe.ReadRegular: a named pipe is refused, never
// waited on). A file that cannot
// be read is one error without a range. The files map serves
// diag.WriteText.
func (g Gate) LoadFile(path string) ([]Ack, map[string]*hcl.File, hcl.Diagnostics) {
	fail := func(format string, args ...any) ([]Ack, map[string]*hcl.File, hcl.Diagnostics) {
		return nil, map[string]*hcl.File{}, hcl.Diagnostics{diag.Errorf(g.DiagCode, nil, "Cannot read acknowledgement file", format, args...)}
	}
	src, err := fsafe.ReadRegular(path, MaxFileBytes)
	var large *fsafe.TooLargeError
	switch {
	case errors.As(err, &large):
		return fail("%s is larger than %d KiB, the limit for an acknowledgement file.", path, MaxFileBytes>>10)
	case err != nil:
		return fail("%s.", err)
	}
	return g.ParseFile(path, src)
}

var fileSchema = &hcl.BodySchema{
	Blocks: []hcl.BlockHeaderSchema{{Type: "acknowledge", LabelNames: []string{"code"}}},
}

var blockSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "address"}, {Name: "reason", Required: true}},
}

// ParseFile parses acknowledgements in HCL:
//
//	acknowledge "DP102" {
//	  address = "module.db.aws_dynamodb_table.app"   # glob; default "*"
//	  reason  = "new sort key; the table is empty in every environment"
//	}
//
// Errors are diagnostics with file:line:col and the gate's DiagCode, at
// most MaxDiagnostics of them; an acknowledgement with an error is left
// out.
func (g Gate) ParseFile(filename string, src []byte) ([]Ack, map[string]*hcl.File, hcl.Diagnostics) {
	p := hclparse.NewParser()
	if len(src) > MaxFileBytes {
		return nil, p.Files(), hcl.Diagnostics{diag.Errorf(g.DiagCode, nil, "Acknowledgement file too large",
			"%s is larger than %d KiB, the limit for an acknowledgement file.", filename, MaxFileBytes>>10)}
	}
	f, diags := p.ParseHCL(src, filename)
	diag.WithCode(diags, g.DiagCode)
	if f == nil || diags.HasErrors() {
		return nil, p.Files(), g.capDiags(diags)
	}
	content, ds := f.Body.Content(fileSchema)
	diags = append(diags, diag.WithCode(ds, g.DiagCode)...)
	var acks []Ack
	for _, b := range content.Blocks {
		code := b.Labels[0]
		lr := b.LabelRanges[0]
		if !slices.Contains(g.Codes, code) {
			diags = append(diags, diag.Errorf(g.DiagCode, &lr, "Unknown "+g.Kind,
				"%q is not a %s.%s The codes are listed in %s.", code, g.KindLong, diag.DidYouMean(code, g.Codes), g.Docs))
			continue
		}
		bc, ds := b.Body.Content(blockSchema)
		diags = append(diags, diag.WithCode(ds, g.DiagCode)...)
		if ds.HasErrors() {
			continue
		}
		r := b.DefRange
		a := Ack{Code: code, Address: "*", Range: &r,
			Source: fmt.Sprintf("%s:%d:%d", r.Filename, r.Start.Line, r.Start.Column)}
		ok := true
		if at := bc.Attributes["address"]; at != nil {
			a.Address, ok = g.constString(at, &diags)
		}
		if at := bc.Attributes["reason"]; at != nil {
			reason, rok := g.constString(at, &diags)
			a.Reason = reason
			if rok && strings.TrimSpace(reason) == "" {
				rr := at.Expr.Range()
				diags = append(diags, diag.Errorf(g.DiagCode, &rr, "Empty reason",
					"An acknowledgement needs a reason that says why the change of %s is intended.", code))
				rok = false
			}
			ok = ok && rok
		}
		if ok {
			acks = append(acks, a)
		}
	}
	return acks, p.Files(), g.capDiags(diags)
}

func (g Gate) capDiags(diags hcl.Diagnostics) hcl.Diagnostics {
	if len(diags) <= MaxDiagnostics {
		return diags
	}
	rest := len(diags) - MaxDiagnostics
	out := append(hcl.Diagnostics{}, diags[:MaxDiagnostics]...)
	return append(out, diag.Errorf(g.DiagCode, nil, "Too many errors",
		"%d more errors in this acknowledgement file are not shown. Is it an acknowledgement file (acknowledge blocks in HCL)?", rest))
}

// constString evaluates a constant string attribute.
func (g Gate) constString(at *hcl.Attribute, diags *hcl.Diagnostics) (string, bool) {
	v, ds := at.Expr.Value(nil)
	*diags = append(*diags, diag.WithCode(ds, g.DiagCode)...)
	if ds.HasErrors() {
		return "", false
	}
	r := at.Expr.Range()
	if v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
		*diags = append(*diags, diag.Errorf(g.DiagCode, &r, "Invalid value", "%q must be a string.", at.Name))
		return "", false
	}
	return v.AsString(), true
}
