package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// bodyItem is an entity with a body of n bytes in its one example.
func bodyItem(n int) string {
	return `
table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = { id = string, body = string }
  key {
    PK = "DOC#${id}"
  }
  example {
    id   = "d1"
    body = "` + strings.Repeat("b", n) + `"
  }
}
`
}

func TestItemSize(t *testing.T) {
	// The item: PK (2 + 6) + id (2 + 2) + body (4 + n) = n + 16 bytes.
	runRuleCases(t, ruleItemSize, []ruleCase{
		{name: "500 KB example", src: bodyItem(500 * 1024), want: []string{"TD129 error 10:3-10:10 `example`"}},
		{name: "one byte over 400 KB", src: bodyItem(400*1024 - 15), want: []string{"TD129 error 10:3-10:10 `example`"}},
		{name: "exactly 400 KB", src: bodyItem(400*1024 - 16)},
	})
	require.Contains(t, detailOf(t, ruleItemSize, bodyItem(500*1024)),
		fmt.Sprintf("makes an item of %d bytes", 500*1024+16))
	require.Contains(t, detailOf(t, ruleItemSize, bodyItem(500*1024)),
		fmt.Sprintf("The largest attribute is \"body\" (%d bytes)", 500*1024+4))
}
