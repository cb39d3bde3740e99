variable "billing" {
  type    = string
  default = "PAY_PER_REQUEST"
}

resource "aws_dynamodb_table" "log" {
  name         = "log"
  billing_mode = var.billing
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }
}
