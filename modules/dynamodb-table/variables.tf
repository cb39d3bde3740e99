# Inputs of the dynamodb-table module.
#
# Rules that involve a single variable are validation blocks here. Rules that
# relate several variables (capacity per billing mode, one type per attribute
# across all keys, unique names across GSIs and LSIs, ...) are preconditions
# on the table in main.tf, because variable validation blocks may reference
# other variables only from Terraform 1.9 on.

variable "name" {
  description = "Name of the DynamoDB table (3-255 characters: a-z, A-Z, 0-9, '_', '-', '.'). Changing it replaces the table."
  type        = string
  nullable    = false

  validation {
    condition     = can(regex("^[a-zA-Z0-9_.-]{3,255}$", var.name))
    error_message = "The table name must be 3 to 255 characters from a-z, A-Z, 0-9, '_', '-' and '.'."
  }
}

variable "billing_mode" {
  description = "Billing mode: PAY_PER_REQUEST (on demand) or PROVISIONED. PROVISIONED requires read_capacity and write_capacity on the table and on every GSI."
  type        = string
  default     = "PAY_PER_REQUEST"
  nullable    = false

  validation {
    condition     = contains(["PAY_PER_REQUEST", "PROVISIONED"], var.billing_mode)
    error_message = "The billing_mode must be PAY_PER_REQUEST or PROVISIONED."
  }
}

variable "read_capacity" {
  description = "Provisioned read capacity units of the table. Required when billing_mode is PROVISIONED, must be null otherwise."
  type        = number
  default     = null

  validation {
    condition     = var.read_capacity == null ? true : var.read_capacity >= 1 && floor(var.read_capacity) == var.read_capacity
    error_message = "The read_capacity must be null or a whole number of at least 1."
  }
}

variable "write_capacity" {
  description = "Provisioned write capacity units of the table. Required when billing_mode is PROVISIONED, must be null otherwise."
  type        = number
  default     = null

  validation {
    condition     = var.write_capacity == null ? true : var.write_capacity >= 1 && floor(var.write_capacity) == var.write_capacity
    error_message = "The write_capacity must be null or a whole number of at least 1."
  }
}

variable "partition_key" {
  description = "Partition (hash) key of the table: attribute name and type (S, N or B). Changing it replaces the table."
  type = object({
    name = string
    type = string
  })
  nullable = false

  validation {
    condition     = length(var.partition_key.name) >= 1 && length(var.partition_key.name) <= 255
    error_message = "The partition_key name must be 1 to 255 characters."
  }

  validation {
    condition     = contains(["S", "N", "B"], var.partition_key.type)
    error_message = "The partition_key type must be S (string), N (number) or B (binary)."
  }
}

variable "sort_key" {
  description = "Sort (range) key of the table: attribute name and type (S, N or B); null for a table without sort key. Changing it replaces the table."
  type = object({
    name = string
    type = string
  })
  default = null

  validation {
    condition     = var.sort_key == null ? true : length(var.sort_key.name) >= 1 && length(var.sort_key.name) <= 255
    error_message = "The sort_key name must be 1 to 255 characters."
  }

  validation {
    condition     = var.sort_key == null ? true : contains(["S", "N", "B"], var.sort_key.type)
    error_message = "The sort_key type must be S (string), N (number) or B (binary)."
  }
}

