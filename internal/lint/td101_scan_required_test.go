package lint

import "testing"

func TestScanRequired(t *testing.T) {
	runRuleCases(t, ruleScanRequired, []ruleCase{
		{name: "sort key only", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
    SK = "PROFILE#${id}"
  }
}
access_pattern "all_profiles" {
  entity = entity.User
  key {
    SK = begins_with("PROFILE#")
  }
}
`, want: []string{"TD101 error 15:3-15:6 `key`"}},
		{name: "empty key block on a GSI", src: `
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
access_pattern "by_email" {
  entity = entity.User
  index  = "ByEmail"
  key {}
}
`, want: []string{"TD101 error 20:3-20:6 `key`"}},
		{name: "partition key by equality", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
    SK = "PROFILE#${id}"
  }
}
access_pattern "profile" {
  entity = entity.User
  key {
    PK = "USER#${id}"
  }
}
`},
	})
}
