// Package adopt reads an existing DynamoDB table — an aws_dynamodb_table
// block of Terraform files, a resource of `terraform show -json` state, or a
// live table — into a Table, proposes entities from sampled items, and
// renders the starting *.tfdyn.hcl schema and the moved {} or import {}
// block that make the first plan of the emitted code a no-op (tfdyn import).
package adopt
