package lint

import "testing"

func TestMultiAttributeKeyLimits(t *testing.T) {
	runRuleCases(t, ruleMultiAttributeKeyLimits, []ruleCase{
		{name: "five partition attributes on a GSI", src: `
table "app" {
  partition_key = "PK"
  global_secondary_index "Wide" {
    partition_key = ["a", "b", "c", "d", "e"]
    sort_key      = ["f", "g", "h", "i"]
  }
}
`, want: []string{"TD105 error 5:42-5:45 `\"e\"`"}},
		{name: "multi-attribute LSI", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByDate" {
    sort_key = ["date", "id"]
  }
}
`, want: []string{"TD105 error 6:25-6:29 `\"id\"`"}},
		{name: "four plus four on a GSI", src: `
table "app" {
  partition_key = "PK"
  global_secondary_index "Wide" {
    partition_key = ["a", "b", "c", "d"]
    sort_key      = ["f", "g", "h", "i"]
  }
}
`},
	})
}
