# The full tables of internal/tablespectest (every setting of the table
# spec set) as a user writes them by hand: import --from-tf must read all
# of it (TestImportReadsEveryTableSetting).
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
    warm_throughput {
      read_units_per_second  = 13000
      write_units_per_second = 4500
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
    enabled                 = true
    recovery_period_in_days = 7
  }

  warm_throughput {
    read_units_per_second  = 15000
    write_units_per_second = 5000
  }

  server_side_encryption {
    enabled     = true
    kms_key_arn = "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"
  }

  tags = {
    team = "ledger"
  }
}

resource "aws_dynamodb_resource_policy" "full" {
  resource_arn = aws_dynamodb_table.full.arn
  policy       = <<-EOT
    {
      "Version": "2012-10-17",
      "Statement": [
        {
          "Sid": "ReadOnlyForAuditors",
          "Effect": "Allow",
          "Principal": {"AWS": "arn:aws:iam::111122223333:role/auditor"},
          "Action": ["dynamodb:GetItem", "dynamodb:Query"],
          "Resource": "*"
        }
      ]
    }
  EOT
}

# The global table, with its GSI as a standalone resource.
resource "aws_dynamodb_table" "global" {
  name             = "global-prod"
  billing_mode     = "PAY_PER_REQUEST"
  hash_key         = "PK"
  range_key        = "SK"
  table_class      = "STANDARD"
  stream_enabled   = true
  stream_view_type = "NEW_AND_OLD_IMAGES"

  attribute {
    name = "PK"
    type = "S"
  }
  attribute {
    name = "SK"
    type = "S"
  }

  on_demand_throughput {
    max_read_request_units  = 2000
    max_write_request_units = 1000
  }

  replica {
    region_name                 = "us-west-2"
    kms_key_arn                 = "arn:aws:kms:us-west-2:111122223333:key/5678abcd-12ab-34cd-56ef-1234567890ab"
    point_in_time_recovery      = true
    propagate_tags              = true
    deletion_protection_enabled = true
    consistency_mode            = "STRONG"
  }

  global_table_witness {
    region_name = "us-east-2"
  }
}

resource "aws_dynamodb_global_secondary_index" "by_status" {
  table_name = aws_dynamodb_table.global.name
  index_name = "ByStatus"

  projection {
    projection_type = "ALL"
  }

  on_demand_throughput {
    max_read_request_units  = 500
    max_write_request_units = 250
  }

  key_schema {
    attribute_name = "status"
    attribute_type = "S"
    key_type       = "HASH"
  }
  key_schema {
    attribute_name = "at"
    attribute_type = "N"
    key_type       = "RANGE"
  }
}
