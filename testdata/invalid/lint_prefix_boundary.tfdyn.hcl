# want: TD154 28:22
# An issue's comments read with begins_with("ISSUE#${number}"): issue 1's prefix also matches issue 10's.
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Comment" {
  attributes = { repo = string, number = number, id = string }
  key {
    PK = "REPO#${repo}"
    SK = "ISSUE#${number}#C#${id}"
  }
  example "c1" {
    repo   = "rocket"
    number = 1
    id     = "a"
  }
  example "c10" {
    repo   = "rocket"
    number = 10
    id     = "b"
  }
}
access_pattern "comments_for_issue" {
  entity = entity.Comment
  key {
    PK = "REPO#${repo}"
    SK = begins_with("ISSUE#${number}")
  }
}
