package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// comments are the comments of issues 1 and 10 in a repository's partition,
// keyed by the unpadded issue number (lines 1-21).
const comments = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Comment" {
  attributes = { repo = string, number = number, id = string }
  key {
    PK = "REPO#${repo}"
    SK = "ISSUE#${number}#C#${id}"
  }
  example "c1" {
    repo   = "rocket"
    number = 1
    id     = "a"
  }
  example "c10" {
    repo   = "rocket"
    number = 10
    id     = "b"
  }
}
`

func TestPrefixBoundary(t *testing.T) {
	undelimited := comments + `access_pattern "comments_for_issue" {
  entity = entity.Comment
  key {
    PK = "REPO#${repo}"
    SK = begins_with("ISSUE#${number}")
  }
}
`
	runRuleCases(t, rulePrefixBoundary, []ruleCase{
		{name: "no delimiter after the input", src: undelimited,
			want: []string{"TD154 error 26:22-26:39 `\"ISSUE#${number}\"`"}},
		{name: "delimited", src: comments + `access_pattern "comments_for_issue" {
  entity = entity.Comment
  key {
    PK = "REPO#${repo}"
    SK = begins_with("ISSUE#${number}#")
  }
}
`},
		// A month prefix of dates: the input is no whole value of date.
		{name: "an input that is a part of the value by design", src: `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Event" {
  attributes = { repo = string, date = string }
  key {
    PK = "REPO#${repo}"
    SK = "EVENT#${date}"
  }
  example {
    repo = "rocket"
    date = "2024-05-17"
  }
  example {
    repo = "rocket"
    date = "2024-05-18"
  }
}
access_pattern "events_in_month" {
  entity = entity.Event
  key {
    PK = "REPO#${repo}"
    SK = begins_with("EVENT#${date}")
  }
  example {
    repo = "rocket"
    date = "2024-05"
  }
}
`},
	})
	require.Equal(t, `Access pattern "comments_for_issue" with inputs {number = 1, repo = "rocket"} (from the example Comment["c1"] at test.tfdyn.hcl:11,3-15): `+
		`Comment["c10"] matches begins_with(SK, "ISSUE#1") although its number is 10, not 1: nothing follows ${number} in the operand to end the value, so the prefix also matches values that begin with 1. `+
		`End the prefix with a delimiter (begins_with("...${number}#")), pad numbers to a fixed width, or use = when the pattern reads one value.`,
		detailOf(t, rulePrefixBoundary, undelimited))
}
