// Package tfenv locates the terraform binary and the offline provider mirror
// that `make setup` prepares, and builds terraform-exec handles that use them.
//
// Layout of the cache ($TFDYN_CACHE, default ~/.cache/tfdyn):
//
//	terraformrc      CLI config that installs providers from tf-mirror/ only
//	tf-mirror/       filesystem mirror: hashicorp/aws 5.100.0 and 6.x
//	dynamodb-local/  DynamoDB Local jar and native libraries
package tfenv
