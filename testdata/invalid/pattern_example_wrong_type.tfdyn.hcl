# want: TD108 22:14
# want: TD010 26:11
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Post" {
  attributes = {
    id    = string
    likes = number
  }
  key {
    PK = "POST#${id}"
    SK = "POST"
  }
}
access_pattern "posts" {
  entity = entity.Post
  inputs = { min = number }
  key {
    PK = "POST#${id}"
    SK = gte(min)
  }
  example {
    id  = "p1"
    min = "many"
  }
}
