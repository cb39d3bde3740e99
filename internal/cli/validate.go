package cli

import (
	"errors"
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/hclschema"
)

func (a *app) validateCommand() *cobra.Command {
	o := diagOptions{ci: true}
	var ci ciOptions
	c := &cobra.Command{
		Use:   "validate [PATH...]",
		Short: "Check a schema: parse, resolve references and lint every access pattern",
		Long: `validate loads the *.tfdyn.hcl files of each schema that the PATHs name
(default: the current directory) and reports every problem with its code and
position. A schema is the files of one directory: a directory holding schema
files is one schema, a directory holding none is a directory of schemas (each
subdirectory with schema files one schema), and files named in one directory
are one schema. Several schemas are validated one by one, each line of the
text output starting with the schema's directory; the other formats report
them together. Exit code 0: clean (warnings allowed); 1: syntax or lint
errors; 2: no schema file, or a path that cannot be read; 130: interrupted
(the worst over all schemas).

For CI: --format github prints GitHub Actions annotations on the schema's
lines, sarif a SARIF 2.1.0 log (code scanning), junit a JUnit report (a suite
per file), markdown a table; --summary FILE appends the Markdown table to FILE
($GITHUB_STEP_SUMMARY) and --junit FILE writes the JUnit report, whatever the
--format.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			if len(args) == 0 {
				args = []string{"."}
			}
			// Every schema on its own; the CI formats and the reports take
			// the findings of all of them at once, paths that cannot be
			// read included.
			dirs, set, diags := hclschema.Discover(args...)
			ss := schemaSet{args: args, dirs: dirs, set: set}
			code := schemaExitCode(diags)
			if o.format == "text" {
				if err := a.printText(nil, diags, ""); err != nil {
					return exit(ExitUsage, err)
				}
			}
			all := &hclschema.Schema{Files: map[string]*hcl.File{}}
			for _, d := range ss.dirs {
				s, ds := lintedSchema(d.Paths)
				for n, f := range s.Files {
					all.Files[n] = f
				}
				diags = append(diags, ds...)
				code = worst(code, schemaExitCode(ds))
				if o.format != "text" {
					continue
				}
				if err := a.printText(s.Files, ds, ss.label(d)); err != nil {
					return exit(ExitUsage, err)
				}
				if !ds.HasErrors() {
					fmt.Fprintf(a.stdout, "%sValid: %d table(s), %d entities, %d access patterns", ss.label(d), len(s.Tables), len(s.Entities), len(s.Patterns))
					if len(ds) > 0 {
						fmt.Fprintf(a.stdout, " (%s)", plural(len(ds), "warning"))
					}
					fmt.Fprintln(a.stdout)
				}
			}
			if o.format != "text" {
				if err := a.printDiagnostics(all, diags, o); err != nil {
					return exit(ExitUsage, err)
				}
			}
			if rerr := a.writeReports(ci, schemaOutput(all, diags, 0, false)); rerr != nil && !errors.Is(rerr, errInterrupted) {
				return exit(ExitUsage, rerr)
			}
			if code != ExitOK {
				return exit(code, nil)
			}
			return nil
		},
	}
	o.register(c)
	ci.register(c)
	return c
}
