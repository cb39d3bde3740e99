# want: TD002 5:22
table "app" {
  partition_key    = "PK"
  stream           = "NEW_AND_OLD_IMAGES"
  consistency_mode = "STRONG"
  witness_region   = "eu-west-1"
  replica "us-west-2" {}
}
