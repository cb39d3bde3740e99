package lint

import (
	"strings"
	"testing"
)

// sameItem is a schema whose write patterns touch one item twice (or not)
// in a transaction.
const sameItem = `table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = { id = string, status = string, total = number }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
}
entity "OrderCopy" {
  attributes = { id = string, note = string }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
}
entity "Audit" {
  attributes = { id = string, status = string }
  key {
    PK = "ORDER#${id}"
    SK = "AUDIT#${status}"
  }
}
write_pattern "close_and_total" {
  transaction {
    update {
      entity = entity.Order
      set    = { status = "CLOSED" }
    }
    update {
      entity = entity.Order
      add    = { total = 1 }
    }
  }
}
write_pattern "put_and_copy" {
  transaction {
    put { entity = entity.Order }
    put { entity = entity.OrderCopy }
  }
}
write_pattern "close_with_audit" {
  transaction {
    update {
      entity = entity.Order
      set    = { status = input.status }
    }
    put { entity = entity.Audit }
  }
}
`

// TestTransactionSameItem (issue 27, item 8): validate passed a transaction
// that writes one item twice, which DynamoDB rejects on every call. Two
// updates of one entity's item, and two entities whose templates give one
// key, are reported at the second write; an update and a put of another
// item in the same partition are not.
func TestTransactionSameItem(t *testing.T) {
	runRuleCases(t, ruleTransactionSameItem, []ruleCase{
		{name: "same item", src: sameItem, want: []string{
			"TD157 error 32:5-32:11 `update`",
			"TD157 error 41:5-41:8 `put`",
		}},
	})
}

func TestTransactionSameItemDetail(t *testing.T) {
	src := sameItem[:strings.Index(sameItem, `write_pattern "put_and_copy"`)]
	got := detailOf(t, ruleTransactionSameItem, src)
	want := `Write 2 of write pattern "close_and_total" (UpdateItem of Order) touches the item that write 1 (UpdateItem of Order) touches: ` +
		`their key templates give the same primary key for every input (PK = "ORDER#${id}", SK = "ORDER"). ` +
		`DynamoDB rejects a transaction with two operations on one item (ValidationException: Transaction request cannot include multiple operations on one item), so every call fails. ` +
		`Merge the two into one write (an update can set, add and remove together), or key one of them to another item.`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
