// Package tfprovider runs a Terraform provider once for many terraform
// commands: Start launches the provider binary that terraform init
// installed, in debug mode and in its own process group, and every
// terraform command attaches to it (Process.Reattach) instead of starting
// the 1 GB hashicorp/aws binary and building its schema again.
// Process.UseProxy puts a caching plugin-protocol proxy in front (proxy.go):
// it forwards every call unchanged and answers repeated pure calls (the
// schema, the provider block's validation) once, keeps those answers across
// runs in a store under tfdyn's cache (store.go, keyed by the binary), and
// trims the schema to the resource types the configuration names
// (trim.go, ConfigTypes). verify runs its local target through it.
package tfprovider
