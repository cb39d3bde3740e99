table "dp101" {
  name                   = "pc-dp101"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp101" {
  table = table.dp101
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp101" {
  entity = entity.Order_dp101
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp101" {
  entity = entity.Order_dp101
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp102" {
  name                   = "pc-dp102"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp102" {
  table = table.dp102
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp102" {
  entity = entity.Order_dp102
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp102" {
  entity = entity.Order_dp102
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp103" {
  name                   = "pc-dp103"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp103" {
  table = table.dp103
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp103" {
  entity = entity.Order_dp103
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp103" {
  entity = entity.Order_dp103
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp201" {
  name                   = "pc-dp201"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp201" {
  table = table.dp201
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp201" {
  entity = entity.Order_dp201
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp201" {
  entity = entity.Order_dp201
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp202" {
  name                   = "pc-dp202"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp202" {
  table = table.dp202
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp202" {
  entity = entity.Order_dp202
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp202" {
  entity = entity.Order_dp202
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp203" {
  name                   = "pc-dp203"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp203" {
  table = table.dp203
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp203" {
  entity = entity.Order_dp203
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp203" {
  entity = entity.Order_dp203
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp204" {
  name                   = "pc-dp204"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp204" {
  table = table.dp204
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp204" {
  entity = entity.Order_dp204
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp204" {
  entity = entity.Order_dp204
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp205" {
  name                   = "pc-dp205"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp205" {
  table = table.dp205
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp205" {
  entity = entity.Order_dp205
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp205" {
  entity = entity.Order_dp205
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp301" {
  name                   = "pc-dp301"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp301" {
  table = table.dp301
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp301" {
  entity = entity.Order_dp301
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp301" {
  entity = entity.Order_dp301
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp401" {
  name                   = "pc-dp401"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = true

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp401" {
  table = table.dp401
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp401" {
  entity = entity.Order_dp401
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp401" {
  entity = entity.Order_dp401
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp402" {
  name                   = "pc-dp402"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp402" {
  table = table.dp402
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp402" {
  entity = entity.Order_dp402
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp402" {
  entity = entity.Order_dp402
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp403" {
  name                   = "pc-dp403"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  server_side_encryption {}
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp403" {
  table = table.dp403
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp403" {
  entity = entity.Order_dp403
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp403" {
  entity = entity.Order_dp403
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "dp404" {
  name                   = "pc-dp404"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_dp404" {
  table = table.dp404
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
  }
}

access_pattern "order_by_id_dp404" {
  entity = entity.Order_dp404
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_dp404" {
  entity = entity.Order_dp404
  key {
    PK = "CUSTOMER#${customer}"
  }
}

