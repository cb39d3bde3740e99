# want: TD002 3:19
table "app" {
  partition_key = var.pk
}
