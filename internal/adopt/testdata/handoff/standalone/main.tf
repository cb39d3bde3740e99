resource "aws_dynamodb_table" "orders" {
  name         = "shop-orders"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
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

resource "aws_dynamodb_global_secondary_index" "orders_by_customer" {
  table_name = aws_dynamodb_table.orders.name
  index_name = "by-customer"

  projection {
    projection_type = "ALL"
  }

  key_schema {
    attribute_name = "customer"
    attribute_type = "S"
    key_type       = "HASH"
  }
}
