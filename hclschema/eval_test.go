package hclschema_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

func strVal(n int) cty.Value { return cty.StringVal(strings.Repeat("a", n)) }

// TestFunctionsRefuseLargeResults calls the template functions on
// arguments whose result would pass MaxValueSize: each fails with the
// limit in its error, without building the result; results at the limit
// are returned.
func TestFunctionsRefuseLargeResults(t *testing.T) {
	fs := hclschema.Functions()
	list := func(n int, s string) cty.Value {
		vs := make([]cty.Value, n)
		for i := range vs {
			vs[i] = cty.StringVal(s)
		}
		return cty.ListVal(vs)
	}
	cases := []struct {
		name string
		fn   string
		args []cty.Value
		// size is the ValueSize of the result, 0 when the call must fail.
		size int64
	}{
		{"replace empty substring", "replace", []cty.Value{strVal(1000), cty.StringVal(""), strVal(1000)}, 0},
		{"replace growing", "replace", []cty.Value{strVal(300000), cty.StringVal("a"), cty.StringVal("aa")}, 0},
		{"replace regex with $0", "replace", []cty.Value{strVal(1000), cty.StringVal("/a/"), cty.StringVal(strings.Repeat("$0", 300))}, 0},
		{"replace within the limit", "replace", []cty.Value{strVal(1000), cty.StringVal("a"), cty.StringVal("bb")}, 2001},
		{"join long separator", "join", []cty.Value{strVal(1000), list(1000, "x")}, 0},
		{"join within the limit", "join", []cty.Value{cty.StringVal(","), list(3, "x")}, 6},
		{"format width", "format", []cty.Value{cty.StringVal("%0999999999d"), cty.NumberIntVal(1)}, 0},
		{"format repeated argument", "format", []cty.Value{cty.StringVal(strings.Repeat("%[1]s", 1000)), strVal(1000)}, 0},
		{"format within the limit", "format", []cty.Value{cty.StringVal("%05d"), cty.NumberIntVal(42)}, 6},
		{"concat", "concat", []cty.Value{list(200000, "x"), list(200000, "x"), list(200000, "x")}, 0},
		{"split every rune", "split", []cty.Value{cty.StringVal(""), strVal(300000)}, 0},
		{"upper at the limit", "upper", []cty.Value{strVal(hclschema.MaxValueSize - 1)}, hclschema.MaxValueSize},
		{"upper past the limit", "upper", []cty.Value{strVal(hclschema.MaxValueSize)}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := fs[c.fn].Call(c.args)
			if c.size == 0 {
				if err == nil {
					t.Fatalf("%s succeeded with a value of size %d", c.fn, hclschema.EvalSize(v, 1<<40))
				}
				want := "the result of " + c.fn + " would be larger than 409600 bytes (400 KiB, the largest DynamoDB item)"
				if !strings.Contains(err.Error(), want) {
					t.Fatalf("error %q does not contain %q", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := hclschema.EvalSize(v, 1<<40); got != c.size {
				t.Errorf("size = %d, want %d", got, c.size)
			}
		})
	}
}

// TestEvalBound checks the size bound computed before evaluation (each
// refused expression gets one diagnostic with the code given, on the
// innermost expression at fault, and is not evaluated) and the check of
// each function result during evaluation.
func TestEvalBound(t *testing.T) {
	big := cty.StringVal(strings.Repeat("x", 100000))
	vars := map[string]cty.Value{
		"big":   big,
		"small": cty.StringVal("abc"),
		"tags":  cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b"), cty.StringVal("c")}),
	}
	cases := []struct {
		name string
		src  string
		// col is the start column of the diagnostic, 0 when accepted.
		col     int
		summary string
	}{
		{"one large attribute", `"${big}"`, 0, ""},
		{"repeated large attribute", `"${big}${big}${big}${big}${big}"`, 1, "Expression value too large"},
		{"repeated inside a call", `lower("${big}${big}${big}${big}${big}")`, 7, "Expression value too large"},
		{"for over a list", `join(",", [for t in tags : upper(t) if t != "b"])`, 0, ""},
		{"for returning the collection", `length([for a in split("", big) : split("", big)])`, 8, "Expression value too large"},
		{"for nested four deep", `[for a in tags : [for b in tags : [for c in tags : [for d in tags : d]]]]`, 52, "For expressions nested too deep"},
		{"for nested three deep", `[for a in tags : [for b in tags : [for c in tags : c]]]`, 0, ""},
		{"splat", `length(tags[*])`, 0, ""},
		{"format width", `format("%099999999d", 1)`, 1, "Error in function call"},
		// Each call's result is checked: the 19th doubling passes the limit.
		{"nested replace", strings.Repeat("replace(", 20) + "small" + strings.Repeat(`, "a", "aa")`, 20), 9, "Error in function call"},
		{"nested replace in a template", `"${small}${` + strings.Repeat("replace(", 20) + "small" + strings.Repeat(`, "a", "aa")`, 20) + `}"`, 1, "Expression value too large"},
		{"conditional", `small == "abc" ? big : small`, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expr, ds := hclsyntax.ParseExpression([]byte(c.src), "x.hcl", hcl.InitialPos)
			if ds.HasErrors() {
				t.Fatal(ds.Error())
			}
			ctx := &hcl.EvalContext{Variables: vars, Functions: hclschema.Functions()}
			v, diags := hclschema.Eval(expr, ctx, hclschema.CodeInvalidTemplate)
			if c.col == 0 {
				if diags.HasErrors() {
					t.Fatalf("unexpected: %s", diags.Error())
				}
				if !v.IsKnown() {
					t.Fatalf("value not known")
				}
				return
			}
			if len(diags) != 1 {
				t.Fatalf("got %d diagnostics, want 1: %s", len(diags), diags.Error())
			}
			d := diags[0]
			if diag.CodeOf(d) != hclschema.CodeInvalidTemplate || d.Summary != c.summary || d.Subject.Start.Line != 1 || d.Subject.Start.Column != c.col {
				t.Errorf("got [%s] %q at %d:%d, want [TD011] %q at 1:%d", diag.CodeOf(d), d.Summary, d.Subject.Start.Line, d.Subject.Start.Column, c.summary, c.col)
			}
		})
	}
}
