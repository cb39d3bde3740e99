# PROVISIONED billing: capacity on the table and on every GSI (each GSI has
# its own throughput), the infrequent-access table class and encryption with
# the AWS managed key.
module "table" {
  source = "../.."

  name           = "audit-log"
  billing_mode   = "PROVISIONED"
  read_capacity  = 5
  write_capacity = 10

  partition_key = { name = "PK", type = "S" }
  sort_key      = { name = "SK", type = "N" }

  global_secondary_indexes = [
    {
      name           = "ByActor"
      partition_key  = [{ name = "actorId", type = "S" }]
      sort_key       = [{ name = "SK", type = "N" }]
      read_capacity  = 2
      write_capacity = 10
    },
    {
      name               = "ByResource"
      partition_key      = [{ name = "resourceType", type = "S" }, { name = "resourceId", type = "S" }]
      projection_type    = "INCLUDE"
      non_key_attributes = ["action"]
      read_capacity      = 1
      write_capacity     = 5
    },
  ]

  table_class            = "STANDARD_INFREQUENT_ACCESS"
  server_side_encryption = { enabled = true }

  tags = { team = "security" }
}

output "table_arn" {
  description = "ARN of the table."
  value       = module.table.table_arn
}

output "hash_key" {
  description = "Partition key of the table."
  value       = module.table.hash_key
}

output "range_key" {
  description = "Sort key of the table."
  value       = module.table.range_key
}
