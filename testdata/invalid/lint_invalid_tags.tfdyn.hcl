# want: TD131 6:5
# want: TD131 7:5
table "app" {
  partition_key = "PK"
  tags = {
    ""         = "x"
    "aws:team" = "data"
  }
}
