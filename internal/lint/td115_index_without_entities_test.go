package lint

import "testing"

func TestIndexWithoutEntities(t *testing.T) {
	runRuleCases(t, ruleIndexWithoutEntities, []ruleCase{
		{name: "no entity writes the GSI keys", src: `
table "app" {
  partition_key = "PK"
  global_secondary_index "ByEmail" {
    partition_key = "email"
  }
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
  }
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
  index "GSI1" {
    GSI1PK = "USERS#${id}"
  }
}
`, want: []string{"TD115 warning 4:3-4:35 `global_secondary_index \"ByEmail\"`"}},
		{name: "native and template members", src: `
table "app" {
  partition_key = "PK"
  global_secondary_index "ByEmail" {
    partition_key = "email"
  }
}
entity "User" {
  attributes = {
    id    = string
    email = string
  }
  key {
    PK = "USER#${id}"
  }
}
`},
	})
}
