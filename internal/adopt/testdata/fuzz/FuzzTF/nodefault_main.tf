go test fuzz v1
[]byte("variable \"table_name\" {\n  type = string\n}\n\nresource \"aws_dynamodb_table\" \"orders\" {\n  name         = var.table_name\n  billing_mode = \"PAY_PER_REQUEST\"\n  hash_key     = \"PK\"\n\n  attribute {\n    name = \"PK\"\n    type = \"S\"\n  }\n}\n")
