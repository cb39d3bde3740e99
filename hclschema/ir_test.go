package hclschema_test

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

const irSchema = `table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    nick     = optional(string)
    age      = optional(number)
    total    = number
  }
  key {
    PK = "USER#${username}"
    SK = "V#${format("%08d", total)}#${lower(username)}"
  }
  example {
    username = "al"
    total    = 7
  }
}
access_pattern "p" {
  entity = entity.User
  inputs = { lo = number }
  key {
    PK = "USER#${username}"
    SK = begins_with("V#")
  }
  filter = nick == username && !(age > input.lo) || nick == null
}
`

func loadIR(t *testing.T, src string) (*hclschema.Schema, hcl.Diagnostics) {
	t.Helper()
	return hclschema.LoadSource("ir.tfdyn.hcl", []byte(src))
}

// TestTemplateParts checks that templates are decoded into parts with
// ranges and source text.
func TestTemplateParts(t *testing.T) {
	s, diags := loadIR(t, irSchema)
	require.False(t, diags.HasErrors(), diags.Error())
	u := s.Entity("User")
	pk := u.Key.Template("PK").Expr
	require.True(t, pk.Quoted)
	require.Equal(t, `"USER#${username}"`, pk.Text)
	require.Equal(t, `USER#${username}`, pk.Inner())
	require.Len(t, pk.Parts, 2)
	require.Equal(t, hclschema.PartLiteral, pk.Parts[0].Kind)
	require.Equal(t, cty.StringVal("USER#"), pk.Parts[0].Value)
	require.Equal(t, hclschema.PartAttr, pk.Parts[1].Kind)
	require.Equal(t, "username", pk.Parts[1].Name)
	require.Equal(t, "13:18-13:26", rangeText(pk.Parts[1].Range()))

	sk := u.Key.Template("SK").Expr
	require.Len(t, sk.Parts, 4)
	call := sk.Parts[1]
	require.Equal(t, hclschema.PartCall, call.Kind)
	require.Equal(t, "format", call.Name)
	require.Len(t, call.Args, 2)
	f, ok := call.Args[0].Literal()
	require.True(t, ok)
	require.Equal(t, "%08d", f.AsString())
	require.Equal(t, "total", call.Args[1].Parts[0].Name)
	require.Equal(t, []string{"format", "lower"}, []string{sk.Calls()[0].Name, sk.Calls()[1].Name})
	require.Equal(t, []string{"total", "username"}, sk.Names())

	v, ds := sk.Eval(map[string]cty.Value{"total": cty.NumberIntVal(42), "username": cty.StringVal("AL")})
	require.False(t, ds.HasErrors(), ds.Error())
	require.Equal(t, "V#00000042#al", v.AsString())

	p := s.Pattern("p")
	require.Equal(t, `PK = "USER#${username}" AND begins_with(SK, "V#")`, p.KeyConditionText())
	require.Equal(t, []string{"username"}, p.Conditions[0].Args[0].Names())
}

// TestFilterIR checks the decoded filter tree and its evaluation: two
// attributes compared (false when one is missing), ! over a comparison
// with a missing attribute (true, as in DynamoDB), attr == null.
func TestFilterIR(t *testing.T) {
	s, diags := loadIR(t, irSchema)
	require.False(t, diags.HasErrors(), diags.Error())
	p := s.Pattern("p")
	f := p.Filter
	require.Equal(t, hclschema.CondOr, f.Kind)
	and := f.Sub[0]
	require.Equal(t, hclschema.CondAnd, and.Kind)
	cmp := and.Sub[0]
	require.Equal(t, hclschema.CondCompare, cmp.Kind)
	require.Equal(t, hclschema.CmpEq, cmp.Op)
	l, lok := cmp.Left.Path()
	r, rok := cmp.Right.Path()
	require.Equal(t, []any{"nick", true, "username", true}, []any{l, lok, r, rok})
	require.Equal(t, hclschema.CondNot, and.Sub[1].Kind)
	require.Equal(t, hclschema.CondNotExists, f.Sub[1].Kind)
	require.Equal(t, "nick", f.Sub[1].Attr)
	require.Equal(t, "28:12-28:65", rangeText(f.Range()))

	b, err := hclschema.Bind(p, map[string]cty.Value{"username": cty.StringVal("al"), "lo": cty.NumberIntVal(3)})
	require.NoError(t, err)
	u := s.Entity("User")
	item := func(vals map[string]cty.Value) hclschema.Item {
		vals["username"] = cty.StringVal("al")
		vals["total"] = cty.NumberIntVal(1)
		for _, n := range []string{"nick", "age"} {
			if _, ok := vals[n]; !ok {
				vals[n] = cty.NullVal(u.Attribute(n).Type)
			}
		}
		it, err := u.Item(cty.ObjectVal(vals))
		require.NoError(t, err)
		return it
	}
	for _, tc := range []struct {
		name string
		vals map[string]cty.Value
		want bool
	}{
		{"equal attributes, age missing", map[string]cty.Value{"nick": cty.StringVal("al")}, true},
		{"equal attributes, age above", map[string]cty.Value{"nick": cty.StringVal("al"), "age": cty.NumberIntVal(4)}, false},
		{"equal attributes, age at bound", map[string]cty.Value{"nick": cty.StringVal("al"), "age": cty.NumberIntVal(3)}, true},
		{"other nick", map[string]cty.Value{"nick": cty.StringVal("bo")}, false},
		{"no nick", map[string]cty.Value{}, true},
	} {
		require.Equal(t, tc.want, b.Filter(item(tc.vals)), tc.name)
	}
	_, err = b.FilterValue(cmp.Right)
	require.ErrorContains(t, err, `There is no variable named "username"`, "an attribute is not a value of the inputs")
	lo, err := b.FilterValue(and.Sub[1].Sub[0].Right)
	require.NoError(t, err)
	require.Equal(t, cty.NumberIntVal(3), lo)
}

