table "ledger" {
  name                = "ledger-prod"
  billing_mode        = "PROVISIONED"
  read_capacity       = 5
  write_capacity      = 10
  partition_key       = "PK"
  sort_key            = "SK"
  ttl                 = "expiresAt"
  deletion_protection = true
  table_class         = "STANDARD_INFREQUENT_ACCESS"

  server_side_encryption {
    kms_key_arn = "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"
  }

  global_secondary_index "GSI1" {
    partition_key  = "GSI1PK"
    sort_key       = "GSI1SK"
    read_capacity  = 2
    write_capacity = 3
  }
}

entity "Entry" {
  attributes = {
    account   = string
    seq       = number
    expiresAt = number
  }
  key {
    PK = "ACCOUNT#${account}"
    SK = format("ENTRY#%012d", seq)
  }
  index "GSI1" {
    GSI1PK = "ENTRIES"
    GSI1SK = seq
  }
}
