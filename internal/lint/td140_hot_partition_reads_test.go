package lint

import (
	"fmt"
	"testing"
)

// hotReadsSchema reads one 4 KB user strongly consistent (1 RCU per call);
// %s is the pattern's workload.
const hotReadsSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
  workload {
    items     = 10
    item_size = 4096
  }
}
access_pattern "user_by_id" {
  entity = entity.User
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
  workload {
%s
  }
}
`

func TestHotPartitionReads(t *testing.T) {
	runRuleCases(t, ruleHotPartitionReads, []ruleCase{
		{name: "every peak call on one user", src: fmt.Sprintf(hotReadsSchema, "    rate        = 100\n    peak_rate   = 5000\n    consistency = \"strong\"\n    hot_share   = 1"),
			want: []string{"TD140 error 27:19-27:20 `1`"}},
		{name: "half of the calls stay under the limit", src: fmt.Sprintf(hotReadsSchema, "    rate        = 100\n    peak_rate   = 5000\n    consistency = \"strong\"\n    hot_share   = 0.5")},
		{name: "uniform over ten users: 500 RCU each", src: fmt.Sprintf(hotReadsSchema, "    rate        = 100\n    peak_rate   = 5000\n    consistency = \"strong\"")},
		{name: "without a hot share the peak rate is the subject", src: fmt.Sprintf(hotReadsSchema, "    rate      = 100\n    peak_rate = 80000"),
			want: []string{"TD140 error 25:17-25:22 `80000`"}},
		{name: "no workload", src: fmt.Sprintf(hotReadsSchema, "")},
	})
}

func TestHotPartitionReadsDetail(t *testing.T) {
	got := detailOf(t, ruleHotPartitionReads, fmt.Sprintf(hotReadsSchema, "    rate        = 100\n    peak_rate   = 5000\n    consistency = \"strong\"\n    hot_share   = 1"))
	want := `At its peak of 5000 calls per second, access pattern "user_by_id" reads 5000 RCU per second from one partition key value (1 RCU per call, 100% of the calls on the busiest value); a partition serves about 3000 RCU per second, so these reads throttle. ` +
		`Spread the calls: cache the hot items, read with eventual consistency (half the units), narrow what a call reads, or copy the hot partition into 2 shards (a suffix such as "#${shard}") and read one at random.`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
