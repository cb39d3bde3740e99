package lint

import "testing"

func TestUnenforceableWhen(t *testing.T) {
	runRuleCases(t, ruleUnenforceableWhen, []ruleCase{
		{name: "when on a native index", src: `
table "app" {
  partition_key = "PK"
  global_secondary_index "ByStatus" {
    partition_key = "status"
  }
}
entity "Order" {
  attributes = {
    id     = string
    status = string
  }
  key {
    PK = "ORDER#${id}"
  }
  index "ByStatus" {
    when = status == "OPEN"
  }
}
`, want: []string{"TD123 error 17:12-17:28 `status == \"OPEN\"`"}},
		{name: "when gating a template", src: `
table "app" {
  partition_key = "PK"
  global_secondary_index "Open" {
    partition_key = "openStatus"
  }
}
entity "Order" {
  attributes = {
    id     = string
    status = string
  }
  key {
    PK = "ORDER#${id}"
  }
  index "Open" {
    when       = status == "OPEN"
    openStatus = status
  }
}
`},
	})
}
