# An online shop, re-modelled from the design AWS publishes in
# aws-samples/amazon-dynamodb-design-patterns (examples/an-online-shop).
#
# Customers, products and warehouses stand alone (PK = SK); an order's item
# collection holds the order, its lines, its invoice, its shipments and their
# lines. Two overloaded GSIs, whose key attributes carry the published names
# GSI1-PK / GSI1-SK / GSI2-PK / GSI2-SK (quoted: not HCL identifiers), serve
# the many-to-many links: product <-> order (GSI1), warehouse <-> product and
# customer <-> invoice / ordered product (GSI2). Every item stores its kind
# in EntityType, a constant computed per entity.
#
# Departures from the published model, each for a reason a check gives:
# - Quantity, Price and Amount are numbers (published as strings): an order
#   decrements a warehouse's stock by the ordered quantity, and DynamoDB
#   subtracts numbers only.
# - Email is unique case-insensitively (a guard item per lower-case e-mail).
# - The date ranges of invoices and ordered products end with "~" after the
#   last day ("i#${to}~"): the stored dates are timestamps, which sort after
#   the day they start with, so the published upper bound "i#${to}" left the
#   last day out (TD159).

table "online_shop" {
  name          = "OnlineShop"
  billing_mode  = "PAY_PER_REQUEST"
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "GSI1" {
    partition_key = "GSI1-PK"
    sort_key      = "GSI1-SK"
  }

  global_secondary_index "GSI2" {
    partition_key = "GSI2-PK"
    sort_key      = "GSI2-SK"
  }
}

entity "Customer" {
  attributes = {
    customerId = string
    Email      = string
    Name       = string
  }
  computed = { EntityType = "customer" }
  unique   = [lower(Email)]
  key {
    PK = "c#${customerId}"
    SK = "c#${customerId}"
  }
  example "samaneh" {
    customerId = "12345"
    Email      = "samaneh@example.com"
    Name       = "Samaneh"
  }
  example "kathleen" {
    customerId = "23456"
    Email      = "Kathleen@Example.com"
    Name       = "Kathleen"
  }
}

entity "Product" {
  attributes = {
    productId = string
    Price     = number
    Detail    = object({ Name = string, Description = optional(string) })
  }
  computed = { EntityType = "product" }
  key {
    PK = "p#${productId}"
    SK = "p#${productId}"
  }
  example "album" {
    productId = "12345"
    Price     = 100
    Detail    = { Name = "Options Open", Description = "A new album" }
  }
  example "book" {
    productId = "99887"
    Price     = 40
    Detail    = { Name = "The Book", Description = "A well-liked book" }
  }
}

entity "Warehouse" {
  attributes = {
    warehouseId = string
    Address = object({
      Country = string
      City    = string
      Street  = string
      Number  = string
      ZipCode = string
    })
  }
  computed = { EntityType = "warehouse" }
  key {
    PK = "w#${warehouseId}"
    SK = "w#${warehouseId}"
  }
  example "gothenburg" {
    warehouseId = "12345"
    Address     = { Country = "Sweden", City = "Goteborg", Street = "Main Street", Number = "20", ZipCode = "41111" }
  }
}

# The stock of one product in one warehouse: the product -> warehouse side of
# the many-to-many link in the table, the warehouse -> product side in GSI2.
entity "WarehouseItem" {
  attributes = {
    productId   = string
    warehouseId = string
    Quantity    = number
  }
  computed = { EntityType = "warehouseItem" }
  key {
    PK = "p#${productId}"
    SK = "w#${warehouseId}"
  }
  index "GSI2" {
    key = {
      "GSI2-PK" = "w#${warehouseId}"
      "GSI2-SK" = "p#${productId}"
    }
  }
  example "album-gbg" {
    productId   = "12345"
    warehouseId = "12345"
    Quantity    = 50
  }
  example "book-gbg" {
    productId   = "99887"
    warehouseId = "12345"
    Quantity    = 4
  }
}

entity "Order" {
  attributes = {
    orderId    = string
    customerId = string
    Date       = string
  }
  computed = { EntityType = "order" }
  key {
    PK = "o#${orderId}"
    SK = "c#${customerId}"
  }
  example "o-12345" {
    orderId    = "12345"
    customerId = "12345"
    Date       = "2020-06-21T19:10:00"
  }
}

