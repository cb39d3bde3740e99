package lint

import (
	"fmt"
	"testing"
)

// collectionSchema has an LSI; %s is the entity's workload.
const collectionSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "LSI1" {
    sort_key = "createdAt"
  }
}
entity "Event" {
  attributes = {
    device    = string
    id        = string
    createdAt = string
  }
  key {
    PK = "DEVICE#${device}"
    SK = "EVENT#${id}"
  }
  workload {
%s
  }
}
`

func TestItemCollectionSize(t *testing.T) {
	runRuleCases(t, ruleItemCollectionSize, []ruleCase{
		// 10^9 events over 10 devices: 10^8 per device of (200 + 100) bytes
		// in the table and as much in the LSI: 55.8 GB.
		{name: "ten devices", src: fmt.Sprintf(collectionSchema, "    items      = 1000000000\n    item_size  = 200\n    partitions = 10"),
			want: []string{"TD142 error 22:18-22:20 `10`"}},
		// 10^6 devices: 1,000 events per device, 600 KB.
		{name: "a million devices", src: fmt.Sprintf(collectionSchema, "    items      = 1000000000\n    item_size  = 200\n    partitions = 1000000")},
		{name: "no partition count: one item per value", src: fmt.Sprintf(collectionSchema, "    items     = 1000000000\n    item_size = 200")},
	})
	runRuleCases(t, ruleItemCollectionSize, []ruleCase{
		{name: "no LSI, no limit", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Event" {
  attributes = { device = string, id = string }
  key {
    PK = "DEVICE#${device}"
    SK = "EVENT#${id}"
  }
  workload {
    items      = 1000000000
    item_size  = 200
    partitions = 10
  }
}
`},
	})
}

func TestItemCollectionSizeDetail(t *testing.T) {
	got := detailOf(t, ruleItemCollectionSize, fmt.Sprintf(collectionSchema, "    items      = 1000000000\n    item_size  = 200\n    partitions = 10"))
	want := `Entity "Event" puts 100000000 items on each partition key value on average (1000000000 items over 10 values), 55.8 GB with their LSI entries, into table "app", which has a local secondary index: an item collection is limited to 10 GB there, and writes to a full one fail with an ItemCollectionSizeLimitExceededException. ` +
		`Spread the items over more partition key values, or replace the LSI with a GSI, which has no such limit.`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
