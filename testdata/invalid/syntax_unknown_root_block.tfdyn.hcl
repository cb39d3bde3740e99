# want: TD001 2:1
tabel "app" {
  partition_key = "PK"
}
