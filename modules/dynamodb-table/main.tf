locals {
  provisioned = var.billing_mode == "PROVISIONED"

  # Every key attribute of the table, its GSIs and LSIs, in declaration order:
  # table partition key, table sort key, each GSI's partition then sort
  # attributes, each LSI's sort key.
  key_attribute_uses = concat(
    [var.partition_key],
    var.sort_key == null ? [] : [var.sort_key],
    flatten([for g in var.global_secondary_indexes : concat(g.partition_key, g.sort_key)]),
    [for l in var.local_secondary_indexes : l.sort_key],
  )
  key_attribute_types = { for a in local.key_attribute_uses : a.name => a.type... }

  # The attribute definitions: exactly the key attributes, each once, in first
  # use order. DynamoDB rejects definitions no key uses, and the provider would
  # show them as a perpetual diff.
  attributes = [
    for n in distinct(local.key_attribute_uses[*].name) : {
      name = n
      type = local.key_attribute_types[n][0]
    }
  ]

  conflicting_attribute_types = [
    for n in distinct(local.key_attribute_uses[*].name) : "${n} (${join("/", distinct(local.key_attribute_types[n]))})"
    if length(distinct(local.key_attribute_types[n])) > 1
  ]

  index_names          = concat(var.global_secondary_indexes[*].name, var.local_secondary_indexes[*].name)
  repeated_index_names = [for n in distinct(local.index_names) : n if length([for m in local.index_names : m if m == n]) > 1]

  gsis_without_capacity = [for g in var.global_secondary_indexes : g.name if g.read_capacity == null || g.write_capacity == null]
  gsis_with_capacity    = [for g in var.global_secondary_indexes : g.name if g.read_capacity != null || g.write_capacity != null]
  gsis_with_on_demand   = [for g in var.global_secondary_indexes : g.name if g.on_demand_throughput != null]

  non_key_attribute_count = length(flatten(concat(
    var.global_secondary_indexes[*].non_key_attributes,
    var.local_secondary_indexes[*].non_key_attributes,
  )))

  ttl_enabled = var.ttl_attribute != null && var.ttl_enabled
}

