# want: TD002 5:22
table "app" {
  partition_key    = "PK"
  stream           = "NEW_AND_OLD_IMAGES"
  consistency_mode = "STRONG"
  replica "us-west-2" {}
}
