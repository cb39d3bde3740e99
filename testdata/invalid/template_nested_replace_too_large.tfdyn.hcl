# want: TD011 10:10
# Twenty nested replace calls can double a value twenty times: the template
# is refused before it is evaluated.
table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "${id}-${replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace("aaaa", "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa")}"
  }
  example {
    id = "u1"
  }
}
