package lint

import "testing"

func TestHotPartitionWrites(t *testing.T) {
	runRuleCases(t, ruleHotPartitionWrites, []ruleCase{
		{name: "a hot counter", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Counter" {
  attributes = { hits = number }
  key {
    PK = "COUNTER"
    SK = "COUNTER"
  }
  workload {
    items       = 1
    item_size   = 100
    writes      = 50
    peak_writes = 2000
  }
}
`, want: []string{"TD141 error 16:19-16:23 `2000`"}},
		{name: "a constant GSI partition takes every write", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Order" {
  attributes = {
    id     = string
    status = string
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
  index "GSI1" {
    when   = status == "OPEN"
    GSI1PK = "OPEN"
    GSI1SK = "${id}"
  }
  workload {
    items  = 1000000
    writes = 1500
  }
}
`, want: []string{"TD141 error 26:14-26:18 `1500`"}},
		{name: "writes spread over many partitions", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = { id = string }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
  workload {
    items       = 1000000
    writes      = 1500
    peak_writes = 5000
  }
}
`},
		{name: "a declared hot share on the table", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = { id = string }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
  workload {
    items     = 1000000
    item_size = 3000
    writes    = 1500
    hot_share = 0.3
  }
}
`, want: []string{"TD141 error 16:17-16:20 `0.3`"}},
	})
}

func TestHotPartitionWritesDetail(t *testing.T) {
	got := detailOf(t, ruleHotPartitionWrites, `
table "app" {
  partition_key = "PK"
}
entity "Counter" {
  attributes = { hits = number }
  key { PK = "COUNTER" }
  workload {
    item_size   = 100
    peak_writes = 2500
  }
}
`)
	want := `At its peak of 2500 writes per second, entity "Counter" writes 2500 WCU per second to one partition key value of the table; a partition takes about 1000 WCU per second, so these writes throttle (on a GSI the back pressure throttles writes to the table). ` +
		`Shard the partition key into at least 3 values (a suffix such as "#${shard}" with shard from 0 to 2, read in parallel), or, for a counter, add up increments in a stream consumer or in several counter items.`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
