resource "aws_dynamodb_table" "orders" {
  name             = "orders"
  billing_mode     = "PAY_PER_REQUEST"
  hash_key         = "PK"
  stream_enabled   = true
  stream_view_type = "NEW_AND_OLD_IMAGES"

  attribute {
    name = "PK"
    type = "S"
  }

  replica {
    region_name = "eu-west-1"
  }

  replica {
    region_name      = "eu-west-2"
    consistency_mode = "STRONG"
  }
}
