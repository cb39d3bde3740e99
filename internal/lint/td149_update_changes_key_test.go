package lint

import "testing"

// orderSchema is a table with orders keyed on their customer and id, with
// a GSI by status; the write patterns follow.
const orderSchema = `
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
    username  = string
    orderId   = string
    orderDate = string
    status    = string
    note      = optional(string)
    version   = optional(number)
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "STATUS#${status}"
    GSI1SK = "${orderDate}#${orderId}"
  }
}
`

func TestUpdateChangesKey(t *testing.T) {
	runRuleCases(t, ruleUpdateChangesKey, []ruleCase{
		{name: "an update moves an order to another customer", src: orderSchema + `
write_pattern "reassign_order" {
  inputs = { new_owner = string }
  update {
    entity = entity.Order
    set    = { status = "MOVED", username = input.new_owner }
  }
}
`, want: []string{"TD149 error 33:34-33:42 `username`"}},
		{name: "an update sets the key's source to the value that found the item", src: orderSchema + `
write_pattern "touch_order" {
  update {
    entity = entity.Order
    set    = { username = input.username, status = input.status }
  }
}
`},
		{name: "an update changes an attribute of a GSI key only", src: orderSchema + `
write_pattern "ship_order" {
  update {
    entity = entity.Order
    set    = { status = "SHIPPED" }
    add    = { version = 1 }
  }
}
`},
		{name: "a put writes every key source", src: orderSchema + `
write_pattern "place_order" {
  put {
    entity    = entity.Order
    condition = attribute_not_exists(PK)
  }
}
`},
	})
}

func TestUpdateChangesKeyDetail(t *testing.T) {
	got := detailOf(t, ruleUpdateChangesKey, orderSchema+`
write_pattern "renumber" {
  inputs = { new_id = string }
  update {
    entity = entity.Order
    set    = { orderId = input.new_id }
  }
}
`)
	want := `Write pattern "renumber" sets "orderId", which the primary key attribute "SK" of entity "Order" is computed from (SK = "ORDER#${orderId}"). ` +
		`DynamoDB cannot change a key: UpdateItem leaves SK as it was, so the stored item keeps its old key while "orderId" changes, and reads that compute the key from the new value miss it. ` +
		`Move the item instead: in a transaction, delete it and put it with the new value (with attribute_not_exists(PK) on the put).`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
