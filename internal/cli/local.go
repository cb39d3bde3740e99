package cli

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/internal/ddblocal"
)

func init() { commandRegistry = append(commandRegistry, (*app).localCommand) }

func (a *app) localCommand() *cobra.Command {
	var opts ddblocal.Options
	c := &cobra.Command{
		Use:   "local",
		Short: "Run DynamoDB Local behind a layer that the AWS provider 6 can drive",
		Long: `local starts DynamoDB Local (installed by make setup; Java 17) on a free
loopback port behind a thin compatibility layer, prints the endpoint and a
provider "aws" block to paste into a Terraform configuration, and runs until
Ctrl-C. The layer passes everything to DynamoDB Local and fills only its gaps
for the AWS provider: WarmThroughput status, tags, continuous backups (PITR)
and the SSE description.

Exit code 130 after Ctrl-C (or SIGTERM), once DynamoDB Local is stopped;
2 when it cannot start (Java or DynamoDB Local missing, port in use).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := inRange("--port", opts.Port, 0, 65535); err != nil {
				return err
			}
			a.cleansUp() // Ctrl-C stops DynamoDB Local before tfdyn exits
			err := ddblocal.Serve(cmd.Context(), opts, a.stdout)
			var inUse *ddblocal.PortInUseError
			switch {
			case errors.As(err, &inUse):
				return exitf(ExitUsage, "port %d is in use: choose another with --port, or --port 0 for a free one", inUse.Port)
			case err != nil:
				return exit(ExitUsage, err)
			}
			return nil
		},
	}
	c.Flags().IntVar(&opts.Port, "port", 0, "loopback port of the endpoint (0: a free port)")
	c.Flags().StringVar(&opts.Region, "region", "", "region clients sign with (default us-east-1)")
	c.Flags().BoolVar(&opts.Docker, "docker", false, "run the amazon/dynamodb-local image with Docker instead of Java")
	return c
}
