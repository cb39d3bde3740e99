// Package tfenv locates the terraform binary, decides which Terraform CLI
// configuration tfdyn's terraform runs use, and builds terraform-exec
// handles with it.
//
// terraform runs with the user's own CLI configuration (TF_CLI_CONFIG_FILE,
// else ~/.terraformrc, else terraform's defaults), so registries, mirrors,
// plugin caches and credentials work as they do for the user. tfdyn's own
// filesystem mirror is a fallback: only when the user's configuration
// cannot install a provider does Init run again with a configuration that
// adds it (see Env.Init and FallbackConfig).
//
// Layout of the cache ($TFDYN_CACHE, default ~/.cache/tfdyn):
//
//	tf-mirror/            filesystem mirror: hashicorp/aws (5.100.0, 6.x) when set up
//	terraformrc           CLI config that installs hashicorp/* from tf-mirror/ only (scripts/setup.sh, for the demo)
//	terraformrc.mirror    the same, written by LoadMirror (tests)
//	terraformrc.fallback  the user's CLI config plus tf-mirror/ (written by Init when needed)
//	plugin-cache/         unpacked providers shared by tfdyn's private working directories
//	dynamodb-local/       DynamoDB Local jar and native libraries (tfdyn setup)
package tfenv
