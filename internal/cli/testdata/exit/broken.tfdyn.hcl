table "app" {
  partition_key = 
