# A single-table design: generic PK/SK keys on the table and one overloaded
# GSI (GSI1PK/GSI1SK) for the inverted access patterns. On demand billing,
# point-in-time recovery and deletion protection on (the module's defaults).
module "table" {
  source = "../.."

  name          = "shop"
  partition_key = { name = "PK", type = "S" }
  sort_key      = { name = "SK", type = "S" }

  global_secondary_indexes = [
    {
      name          = "GSI1"
      partition_key = [{ name = "GSI1PK", type = "S" }]
      sort_key      = [{ name = "GSI1SK", type = "S" }]
    },
  ]

  tags = { team = "shop" }
}

output "table_name" {
  description = "Name of the table."
  value       = module.table.table_name
}

output "table_arn" {
  description = "ARN of the table."
  value       = module.table.table_arn
}

output "global_secondary_index_names" {
  description = "Names of the table's GSIs."
  value       = module.table.global_secondary_index_names
}
