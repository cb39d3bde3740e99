# Acknowledgements used by edited.json.
acknowledge "DP102" {
  address = "aws_dynamodb_table.requested"
  reason  = "replaced on purpose to reset a test table"
}

acknowledge "DP101" {
  address = "aws_dynamodb_table.legacy*"
  reason  = "the deposed copy of the last replacement"
}

acknowledge "DP205" {
  reason = "matches nothing: listed as unused"
}