// TestFilterNotSendable checks that a filter DynamoDB cannot run is a
// load error with its position, and that a comparison of two attributes
// loads.
func TestFilterNotSendable(t *testing.T) {
	base := `table "app" {
  partition_key = "PK"
}
entity "U" {
  attributes = {
    PK   = string
    nick = string
    name = string
    n    = number
  }
}
access_pattern "p" {
  entity = entity.U
  inputs = { x = string }
  key {
    PK = PK
  }
  filter = `
	for _, tc := range []struct {
		filter, summary, rng string
	}{
		{`upper(nick) == "AL"`, "Filter computes from an attribute", "18:12-18:23"},
		{`nick == "a" || n * 2 > 3`, "Filter computes from an attribute", "18:27-18:32"},
		{`input.x == "a"`, "Filter compares no attribute", "18:12-18:26"},
		{`n > 1 ? true : false`, "Filter DynamoDB cannot run", "18:12-18:32"},
		{`contains([nick], "a")`, "Filter DynamoDB cannot run", "18:12-18:33"},
		{`nick == name`, "", ""},
		{`nick == lower(input.x) && !(n >= 3)`, "", ""},
	} {
		_, diags := loadIR(t, base+tc.filter+"\n}\n")
		if tc.summary == "" {
			require.False(t, diags.HasErrors(), "%s: %s", tc.filter, diags.Error())
			continue
		}
		require.Len(t, diags, 1, "%s: %s", tc.filter, diags.Error())
		d := diags[0]
		require.Equal(t, hclschema.CodeInvalidCondition, hclschema.CodeOf(d), tc.filter)
		require.Equal(t, tc.summary, d.Summary, tc.filter)
		require.Equal(t, tc.rng, rangeText(*d.Subject), tc.filter)
	}
}

// TestInputSets checks the one computation of a pattern's input sets.
func TestInputSets(t *testing.T) {
	s, diags := loadIR(t, irSchema+`access_pattern "q" {
  entity = entity.User
  key {
    PK = "USER#${username}"
  }
  example {
    username = "bo"
  }
}
`)
	require.False(t, diags.HasErrors(), diags.Error())
	sets := hclschema.InputSets(s.Pattern("q"))
	require.Len(t, sets, 2)
	require.True(t, sets[0].Explicit())
	require.Equal(t, cty.StringVal("bo"), sets[0].Values["username"])
	require.False(t, sets[1].Explicit())
	require.Equal(t, `User#1`, sets[1].Example.Name())
	require.Equal(t, cty.StringVal("al"), sets[1].Values["username"])
	// Pattern p also needs lo, which no example item has.
	require.Empty(t, hclschema.InputSets(s.Pattern("p")))
}