variable "global_secondary_indexes" {
  description = <<-EOT
    Global secondary indexes, at most 20. Each has a unique name, a partition_key of 1 to 4
    attributes and a sort_key of 0 to 4 attributes (a multi-attribute key when more than one;
    the order of the list is the order of the key), each attribute {name, type} with type S, N
    or B. projection_type is ALL (default), KEYS_ONLY or INCLUDE; non_key_attributes lists the
    projected attributes and is required with INCLUDE only. read_capacity and write_capacity are
    required when billing_mode is PROVISIONED and must be null otherwise.
  EOT
  type = list(object({
    name = string
    partition_key = list(object({
      name = string
      type = string
    }))
    sort_key = optional(list(object({
      name = string
      type = string
    })), [])
    projection_type    = optional(string, "ALL")
    non_key_attributes = optional(list(string), [])
    read_capacity      = optional(number)
    write_capacity     = optional(number)
    # Caps of an on-demand table's index (request units per second; -1, the
    # default of a side, is none, as DynamoDB reads it back) and its warm
    # throughput (units per second); null leaves DynamoDB's.
    on_demand_throughput = optional(object({
      max_read_request_units  = optional(number, -1)
      max_write_request_units = optional(number, -1)
    }))
    warm_throughput = optional(object({
      read_units_per_second  = optional(number)
      write_units_per_second = optional(number)
    }))
  }))
  default  = []
  nullable = false

  validation {
    condition     = length(var.global_secondary_indexes) <= 20
    error_message = "At most 20 global secondary indexes are allowed per table (got ${length(var.global_secondary_indexes)})."
  }

  validation {
    condition     = length(distinct(var.global_secondary_indexes[*].name)) == length(var.global_secondary_indexes)
    error_message = "Global secondary index names must be unique; repeated: ${join(", ", [for n in distinct(var.global_secondary_indexes[*].name) : n if length([for m in var.global_secondary_indexes[*].name : m if m == n]) > 1])}."
  }

  validation {
    condition     = alltrue([for g in var.global_secondary_indexes : can(regex("^[a-zA-Z0-9_.-]{3,255}$", g.name))])
    error_message = "Global secondary index names must be 3 to 255 characters from a-z, A-Z, 0-9, '_', '-' and '.'."
  }

  validation {
    condition     = alltrue([for g in var.global_secondary_indexes : length(g.partition_key) >= 1 && length(g.partition_key) <= 4])
    error_message = "A global secondary index partition_key takes 1 to 4 attributes; offending: ${join(", ", [for g in var.global_secondary_indexes : "${g.name} (${length(g.partition_key)})" if length(g.partition_key) < 1 || length(g.partition_key) > 4])}."
  }

  validation {
    condition     = alltrue([for g in var.global_secondary_indexes : length(g.sort_key) <= 4])
    error_message = "A global secondary index sort_key takes at most 4 attributes; offending: ${join(", ", [for g in var.global_secondary_indexes : "${g.name} (${length(g.sort_key)})" if length(g.sort_key) > 4])}."
  }

  validation {
    condition     = alltrue(flatten([for g in var.global_secondary_indexes : [for a in concat(g.partition_key, g.sort_key) : contains(["S", "N", "B"], a.type) && length(a.name) >= 1 && length(a.name) <= 255]]))
    error_message = "Global secondary index key attributes need a name of 1 to 255 characters and type S, N or B; offending: ${join(", ", flatten([for g in var.global_secondary_indexes : [for a in concat(g.partition_key, g.sort_key) : "${g.name}.${a.name} (${a.type})" if !(contains(["S", "N", "B"], a.type) && length(a.name) >= 1 && length(a.name) <= 255)]]))}."
  }

  validation {
    condition     = alltrue([for g in var.global_secondary_indexes : length(distinct(concat(g.partition_key, g.sort_key)[*].name)) == length(concat(g.partition_key, g.sort_key))])
    error_message = "An attribute can appear only once in the key of a global secondary index; offending: ${join(", ", [for g in var.global_secondary_indexes : g.name if length(distinct(concat(g.partition_key, g.sort_key)[*].name)) != length(concat(g.partition_key, g.sort_key))])}."
  }

  validation {
    condition     = alltrue([for g in var.global_secondary_indexes : contains(["ALL", "KEYS_ONLY", "INCLUDE"], g.projection_type)])
    error_message = "A global secondary index projection_type must be ALL, KEYS_ONLY or INCLUDE; offending: ${join(", ", [for g in var.global_secondary_indexes : "${g.name} (${g.projection_type})" if !contains(["ALL", "KEYS_ONLY", "INCLUDE"], g.projection_type)])}."
  }

  validation {
    condition     = alltrue([for g in var.global_secondary_indexes : length(g.non_key_attributes) > 0 == (g.projection_type == "INCLUDE")])
    error_message = "A global secondary index needs non_key_attributes when projection_type is INCLUDE, and takes none otherwise; offending: ${join(", ", [for g in var.global_secondary_indexes : g.name if length(g.non_key_attributes) > 0 != (g.projection_type == "INCLUDE")])}."
  }

  validation {
    condition     = alltrue(flatten([for g in var.global_secondary_indexes : [for c in [g.read_capacity, g.write_capacity] : c == null ? true : c >= 1 && floor(c) == c]]))
    error_message = "A global secondary index read_capacity and write_capacity must be null or whole numbers of at least 1; offending: ${join(", ", [for g in var.global_secondary_indexes : g.name if !alltrue([for c in [g.read_capacity, g.write_capacity] : c == null ? true : c >= 1 && floor(c) == c])])}."
  }

  validation {
    condition     = alltrue([for n, ts in { for a in flatten([for g in var.global_secondary_indexes : concat(g.partition_key, g.sort_key)]) : a.name => a.type... } : length(distinct(ts)) == 1])
    error_message = "An attribute used in several global secondary index keys must have one type everywhere; conflicting: ${join(", ", [for n, ts in { for a in flatten([for g in var.global_secondary_indexes : concat(g.partition_key, g.sort_key)]) : a.name => a.type... } : "${n} (${join("/", distinct(ts))})" if length(distinct(ts)) > 1])}."
  }
}

