// Package fuzz holds the fuzz targets that cross packages: schema text
// through the loader, lint, the documentation generator and the Terraform
// emitter, and the schema formatter. Its corpora live under
// testdata/fuzz/<FuzzName>/; every crasher found stays there.
package fuzz
