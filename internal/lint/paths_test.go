package lint

import "testing"

// documentSchema has an entity with a document attribute (Detail: an
// object with a list of payment objects) and an index that projects only
// keys and total.
const documentSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByStatus" {
    partition_key = "status"
    projection    = "INCLUDE"
    include       = ["total"]
  }
}
entity "Invoice" {
  attributes = {
    invoiceId = string
    status    = string
    total     = number
    Detail    = object({ Payments = list(object({ Type = string, Amount = number })), Note = optional(string) })
  }
  key {
    PK = "INVOICE#${invoiceId}"
    SK = "INVOICE"
  }
}
`

// TestDocumentPaths: TD118 and TD117 read the parts of documents an
// access pattern lists: a path the attribute's type lacks is TD118 at the
// element, and a part of an attribute the index does not project is TD117.
func TestDocumentPaths(t *testing.T) {
	runRuleCases(t, ruleUnknownReadAttribute, []ruleCase{
		{name: "path into a document", src: documentSchema + `
access_pattern "payments" {
  entity     = entity.Invoice
  attributes = ["Detail.Payments[1]", Detail.Note, "Detail.Payments[0].Amount"]
  key {
    PK = "INVOICE#${invoiceId}"
    SK = "INVOICE"
  }
}
`},
		{name: "step the type lacks", src: documentSchema + `
access_pattern "payments" {
  entity     = entity.Invoice
  attributes = ["Detail.Payment", Detail.Payments[0].Currency]
  key {
    PK = "INVOICE#${invoiceId}"
    SK = "INVOICE"
  }
}
`, want: []string{"TD118 error 26:17-26:33 `\"Detail.Payment\"`", "TD118 error 26:35-26:62 `Detail.Payments[0].Currency`"}},
		{name: "unknown attribute of a path", src: documentSchema + `
access_pattern "payments" {
  entity     = entity.Invoice
  attributes = ["Detial.Payments"]
  key {
    PK = "INVOICE#${invoiceId}"
    SK = "INVOICE"
  }
}
`, want: []string{"TD118 error 26:17-26:34 `\"Detial.Payments\"`"}},
	})
	runRuleCases(t, ruleNotProjected, []ruleCase{
		{name: "part of an attribute the index does not project", src: documentSchema + `
access_pattern "open_payments" {
  entity     = entity.Invoice
  index      = "ByStatus"
  attributes = ["total", "Detail.Payments"]
  key {
    status = status
  }
}
`, want: []string{"TD117 error 27:26-27:43 `\"Detail.Payments\"`"}},
	})
}
