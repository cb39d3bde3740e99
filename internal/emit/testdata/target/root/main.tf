terraform {
  required_version = ">= 1.5.0"

  required_providers {
    random = {
      source = "hashicorp/random"
    }
    aws = {
      source  = "hashicorp/aws"
      version = ">= 6.37, < 7.0"
    }
  }
}

provider "aws" {
  region = "eu-west-1"
}

provider "aws" {
  alias  = "us"
  region = "us-east-1"
}

locals {
  service = "storefront"
  owner   = "team-a"
}

resource "aws_s3_bucket" "logs" {
  bucket = "${local.service}-logs"
}

data "aws_caller_identity" "current" {}

module "network" {
  source = "./network"
}
