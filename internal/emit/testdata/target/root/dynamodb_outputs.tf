# my own outputs
output "dynamodb_shop_table_arn" {
  value = "arn"
}
