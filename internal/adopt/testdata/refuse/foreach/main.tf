resource "aws_dynamodb_table" "tables" {
  for_each     = toset(["a", "b"])
  name         = each.key
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }
}
