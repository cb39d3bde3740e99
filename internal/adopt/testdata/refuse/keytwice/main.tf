resource "aws_dynamodb_table" "log" {
  name         = "log"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }
  attribute {
    name = "at"
    type = "S"
  }

  global_secondary_index {
    name            = "ByTime"
    projection_type = "ALL"
    hash_key        = "PK"
    range_key       = "at"
    key_schema {
      attribute_name = "PK"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "at"
      key_type       = "RANGE"
    }
  }
}
