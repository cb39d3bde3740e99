package cli

import (
	"bytes"
	"fmt"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/diag"
	"github.com/tfdyn/tfdyn/hclschema"
)

func (a *app) fmtCommand() *cobra.Command {
	var check, list bool
	c := &cobra.Command{
		Use:   "fmt [PATH...]",
		Short: "Rewrite schema files in canonical HCL style",
		Long: `fmt rewrites the *.tfdyn.hcl files in each PATH (default: the current
directory) in canonical style. With -check it changes nothing and exits 1 when
a file needs formatting. Files with syntax errors are left untouched.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"."}
			}
			files, err := hclschema.FindFiles(args...)
			if err != nil {
				return exit(ExitUsage, err)
			}
			if len(files) == 0 {
				return exitf(ExitUsage, "no %s files in %v", hclschema.FileSuffix, args)
			}
			parser := hclparse.NewParser()
			var diags hcl.Diagnostics
			var unformatted []string
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					return exit(ExitUsage, err)
				}
				if _, ds := parser.ParseHCL(src, f); ds.HasErrors() {
					diags = append(diags, diag.WithCode(ds, hclschema.CodeSyntax)...)
					continue
				}
				out := hclwrite.Format(src)
				if bytes.Equal(out, src) {
					continue
				}
				unformatted = append(unformatted, f)
				if check {
					continue
				}
				st, err := os.Stat(f)
				if err != nil {
					return exit(ExitUsage, err)
				}
				if err := a.commit(func() error { return os.WriteFile(f, out, st.Mode().Perm()) }); err != nil {
					return exit(ExitUsage, fmt.Errorf("fmt: write %s: %w", f, err))
				}
			}
			if len(diags) > 0 {
				width, color := terminal(a.stderr)
				_ = diag.WriteText(a.stderr, parser.Files(), diags, width, color)
				return exitf(schemaExitCode(diags), "%d file(s) have syntax errors and were not formatted", len(diags))
			}
			for _, f := range unformatted {
				if check || list {
					fmt.Fprintln(a.stdout, f)
				}
			}
			if check && len(unformatted) > 0 {
				return exitf(ExitFindings, "%d file(s) need formatting: run tfdyn fmt", len(unformatted))
			}
			return nil
		},
	}
	c.Flags().BoolVar(&check, "check", false, "report unformatted files and exit 1 instead of rewriting them")
	c.Flags().BoolVar(&list, "list", false, "print the names of files that were rewritten")
	return c
}
