# A table that sets every setting of hclschema.TableSpec with a value other
# than the default, so that changing any one of them shows in the output of
# every consumer that reads it (tablespectest.Mutations).

table "full" {
  name                   = "full-prod"
  billing_mode           = "PROVISIONED"
  read_capacity          = 5
  write_capacity         = 10
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = true
  table_class            = "STANDARD_INFREQUENT_ACCESS"
  tags = {
    team = "ledger"
  }

  server_side_encryption {
    kms_key_arn = "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"
  }

  global_secondary_index "ByAccount" {
    partition_key = ["account", "region"]
    sort_key      = ["day", "seq"]
    projection    = "INCLUDE"
    include       = ["amount", "memo"]
    read_capacity = 2
  }

  local_secondary_index "ByAmount" {
    sort_key   = "amount"
    projection = "INCLUDE"
    include    = ["memo", "day"]
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
