package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

const orderItemSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = {
    customer = string
    orderId  = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
}
entity "OrderItem" {
  attributes = {
    customer = string
    orderId  = string
    itemId   = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDERITEM#${orderId}#${itemId}"
  }
}
`

func TestPrefixCollision(t *testing.T) {
	runRuleCases(t, rulePrefixCollision, []ruleCase{
		{name: "begins_with prefix shared with another entity", src: orderItemSchema + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER")
  }
}
`, want: []string{"TD111 warning 32:5-32:30 `SK = begins_with(\"ORDER\")`"}},
		{name: "whole partition with two entities", src: orderItemSchema + `
access_pattern "customer_orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
  }
}
`, want: []string{"TD111 warning 31:5-31:32 `PK = \"CUSTOMER#${customer}\"`"}},
		{name: "range below another prefix", src: orderItemSchema + `
access_pattern "old_orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = between("ORDER#", "ORDERZ")
  }
}
`, want: []string{"TD111 warning 32:5-32:37 `SK = between(\"ORDER#\", \"ORDERZ\")`"}},
		{name: "separator ends the prefix", src: orderItemSchema + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
}
`},
		{name: "collection declares both entities", src: orderItemSchema + `
access_pattern "orders_and_items" {
  entities = [entity.Order, entity.OrderItem]
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER")
  }
}
`},
		{name: "distinct partition prefixes", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = { orderId = string }
  key {
    PK = "ORDER#${orderId}"
    SK = "ORDER#${orderId}"
  }
}
entity "Invoice" {
  attributes = { invoiceId = string }
  key {
    PK = "INVOICE#${invoiceId}"
    SK = "ORDER#${invoiceId}"
  }
}
access_pattern "order" {
  entity = entity.Order
  key {
    PK = "ORDER#${orderId}"
  }
}
`},
	})
	d := detailOf(t, rulePrefixCollision, orderItemSchema+`
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER")
  }
}
`)
	require.Contains(t, d, `PK = "CUSTOMER#${customer}" AND begins_with(SK, "ORDER")`)
	require.Contains(t, d, `writes PK = "CUSTOMER#${customer}" and SK = "ORDERITEM#${orderId}#${itemId}"`)
}

// latestAndVersions: the latest state under "v0" beside versions whose sort key
// template is versionSK (testdata/published/equipment_versions).
func latestAndVersions(versionSK string) string {
	return `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Latest" {
  attributes = { id = string, latest = number }
  key {
    PK = "${id}"
    SK = "v0"
  }
}
entity "Version" {
  attributes = { id = string, version = number }
  key {
    PK = "${id}"
    SK = ` + versionSK + `
  }
}
access_pattern "latest" {
  entity      = entity.Latest
  cardinality = "one"
  key {
    PK = "${id}"
    SK = "v0"
  }
}
`
}

// TestPrefixCollisionFixedWidth: a version padded to ten digits never
// writes the two bytes of "v0", so reading v0 is no collision; an
// unpadded version writes "v0" for version 0, and a padding narrower than
// one digit's worth of text ("%01d") too.
func TestPrefixCollisionFixedWidth(t *testing.T) {
	runRuleCases(t, rulePrefixCollision, []ruleCase{
		{name: "padded to ten digits", src: latestAndVersions(`"v${format("%010d", version)}"`)},
		{name: "format with its own v", src: latestAndVersions(`format("v%010d", version)`)},
		{name: "unpadded", src: latestAndVersions(`"v${version}"`), want: []string{"TD111 warning 24:5-24:14 `SK = \"v0\"`"}},
		{name: "padded to one digit", src: latestAndVersions(`"v${format("%01d", version)}"`), want: []string{"TD111 warning 24:5-24:14 `SK = \"v0\"`"}},
	})
	require.Contains(t, detailOf(t, rulePrefixCollision, latestAndVersions(`"v${version}"`)), `Entity "Version", which the pattern does not return, is in the same index and writes PK = "${id}" and SK = "v${version}"`)
}
