package lint

import "testing"

func TestTTLNotNumber(t *testing.T) {
	runRuleCases(t, ruleTTLNotNumber, []ruleCase{
		{name: "TTL declared as a string", src: `
table "app" {
  partition_key = "PK"
  ttl           = "expiresAt"
}
entity "Session" {
  attributes = {
    id        = string
    expiresAt = string
  }
  key {
    PK = "SESSION#${id}"
  }
}
`, want: []string{
			"TD122 warning 4:19-4:30 `\"expiresAt\"`",
			"TD122 warning 9:17-9:23 `string`",
		}},
		{name: "TTL is a number of one entity", src: `
table "app" {
  partition_key = "PK"
  ttl           = "expiresAt"
}
entity "Session" {
  attributes = {
    id        = string
    expiresAt = optional(number)
  }
  key {
    PK = "SESSION#${id}"
  }
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
}
`},
	})
}
