package lint

import (
	"fmt"
	"testing"
)

// capSchema reads one item of at most 4 KB per call (0.5 RCU, eventually
// consistent) at 1000 calls/s at peak (500 RCU) and writes 100 items/s at
// peak (100 WCU); %s are the table's caps.
const capSchema = `
table "app" {
  partition_key = "PK"
%s
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
  workload {
    items       = 1000
    writes      = 10
    peak_writes = 100
  }
}
access_pattern "user_by_id" {
  entity = entity.User
  key {
    PK = "USER#${id}"
  }
  workload {
    rate      = 100
    peak_rate = 1000
  }
}
`

func TestCapBelowPeak(t *testing.T) {
	runRuleCases(t, ruleCapBelowPeak, []ruleCase{
		{name: "read cap below the peak", src: fmt.Sprintf(capSchema, "  on_demand_throughput {\n    max_read_request_units = 400\n  }"),
			want: []string{"TD155 error 5:30-5:33 `400`"}},
		{name: "write cap below the peak", src: fmt.Sprintf(capSchema, "  on_demand_throughput {\n    max_read_request_units  = 1000\n    max_write_request_units = 50\n  }"),
			want: []string{"TD155 error 6:31-6:33 `50`"}},
		{name: "caps above the peak", src: fmt.Sprintf(capSchema, "  on_demand_throughput {\n    max_read_request_units  = 500\n    max_write_request_units = 100\n  }")},
		{name: "no cap", src: fmt.Sprintf(capSchema, "")},
	})
}
