# want: TD136 38:15
# want: TD139 35:11
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Version" {
  attributes = {
    doc     = string
    version = number
  }
  key {
    PK = "DOC#${doc}"
    SK = "v${version}"
  }
  example "v1" {
    doc     = "readme"
    version = 1
  }
  example "v2" {
    doc     = "readme"
    version = 2
  }
  example "v10" {
    doc     = "readme"
    version = 10
  }
}
access_pattern "latest_version" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  order = "desc"
  limit = 1
  example {
    doc     = "readme"
    returns = [entity.Version.example["v10"]]
  }
}
