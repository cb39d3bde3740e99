# want: TD001 2:13
table "app" {
  sort_key = "SK"
}
