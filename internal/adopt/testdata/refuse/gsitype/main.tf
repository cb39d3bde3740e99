resource "aws_dynamodb_table" "log" {
  name         = "log"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }
}

resource "aws_dynamodb_global_secondary_index" "by_pk" {
  table_name = aws_dynamodb_table.log.name
  index_name = "ByPK"
  projection {
    projection_type = "ALL"
  }
  key_schema {
    attribute_name = "PK"
    attribute_type = "N"
    key_type       = "HASH"
  }
}
