package lint

import (
	"fmt"
	"testing"
)

func TestDeclaredSizeBelowExample(t *testing.T) {
	const schema = `
table "app" {
  partition_key = "PK"
}
entity "Task" {
  attributes = {
    id     = string
    status = string
  }
  key { PK = "T#${id}" }
  workload {
    max_item_size = %s
  }
  example "small" {
    id     = "1"
    status = "OPEN"
  }
  example "large" {
    id     = "2"
    status = "IN_PROGRESS"
  }
}
`
	runRuleCases(t, ruleDeclaredSizeBelowExample, []ruleCase{
		// "large": id 2+1, status 6+11, PK 2+3 = 25 bytes.
		{name: "below the largest example", src: fmt.Sprintf(schema, "20"), want: []string{"TD143 warning 12:21-12:23 `20`"}},
		{name: "exactly the largest example", src: fmt.Sprintf(schema, "25")},
	})
	got := detailOf(t, ruleDeclaredSizeBelowExample, fmt.Sprintf(schema, "24"))
	want := `Entity "Task" declares max_item_size = 24 bytes, but its example Task["large"] is 25 bytes as DynamoDB counts it (attribute names and values, key attributes included). ` +
		`Estimates of read and write units and of item collections use the declared size: raise max_item_size to at least 25, or correct the example.`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
