# want: TD138 14:19
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Score" {
  attributes = {
    game   = string
    player = string
    points = number
  }
  key {
    PK = "GAME#${game}"
    SK = "SCORE#${format("%02d", 1000 - points)}#${player}"
  }
  example "p900" {
    game   = "chess"
    player = "ann"
    points = 900
  }
}
