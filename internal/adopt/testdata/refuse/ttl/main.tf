resource "aws_dynamodb_table" "log" {
  name         = "log"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }

  ttl {
    attribute_name = ""
    enabled        = true
  }
}