variable "local_secondary_indexes" {
  description = <<-EOT
    Local secondary indexes, at most 5; they need a table sort_key and can only be created with
    the table (changing them replaces the table). Each has a unique name, a sort_key {name, type}
    (type S, N or B), a projection_type ALL (default), KEYS_ONLY or INCLUDE, and
    non_key_attributes, required with INCLUDE only.
  EOT
  type = list(object({
    name = string
    sort_key = object({
      name = string
      type = string
    })
    projection_type    = optional(string, "ALL")
    non_key_attributes = optional(list(string), [])
  }))
  default  = []
  nullable = false

  validation {
    condition     = length(var.local_secondary_indexes) <= 5
    error_message = "At most 5 local secondary indexes are allowed per table (got ${length(var.local_secondary_indexes)})."
  }

  validation {
    condition     = length(distinct(var.local_secondary_indexes[*].name)) == length(var.local_secondary_indexes)
    error_message = "Local secondary index names must be unique; repeated: ${join(", ", [for n in distinct(var.local_secondary_indexes[*].name) : n if length([for m in var.local_secondary_indexes[*].name : m if m == n]) > 1])}."
  }

  validation {
    condition     = alltrue([for l in var.local_secondary_indexes : can(regex("^[a-zA-Z0-9_.-]{3,255}$", l.name))])
    error_message = "Local secondary index names must be 3 to 255 characters from a-z, A-Z, 0-9, '_', '-' and '.'."
  }

  validation {
    condition     = alltrue([for l in var.local_secondary_indexes : contains(["S", "N", "B"], l.sort_key.type) && length(l.sort_key.name) >= 1 && length(l.sort_key.name) <= 255])
    error_message = "A local secondary index sort_key needs a name of 1 to 255 characters and type S, N or B; offending: ${join(", ", [for l in var.local_secondary_indexes : "${l.name}.${l.sort_key.name} (${l.sort_key.type})" if !(contains(["S", "N", "B"], l.sort_key.type) && length(l.sort_key.name) >= 1 && length(l.sort_key.name) <= 255)])}."
  }

  validation {
    condition     = alltrue([for l in var.local_secondary_indexes : contains(["ALL", "KEYS_ONLY", "INCLUDE"], l.projection_type)])
    error_message = "A local secondary index projection_type must be ALL, KEYS_ONLY or INCLUDE; offending: ${join(", ", [for l in var.local_secondary_indexes : "${l.name} (${l.projection_type})" if !contains(["ALL", "KEYS_ONLY", "INCLUDE"], l.projection_type)])}."
  }

  validation {
    condition     = alltrue([for l in var.local_secondary_indexes : length(l.non_key_attributes) > 0 == (l.projection_type == "INCLUDE")])
    error_message = "A local secondary index needs non_key_attributes when projection_type is INCLUDE, and takes none otherwise; offending: ${join(", ", [for l in var.local_secondary_indexes : l.name if length(l.non_key_attributes) > 0 != (l.projection_type == "INCLUDE")])}."
  }
}

variable "stream_view_type" {
  description = "DynamoDB Streams view type: NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES or KEYS_ONLY; null turns the stream off."
  type        = string
  default     = null

  validation {
    condition     = var.stream_view_type == null ? true : contains(["NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY"], var.stream_view_type)
    error_message = "The stream_view_type must be null (stream off), NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES or KEYS_ONLY."
  }
}

variable "ttl_attribute" {
  description = "Name of the Number attribute holding the expiry time (epoch seconds) for Time to Live; null turns TTL off. To turn TTL off on a table where it is on, keep the name and set ttl_enabled = false first: DynamoDB needs the name to disable TTL."
  type        = string
  default     = null

  validation {
    condition     = var.ttl_attribute == null ? true : length(var.ttl_attribute) >= 1 && length(var.ttl_attribute) <= 255
    error_message = "The ttl_attribute must be null (TTL off) or an attribute name of 1 to 255 characters."
  }
}

variable "ttl_enabled" {
  description = "Whether TTL on ttl_attribute is enabled. Set it to false (keeping ttl_attribute) to turn TTL off on an existing table; ignored when ttl_attribute is null."
  type        = bool
  default     = true
  nullable    = false
}

variable "point_in_time_recovery" {
  description = "Whether point-in-time recovery (continuous backups) is enabled. Always written explicitly, so turning it off is a planned change."
  type        = bool
  default     = true
  nullable    = false
}

