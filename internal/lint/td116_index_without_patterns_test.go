package lint

import "testing"

const emailIndexSchema = `
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
`

func TestIndexWithoutPatterns(t *testing.T) {
	runRuleCases(t, ruleIndexWithoutPatterns, []ruleCase{
		{name: "no pattern reads the index", src: emailIndexSchema + `
access_pattern "user" {
  entity = entity.User
  key {
    PK = "USER#${id}"
  }
}
`, want: []string{"TD116 warning 4:3-4:35 `global_secondary_index \"ByEmail\"`"}},
		{name: "a pattern reads the index", src: emailIndexSchema + `
access_pattern "user_by_email" {
  entity = entity.User
  index  = "ByEmail"
  key {
    email = email
  }
}
`},
	})
}
