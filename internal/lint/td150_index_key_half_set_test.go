package lint

import "testing"

// halfSetSchema has orders with a GSI keyed on a template of two
// attributes and a multi-attribute GSI with an optional part; the write
// patterns follow.
const halfSetSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "ByRegion" {
    partition_key = ["region", "tier"]
    sort_key      = ["orderDate"]
  }
}
entity "Order" {
  attributes = {
    username  = string
    orderId   = string
    orderDate = string
    status    = string
    region    = optional(string)
    tier      = optional(string)
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "CUSTOMER#${username}"
    GSI1SK = "${status}#${orderDate}"
  }
}
`

func TestIndexKeyHalfSet(t *testing.T) {
	update := func(body string) string {
		return halfSetSchema + `
write_pattern "change" {
  inputs = { old_status = string }
  update {
    entity = entity.Order
` + body + `
  }
}
`
	}
	runRuleCases(t, ruleIndexKeyHalfSet, []ruleCase{
		{name: "status set without the order date of the same template",
			src:  update(`    set = { status = input.status }`),
			want: []string{"TD150 warning 37:13-37:19 `status`"}},
		{name: "a part of a multi-attribute key set without its optional part",
			src:  update(`    set = { region = input.region }`),
			want: []string{"TD150 warning 37:13-37:19 `region`"}},
		{name: "status set with the order date",
			src: update(`    set = { status = input.status, orderDate = input.orderDate }`)},
		{name: "status set with the order date pinned by the condition",
			src: update("    set       = { status = input.status }\n    condition = orderDate == input.orderDate && status == input.old_status")},
		{name: "a required part of a multi-attribute key keeps the membership",
			src: update(`    set = { orderDate = input.orderDate, status = input.status }`)},
		{name: "every part of the multi-attribute key set",
			src: update(`    set = { region = input.region, tier = input.tier }`)},
		{name: "an optional part removed takes the item out on purpose",
			src: update(`    remove = ["tier"]`)},
	})
}

func TestIndexKeyHalfSetDetail(t *testing.T) {
	got := detailOf(t, ruleIndexKeyHalfSet, halfSetSchema+`
write_pattern "ship" {
  update {
    entity = entity.Order
    set    = { status = "SHIPPED" }
  }
}
`)
	want := `Write pattern "ship" changes "status", which "GSI1SK" of GSI GSI1 is computed from (GSI1SK = "${status}#${orderDate}"), but the update does not know "orderDate" after it. ` +
		`UpdateItem does not compute "GSI1SK": the writer must set it in the same call from every attribute of the template, so it reads the item first or leaves "GSI1SK" computed from old values, and reads of GSI GSI1 by the new value miss the item. ` +
		`Set "orderDate" in the update too, pin "orderDate" with an equality in the condition, or build "GSI1SK" only from attributes the update sets or its key gives.`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
