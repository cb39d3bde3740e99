package schemadiff

import (
	"strings"
	"testing"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// FuzzParseAckFlag: any --ack value parses or fails with an error; a parsed
// acknowledgement has a known code and a reason, and renders back to a
// value that parses to the same acknowledgement.
func FuzzParseAckFlag(f *testing.F) {
	for _, s := range []string{"SD502=table.shop.index.GSI1:no reader", "SD401:moved", `SD502=a["x:y"]:r`, "SD5", "=:", "SD502=[:", `SD502="\"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAckFlag(s)
		if err != nil {
			return
		}
		if _, ok := Info(Code(a.Code)); !ok || strings.TrimSpace(a.Reason) == "" {
			t.Fatalf("%q parsed to %+v", s, a)
		}
		if strings.Contains(a.Address, ":") {
			return // an address with ':' (outside brackets) may not round-trip
		}
		b, err := ParseAckFlag(a.String())
		if err != nil || b != a {
			t.Fatalf("%q → %q → %+v, %v", s, a.String(), b, err)
		}
	})
}

// FuzzParseRef: any argument parses or fails; a Git reference never holds
// a revision git would read as an option.
func FuzzParseRef(f *testing.F) {
	for _, s := range []string{"schema", "git:HEAD:schema", "git:origin/main:", "git::x", "git:-x:y", "git:a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRef(s)
		if err != nil {
			return
		}
		if r.Rev != "" && (strings.HasPrefix(r.Rev, "-") || strings.ContainsAny(r.Rev, ": \t\n\x00")) {
			t.Fatalf("%q: revision %q", s, r.Rev)
		}
		if r.Path == "" {
			t.Fatalf("%q: empty path", s)
		}
	})
}

// FuzzParseAckFile: any acknowledgement file parses without a panic, every
// diagnostic has a code, every acknowledgement has a known code and a reason.
func FuzzParseAckFile(f *testing.F) {
	f.Add([]byte("acknowledge \"SD502\" {\n  address = \"table.a.index.G\"\n  reason = \"r\"\n}\n"))
	f.Add([]byte("acknowledge \"SD999\" { reason = 1 }\n"))
	f.Add([]byte("acknowledge {"))
	f.Fuzz(func(t *testing.T, src []byte) {
		acks, _, diags := ParseAckFile("acks.hcl", src)
		for _, d := range diags {
			if diag.CodeOf(d) == "" {
				t.Fatalf("diagnostic without a code: %s", d.Error())
			}
		}
		for _, a := range acks {
			if _, ok := Info(Code(a.Code)); !ok || strings.TrimSpace(a.Reason) == "" {
				t.Fatalf("acknowledgement %+v", a)
			}
		}
	})
}
