package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// scores is a leaderboard with a reversed, zero-padded score (lines 1-24).
const scores = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Score" {
  attributes = {
    game   = string
    player = string
    points = number
  }
  key {
    PK = "GAME#${game}"
    SK = "SCORE#${format("%02d", 1000 - points)}#${player}"
  }
  example "p900" {
    game   = "chess"
    player = "ann"
    points = 900
  }
  example {
    game   = "chess"
    player = "cy"
    points = 1001
  }
`

func TestFormatWidth(t *testing.T) {
	runRuleCases(t, ruleFormatWidth, []ruleCase{
		{name: "reversed number past its width and base", src: scores + `}
`, want: []string{"TD138 error 13:19-13:48 `format(\"%02d\", 1000 - points)`"}},
		{name: "values that fit", src: `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Score" {
  attributes = {
    game   = string
    points = number
  }
  key {
    PK = "GAME#${game}"
    SK = format("%04d", 9999 - points)
  }
  example {
    game   = "chess"
    points = 9999
  }
  example {
    game   = "go"
    points = 0
  }
}
`},
	})
	require.Equal(t, `The template for "SK" of entity "Score" pads 1000 - points to 2 digits, but Score["p900"] gives 100, Score#2 gives -1. `+
		`A negative number or one with more than 2 digits breaks the fixed width, and string keys then sort in another order than the numbers ("-1" before "0", "100" before "99"). `+
		`Widen the format, or change the base of a reversed number so that every value fits.`,
		detailOf(t, ruleFormatWidth, scores+"}\n"))
}
