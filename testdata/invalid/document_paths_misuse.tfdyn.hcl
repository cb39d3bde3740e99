# want: TD006 38:16
# want: TD002 38:65
# want: TD002 39:16
# want: TD002 40:15
# want: TD002 40:31
# want: TD009 48:25
# want: TD009 49:39
# want: TD009 50:25
# want: TD005 58:34
# want: TD005 63:22
# want: TD002 64:27
# want: TD002 64:46
table "shop" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Invoice" {
  attributes = {
    invoiceId = string
    total     = number
    tag       = optional(string)
    Detail    = object({ Payments = list(object({ Type = string, Amount = number })), Note = optional(string), Owner = string })
  }
  key {
    PK = "INVOICE#${invoiceId}"
    SK = "INVOICE"
  }
  example {
    invoiceId = "i1"
    total     = 130
    Detail    = { Payments = [], Owner = "ann" }
  }
}
write_pattern "bad_paths" {
  inputs = { s = string }
  update {
    entity = entity.Invoice
    set    = { Detail.Payment = input.s, Detail.Note = input.s, "Detail..x" = 1 }
    add    = { Detail.Payments[0].Amount = 1 }
    remove = ["Detail.Owner", Detail.Note]
  }
}
write_pattern "bad_values" {
  inputs = { s = string, p = object({ Type = string, Amount = number }) }
  update {
    entity = entity.Invoice
    set = {
      tag             = upper(Detail.Owner)
      total           = if_not_exists("total", 0)
      "Detail.Note"   = list_append(Detail.Payments)
    }
  }
}
write_pattern "bad_type" {
  inputs = { s = string }
  update {
    entity = entity.Invoice
    set    = { Detail.Payments = input.s }
  }
}
access_pattern "bad_attributes" {
  entity     = entity.Invoice
  inputs     = { p = object({ Type = string }) }
  attributes = ["Detail", "Detail.Payments", "Detail[0"]
  key {
    PK = "INVOICE#${invoiceId}"
    SK = "INVOICE"
  }
}
