# want: TD139 52:11
# want: TD110 23:15
# A GSI that reuses the table's sort key: its sort key SK is written by the
# key block with an unpadded number, so DynamoDB orders the versions of an
# author as V#9, V#11, V#10 (descending text) while the design means 11,
# 10, 9. The two latest keep version 9 and leave out 10 (TD139 at the
# limit); live, verify sees the versions come back out of that order
# (VF253 at versions_by_author) and the limit keep the wrong ones (VF254).
table "docs" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "ByAuthor" {
    partition_key = "GSI1PK"
    sort_key      = "SK"
  }
}

entity "Version" {
  attributes = { doc = string, version = number, author = string }
  key {
    PK = "DOC#${doc}"
    SK = "V#${version}"
  }
  index "ByAuthor" {
    GSI1PK = "AUTHOR#${author}"
  }
  example "v9" {
    doc     = "guide"
    version = 9
    author  = "ann"
  }
  example "v10" {
    doc     = "guide"
    version = 10
    author  = "ann"
  }
  example "v11" {
    doc     = "guide"
    version = 11
    author  = "ann"
  }
}

access_pattern "latest_by_author" {
  entity = entity.Version
  index  = "ByAuthor"
  key {
    GSI1PK = "AUTHOR#${author}"
  }
  order = "desc"
  limit = 2
}

access_pattern "versions_by_author" {
  entity = entity.Version
  index  = "ByAuthor"
  key {
    GSI1PK = "AUTHOR#${author}"
  }
  order = "desc"
}
