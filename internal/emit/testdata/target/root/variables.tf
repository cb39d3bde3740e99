variable "environment" {
  type    = string
  default = "dev"
}
