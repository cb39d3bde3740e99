# The full table of internal/tablespectest (every setting of the table spec
# set) as a user writes it by hand: import --from-tf must read all of it
# (TestImportReadsEveryTableSetting).
resource "aws_dynamodb_table" "full" {
  name                        = "full-prod"
  billing_mode                = "PROVISIONED"
  read_capacity               = 5
  write_capacity              = 10
  hash_key                    = "PK"
  range_key                   = "SK"
  table_class                 = "STANDARD_INFREQUENT_ACCESS"
  deletion_protection_enabled = true
  stream_enabled              = true
  stream_view_type            = "NEW_AND_OLD_IMAGES"

  attribute {
    name = "PK"
    type = "S"
  }
  attribute {
    name = "SK"
    type = "S"
  }
  attribute {
    name = "account"
    type = "S"
  }
  attribute {
    name = "region"
    type = "S"
  }
  attribute {
    name = "day"
    type = "S"
  }
  attribute {
    name = "seq"
    type = "N"
  }
  attribute {
    name = "amount"
    type = "N"
  }

  global_secondary_index {
    name               = "ByAccount"
    projection_type    = "INCLUDE"
    non_key_attributes = ["memo", "amount"]
    read_capacity      = 2
    write_capacity     = 10
    key_schema {
      attribute_name = "account"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "region"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "day"
      key_type       = "RANGE"
    }
    key_schema {
      attribute_name = "seq"
      key_type       = "RANGE"
    }
  }

  local_secondary_index {
    name               = "ByAmount"
    range_key          = "amount"
    projection_type    = "INCLUDE"
    non_key_attributes = ["memo", "day"]
  }

  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }

  point_in_time_recovery {
    enabled = true
  }

  server_side_encryption {
    enabled     = true
    kms_key_arn = "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"
  }

  tags = {
    team = "ledger"
  }
}
