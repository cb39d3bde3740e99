# Multi-attribute GSI keys: SellerOrders is keyed by (sellerId, region) and
# sorted by (orderDate, category, orderId) on the items' own attributes, with
# no synthetic GSI1PK/GSI1SK strings to maintain. Also: an LSI, a stream, TTL,
# point-in-time recovery, deletion protection and tags.
module "table" {
  source = "../.."

  name          = "orders"
  billing_mode  = "PAY_PER_REQUEST"
  partition_key = { name = "PK", type = "S" }
  sort_key      = { name = "SK", type = "S" }

  global_secondary_indexes = [
    {
      name = "SellerOrders"
      partition_key = [
        { name = "sellerId", type = "S" },
        { name = "region", type = "S" },
      ]
      sort_key = [
        { name = "orderDate", type = "S" },
        { name = "category", type = "S" },
        { name = "orderId", type = "S" },
      ]
      projection_type    = "INCLUDE"
      non_key_attributes = ["total", "status"]
    },
    {
      name            = "ByOrderId"
      partition_key   = [{ name = "orderId", type = "S" }]
      projection_type = "KEYS_ONLY"
    },
  ]

  local_secondary_indexes = [
    {
      name            = "ByTotal"
      sort_key        = { name = "total", type = "N" }
      projection_type = "KEYS_ONLY"
    },
  ]

  stream_view_type       = "NEW_AND_OLD_IMAGES"
  ttl_attribute          = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = true

  tags = {
    team        = "orders"
    environment = "example"
  }
}

output "table_arn" {
  description = "ARN of the table."
  value       = module.table.table_arn
}

output "stream_arn" {
  description = "ARN of the table's stream (NEW_AND_OLD_IMAGES)."
  value       = module.table.stream_arn
}

output "global_secondary_index_names" {
  description = "Names of the table's GSIs."
  value       = module.table.global_secondary_index_names
}

output "local_secondary_index_names" {
  description = "Names of the table's LSIs."
  value       = module.table.local_secondary_index_names
}
