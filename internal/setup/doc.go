// Package setup installs and checks what tfdyn's live commands need
// (`tfdyn setup`): terraform, Java, DynamoDB Local in the cache, and a
// hashicorp/aws provider that terraform can install. It needs nothing from
// the tfdyn repository, so an installed binary sets itself up.
package setup
