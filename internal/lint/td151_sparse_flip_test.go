package lint

import "testing"

// sparseSchema has open orders in a sparse GSI keyed on attributes of the
// order, and urgent tickets in a sparse GSI whose condition reads two
// attributes; the write patterns follow.
const sparseSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
  }
}
entity "Order" {
  attributes = {
    username  = string
    orderId   = string
    orderDate = string
    status    = string
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    when   = status == "OPEN"
    GSI2PK = "OPEN"
    GSI2SK = "${orderDate}#${orderId}"
  }
}
entity "Ticket" {
  attributes = {
    ticketId = string
    status   = string
    priority = number
  }
  key {
    PK = "TICKET#${ticketId}"
    SK = "TICKET"
  }
  index "GSI2" {
    when   = status == "OPEN" && priority > 3
    GSI2PK = "URGENT"
    GSI2SK = "${ticketId}"
  }
}
`

func TestSparseFlip(t *testing.T) {
	update := func(entity, body string) string {
		return sparseSchema + `
write_pattern "change" {
  update {
    entity = entity.` + entity + `
` + body + `
  }
}
`
	}
	runRuleCases(t, ruleSparseFlip, []ruleCase{
		{name: "an order reopened without the attributes of its index key",
			src:  update("Order", `    set = { status = input.status }`),
			want: []string{"TD151 warning 47:13-47:19 `status`"}},
		{name: "a ticket's priority changed without its status",
			src:  update("Ticket", `    set = { priority = input.priority }`),
			want: []string{"TD151 warning 47:13-47:21 `priority`"}},
		{name: "a ticket's priority counted up",
			src:  update("Ticket", "    add       = { priority = 1 }\n    condition = status == \"OPEN\""),
			want: []string{"TD151 warning 47:19-47:27 `priority`"}},
		{name: "an order closed leaves the index",
			src: update("Order", `    set = { status = "CLOSED" }`)},
		{name: "an order reopened with its order date pinned",
			src: update("Order", "    set       = { status = input.status }\n    condition = orderDate == input.orderDate")},
		{name: "a ticket's priority changed with its status pinned",
			src: update("Ticket", "    set       = { priority = input.priority }\n    condition = status == \"OPEN\"")},
		{name: "an update of attributes the condition does not read",
			src: update("Order", `    set = { orderDate = input.orderDate }`)},
	})
}

func TestSparseFlipDetail(t *testing.T) {
	got := detailOf(t, ruleSparseFlip, sparseSchema+`
write_pattern "reopen" {
  update {
    entity = entity.Order
    set    = { status = input.status }
  }
}
`)
	want := `Write pattern "reopen" changes "status", which the sparse condition of GSI GSI2 reads (when = status == "OPEN"): the item can enter the index, and then the writer must set "GSI2PK" and "GSI2SK", computed from "orderDate", which the update does not know. ` +
		`Without reading the item first it cannot set them, and reads of GSI GSI2 miss the item. ` +
		`Set "orderDate" in the update too, or pin "orderDate" with an equality in the condition.`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
