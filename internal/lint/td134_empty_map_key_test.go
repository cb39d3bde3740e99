package lint

import "testing"

func TestEmptyMapKey(t *testing.T) {
	runRuleCases(t, ruleEmptyMapKey, []ruleCase{
		{name: "empty key at the top and nested", src: `
table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = {
    id     = string
    labels = map(string)
    parts  = list(map(number))
  }
  key {
    PK = "DOC#${id}"
  }
  example {
    id     = "d1"
    labels = { "" = "x", env = "prod" }
    parts  = [{ a = 1 }, { "" = 2 }]
  }
  example {
    id     = "d2"
    labels = { env = "prod" }
    parts  = []
  }
}
`, want: []string{
			"TD134 error 16:14-16:40 `{ \"\" = \"x\", env = \"prod\" }`",
			"TD134 error 17:14-17:37 `[{ a = 1 }, { \"\" = 2 }]`",
		}},
	})
}
