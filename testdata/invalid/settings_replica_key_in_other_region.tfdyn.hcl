# want: TD002 6:19
table "app" {
  partition_key = "PK"
  stream        = "NEW_AND_OLD_IMAGES"
  replica "us-west-2" {
    kms_key_arn = "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"
  }
}
