# want: TD002 4:11
table "app" {
  partition_key = "PK"
  replica "us_west_2" {}
}
