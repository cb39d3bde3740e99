# want: TD002 5:3
table "app" {
  partition_key  = "PK"
  stream         = "NEW_AND_OLD_IMAGES"
  witness_region = "us-east-2"
  replica "us-west-2" {}
}
