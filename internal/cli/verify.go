package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/verify"
)

func init() { commandRegistry = append(commandRegistry, (*app).verifyCommand) }

func (a *app) verifyCommand() *cobra.Command {
	var (
		opts     verify.Options
		target   string
		format   string
		junit    string
		provider int
	)
	c := &cobra.Command{
		Use:   "verify [PATH]",
		Short: "Provision the table, run every access pattern live and compare with the schema",
		Long: `verify emits the schema's Terraform into a private directory, provisions it
with terraform, compares the live table with the schema, writes the example
items and generated ones, runs every access pattern as GetItem or Query and
compares each result with what the schema says it must return. It destroys
everything it created at the end, also after a failure or Ctrl-C.

Targets:
  --target local (default)  DynamoDB Local behind tfdyn's compatibility layer
  --endpoint URL            a running DynamoDB-compatible endpoint
  --target aws              a real account (default credential chain); the
                            table name gets a unique suffix

Exit code 0: everything passed; 1: a pattern or conformance check failed;
2: environment or usage error.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return exitf(ExitUsage, "--format must be text or json, got %q", format)
			}
			if opts.Endpoint != "" && target == "local" {
				target = "endpoint"
			}
			opts.Target = verify.Target(target)
			opts.ProviderMajor = provider
			s, _, err := a.loadSchema(args, diagOptions{format: "text"}, false)
			if err != nil {
				return err
			}
			opts.Schema = s
			opts.SchemaPath = "."
			if len(args) == 1 {
				opts.SchemaPath = filepath.ToSlash(args[0])
			}
			opts.Progress = a.stderr
			if opts.Keep {
				opts.KeepAlive = func(endpoint string) {
					fmt.Fprintf(a.stderr, "--keep: the table is up at %s; press Ctrl-C to stop and destroy it\n", endpoint)
					<-cmd.Context().Done()
				}
			}
			rep, err := verify.Run(cmd.Context(), opts)
			if rep != nil {
				if format == "json" {
					_ = rep.WriteJSON(a.stdout)
				} else {
					rep.WriteText(a.stdout)
				}
				if junit != "" {
					if werr := writeFile(junit, rep.WriteJUnit); werr != nil {
						return exit(ExitUsage, werr)
					}
				}
			}
			var envErr *verify.EnvError
			switch {
			case errors.As(err, &envErr):
				return exit(ExitUsage, err)
			case err != nil:
				return exit(ExitUsage, err)
			case !rep.Passed:
				return exit(ExitFindings, nil)
			}
			return nil
		},
	}
	c.Flags().StringVar(&target, "target", "local", "local, endpoint or aws")
	c.Flags().StringVar(&opts.Endpoint, "endpoint", "", "URL of a running DynamoDB-compatible endpoint (implies --target endpoint)")
	c.Flags().StringVar(&opts.Region, "region", "", "AWS region (default us-east-1 locally, AWS_REGION for aws)")
	c.Flags().Int64Var(&opts.Seed, "seed", 1, "seed of the generated items")
	c.Flags().IntVar(&opts.Items, "items", 20, "generated items per entity, besides the examples")
	c.Flags().IntVar(&opts.Scale, "scale", 0, "repeat with K times the data and flag patterns whose reads grow with the table")
	c.Flags().BoolVar(&opts.Keep, "keep", false, "leave the table up for inspection (until Ctrl-C for the local target)")
	c.Flags().IntVar(&opts.Parallel, "parallel", 4, "concurrent requests")
	c.Flags().StringVar(&format, "format", "text", "report format: text or json")
	c.Flags().StringVar(&junit, "junit", "", "also write a JUnit XML report to FILE")
	c.Flags().IntVar(&provider, "provider", 6, "major version of hashicorp/aws: 6 or 5")
	c.Flags().StringToStringVar(&opts.TableNames, "table-name", nil, "DynamoDB name of a table by label (LABEL=NAME); verify refuses names that exist")
	return c
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
