package gen_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/gen"
)

const table = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
`

// TestRefusals: what the generated code cannot reproduce is a GN error at
// the tightest range of the schema, and no API.
func TestRefusals(t *testing.T) {
	for _, c := range []struct {
		name, entity string
		code         diag.Code
		// at is the refused source text.
		at string
	}{
		{"function", `attributes = { id = string, day = string }
  key {
    PK = "A#${formatdate("YYYY", day)}"
    SK = id
  }`, gen.CodeFunction, `formatdate("YYYY", day)`},
		{"format verb", `attributes = { id = string, n = number }
  key {
    PK = format("%5.2f", n)
    SK = id
  }`, gen.CodeFunction, `"%5.2f"`},
		{"string width", `attributes = { id = string }
  key {
    PK = format("%-8s", id)
    SK = id
  }`, gen.CodeFunction, `"%-8s"`},
		{"collection in a template", `attributes = { id = string, tags = list(string) }
  key {
    PK = "A#${join(",", tags)}"
    SK = id
  }`, gen.CodeFunction, `join(",", tags)`},
		{"for expression", `attributes = { id = string, tags = list(string) }
  key {
    PK = "A"
    SK = "${id}%{ for t in tags }${t}%{ endfor }"
  }`, gen.CodeExpression, `%{ for t in tags }${t}%{ endfor }`},
		{"mixed conditional", `attributes = { id = string, n = number }
  key {
    PK = "A"
    SK = n > 1 ? id : n
  }`, gen.CodeExpression, `n > 1 ? id : n`},
		{"condition", `attributes = { id = string, tags = list(string) }
  key {
    PK = "A"
    SK = id
  }
  index "GSI1" {
    when   = contains(tags, "x")
    GSI1PK = "X"
    GSI1SK = id
  }`, gen.CodeCondition, `contains(tags, "x")`},
		{"tuple", `attributes = { id = string, pair = tuple([string, number]) }
  key {
    PK = "A"
    SK = id
  }`, gen.CodeType, `tuple([string, number])`},
		{"set of lists", `attributes = { id = string, s = set(list(string)) }
  key {
    PK = "A"
    SK = id
  }`, gen.CodeType, `set(list(string))`},
		{"attributes collide", `attributes = { id = string, order_id = string, orderId = string }
  key {
    PK = "A"
    SK = id
  }`, gen.CodeNameCollision, `orderId`},
		{"attributes collide, both read", `attributes = { order_id = string, orderId = string }
  key {
    PK = "ORDER#${order_id}"
    SK = "ORDER#${orderId}"
  }`, gen.CodeNameCollision, `orderId`},
		{"enum values collide", `attributes = { id = string, s = enum("in-progress", "in_progress") }
  key {
    PK = "A"
    SK = id
  }`, gen.CodeNameCollision, `"in_progress"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := table + "entity \"E\" {\n  " + c.entity + "\n}\n"
			detail := requireRefusal(t, src, c.code, c.at)
			if want, ok := refusalDetails[c.name]; ok {
				require.Equal(t, want, detail)
			}
		})
	}
}

// refusalDetails are the exact details of some refusals: GN104 names the
// refused type with its article ("a tuple"; typescript's TestRefusals has
// "an object").
var refusalDetails = map[string]string{
	"tuple": `Attribute "pair" is a tuple; tfdyn gen reproduces strings, numbers, bools, enums, lists, sets of scalars, maps and objects. Use an object instead of a tuple.`,
}

// requireRefusal loads src and requires gen.Build to refuse it with the
// one diagnostic code at the source text at, and returns its detail.
func requireRefusal(t *testing.T, src string, code diag.Code, at string) string {
	t.Helper()
	s, diags := hclschema.LoadSource("e.tfdyn.hcl", []byte(src))
	require.False(t, diags.HasErrors(), "%s", diags)
	api, diags := gen.Build(s)
	require.Nil(t, api)
	require.Len(t, diags, 1, "%s", diags)
	d := diags[0]
	require.Equal(t, code, diag.CodeOf(d), d.Error())
	require.NotNil(t, d.Subject)
	require.Equal(t, at, src[d.Subject.Start.Byte:d.Subject.End.Byte], d.Error())
	return d.Detail
}

