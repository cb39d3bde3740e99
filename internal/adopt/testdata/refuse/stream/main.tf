resource "aws_dynamodb_table" "log" {
  name           = "log"
  billing_mode   = "PAY_PER_REQUEST"
  hash_key       = "PK"
  stream_enabled = true

  attribute {
    name = "PK"
    type = "S"
  }
}
