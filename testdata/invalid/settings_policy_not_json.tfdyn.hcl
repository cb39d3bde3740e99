# want: TD002 4:21
table "app" {
  partition_key   = "PK"
  resource_policy = "{ Version: 2012-10-17 }"
}
