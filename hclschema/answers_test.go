package hclschema_test

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// answersSrc has every kind of key writer: native key attributes, the key
// block (table, LSI, inverted GSI), an entity's own index block, and a
// block of another index that writes a key attribute of a GSI the entity
// has no block for.
const answersSrc = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "Inverted" {
    partition_key = "SK"
    sort_key      = "PK"
  }
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "ByCreated" {
    partition_key = "GSI1PK"
    sort_key      = "created"
  }
  local_secondary_index "ByTotal" {
    sort_key = "LSI1SK"
  }
}

entity "Order" {
  attributes = {
    customer = string
    id       = string
    total    = number
    created  = string
    status   = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${total}"
  }
  index "Inverted" {}
  index "GSI1" {
    when   = status == "OPEN"
    GSI1PK = format("OPEN#%s", customer)
    GSI1SK = "${created}#${id}"
  }
  index "ByTotal" {
    LSI1SK = format("%010d", total)
  }
}
`

func loadAnswers(t *testing.T, src string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.LoadSource("answers.tfdyn.hcl", []byte(src))
	require.False(t, diags.HasErrors(), diags.Error())
	return s
}

func TestKeyWriterForFollowsOnePrecedence(t *testing.T) {
	s := loadAnswers(t, answersSrc)
	e, tb := s.Entity("Order"), s.Tables[0]
	key, gsi1 := e.Key, e.IndexBlock("GSI1")
	cases := []struct {
		index, attr string
		tpl         string // the template's text, "" for none
		block       *hclschema.EntityIndex
		native      bool
		ok          bool
	}{
		{"", "PK", `"CUSTOMER#${customer}"`, nil, false, true},
		{"", "SK", `"ORDER#${total}"`, nil, false, true},
		// An inverted GSI takes the table's key attributes from the key block.
		{"Inverted", "SK", `"ORDER#${total}"`, nil, false, true},
		{"Inverted", "PK", `"CUSTOMER#${customer}"`, nil, false, true},
		// An LSI shares the table's partition key; its sort key is its block's.
		{"ByTotal", "PK", `"CUSTOMER#${customer}"`, nil, false, true},
		{"ByTotal", "LSI1SK", `format("%010d", total)`, e.IndexBlock("ByTotal"), false, true},
		{"GSI1", "GSI1PK", `format("OPEN#%s", customer)`, gsi1, false, true},
		// No block for ByCreated: GSI1's block writes its partition key, and
		// its sort key is the entity's own attribute.
		{"ByCreated", "GSI1PK", `format("OPEN#%s", customer)`, gsi1, false, true},
		{"ByCreated", "created", "", nil, true, true},
		{"GSI1", "nothing", "", nil, false, false},
	}
	for _, c := range cases {
		ix := tb.Primary
		if c.index != "" {
			ix = tb.Index(c.index)
		}
		require.NotNil(t, ix, c.index)
		w, ok := e.KeyWriterFor(ix, c.attr)
		require.Equal(t, c.ok, ok, "%s.%s", c.index, c.attr)
		require.Equal(t, c.native, w.Attribute != nil, "%s.%s native", c.index, c.attr)
		require.Same(t, c.block, w.Block, "%s.%s block", c.index, c.attr)
		tpl := e.KeyTemplateFor(ix, c.attr)
		if c.tpl == "" {
			require.Nil(t, tpl, "%s.%s", c.index, c.attr)
			continue
		}
		require.NotNil(t, tpl, "%s.%s", c.index, c.attr)
		require.Equal(t, c.tpl, tpl.Expr.Text, "%s.%s", c.index, c.attr)
		require.Same(t, tpl, w.Template)
		if c.block == nil {
			require.Same(t, key.Template(c.attr), tpl, "%s.%s comes from the key block", c.index, c.attr)
		}
	}
	require.True(t, e.WritesKeyOf(tb.Index("ByCreated")))
	require.Len(t, e.KeyTemplatesFor(tb.Index("Inverted")), 2)
	require.Len(t, e.KeyTemplatesFor(tb.Index("ByCreated")), 1, "created is stored as is")
}

func TestItemRejectsTwoBlocksWritingOneAttributeDifferently(t *testing.T) {
	src := `
