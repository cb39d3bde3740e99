# Every example comment is on issue 1, so the begins_with prefix without a
# delimiter looks right on the examples; verify's generated comments on
# issues 10, 100, ... show that it also reads those (VF256).
table "github" {
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
  example "c2" {
    repo   = "rocket"
    number = 1
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
