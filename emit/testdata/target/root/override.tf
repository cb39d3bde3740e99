variable "environment" {
  default = "prod"
}
