# want: TD135 6:19
table "shop" {
  partition_key = "PK"
}
table "orders" {
  name          = "shop"
  partition_key = "PK"
}
