package hclschema_test

import (
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// FuzzParseTemplate parses arbitrary text as a template and walks and
// evaluates the result: no panic, no hang, and a template that parses has
// the source text it was parsed from.
func FuzzParseTemplate(f *testing.F) {
	for _, s := range []string{
		`"USER#${username}"`,
		`format("%08d", total)`,
		`"V#${format("%08d", total)}#${lower(username)}"`,
		`coalesce(nick, "-")`,
		`x > 3 ? "a" : "b"`,
		`"${"a"}${b}"`,
		`input.lo`,
		`(((x)))`,
		`[for v in xs : upper(v)]`,
		`"%{for v in xs}${v}%{endfor}"`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		tpl, ds := hclschema.ParseTemplate(src, "fuzz.hcl")
		if ds.HasErrors() {
			return
		}
		if tpl == nil || len(tpl.Parts) == 0 {
			t.Fatalf("%q: parsed without parts", src)
		}
		_ = tpl.Inner()
		_, _ = tpl.Literal()
		vars := map[string]cty.Value{}
		for _, n := range tpl.Names() {
			vars[n] = cty.StringVal("x")
		}
		for _, c := range tpl.Calls() {
			if c.Kind != hclschema.PartCall || c.Name == "" {
				t.Fatalf("%q: call part %+v", src, c)
			}
		}
		_, _ = tpl.Eval(vars)
		for _, p := range tpl.Parts {
			_, _ = p.Eval(vars)
		}
	})
}