resource "aws_dynamodb_table" "this" {
  name         = var.name
  billing_mode = var.billing_mode

  read_capacity  = local.provisioned ? var.read_capacity : null
  write_capacity = local.provisioned ? var.write_capacity : null

  hash_key  = var.partition_key.name
  range_key = var.sort_key == null ? null : var.sort_key.name

  dynamic "attribute" {
    for_each = local.attributes
    content {
      name = attribute.value.name
      type = attribute.value.type
    }
  }

  dynamic "global_secondary_index" {
    for_each = var.global_secondary_indexes
    iterator = gsi
    content {
      name               = gsi.value.name
      projection_type    = gsi.value.projection_type
      non_key_attributes = gsi.value.projection_type == "INCLUDE" ? gsi.value.non_key_attributes : null
      read_capacity      = local.provisioned ? gsi.value.read_capacity : null
      write_capacity     = local.provisioned ? gsi.value.write_capacity : null

      dynamic "on_demand_throughput" {
        for_each = gsi.value.on_demand_throughput == null ? [] : [gsi.value.on_demand_throughput]
        content {
          max_read_request_units  = on_demand_throughput.value.max_read_request_units
          max_write_request_units = on_demand_throughput.value.max_write_request_units
        }
      }

      dynamic "warm_throughput" {
        for_each = gsi.value.warm_throughput == null ? [] : [gsi.value.warm_throughput]
        content {
          read_units_per_second  = warm_throughput.value.read_units_per_second
          write_units_per_second = warm_throughput.value.write_units_per_second
        }
      }

      # key_schema replaces the deprecated hash_key/range_key of a GSI and is
      # the only way to write multi-attribute keys: HASH entries first, then
      # RANGE entries, each group in the order given.
      dynamic "key_schema" {
        for_each = concat(
          [for a in gsi.value.partition_key : { attribute_name = a.name, key_type = "HASH" }],
          [for a in gsi.value.sort_key : { attribute_name = a.name, key_type = "RANGE" }],
        )
        content {
          attribute_name = key_schema.value.attribute_name
          key_type       = key_schema.value.key_type
        }
      }
    }
  }

  dynamic "local_secondary_index" {
    for_each = var.local_secondary_indexes
    iterator = lsi
    content {
      name               = lsi.value.name
      range_key          = lsi.value.sort_key.name
      projection_type    = lsi.value.projection_type
      non_key_attributes = lsi.value.projection_type == "INCLUDE" ? lsi.value.non_key_attributes : null
    }
  }

  stream_enabled   = var.stream_view_type != null
  stream_view_type = var.stream_view_type

  # Written even when off: without the block, turning TTL off plans as a no-op
  # and leaves it on. DynamoDB needs the attribute name to disable TTL.
  ttl {
    enabled        = local.ttl_enabled
    attribute_name = var.ttl_attribute
  }

  # Written even when off, for the same reason as ttl.
  point_in_time_recovery {
    enabled = var.point_in_time_recovery
    # The provider sends the period only while recovery is on.
    recovery_period_in_days = var.point_in_time_recovery ? var.point_in_time_recovery_period : null
  }

  dynamic "on_demand_throughput" {
    for_each = var.on_demand_throughput == null ? [] : [var.on_demand_throughput]
    content {
      max_read_request_units  = on_demand_throughput.value.max_read_request_units
      max_write_request_units = on_demand_throughput.value.max_write_request_units
    }
  }

  dynamic "warm_throughput" {
    for_each = var.warm_throughput == null ? [] : [var.warm_throughput]
    content {
      read_units_per_second  = warm_throughput.value.read_units_per_second
      write_units_per_second = warm_throughput.value.write_units_per_second
    }
  }

  dynamic "replica" {
    for_each = var.replicas
    content {
      region_name                 = replica.value.region_name
      kms_key_arn                 = replica.value.kms_key_arn
      point_in_time_recovery      = replica.value.point_in_time_recovery
      propagate_tags              = replica.value.propagate_tags
      deletion_protection_enabled = replica.value.deletion_protection_enabled
      consistency_mode            = var.consistency_mode
    }
  }

  dynamic "global_table_witness" {
    for_each = var.witness_region == null ? [] : [var.witness_region]
    content {
      region_name = global_table_witness.value
    }
  }

  deletion_protection_enabled = var.deletion_protection

  server_side_encryption {
    enabled     = var.server_side_encryption.enabled
    kms_key_arn = var.server_side_encryption.kms_key_arn
  }

  table_class = var.table_class

  tags = var.tags

  lifecycle {
    precondition {
      condition     = local.provisioned ? var.read_capacity != null && var.write_capacity != null : true
      error_message = "With billing_mode PROVISIONED, read_capacity and write_capacity are required."
    }

    precondition {
      condition     = local.provisioned ? length(local.gsis_without_capacity) == 0 : true
      error_message = "With billing_mode PROVISIONED, every global secondary index needs read_capacity and write_capacity; missing on: ${join(", ", local.gsis_without_capacity)}."
    }

    precondition {
      condition     = local.provisioned ? true : var.read_capacity == null && var.write_capacity == null && length(local.gsis_with_capacity) == 0
      error_message = "With billing_mode PAY_PER_REQUEST, read_capacity and write_capacity must be null on the table and on every global secondary index${length(local.gsis_with_capacity) > 0 ? "; set on: ${join(", ", local.gsis_with_capacity)}" : ""}."
    }

    precondition {
      condition     = var.sort_key == null ? true : var.sort_key.name != var.partition_key.name
      error_message = "The partition_key and sort_key must be different attributes."
    }

    precondition {
      condition     = length(local.conflicting_attribute_types) == 0
      error_message = "An attribute used in several keys (table, global and local secondary indexes) must have one type everywhere; conflicting: ${join(", ", local.conflicting_attribute_types)}."
    }

    precondition {
      condition     = length(local.repeated_index_names) == 0
      error_message = "Index names must be unique across global and local secondary indexes; repeated: ${join(", ", local.repeated_index_names)}."
    }

    precondition {
      condition     = length(var.local_secondary_indexes) == 0 || var.sort_key != null
      error_message = "Local secondary indexes need a table sort_key."
    }

    precondition {
      condition     = var.on_demand_throughput == null && length(local.gsis_with_on_demand) == 0 ? true : !local.provisioned
      error_message = "on_demand_throughput caps on-demand tables only: set billing_mode PAY_PER_REQUEST, or remove it${length(local.gsis_with_on_demand) > 0 ? " (set on: ${join(", ", local.gsis_with_on_demand)})" : ""}."
    }

    precondition {
      condition     = var.witness_region == null ? true : var.consistency_mode == "STRONG" && length(var.replicas) == 1
      error_message = "A witness_region serves a STRONG global table with exactly one replica."
    }

    precondition {
      condition     = var.consistency_mode == "STRONG" ? (var.witness_region == null ? length(var.replicas) == 2 : length(var.replicas) == 1) : true
      error_message = "A STRONG global table spans three regions: the table's and two replicas, or one replica and witness_region."
    }

    precondition {
      condition     = local.non_key_attribute_count <= 100
      error_message = "At most 100 non_key_attributes are allowed in total across all secondary indexes (got ${local.non_key_attribute_count})."
    }
  }
}

# The table's resource-based policy, when var.resource_policy is set.
resource "aws_dynamodb_resource_policy" "this" {
  count = var.resource_policy == null ? 0 : 1

  resource_arn = aws_dynamodb_table.this.arn
  policy       = var.resource_policy
}
