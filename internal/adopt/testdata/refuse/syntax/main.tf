resource "aws_dynamodb_table" "orders" {
  name = "orders
}
