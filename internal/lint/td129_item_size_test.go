package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// bodyItem is an entity with a body of n bytes and an attribute "more" of
// m bytes in its one example (no single value can exceed 400 KiB: the
// loader refuses it before lint runs).
func bodyItem(n, m int) string {
	return `
table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = { id = string, body = string, more = optional(string) }
  key {
    PK = "DOC#${id}"
  }
  example {
    id   = "d1"
    body = "` + strings.Repeat("b", n) + `"
    more = ` + more(m) + `
  }
}
`
}

func more(m int) string {
	if m == 0 {
		return "null"
	}
	return `"` + strings.Repeat("m", m) + `"`
}

func TestItemSize(t *testing.T) {
	// The item: PK (2 + 6) + id (2 + 2) + body (4 + n) = n + 16 bytes,
	// plus 4 + m for "more" when it is set.
	runRuleCases(t, ruleItemSize, []ruleCase{
		{name: "500 KB example", src: bodyItem(300*1024, 200*1024), want: []string{"TD129 error 10:3-10:10 `example`"}},
		{name: "one byte over 400 KB", src: bodyItem(400*1024-15, 0), want: []string{"TD129 error 10:3-10:10 `example`"}},
		{name: "exactly 400 KB", src: bodyItem(400*1024-16, 0)},
	})
	require.Contains(t, detailOf(t, ruleItemSize, bodyItem(300*1024, 200*1024)),
		fmt.Sprintf("makes an item of %d bytes", 500*1024+16+4))
	require.Contains(t, detailOf(t, ruleItemSize, bodyItem(300*1024, 200*1024)),
		fmt.Sprintf("The largest attribute is \"body\" (%d bytes)", 300*1024+4))
}
