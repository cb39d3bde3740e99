package doc_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWritePatternTable: the write-pattern table of internal/cost/testdata/writes
// beside the access-pattern table, with the items touched and the WCU per
// call of package cost (internal/cost/writes_test.go computes them by hand), and
// the write patterns in the cost section.
func TestWritePatternTable(t *testing.T) {
	out := markdown(t, mustLoad(t, "../cost/testdata/writes"))
	for _, want := range []string{
		"### Write patterns\n\n" +
			"| Write pattern | Description | Operation | Entity | Inputs | Condition | Update | Items touched per call | WCU per call |\n" +
			"| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n" +
			"| close_order | Close an order if nobody changed it since it was read | UpdateItem | Order | `customer` string, `expected_version` number, `orderId` string | `version == input.expected_version` | `set status = \"CLOSED\"`, `add version + 1` | Order: table 1 + GSI1 1.5 (delete + put) + GSI2 0.5 (delete) | 5.5 |\n" +
			"| set_status | Set an order's status to any value | UpdateItem | Order | `customer` string, `orderId` string, `status` string | — | `set status = input.status` | Order: table 1 + GSI1 2 (delete + put) | 6 |\n" +
			"| set_total | Correct an order's total | UpdateItem | Order | `customer` string, `orderId` string, `total` number | — | `set total = input.total` | Order: table 1 + GSI1 1 | 4 |\n" +
			"| delete_order | Delete an order | DeleteItem | Order | `customer` string, `orderId` string | — | — | Order: table 1 + GSI1 1 + GSI2 0.5 | 4.5 |\n" +
			"| register_customer | Create a customer; the e-mail must not be taken | TransactWriteItems (PutItem, PutItem) | Customer, CustomerUniqueEmail (guard of unique `email`) | `email` string, `name` string, `orders` number, `username` string | Customer: `attribute_not_exists(PK)`; CustomerUniqueEmail: `attribute_not_exists(PK)` | — | Customer: table 1; CustomerUniqueEmail: table 1 | 4 (transaction: 2x) |\n" +
			"| place_order | Put an order and count it on its customer | TransactWriteItems (PutItem, UpdateItem) | Order, Customer | `customer` string, `orderId` string, `status` string, `total` number, `username` string, `version` number | Order: `attribute_not_exists(PK)`; Customer: `attribute_exists(PK)` | Customer: `add orders + 1` | Order: table 1 + GSI1 1 + GSI2 0.5; Customer: table 1 | 11 (transaction: 2x) |\n",
		"| Write pattern | Calls/s (avg / peak) | Items written per call | WCU per call | WCU/s | Peak WCU/s |\n" +
			"| --- | --- | --- | --- | --- | --- |\n" +
			"| `close_order` | 2 / 10 | 3 | 5.5 | 11 | 55 |\n",
		"| `place_order` | 1 / 4 | 3.5 | 11 (transaction) | 11 | 44 |\n",
		"| Order | 1000 | 1500 B | 10 / 20 | 4.5 (table 2 + GSI1 2 + GSI2 0.5) | 22.5 |\n",
		"| Writes | $93.62 | $70.23 |\n",
	} {
		require.Contains(t, out, want)
	}
	// The write patterns follow the access patterns and come before the cost.
	ap, wp, c := strings.Index(out, "### Access patterns"), strings.Index(out, "### Write patterns"), strings.Index(out, "### Capacity and cost")
	require.True(t, ap < wp && wp < c, "sections out of order: access %d, write %d, cost %d", ap, wp, c)
}

// TestNoWritePatternSection: a schema without write patterns has no
// write-pattern section (the examples' documents are unchanged by it).
func TestNoWritePatternSection(t *testing.T) {
	out := markdown(t, mustLoad(t, "../../examples/github"))
	require.NotContains(t, out, "### Write patterns")
}

// TestWritePatternLabelsAndNormalisedUnique: a transaction's labelled
// writes are named by their labels (the names its inputs are read under:
// input.line.Quantity), the Entity column maps each label to its entity and
// the Inputs column types each label's object;
// a unique guard on an expression shows the expression (lower(Email)), not
// the bare attribute, so that two values the guard treats as one are
// visible.
func TestWritePatternLabelsAndNormalisedUnique(t *testing.T) {
	out := markdown(t, loadSource(t, `
table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Customer" {
  attributes = { id = string, Email = string }
  unique     = [lower(Email)]
  key {
    PK = "c#${id}"
    SK = "c#${id}"
  }
}
entity "Line" {
  attributes = { order = string, product = string, Quantity = number }
  key {
    PK = "o#${order}"
    SK = "p#${product}"
  }
}
entity "Stock" {
  attributes = { product = string, Quantity = number }
  key {
    PK = "p#${product}"
    SK = "stock"
  }
}
write_pattern "register" {
  put {
    entity = entity.Customer
  }
}
write_pattern "order_product" {
  transaction {
    put "line" {
      entity    = entity.Line
      condition = attribute_not_exists(PK)
    }
    update "stock" {
      entity    = entity.Stock
      set       = { Quantity = Quantity - input.line.Quantity }
      condition = Quantity >= input.line.Quantity
    }
  }
}
`))
	for _, want := range []string{
		"| register | — | TransactWriteItems (PutItem, PutItem) | Customer, CustomerUniqueEmail (guard of unique `lower(Email)`) | `Email` string, `id` string | Customer: `attribute_not_exists(PK)`; CustomerUniqueEmail: `attribute_not_exists(PK)` | — |",
		"| order_product | — | TransactWriteItems (PutItem, UpdateItem) | line: Line, stock: Stock | `line` object({Quantity=number,order=string,product=string}), `stock` object({product=string}) | line: `attribute_not_exists(PK)`; stock: `Quantity >= input.line.Quantity` | stock: `set Quantity = Quantity - input.line.Quantity` |",
	} {
		require.Contains(t, out, want)
	}
}
