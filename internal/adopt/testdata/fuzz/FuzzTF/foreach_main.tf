go test fuzz v1
[]byte("resource \"aws_dynamodb_table\" \"tables\" {\n  for_each     = toset([\"a\", \"b\"])\n  name         = each.key\n  billing_mode = \"PAY_PER_REQUEST\"\n  hash_key     = \"PK\"\n\n  attribute {\n    name = \"PK\"\n    type = \"S\"\n  }\n}\n")
