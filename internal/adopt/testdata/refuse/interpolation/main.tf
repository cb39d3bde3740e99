variable "env" {
  type    = string
  default = "dev"
}

resource "aws_dynamodb_table" "log" {
  name         = "DeviceStateLog-${var.env}"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }
}
