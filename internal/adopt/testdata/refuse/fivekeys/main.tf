resource "aws_dynamodb_table" "log" {
  name         = "log"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }
  attribute {
    name = "a"
    type = "S"
  }
  attribute {
    name = "b"
    type = "S"
  }
  attribute {
    name = "c"
    type = "S"
  }
  attribute {
    name = "d"
    type = "S"
  }
  attribute {
    name = "e"
    type = "S"
  }

  global_secondary_index {
    name            = "wide"
    projection_type = "ALL"
    key_schema {
      attribute_name = "a"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "b"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "c"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "d"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "e"
      key_type       = "HASH"
    }
  }
}
