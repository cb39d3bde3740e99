# Tables that set every setting of hclschema.TableSpec with a value other
# than the default, so that changing any one of them shows in the output of
# every consumer that reads it (tablespectest.Mutations). Two tables, as
# some settings exclude each other: "full" is provisioned (capacities,
# warm throughput, the recovery period, a resource policy), "global" is an
# on-demand global table (throughput caps, a replica and a witness with
# multi-Region strong consistency).

table "full" {
  name                          = "full-prod"
  billing_mode                  = "PROVISIONED"
  read_capacity                 = 5
  write_capacity                = 10
  partition_key                 = "PK"
  sort_key                      = "SK"
  stream                        = "NEW_AND_OLD_IMAGES"
  ttl                           = "expiresAt"
  point_in_time_recovery        = true
  point_in_time_recovery_period = 7
  deletion_protection           = true
  table_class                   = "STANDARD_INFREQUENT_ACCESS"
  tags = {
    team = "ledger"
  }
  resource_policy = <<-EOT
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

  server_side_encryption {
    kms_key_arn = "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"
  }

  warm_throughput {
    read_units_per_second  = 15000
    write_units_per_second = 5000
  }

  global_secondary_index "ByAccount" {
    partition_key = ["account", "region"]
    sort_key      = ["day", "seq"]
    projection    = "INCLUDE"
    include       = ["amount", "memo"]
    read_capacity = 2

    warm_throughput {
      read_units_per_second  = 13000
      write_units_per_second = 4500
    }
  }

  local_secondary_index "ByAmount" {
    sort_key   = "amount"
    projection = "INCLUDE"
    include    = ["memo", "day"]
  }
}

table "global" {
  name             = "global-prod"
  partition_key    = "PK"
  sort_key         = "SK"
  stream           = "NEW_AND_OLD_IMAGES"
  consistency_mode = "STRONG"
  witness_region   = "us-east-2"

  on_demand_throughput {
    max_read_request_units  = 2000
    max_write_request_units = 1000
  }

  replica "us-west-2" {
    kms_key_arn            = "arn:aws:kms:us-west-2:111122223333:key/5678abcd-12ab-34cd-56ef-1234567890ab"
    point_in_time_recovery = true
    propagate_tags         = true
    deletion_protection    = true
  }

  global_secondary_index "ByStatus" {
    partition_key = "status"
    sort_key      = "at"

    on_demand_throughput {
      max_read_request_units  = 500
      max_write_request_units = 250
    }
  }
}

entity "Entry" {
  table = table.full
  attributes = {
    account   = string
    region    = string
    day       = string
    seq       = number
    amount    = number
    memo      = string
    expiresAt = number
  }
  key {
    PK = "ACCOUNT#${account}"
    SK = format("ENTRY#%012d", seq)
  }
}

entity "Order" {
  table = table.global
  attributes = {
    id     = string
    status = string
    at     = number
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
  index "ByStatus" {}
}
