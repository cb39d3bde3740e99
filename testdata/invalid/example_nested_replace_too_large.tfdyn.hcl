# want: TD010 13:3
# Nested replace calls double a value per level (one such schema reached
# 22 GB): with this example the key would reach 4 MiB; the call that passes
# 400 KiB stops the evaluation.
table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(id, "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa"), "a", "aa")
  }
  example {
    id = "aaaa"
  }
}