variable "deletion_protection" {
  description = "Whether deletion protection is enabled (the table cannot be deleted while it is on). Always written explicitly."
  type        = bool
  default     = true
  nullable    = false
}

variable "table_class" {
  description = "Table class: STANDARD or STANDARD_INFREQUENT_ACCESS."
  type        = string
  default     = "STANDARD"
  nullable    = false

  validation {
    condition     = contains(["STANDARD", "STANDARD_INFREQUENT_ACCESS"], var.table_class)
    error_message = "The table_class must be STANDARD or STANDARD_INFREQUENT_ACCESS."
  }
}

variable "server_side_encryption" {
  description = "Encryption at rest. enabled = false (default) uses an AWS owned key; enabled = true uses the AWS managed key aws/dynamodb, or the customer managed KMS key kms_key_arn when set."
  type = object({
    enabled     = bool
    kms_key_arn = optional(string)
  })
  default  = { enabled = false }
  nullable = false

  validation {
    condition     = var.server_side_encryption.kms_key_arn == null ? true : var.server_side_encryption.enabled
    error_message = "The server_side_encryption kms_key_arn can be set only when enabled is true."
  }

  validation {
    condition     = var.server_side_encryption.kms_key_arn == null ? true : can(regex("^arn:aws[a-z-]*:kms:", var.server_side_encryption.kms_key_arn))
    error_message = "The server_side_encryption kms_key_arn must be a KMS key ARN (arn:<partition>:kms:...)."
  }
}

variable "tags" {
  description = "Tags of the table (merged with the provider's default_tags)."
  type        = map(string)
  default     = {}
  nullable    = false

  validation {
    condition     = alltrue([for k, v in var.tags : length(k) >= 1 && length(k) <= 128 && length(v) <= 256 && !startswith(k, "aws:")])
    error_message = "Tag keys must be 1 to 128 characters and must not start with \"aws:\"; tag values at most 256 characters."
  }
}

variable "point_in_time_recovery_period" {
  description = "Days of continuous backups point-in-time recovery keeps (1-35); null keeps DynamoDB's 35. Applies only while point_in_time_recovery is true."
  type        = number
  default     = null

  validation {
    condition     = var.point_in_time_recovery_period == null ? true : var.point_in_time_recovery_period >= 1 && var.point_in_time_recovery_period <= 35 && floor(var.point_in_time_recovery_period) == var.point_in_time_recovery_period
    error_message = "The point_in_time_recovery_period must be null or a whole number of days from 1 to 35."
  }
}

variable "on_demand_throughput" {
  description = "Caps of an on-demand table: the most read and write request units per second it serves (null: uncapped; -1, the default of a side: that side uncapped). Only with billing_mode PAY_PER_REQUEST."
  type = object({
    max_read_request_units  = optional(number, -1)
    max_write_request_units = optional(number, -1)
  })
  default = null
}

variable "warm_throughput" {
  description = "Warm throughput of the table: read (at least 12000) and write (at least 4000) units per second it serves at once; null keeps DynamoDB's. It can be raised, not lowered (lowering replaces the table)."
  type = object({
    read_units_per_second  = optional(number)
    write_units_per_second = optional(number)
  })
  default = null

  validation {
    condition     = var.warm_throughput == null ? true : (coalesce(var.warm_throughput.read_units_per_second, 12000) >= 12000 && coalesce(var.warm_throughput.write_units_per_second, 4000) >= 4000)
    error_message = "Warm throughput is at least 12000 read and 4000 write units per second."
  }
}

variable "replicas" {
  description = "Replicas of a global table (version 2019.11.21), one per region: region_name, and optionally kms_key_arn, point_in_time_recovery, propagate_tags and deletion_protection_enabled."
  type = list(object({
    region_name                 = string
    kms_key_arn                 = optional(string)
    point_in_time_recovery      = optional(bool, false)
    propagate_tags              = optional(bool, false)
    deletion_protection_enabled = optional(bool, false)
  }))
  default  = []
  nullable = false
}

variable "consistency_mode" {
  description = "Consistency of a global table: EVENTUAL (multi-Region eventual) or STRONG (multi-Region strong: three regions, the table's and two replicas, or one replica and witness_region). Changing it recreates the replicas."
  type        = string
  default     = "EVENTUAL"
  nullable    = false

  validation {
    condition     = contains(["EVENTUAL", "STRONG"], var.consistency_mode)
    error_message = "The consistency_mode must be EVENTUAL or STRONG."
  }
}

variable "witness_region" {
  description = "Witness region of a strongly consistent global table with one replica; null for none."
  type        = string
  default     = null
}

variable "resource_policy" {
  description = "Resource-based policy of the table (a JSON document, at most 20 KB); null for none."
  type        = string
  default     = null
}
