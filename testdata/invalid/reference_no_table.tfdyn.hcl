# want: TD004 2:1
entity "User" {
  attributes = { username = string }
}
