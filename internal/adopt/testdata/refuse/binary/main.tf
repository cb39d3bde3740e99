resource "aws_dynamodb_table" "blobs" {
  name         = "blobs"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "digest"

  attribute {
    name = "digest"
    type = "B"
  }
}
