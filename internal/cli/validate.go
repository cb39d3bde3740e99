package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
)

func (a *app) validateCommand() *cobra.Command {
	o := diagOptions{ci: true}
	var ci ciOptions
	c := &cobra.Command{
		Use:   "validate [PATH...]",
		Short: "Check a schema: parse, resolve references and lint every access pattern",
		Long: `validate loads the *.tfdyn.hcl files in each PATH (a directory or a file;
default: the current directory) as one schema, and reports every problem with
its code and position. Exit code 0: clean (warnings allowed); 1: syntax or
lint errors; 2: no schema file, or a path that cannot be read; 130:
interrupted.

For CI: --format github prints GitHub Actions annotations on the schema's
lines, sarif a SARIF 2.1.0 log (code scanning), junit a JUnit report (a suite
per file), markdown a table; --summary FILE appends the Markdown table to FILE
($GITHUB_STEP_SUMMARY) and --junit FILE writes the JUnit report, whatever the
--format.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			s, diags, err := a.loadSchema(args, o, true)
			if s != nil {
				if rerr := a.writeReports(ci, schemaOutput(s, diags, 0, false)); rerr != nil && !errors.Is(rerr, errInterrupted) {
					return exit(ExitUsage, rerr)
				}
			}
			if err != nil {
				return err
			}
			if o.format == "text" {
				fmt.Fprintf(a.stdout, "Valid: %d table(s), %d entities, %d access patterns", len(s.Tables), len(s.Entities), len(s.Patterns))
				if len(diags) > 0 {
					fmt.Fprintf(a.stdout, " (%s)", plural(len(diags), "warning"))
				}
				fmt.Fprintln(a.stdout)
			}
			return nil
		},
	}
	o.register(c)
	ci.register(c)
	return c
}
