package typescript

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/gen"
)

const refusalTable = `table "things" {
  partition_key = "PK"
  sort_key      = "SK"
}
`

// TestRefusals: the TypeScript back end refuses what the front end
// refuses, with the same GN codes at the same ranges (gen go's refusals),
// and names that collide in TypeScript only: a file of an entity in the
// way of keys.ts, templates.ts or tfdyn.ts, names starting with tfdyn (the
// runtime's).
func TestRefusals(t *testing.T) {
	for _, c := range []struct {
		name, entities string
		code           diag.Code
		at             string
	}{
		{"function", `entity "E" {
  attributes = { id = string, day = string }
  key {
    PK = "A#${formatdate("YYYY", day)}"
    SK = id
  }
}`, gen.CodeFunction, `formatdate("YYYY", day)`},
		{"tuple", `entity "E" {
  attributes = { id = string, pair = tuple([string, number]) }
  key {
    PK = "A"
    SK = id
  }
}`, gen.CodeType, `tuple([string, number])`},
		{"entity file in the way of keys.ts", `entity "Keys" {
  attributes = { id = string }
  key {
    PK = "A"
    SK = id
  }
}`, gen.CodeNameCollision, `entity "Keys"`},
		{"runtime name", `entity "TfdynX" {
  attributes = { id = string }
  key {
    PK = "A"
    SK = id
  }
}`, gen.CodeNameCollision, `entity "TfdynX"`},
		{"record type of another entity", `entity "Order" {
  attributes = { id = string }
  key {
    PK = "A"
    SK = id
  }
}
entity "OrderRecord" {
  attributes = { id = string }
  key {
    PK = "B"
    SK = id
  }
}`, gen.CodeNameCollision, `entity "OrderRecord"`},
		// Issue 30's language where the writers cannot follow (gen go
		// refuses the same, in the front end): an update of what a
		// computed attribute reads, a sparse condition on a part of a
		// document.
		{"update of what a computed attribute reads", `entity "E" {
  attributes = { id = string, name = string }
  computed   = { "Name Lower" = lower(name) }
  key {
    PK = "E#${id}"
    SK = "E"
  }
}
write_pattern "rename" {
  update {
    entity = entity.E
    set    = { name = input.name }
  }
}`, gen.CodeUpdateUnknown, `name`},
		{"sparse condition on a document path", `table "docs" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "Open" {
    partition_key = "GPK"
    sort_key      = "GSK"
  }
}
entity "E" {
  table      = table.docs
  attributes = { id = string, doc = optional(object({ on = bool })) }
  key {
    PK = "E#${id}"
    SK = "E"
  }
  index "Open" {
    when = doc.on == true
    GPK  = "OPEN"
    GSK  = id
  }
}`, gen.CodeExpression, `doc.on`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := refusalTable + c.entities + "\n"
			s, diags := hclschema.LoadSource("e.tfdyn.hcl", []byte(src))
			require.False(t, diags.HasErrors(), "%s", diags)
			files, diags := Generate(s, Options{Schema: "."})
			require.Nil(t, files)
			require.True(t, diags.HasErrors())
			d := diags[0]
			require.Equal(t, c.code, diag.CodeOf(d), d.Error())
			require.NotNil(t, d.Subject)
			require.Equal(t, c.at, src[d.Subject.Start.Byte:d.Subject.End.Byte], d.Error())
			if c.name == "per-write inputs" {
				// GN104 names the type with its article (the front end's
				// text, gen go's too).
				require.Equal(t, `Input "first" is an object; tfdyn gen reproduces inputs of strings, numbers, bools, lists and maps of them, and inputs typed like an attribute of the entity. Declare it with one of these types.`, d.Detail)
			}
		})
	}
}
