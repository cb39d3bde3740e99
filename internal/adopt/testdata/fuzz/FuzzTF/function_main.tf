go test fuzz v1
[]byte("resource \"aws_dynamodb_table\" \"orders\" {\n  name         = \"orders\"\n  billing_mode = \"PAY_PER_REQUEST\"\n  hash_key     = \"PK\"\n\n  attribute {\n    name = \"PK\"\n    type = \"S\"\n  }\n\n  tags = merge({ team = \"orders\" }, { env = \"prod\" })\n}\n")