# A line of an order: the order -> product side of the link in the table,
# product -> order by date in GSI1, customer -> ordered product by date in
# GSI2.
entity "OrderItem" {
  attributes = {
    orderId    = string
    productId  = string
    customerId = string
    Date       = string
    Quantity   = number
    Price      = number
  }
  computed = { EntityType = "orderItem" }
  key {
    PK = "o#${orderId}"
    SK = "p#${productId}"
  }
  index "GSI1" {
    key = {
      "GSI1-PK" = "p#${productId}"
      "GSI1-SK" = "${Date}"
    }
  }
  index "GSI2" {
    key = {
      "GSI2-PK" = "c#${customerId}"
      "GSI2-SK" = "p#${Date}"
    }
  }
  example "o-12345-album" {
    orderId    = "12345"
    productId  = "12345"
    customerId = "12345"
    Date       = "2020-06-21T19:18:00"
    Quantity   = 2
    Price      = 100
  }
  example "o-12345-book" {
    orderId    = "12345"
    productId  = "99887"
    customerId = "12345"
    Date       = "2020-06-21T19:20:00"
    Quantity   = 5
    Price      = 40
  }
}

# The invoice of an order; its payments (gift card, then card) are a list in
# the Detail document.
entity "Invoice" {
  attributes = {
    orderId    = string
    invoiceId  = string
    customerId = string
    Date       = string
    Amount     = number
    Detail = object({
      Payments = list(object({ Type = string, Amount = number, Data = optional(string) }))
    })
  }
  computed = { EntityType = "invoice" }
  key {
    PK = "o#${orderId}"
    SK = "i#${invoiceId}"
  }
  index "GSI1" {
    key = {
      "GSI1-PK" = "i#${invoiceId}"
      "GSI1-SK" = "i#${invoiceId}"
    }
  }
  index "GSI2" {
    key = {
      "GSI2-PK" = "c#${customerId}"
      "GSI2-SK" = "i#${Date}"
    }
  }
  example "i-55443" {
    orderId    = "12345"
    invoiceId  = "55443"
    customerId = "12345"
    Date       = "2020-06-21T19:18:00"
    Amount     = 400
    Detail = {
      Payments = [
        { Type = "GiftCard", Amount = 100, Data = "gift card reference" },
        { Type = "MasterCard", Amount = 300, Data = "card reference" },
      ]
    }
  }
}

entity "Shipment" {
  attributes = {
    orderId     = string
    shipmentId  = string
    warehouseId = string
    Type        = string
    Date        = string
    Address = object({
      Country = string
      City    = string
      Street  = string
      Number  = string
      ZipCode = string
    })
  }
  computed = { EntityType = "shipment" }
  key {
    PK = "o#${orderId}"
    SK = "sh#${shipmentId}"
  }
  index "GSI1" {
    key = {
      "GSI1-PK" = "sh#${shipmentId}"
      "GSI1-SK" = "sh#${shipmentId}"
    }
  }
  index "GSI2" {
    key = {
      "GSI2-PK" = "w#${warehouseId}"
      "GSI2-SK" = "sh#${shipmentId}"
    }
  }
  example "sh-98765" {
    orderId     = "12345"
    shipmentId  = "98765"
    warehouseId = "12345"
    Type        = "Express"
    Date        = "2020-06-22T10:20:00"
    Address     = { Country = "Sweden", City = "Goteborg", Street = "Slanbarsvagen", Number = "111", ZipCode = "98765" }
  }
}

# A product in a shipment: in the order's collection, and under its shipment
# in GSI1.
entity "ShipmentItem" {
  attributes = {
    orderId        = string
    shipmentItemId = string
    shipmentId     = string
    productId      = string
    Quantity       = number
  }
  computed = { EntityType = "shipmentItem" }
  key {
    PK = "o#${orderId}"
    SK = "shp#${shipmentItemId}"
  }
  index "GSI1" {
    key = {
      "GSI1-PK" = "sh#${shipmentId}"
      "GSI1-SK" = "p#${productId}"
    }
  }
  example "shp-55555" {
    orderId        = "12345"
    shipmentItemId = "55555"
    shipmentId     = "98765"
    productId      = "12345"
    Quantity       = 2
  }
  example "shp-12345" {
    orderId        = "12345"
    shipmentItemId = "12345"
    shipmentId     = "98765"
    productId      = "99887"
    Quantity       = 3
  }
}

access_pattern "get_customer" {
  entity      = entity.Customer
  cardinality = "one"
  key {
    PK = "c#${customerId}"
    SK = "c#${customerId}"
  }
}

access_pattern "get_product" {
  entity      = entity.Product
  cardinality = "one"
  key {
    PK = "p#${productId}"
    SK = "p#${productId}"
  }
}

access_pattern "get_warehouse" {
  entity      = entity.Warehouse
  cardinality = "one"
  key {
    PK = "w#${warehouseId}"
    SK = "w#${warehouseId}"
  }
}

access_pattern "product_inventory_by_product" {
  entity = entity.WarehouseItem
  key {
    PK = "p#${productId}"
    SK = begins_with("w#")
  }
  example {
    productId = "99887"
    returns   = [entity.WarehouseItem.example["book-gbg"]]
  }
}

