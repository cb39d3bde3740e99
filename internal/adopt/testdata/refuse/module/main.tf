module "orders" {
  source  = "terraform-aws-modules/dynamodb-table/aws"
  version = "~> 4.0"

  name                = "orders"
  hash_key            = "PK"
  autoscaling_enabled = true

  attributes = [
    { name = "PK", type = "S" },
  ]
}
