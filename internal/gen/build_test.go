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
			s, diags := hclschema.LoadSource("e.tfdyn.hcl", []byte(src))
			require.False(t, diags.HasErrors(), "%s", diags)
			api, diags := gen.Build(s)
			require.Nil(t, api)
			require.Len(t, diags, 1, "%s", diags)
			d := diags[0]
			require.Equal(t, c.code, diag.CodeOf(d), d.Error())
			require.NotNil(t, d.Subject)
			got := src[d.Subject.Start.Byte:d.Subject.End.Byte]
			require.Equal(t, c.at, got, d.Error())
			if want, ok := refusalDetails[c.name]; ok {
				require.Equal(t, want, d.Detail)
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
			s, diags := hclschema.LoadSource("e.tfdyn.hcl", []byte(src))
			require.False(t, diags.HasErrors(), "%s", diags)
			api, diags := gen.Build(s)
			require.Nil(t, api)
			require.Len(t, diags, 1, "%s", diags)
			d := diags[0]
			require.Equal(t, c.code, diag.CodeOf(d), d.Error())
			require.NotNil(t, d.Subject)
			require.Equal(t, c.at, src[d.Subject.Start.Byte:d.Subject.End.Byte], d.Error())
		})
	}
}
