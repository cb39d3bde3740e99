resource "aws_dynamodb_table" "orders" {
  name         = "shop-orders"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }

  attribute {
    name = "customer"
    type = "S"
  }

  global_secondary_index {
    name            = "by-customer"
    hash_key        = "customer"
    projection_type = "ALL"
  }
}

resource "aws_dynamodb_global_secondary_index" "by_status" {
  table_name = aws_dynamodb_table.orders.name
  index_name = "ByStatus"

  projection {
    projection_type = "ALL"
  }

  key_schema {
    attribute_name = "status"
    attribute_type = "S"
    key_type       = "HASH"
  }
}