access_pattern "order_details" {
  entities = [entity.Order, entity.OrderItem, entity.Invoice, entity.Shipment, entity.ShipmentItem]
  key {
    PK = "o#${orderId}"
  }
  example {
    orderId       = "12345"
    returns_count = 7
  }
}

access_pattern "products_of_order" {
  entity = entity.OrderItem
  key {
    PK = "o#${orderId}"
    SK = begins_with("p#")
  }
}

access_pattern "invoice_of_order" {
  entity = entity.Invoice
  key {
    PK = "o#${orderId}"
    SK = begins_with("i#")
  }
}

access_pattern "shipments_of_order" {
  entity = entity.Shipment
  key {
    PK = "o#${orderId}"
    SK = begins_with("sh#")
  }
}

access_pattern "orders_of_product_in_range" {
  entity = entity.OrderItem
  index  = "GSI1"
  inputs = { from = string, to = string }
  key = {
    "GSI1-PK" = "p#${productId}"
    "GSI1-SK" = between(from, to)
  }
  example {
    productId = "99887"
    from      = "2020-06-21T00:00:00"
    to        = "2020-06-21T23:59:00"
    returns   = [entity.OrderItem.example["o-12345-book"]]
  }
}

access_pattern "get_invoice" {
  entity = entity.Invoice
  index  = "GSI1"
  key = {
    "GSI1-PK" = "i#${invoiceId}"
    "GSI1-SK" = "i#${invoiceId}"
  }
}

access_pattern "payments_of_invoice" {
  entity     = entity.Invoice
  index      = "GSI1"
  attributes = ["Detail.Payments"]
  key = {
    "GSI1-PK" = "i#${invoiceId}"
    "GSI1-SK" = "i#${invoiceId}"
  }
}

access_pattern "shipment_details" {
  entities = [entity.Shipment, entity.ShipmentItem]
  index    = "GSI1"
  key = {
    "GSI1-PK" = "sh#${shipmentId}"
  }
  example {
    shipmentId    = "98765"
    returns_count = 3
  }
}

access_pattern "shipments_of_warehouse" {
  entity = entity.Shipment
  index  = "GSI2"
  key = {
    "GSI2-PK" = "w#${warehouseId}"
    "GSI2-SK" = begins_with("sh#")
  }
}

access_pattern "inventory_of_warehouse" {
  entity = entity.WarehouseItem
  index  = "GSI2"
  key = {
    "GSI2-PK" = "w#${warehouseId}"
    "GSI2-SK" = begins_with("p#")
  }
  example {
    warehouseId = "12345"
    returns     = [entity.WarehouseItem.example["album-gbg"], entity.WarehouseItem.example["book-gbg"]]
  }
}

access_pattern "invoices_of_customer_in_range" {
  entity = entity.Invoice
  index  = "GSI2"
  inputs = { from = string, to = string }
  key = {
    "GSI2-PK" = "c#${customerId}"
    "GSI2-SK" = between("i#${from}", "i#${to}~")
  }
  example {
    customerId = "12345"
    from       = "2020-06-01"
    to         = "2020-06-21"
    returns    = [entity.Invoice.example["i-55443"]]
  }
}

access_pattern "products_of_customer_in_range" {
  entity = entity.OrderItem
  index  = "GSI2"
  inputs = { from = string, to = string }
  key = {
    "GSI2-PK" = "c#${customerId}"
    "GSI2-SK" = between("p#${from}", "p#${to}~")
  }
  example {
    customerId = "12345"
    from       = "2020-06-01"
    to         = "2020-06-21"
    returns    = [entity.OrderItem.example["o-12345-album"], entity.OrderItem.example["o-12345-book"]]
  }
}

write_pattern "register_customer" {
  description = "Sign a customer up; the e-mail is unique whatever its case"
  put {
    entity = entity.Customer
  }
}

write_pattern "order_product" {
  description = "Add a line to an order and take its quantity from a warehouse's stock, all or nothing"
  transaction {
    put "line" {
      entity    = entity.OrderItem
      condition = attribute_not_exists(PK)
    }
    update "stock" {
      entity    = entity.WarehouseItem
      set       = { Quantity = Quantity - input.line.Quantity }
      condition = Quantity >= input.line.Quantity
    }
  }
}

write_pattern "record_payment" {
  description = "Append a payment to an invoice (a second identical payment is a second payment)"
  repeat      = "succeeds"
  inputs      = { payment = object({ Type = string, Amount = number, Data = optional(string) }) }
  update {
    entity    = entity.Invoice
    set       = { Detail.Payments = list_append(Detail.Payments, [input.payment]) }
    condition = attribute_exists(Detail.Payments)
  }
}