// TestEntitiesCollide: two entities named alike after casing.
func TestEntitiesCollide(t *testing.T) {
	src := table
	for _, n := range []string{"order_item", "OrderItem"} {
		src += fmt.Sprintf("entity %q {\n  attributes = { id = string }\n  key {\n    PK = \"A\"\n    SK = id\n  }\n}\n", n)
	}
	s, diags := hclschema.LoadSource("e.tfdyn.hcl", []byte(src))
	require.False(t, diags.HasErrors(), "%s", diags)
	_, diags = gen.Build(s)
	require.Len(t, diags, 1)
	require.Equal(t, gen.CodeNameCollision, diag.CodeOf(diags[0]))
	require.Equal(t, 16, diags[0].Subject.Start.Line, "at the second entity")
}

// TestPatternRefusals: access and write patterns the generated code cannot
// send exactly are GN errors at the tightest range.
func TestPatternRefusals(t *testing.T) {
	const entities = `entity "Ticket" {
  attributes = { owner = string, id = string, status = string, date = string, email = string }
  unique     = ["email"]
  key {
    PK = "${owner}"
    SK = "${id}"
  }
  index "GSI1" {
    when   = status == "OPEN"
    GSI1PK = "OPEN#${owner}"
    GSI1SK = "${date}#${id}"
  }
}
entity "Note" {
  attributes = { owner = string, id = string }
  key {
    PK = "${owner}"
    SK = "${id}"
  }
}
`
	for _, c := range []struct {
		name, pattern string
		code          diag.Code
		at            string
	}{
		{"an update that cannot compute the sparse entry", `write_pattern "reopen" {
  update {
    entity = entity.Ticket
    set    = { status = input.status }
  }
}`, gen.CodeUpdateUnknown, `status`},
		{"an update of a unique attribute without its current value", `write_pattern "change_email" {
  update {
    entity = entity.Ticket
    set    = { email = input.email }
  }
}`, gen.CodeUniqueUpdate, `email`},
		{"entities no key tells apart", `access_pattern "everything" {
  entities = [entity.Ticket, entity.Note]
  index    = "ByOwner"
  key {
    owner = owner
  }
}`, gen.CodeRecognise, `entity.Ticket`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "ByOwner" {
    partition_key = "owner"
    projection    = "KEYS_ONLY"
  }
}
` + entities + c.pattern + "\n"
			requireRefusal(t, src, c.code, c.at)
		})
	}
}

// TestDocumentRefusals: a projection of parts of a document its type
// cannot hold is GN104 at the projected path.
func TestDocumentRefusals(t *testing.T) {
	const schema = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Invoice" {
  attributes = {
    id     = string
    Detail = object({ Payments = list(object({ Type = string, Amount = number })), Note = string })
  }
  key {
    PK = "I#${id}"
    SK = "I"
  }
}
`
	for _, c := range []struct{ name, pattern, at string }{
		{"projection of a part its type cannot hold", `access_pattern "notes" {
  entity     = entity.Invoice
  attributes = ["Detail.Note"]
  key {
    PK = "I#${id}"
    SK = "I"
  }
}`, `"Detail.Note"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			requireRefusal(t, schema+c.pattern+"\n", gen.CodeType, c.at)
		})
	}
}

// linesSchema holds order lines and stock, for the per-write inputs tests.
const linesSchema = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Line" {
  attributes = { order = string, sku = string, qty = number, note = optional(string) }
  key {
    PK = "O#${order}"
    SK = "L#${sku}"
  }
}
entity "Stock" {
  attributes = { sku = string, qty = number }
  key {
    PK = "S#${sku}"
    SK = "S"
  }
}
`

// TestLabelledInputs: the labelled writes of a transaction take inputs of
// their own: a labelled put's is the entity's own type (its members the
// entity's fields, read through the parameter), an update's an object of
// its key declared with the method; a value that reads input.line.qty, or
// the shared name input.qty standing for it, reads the member.
func TestLabelledInputs(t *testing.T) {
	const src = linesSchema + `write_pattern "order" {
  transaction {
    put "line" {
      entity    = entity.Line
      condition = attribute_not_exists(PK)
    }
    put "other" {
      entity    = entity.Line
      condition = attribute_not_exists(PK)
    }
    update "stock" {
      entity    = entity.Stock
      set       = { qty = qty - input.line.qty }
      condition = qty >= input.other.qty
    }
  }
}
`
	s, diags := hclschema.LoadSource("e.tfdyn.hcl", []byte(src))
	require.False(t, diags.HasErrors(), "%s", diags)
	api, diags := gen.Build(s)
	require.False(t, diags.HasErrors(), "%s", diags)
	require.Len(t, api.Writes, 1)
	w := api.Writes[0]
	var names []string
	for _, f := range w.Params {
		names = append(names, f.Attr+":"+f.Type.Object.Name.Key())
	}
	require.Equal(t, []string{"line:line", "other:line", "stock:order_stock"}, names)
	line, stock := w.Params[0], w.Params[2]
	require.Equal(t, api.Entities[0], line.Type.Object.Entity)
	require.Nil(t, stock.Type.Object.Entity)
	require.Equal(t, []*gen.Object{stock.Type.Object}, w.Objects)
	var members []string
	for _, m := range line.Type.Object.Fields {
		require.Same(t, line, m.Of)
		members = append(members, fmt.Sprintf("%s optional=%t", m.Attr, m.Optional))
	}
	require.Equal(t, []string{"order optional=false", "sku optional=false", "qty optional=false", "note optional=true"}, members)
	require.Same(t, line, gen.ItemInput(w.Items[0]))
	require.Same(t, w.Params[1], gen.ItemInput(w.Items[1]))
	// The update's key from input.stock, its values from the lines'.
	up := w.Items[2]
	require.Nil(t, gen.ItemInput(up))
	require.Len(t, up.Key, 2)
	require.Equal(t, "sku", up.Key[0].Args[0].Param.Attr)
	require.Same(t, stock, up.Key[0].Args[0].Param.Of)
	var reads []string
	for _, v := range up.Variants[0] {
		if v.Param != nil {
			reads = append(reads, v.Placeholder+" "+v.Param.Of.Attr+"."+v.Param.Attr)
		}
	}
	require.Equal(t, []string{":p0 other.qty", ":p1 line.qty"}, reads)
}

// TestSharedNameInput: a shared name that stands for one labelled write's
// input (input.qty for input.line.qty) reads the member.
func TestSharedNameInput(t *testing.T) {
	const src = linesSchema + `write_pattern "order" {
  transaction {
    put "line" {
      entity = entity.Line
    }
    update {
      entity    = entity.Stock
      set       = { qty = qty - input.qty }
      condition = qty >= input.qty
    }
  }
}
`
	s, diags := hclschema.LoadSource("e.tfdyn.hcl", []byte(src))
	require.False(t, diags.HasErrors(), "%s", diags)
	api, diags := gen.Build(s)
	require.False(t, diags.HasErrors(), "%s", diags)
	w := api.Writes[0]
	var params []string
	for _, f := range w.Params {
		params = append(params, f.Attr)
	}
	require.Equal(t, []string{"line", "sku"}, params)
	line := w.Params[0]
	var reads []string
	for _, v := range w.Items[1].Variants[0] {
		switch {
		case v.Param != nil:
			reads = append(reads, v.Placeholder+" param "+v.Param.Of.Attr+"."+v.Param.Attr)
		case v.Expr != nil:
			for _, f := range v.Expr.Fields() {
				require.Same(t, line, f.Of)
				reads = append(reads, v.Placeholder+" template of "+f.Of.Attr+"."+f.Attr)
			}
		}
	}
	require.Equal(t, []string{":p0 param line.qty", ":p1 param line.qty"}, reads)
}
