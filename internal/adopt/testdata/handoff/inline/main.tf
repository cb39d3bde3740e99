resource "aws_dynamodb_table" "orders" {
  name         = "shop-orders"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }

  attribute {
    name = "status"
    type = "S"
  }

  global_secondary_index {
    name            = "ByStatus"
    hash_key        = "status"
    projection_type = "ALL"
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
