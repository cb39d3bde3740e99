# Adopted by tfdyn import from aws_dynamodb_table.orders (testdata/orders/main.tf:11).
# The table block is exact: emitted as Terraform it plans no change to the table.
# The entities are proposals: review their names, attributes and key templates.
table "adopt_orders" {
  name                   = "adopt-orders"
  billing_mode           = "PAY_PER_REQUEST"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false
  table_class            = "STANDARD"
  tags = {
    environment = "test"
    team        = "orders"
  }

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }

  global_secondary_index "TenantRegion" {
    partition_key = ["tenantId", "region"]
    sort_key      = ["createdAt", "status"]
    projection    = "INCLUDE"
    include       = ["total"]
  }

  local_secondary_index "ByDate" {
    sort_key   = "orderDate"
    projection = "KEYS_ONLY"
  }
}

# Proposal: no sampled item writes some key attributes of type N; this entity declares
# their types so that emit writes them as N. Replace it with your entities.
entity "KeyTypes" {
  table = table.adopt_orders
  attributes = {
    PK        = string
    SK        = string
    createdAt = number
  }
}
