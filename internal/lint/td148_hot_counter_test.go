package lint

import (
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// hotCounterSchema holds a page-view counter per page, a global counter and
// an order keyed per order; %s is the Page entity's workload block.
const hotCounterSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Stats" {
  attributes = { orders = number }
  key {
    PK = "STATS"
    SK = "STATS"
  }
}
entity "Page" {
  attributes = {
    page  = string
    views = number
  }
  key {
    PK = "PAGES"
    SK = "PAGE#${page}"
  }
}
entity "Order" {
  attributes = {
    orderId = string
    edits   = number
  }
  key {
    PK = "ORDER#${orderId}"
    SK = "ORDER"
  }
  workload {
    items       = 1000000
    item_size   = 200
    peak_writes = 5000
    hot_share   = 0.5
  }
}
`

func TestHotCounter(t *testing.T) {
	runRuleCases(t, ruleHotCounter, []ruleCase{
		{name: "a global counter", src: hotCounterSchema + `
write_pattern "count_order" {
  update {
    entity = entity.Stats
    add    = { orders = 1 }
  }
}
`, want: []string{"TD148 warning 43:16-43:22 `orders`"}},
		{name: "counters in one constant partition", src: hotCounterSchema + `
write_pattern "view_page" {
  update {
    entity = entity.Page
    add    = { views = 1 }
  }
}
`, want: []string{"TD148 warning 43:16-43:21 `views`"}},
		{name: "a declared hot share over a partition's capacity", src: hotCounterSchema + `
write_pattern "edit_order" {
  update {
    entity = entity.Order
    add    = { edits = 1 }
  }
}
`, want: []string{"TD148 warning 43:16-43:21 `edits`"}},
		{name: "a set on a constant partition is not a counter", src: hotCounterSchema + `
write_pattern "reset" {
  update {
    entity = entity.Stats
    set    = { orders = 0 }
  }
}
`},
		{name: "a counter spread over many partitions", src: `
table "app" {
  partition_key = "PK"
}
entity "Order" {
  attributes = {
    orderId = string
    edits   = number
  }
  key { PK = "ORDER#${orderId}" }
}
write_pattern "edit_order" {
  update {
    entity = entity.Order
    add    = { edits = 1 }
  }
}
`},
		{name: "a declared peak the partition takes", src: `
table "app" {
  partition_key = "PK"
}
entity "Stats" {
  attributes = { orders = number }
  key { PK = "STATS" }
  workload {
    items       = 1
    item_size   = 100
    peak_writes = 20
  }
}
write_pattern "count_order" {
  update {
    entity = entity.Stats
    add    = { orders = 1 }
  }
}
`},
	})
}

func TestHotCounterDetail(t *testing.T) {
	got := detailOf(t, ruleHotCounter, hotCounterSchema+`
write_pattern "edit_order" {
  update {
    entity = entity.Order
    add    = { edits = 1 }
  }
}
`)
	want := `Write pattern "edit_order" adds to "edits" with UpdateItem. At the peak of 5000 writes per second that entity "Order" declares, 50% of them go to one partition key value: 2500 WCU per second, over the 1000 a partition takes. ` +
		`Shard the counter into at least 3 counter items (a suffix "#${shard}" on the key, shard from 0 to 2 chosen at random per call) and sum them on read, or add up increments in a stream consumer.`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}

// TestHotCounterAccepted: a finding on a write pattern is accepted with
// target = write_pattern.NAME, and the acceptance is not stale.
func TestHotCounterAccepted(t *testing.T) {
	s := load(t, hotCounterSchema+`
write_pattern "count_order" {
  update {
    entity = entity.Stats
    add    = { orders = 1 }
  }
}
accept "TD148" {
  target = write_pattern.count_order
  reason = "a few orders a minute"
}
`)
	require.Equal(t, []string{"TD148 warning 43:16-43:22 `orders`"}, findings(s, ruleHotCounter.Check(s)))
	var left hcl.Diagnostics
	for _, d := range Run(s) {
		if c := diag.CodeOf(d); c == CodeHotCounter || c == CodeStaleAcceptance {
			left = append(left, d)
		}
	}
	require.Equal(t, []string{}, findings(s, left))
}

// findings renders diagnostics with finding.
func findings(s *hclschema.Schema, diags hcl.Diagnostics) []string {
	out := []string{}
	for _, d := range diags {
		out = append(out, finding(s, d))
	}
	return out
}
