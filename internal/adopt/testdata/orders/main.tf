variable "orders_table_name" {
  type    = string
  default = "adopt-orders"
}

variable "environment" {
  type    = string
  default = "test"
}

resource "aws_dynamodb_table" "orders" {
  name             = var.orders_table_name
  billing_mode     = "PAY_PER_REQUEST"
  hash_key         = "PK"
  range_key        = "SK"
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
  attribute {
    name = "GSI1PK"
    type = "S"
  }
  attribute {
    name = "GSI1SK"
    type = "S"
  }
  attribute {
    name = "tenantId"
    type = "S"
  }
  attribute {
    name = "region"
    type = "S"
  }
  attribute {
    name = "createdAt"
    type = "N"
  }
  attribute {
    name = "status"
    type = "S"
  }
  attribute {
    name = "orderDate"
    type = "S"
  }

  global_secondary_index {
    name            = "GSI1"
    projection_type = "ALL"
    key_schema {
      attribute_name = "GSI1PK"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "GSI1SK"
      key_type       = "RANGE"
    }
  }

  global_secondary_index {
    name               = "TenantRegion"
    projection_type    = "INCLUDE"
    non_key_attributes = ["total"]
    key_schema {
      attribute_name = "tenantId"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "region"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "createdAt"
      key_type       = "RANGE"
    }
    key_schema {
      attribute_name = "status"
      key_type       = "RANGE"
    }
  }

  local_secondary_index {
    name            = "ByDate"
    range_key       = "orderDate"
    projection_type = "KEYS_ONLY"
  }

  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }

  point_in_time_recovery {
    enabled = true
  }

  tags = {
    team        = "orders"
    environment = var.environment
  }
}

resource "terraform_data" "unrelated" {
  input = "not a table"
}
