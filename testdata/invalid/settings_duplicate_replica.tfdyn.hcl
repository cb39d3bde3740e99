# want: TD003 6:11
table "app" {
  partition_key = "PK"
  stream        = "NEW_AND_OLD_IMAGES"
  replica "us-west-2" {}
  replica "us-west-2" {}
}
