# want: TD156 3:7
# A table imported from a DynamoDB table named OnlineShop: emit would name it aws_dynamodb_table.OnlineShop.
table "OnlineShop" {
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
  example {
    customer = "alice"
    orderId  = "o-1"
  }
}
access_pattern "orders_of_customer" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
}
