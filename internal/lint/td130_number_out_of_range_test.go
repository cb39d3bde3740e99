package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNumberOutOfRange(t *testing.T) {
	runRuleCases(t, ruleNumberOutOfRange, []ruleCase{
		{name: "1e400, 39 digits, 1e-131 and a nested number", src: `
table "app" {
  partition_key = "PK"
}
entity "Reading" {
  attributes = {
    id     = string
    value  = number
    digits = number
    tiny   = number
    series = list(number)
  }
  key {
    PK = "R#${id}"
  }
  example {
    id     = "r1"
    value  = 1e400
    digits = 123456789012345678901234567890123456789
    tiny   = 1e-131
    series = [1, 2, -1e126]
  }
}
`, want: []string{
			"TD130 error 18:14-18:19 `1e400`",
			"TD130 error 19:14-19:53 `123456789012345678901234567890123456789`",
			"TD130 error 20:14-20:20 `1e-131`",
			"TD130 error 21:14-21:28 `[1, 2, -1e126]`",
		}},
		{name: "limits reached exactly", src: `
table "app" {
  partition_key = "PK"
}
entity "Reading" {
  attributes = { id = string, big = number, small = number, digits = number, zero = number }
  key {
    PK = "R#${id}"
  }
  example {
    id     = "r1"
    big    = -9.9999999999999999999999999999999999999e125
    small  = 1e-130
    digits = 0.12345678901234567890123456789012345678
    zero   = 0
  }
}
`},
		{name: "computed key number", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Reading" {
  attributes = { id = string, at = number }
  key {
    PK = "R#${id}"
    SK = at * 1e200
  }
  example {
    id = "r1"
    at = 1
  }
}
`, want: []string{"TD130 error 12:3-12:10 `example`"}},
	})
	require.Contains(t, detailOf(t, ruleNumberOutOfRange, `
table "app" {
  partition_key = "PK"
}
entity "R" {
  attributes = { PK = string, v = number }
  example {
    PK = "a"
    v  = 1e400
  }
}
`), `gives "v" the number 1e+400, which is above the largest magnitude DynamoDB stores, 9.9999999999999999999999999999999999999E+125`)
}
