terraform {
  # Cross-variable rules are lifecycle preconditions in main.tf (variable
  # validation blocks may only reference other variables from Terraform 1.9).
  required_version = ">= 1.5"

  required_providers {
    aws = {
      source = "hashicorp/aws"
      # key_schema on global_secondary_index (multi-attribute GSI keys) exists
      # since 6.29.0. This module writes GSIs and key_schema as dynamic blocks,
      # which panic before 6.30.0, and removing a GSI written with key_schema
      # deletes every GSI before 6.37.0 (provider issues 46195 and 46602).
      version = ">= 6.37.0"
    }
  }
}
