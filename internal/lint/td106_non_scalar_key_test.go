package lint

import "testing"

func TestNonScalarKey(t *testing.T) {
	runRuleCases(t, ruleNonScalarKey, []ruleCase{
		{name: "list and bool key attributes", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByTags" {
    partition_key = "tags"
  }
  local_secondary_index "ByActive" {
    sort_key = "active"
  }
}
entity "Post" {
  attributes = {
    id     = string
    tags   = list(string)
    active = optional(bool)
  }
  key {
    PK = "POST#${id}"
    SK = "POST#${id}"
  }
}
`, want: []string{
			"TD106 error 15:14-15:26 `list(string)`",
			"TD106 error 16:14-16:28 `optional(bool)`",
		}},
		{name: "scalar key attributes", src: `
table "app" {
  partition_key = "PK"
  global_secondary_index "ByTag" {
    partition_key = "tag"
  }
}
entity "Post" {
  attributes = {
    id  = string
    tag = string
  }
  key {
    PK = "POST#${id}"
  }
}
`},
	})
}
