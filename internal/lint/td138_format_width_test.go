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

// openIssues sort open issues newest first by a reversed number padded to
// one digit, closed ones by the number (lines 1-27).
const openIssues = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Issue" {
  attributes = { repo = string, number = number, status = string }
  key {
    PK = "REPO#${repo}"
    SK = status == "OPEN" ? "OPEN#${format("%01d", 9 - number)}" : "CLOSED#${format("%03d", number)}"
  }
  example "open-2" {
    repo   = "rocket"
    number = 2
    status = "OPEN"
  }
  example "open-10" {
    repo   = "rocket"
    number = 10
    status = "OPEN"
  }
  example "closed-12" {
    repo   = "rocket"
    number = 12
    status = "CLOSED"
  }
}
`

func TestFormatWidth(t *testing.T) {
	runRuleCases(t, ruleFormatWidth, []ruleCase{
		{name: "reversed number past its width and base", src: scores + `}
`, want: []string{"TD138 error 13:19-13:48 `format(\"%02d\", 1000 - points)`"}},
		// Open issues sort newest first by a reversed number, closed ones by
		// the number: only the branch an item takes counts. Issue 10 is open
		// and gives 9 - 10 = -1; issue 12 is closed, its 9 - 12 is never
		// written.
		{name: "reversed number in a branch of a conditional", src: openIssues, want: []string{"TD138 error 9:37-9:63 `format(\"%01d\", 9 - number)`"}},
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
	require.Equal(t, `The template for "SK" of entity "Issue" pads 9 - number to 1 digits, but Issue["open-10"] gives -1. `+
		`A negative number or one with more than 1 digits breaks the fixed width, and string keys then sort in another order than the numbers ("-1" before "0", "100" before "99"). `+
		`Widen the format, or change the base of a reversed number so that every value fits.`,
		detailOf(t, ruleFormatWidth, openIssues), "closed-12 takes the other branch: its 9 - 12 is never written")
}