table "app" {
  partition_key = "PK"
  global_secondary_index "A" {
    partition_key = "G"
    sort_key      = "AS"
  }
  global_secondary_index "B" {
    partition_key = "G"
    sort_key      = "BS"
  }
}
entity "E" {
  attributes = {
    id     = string
    status = string
  }
  key {
    PK = "E#${id}"
  }
  index "A" {
    when = status == "A"
    G    = "A#${id}"
    AS   = id
  }
  index "B" {
    G  = "B#${id}"
    BS = id
  }
}
`
	s := loadAnswers(t, src)
	e := s.Entity("E")
	// Only B's block applies: one value.
	it, err := e.Item(cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal("1"), "status": cty.StringVal("B")}))
	require.NoError(t, err)
	require.Equal(t, cty.StringVal("B#1"), it.Attrs["G"])
	// Both apply and disagree: an item stores one value.
	_, err = e.Item(cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal("1"), "status": cty.StringVal("A")}))
	require.EqualError(t, err, `entity "E": the index blocks A and B both write G, with different values ("A#1" and "B#1"); an item stores one value: give both blocks the same template, or conditions that do not both hold`)
}

func TestNumberTextIsWhatDynamoDBReturns(t *testing.T) {
	// The right column is what DynamoDB Local 3.3.1 returns for the left
	// one written as N (measured), and the text of numbers it rejects.
	cases := map[string]string{
		"0":                                      "0",
		"-0":                                     "0",
		"1e20":                                   "100000000000000000000",
		"1.5e-7":                                 "0.00000015",
		"123.4500":                               "123.45",
		"0.000001":                               "0.000001",
		"00012":                                  "12",
		"1234567.5":                              "1234567.5",
		"-1.0e3":                                 "-1000",
		"0.1":                                    "0.1",
		"1.5e37":                                 "15000000000000000000000000000000000000",
		"-12.5":                                  "-12.5",
		"1e125":                                  "1" + zeros(125),
		"1e-130":                                 "0." + zeros(129) + "1",
		"99999999999999999999999999999999999999": "99999999999999999999999999999999999999",
		// Rounded to DynamoDB's 38 digits; an exponent outside its range.
		"1.00000000000000000000000000000000000001": "1",
		"123456789012345678901234567890123456789":  "123456789012345678901234567890123456790",
		"1e400":     "1E+400",
		"-2.5e-131": "-2.5E-131",
	}
	for in, want := range cases {
		v, err := cty.ParseNumberVal(in)
		require.NoError(t, err, in)
		require.Equal(t, want, hclschema.NumberText(v.AsBigFloat()), in)
	}
	// cty computes in binary: (9.99 + 7) * 1.5 has 156 digits of noise.
	v, _ := cty.ParseNumberVal("9.99")
	require.Equal(t, "25.485", hclschema.NumberText(v.Add(cty.NumberIntVal(7)).Multiply(cty.NumberFloatVal(1.5)).AsBigFloat()))
	require.Equal(t, "+Inf", hclschema.NumberText(new(big.Float).SetInf(false)))
	require.Equal(t, `"a\"b"`, hclschema.ValueText(cty.StringVal(`a"b`)))
	require.Equal(t, "12.5", hclschema.ValueText(cty.NumberFloatVal(12.5)))
	require.Equal(t, "null", hclschema.ValueText(cty.NullVal(cty.String)))
	require.Equal(t, "true", hclschema.ValueText(cty.True))
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}

func TestLiteralPrefix(t *testing.T) {
	cases := []struct {
		src    string
		prefix string
		exact  bool
	}{
		{`"CUSTOMER#${customer}"`, "CUSTOMER#", false},
		{`"PROFILE"`, "PROFILE", true},
		{`"A#${"B"}"`, "A#B", true},
		{`upper("x")`, "X", true},
		{`format("ORDER#%08d", n)`, "ORDER#", false},
		{`"ORDER#${format("%%%08d", n)}#${id}"`, "ORDER#%", false},
		{`"${format("T#%s", id)}"`, "T#", false},
		{`format(f, n)`, "", false},
		{`"${id}#X"`, "", false},
		{`id`, "", false},
		{`42`, "", false},
		{`status == "OPEN" ? "OPEN#${id}" : "CLOSED"`, "", false},
	}
	for _, c := range cases {
		tpl, ds := hclschema.ParseTemplate(c.src, "t.hcl")
		require.False(t, ds.HasErrors(), c.src)
		p, exact := tpl.LiteralPrefix()
		require.Equal(t, c.prefix, p, c.src)
		require.Equal(t, c.exact, exact, c.src)
	}
	var none *hclschema.Template
	p, exact := none.LiteralPrefix()
	require.Equal(t, "", p)
	require.False(t, exact)
}

