package lint

import "testing"

func TestEntityWithoutExamples(t *testing.T) {
	runRuleCases(t, ruleEntityWithoutExamples, []ruleCase{
		{name: "one entity without examples", src: `
table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
  example {
    id = "u-1"
  }
}
entity "Group" {
  attributes = { id = string }
  key {
    PK = "GROUP#${id}"
  }
}
`, want: []string{"TD121 warning 14:1-14:15 `entity \"Group\"`"}},
	})
}