// TestFilterMissingAttributes checks the evaluator against what DynamoDB
// Local returned in TestVerifyFilterSemantics: with a missing attribute,
// != holds (also when both sides are missing) and == does not.
func TestFilterMissingAttributes(t *testing.T) {
	s, diags := loadIR(t, `table "app" {
  partition_key = "PK"
}
entity "U" {
  attributes = {
    PK    = string
    nick  = optional(string)
    alias = optional(string)
  }
}
access_pattern "ne" {
  entity = entity.U
  key {
    PK = PK
  }
  filter = nick != alias
}
access_pattern "eq" {
  entity = entity.U
  key {
    PK = PK
  }
  filter = nick == alias
}
`)
	require.False(t, diags.HasErrors(), diags.Error())
	u := s.Entity("U")
	str := func(v string) cty.Value {
		if v == "" {
			return cty.NullVal(cty.String)
		}
		return cty.StringVal(v)
	}
	for _, tc := range []struct {
		nick, alias string
		ne, eq      bool
	}{
		{"", "", true, false},
		{"a", "", true, false},
		{"", "a", true, false},
		{"a", "a", false, true},
		{"a", "b", true, false},
	} {
		it, err := u.Item(cty.ObjectVal(map[string]cty.Value{"PK": cty.StringVal("k"), "nick": str(tc.nick), "alias": str(tc.alias)}))
		require.NoError(t, err)
		for name, want := range map[string]bool{"ne": tc.ne, "eq": tc.eq} {
			b, err := hclschema.Bind(s.Pattern(name), map[string]cty.Value{"PK": cty.StringVal("k")})
			require.NoError(t, err)
			require.Equal(t, want, b.Filter(it), "%s with nick %q, alias %q", name, tc.nick, tc.alias)
		}
	}
}

// TestPaddedNumbersInConditional: the format calls in the results of a
// conditional template are found, each applying only to the items that
// take its branch; nested conditionals add their conditions.
func TestPaddedNumbersInConditional(t *testing.T) {
	s, diags := loadIR(t, `table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Issue" {
  attributes = { repo = string, number = number, status = string, pinned = bool }
  key {
    PK = "REPO#${repo}"
    SK = status == "OPEN" ? (pinned ? "PIN#${format("%02d", number)}" : "OPEN#${format("%07d", 9999999 - number)}") : "CLOSED#${format("%07d", number)}"
  }
  example {
    repo   = "rocket"
    number = 1
    status = "OPEN"
    pinned = false
  }
}
`)
	require.False(t, diags.HasErrors(), diags.Error())
	calls := s.Entity("Issue").Key.Template("SK").Expr.PaddedNumbers()
	var texts []string
	for _, c := range calls {
		texts = append(texts, c.Text)
	}
	require.Equal(t, []string{`format("%02d", number)`, `format("%07d", 9999999 - number)`, `format("%07d", number)`}, texts)
	item := func(status string, pinned bool) map[string]cty.Value {
		return map[string]cty.Value{"repo": cty.StringVal("rocket"), "number": cty.NumberIntVal(1), "status": cty.StringVal(status), "pinned": cty.BoolVal(pinned)}
	}
	applies := func(vars map[string]cty.Value) []bool {
		var out []bool
		for _, c := range calls {
			out = append(out, c.Applies(vars))
		}
		return out
	}
	require.Equal(t, []bool{true, false, false}, applies(item("OPEN", true)))
	require.Equal(t, []bool{false, true, false}, applies(item("OPEN", false)))
	require.Equal(t, []bool{false, false, true}, applies(item("CLOSED", true)))
	unknown := item("OPEN", false)
	unknown["status"] = cty.UnknownVal(cty.String)
	require.Equal(t, []bool{false, false, false}, applies(unknown), "a condition that does not evaluate to a known bool selects no branch")
}

// TestPartOperatorAndConditional checks that conditional and operator parts
// expose their pieces for the generators, with the operands as templates.
func TestPartOperatorAndConditional(t *testing.T) {
	tpl, diags := hclschema.ParseTemplate(`status == "OPEN" ? "A#${format("%07d", 9999999 - n)}" : -n`, "t.hcl")
	require.False(t, diags.HasErrors(), diags.Error())
	require.Len(t, tpl.Parts, 1)
	cond, then, els, ok := tpl.Parts[0].Conditional()
	require.True(t, ok)
	require.Equal(t, hclschema.PartOther, tpl.Parts[0].Kind)

	op, operands, ok := cond.Parts[0].Operator()
	require.True(t, ok)
	require.Equal(t, "==", op)
	require.Equal(t, `status`, operands[0].Text)
	require.Equal(t, `"OPEN"`, operands[1].Text)

	call := then.Parts[1]
	require.Equal(t, hclschema.PartCall, call.Kind)
	op, operands, ok = call.Args[1].Parts[0].Operator()
	require.True(t, ok)
	require.Equal(t, "-", op)
	require.Equal(t, []string{"9999999", "n"}, []string{operands[0].Text, operands[1].Text})

	op, operands, ok = els.Parts[0].Operator()
	require.True(t, ok)
	require.Equal(t, "-", op)
	require.Len(t, operands, 1)
	require.Equal(t, "n", operands[0].Text)

	_, _, _, ok = call.Conditional()
	require.False(t, ok)
	_, _, ok = then.Parts[0].Operator()
	require.False(t, ok, "a literal is no operator")
}