// TestMinLen: the bytes every value of a template has at least, from its
// literal text and the widths of its format verbs.
func TestMinLen(t *testing.T) {
	for src, want := range map[string]int{
		`"PROFILE"`:                      7,
		`"CUSTOMER#${customer}"`:         9,
		`"v${format("%010d", n)}"`:       11,
		`"v${n}"`:                        1,
		`format("ORDER#%08d", n)`:        14,
		`"${format("%d-%5s|%%", n, s)}"`: 9, // a digit, "-", five bytes, "|%"
		`"${format("%t%q%v", b, s, x)}"`: 6,
		`"${format("%[1]04x", n)}"`:      4,
		`"${format("%x", s)}"`:           0, // hex of "" is empty
		`"${format("A%", n)}"`:           1, // no verb after %: nothing counted past it
		`"${format("A%y", n)}"`:          1, // not a verb tfdyn reads
		`format(f, n)`:                   0,
		`id`:                             0,
		`42`:                             0,
		`"${id}#X"`:                      2,
	} {
		tpl, ds := hclschema.ParseTemplate(src, "t.hcl")
		require.False(t, ds.HasErrors(), src)
		require.Equal(t, want, tpl.MinLen(), src)
	}
	var none *hclschema.Template
	require.Equal(t, 0, none.MinLen())
	// The value of a padded number has the width: the evaluator agrees.
	tpl, _ := hclschema.ParseTemplate(`"v${format("%010d", n)}"`, "t.hcl")
	v, ds := tpl.Eval(map[string]cty.Value{"n": cty.NumberIntVal(7)})
	require.False(t, ds.HasErrors())
	require.Len(t, v.AsString(), tpl.MinLen())
}

func TestUsesAttrs(t *testing.T) {
	for src, want := range map[string]bool{`"A#${input.x}"`: false, `"A"`: false, `"A#${x}"`: true, `input.a + b`: true} {
		tpl, ds := hclschema.ParseTemplate(src, "t.hcl")
		require.False(t, ds.HasErrors(), src)
		require.Equal(t, want, tpl.UsesAttrs(), src)
	}
}

func TestIndexHoldsStoredItems(t *testing.T) {
	s := loadAnswers(t, answersSrc)
	tb := s.Tables[0]
	gsi1 := tb.Index("GSI1")
	stored := map[string]cty.Value{"PK": cty.StringVal("CUSTOMER#a"), "SK": cty.StringVal("ORDER#1"), "GSI1PK": cty.StringVal("OPEN#a"), "GSI1SK": cty.StringVal("x")}
	require.True(t, gsi1.Holds(stored))
	require.True(t, tb.Index("Inverted").Holds(stored))
	require.False(t, tb.Index("ByCreated").Holds(stored), "no created")
	stored["GSI1SK"] = cty.NumberIntVal(3)
	require.False(t, gsi1.Holds(stored), "a key attribute of another type leaves the item out")
	stored["GSI1SK"] = cty.NullVal(cty.String)
	require.False(t, gsi1.Holds(stored), "a null key attribute leaves the item out")
}

func TestRecognizeStoredItems(t *testing.T) {
	src := answersSrc + `
entity "Customer" {
  attributes = {
    customer = string
    total    = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "PROFILE"
  }
}
entity "Twin" {
  attributes = {
    customer = string
    total    = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${total}"
  }
}
`
	s := loadAnswers(t, src)
	tb := s.Tables[0]
	order := map[string]cty.Value{
		"PK": cty.StringVal("CUSTOMER#ann"), "SK": cty.StringVal("ORDER#12"),
		"customer": cty.StringVal("ann"), "id": cty.StringVal("o1"), "total": cty.NumberIntVal(12),
		"created": cty.StringVal("2024"), "status": cty.StringVal("OPEN"),
	}
	its := tb.Recognize(order)
	require.Len(t, its, 2, "Order and Twin compute the same key")
	require.Equal(t, "Order", its[0].Entity.Name)
	require.Equal(t, "Twin", its[1].Entity.Name)
	require.Equal(t, cty.StringVal("OPEN#ann"), its[0].Attrs["GSI1PK"], "the computed item comes with its index attributes")

	profile := map[string]cty.Value{"PK": cty.StringVal("CUSTOMER#ann"), "SK": cty.StringVal("PROFILE"), "customer": cty.StringVal("ann"), "total": cty.NumberIntVal(3)}
	its = tb.Recognize(profile)
	require.Len(t, its, 1)
	require.Equal(t, "Customer", its[0].Entity.Name)

	// A key the templates do not give back, a missing attribute, a wrong type.
	moved := map[string]cty.Value{"PK": cty.StringVal("CUSTOMER#bob"), "SK": cty.StringVal("PROFILE"), "customer": cty.StringVal("ann"), "total": cty.NumberIntVal(3)}
	require.Empty(t, tb.Recognize(moved))
	_, ok := s.Entity("Customer").Recompute(map[string]cty.Value{"PK": cty.StringVal("CUSTOMER#ann"), "SK": cty.StringVal("PROFILE"), "total": cty.NumberIntVal(3)})
	require.False(t, ok)
	_, err := s.Entity("Customer").ValuesOf(map[string]cty.Value{"customer": cty.StringVal("ann"), "total": cty.StringVal("x")})
	require.EqualError(t, err, `attribute "total": a number is required`)
}
