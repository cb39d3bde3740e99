acknowledge "DP101" {
  reason = 
