terraform {
  required_version = ">= 1.5"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 6.37.0"
    }
  }
}

# The dummy credentials and skip_* flags let `terraform validate` and
# `terraform plan` of this example run offline. Remove them (and use your usual
# credentials) to apply it to an AWS account.
provider "aws" {
  region                      = var.region
  access_key                  = "example-access-key"
  secret_key                  = "example-secret-key"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
}

variable "region" {
  description = "AWS region of the example table."
  type        = string
  default     = "eu-west-1"
}
