package lint

import "testing"

func TestKeyTypeConflict(t *testing.T) {
	runRuleCases(t, ruleKeyTypeConflict, []ruleCase{
		{name: "attribute types differ", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByTotal" {
    sort_key = "total"
  }
}
entity "Order" {
  attributes = {
    id    = string
    total = number
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER#${id}"
  }
}
entity "Refund" {
  attributes = {
    id    = string
    total = string
  }
  key {
    PK = "ORDER#${id}"
    SK = "REFUND#${id}"
  }
}
`, want: []string{"TD107 error 22:13-22:19 `string`"}},
		{name: "template types differ", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Order" {
  attributes = {
    id    = string
    total = number
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER#${id}"
  }
  index "GSI1" {
    GSI1PK = "ORDERS"
    GSI1SK = total
  }
}
entity "Invoice" {
  attributes = { id = string }
  key {
    PK = "INVOICE#${id}"
    SK = "INVOICE#${id}"
  }
  index "GSI1" {
    GSI1PK = "INVOICES#${id}"
    GSI1SK = "INVOICE#${id}"
  }
}
`, want: []string{"TD107 error 32:14-32:29 `\"INVOICE#${id}\"`"}},
		{name: "one type per key attribute", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByTotal" {
    sort_key = "total"
  }
}
entity "Order" {
  attributes = {
    id    = string
    total = number
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER#${id}"
  }
}
entity "Refund" {
  attributes = {
    id    = string
    total = number
  }
  key {
    PK = "ORDER#${id}"
    SK = "REFUND#${id}"
  }
}
`},
	})
}

// TestKeyTypeDeclared: a GSI declares that year is a number; an entity that
// writes a string year is reported at its attribute type, an entity that
// writes a number is fine.
func TestKeyTypeDeclared(t *testing.T) {
	runRuleCases(t, ruleKeyTypeConflict, []ruleCase{
		{name: "declared number, written as string", src: `table "app" {
  partition_key = "PK"
  global_secondary_index "ByYear" {
    partition_key = "year"
    key_types     = { year = number }
  }
}
entity "Film" {
  attributes = {
    id   = string
    year = string
  }
  key {
    PK = "FILM#${id}"
  }
}
entity "Book" {
  attributes = {
    id   = string
    year = number
  }
  key {
    PK = "BOOK#${id}"
  }
}
`, want: []string{"TD107 error 11:12-11:18 `string`"}},
		// A template that renders the number into a string writes S.
		{name: "declared number, written by a string template", src: `table "app" {
  partition_key = "PK"
  global_secondary_index "ByYear" {
    partition_key = "GSI1PK"
    key_types     = { GSI1PK = number }
  }
}
entity "Film" {
  attributes = {
    id   = string
    year = number
  }
  key {
    PK = "FILM#${id}"
  }
  index "ByYear" {
    GSI1PK = "YEAR#${year}"
  }
}
`, want: []string{"TD107 error 17:14-17:28 `\"YEAR#${year}\"`"}},
	})
	s := load(t, `table "app" {
  partition_key = "PK"
  global_secondary_index "ByYear" {
    partition_key = "year"
    key_types     = { year = number }
  }
}
entity "Film" {
  attributes = {
    id   = string
    year = string
  }
  key {
    PK = "FILM#${id}"
  }
}
`)
	ix := s.Table("app").Index("ByYear")
	if ix.PartitionKey[0].Type != "N" {
		t.Errorf("the declared type decides: year is %s, want N", ix.PartitionKey[0].Type)
	}
}
