# want: TD002 6:3
table "app" {
  partition_key    = "PK"
  stream           = "NEW_AND_OLD_IMAGES"
  consistency_mode = "STRONG"
  witness_region   = "us-east-2"
  replica "us-west-2" {}
  replica "us-east-1" {}
}
