// Command tfdyn makes a DynamoDB single-table design a reviewed, tested piece
// of code: validate, document, emit Terraform, check plans and verify live.
package main

import (
	"os"

	"github.com/tfdyn/tfdyn/internal/cli"
)

func main() { os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
