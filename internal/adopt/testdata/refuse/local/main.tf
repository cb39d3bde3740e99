locals {
  table_name = "orders"
}

resource "aws_dynamodb_table" "orders" {
  name         = local.table_name
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }
}
