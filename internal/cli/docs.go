package cli

import (
	"bytes"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/doc"
)

func (a *app) docCommand() *cobra.Command {
	var (
		o     diagOptions
		out   string
		check bool
	)
	c := &cobra.Command{
		Use:   "doc [PATH]",
		Short: "Write the design document of a schema as Markdown",
		Long: `doc writes the design document of the schema in PATH (default: the current
directory): per table its settings, the entity-key chart of the table and of
each index, and the access-pattern table (operation, index, key condition,
inputs). It prints to stdout, or writes FILE with -o; with --check it exits 1
when FILE is stale.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.format = "text"
			s, _, err := a.loadSchema(args, o, false)
			if err != nil {
				return err
			}
			var buf bytes.Buffer
			if err := doc.Markdown(&buf, s); err != nil {
				return exit(ExitUsage, err)
			}
			if out == "" {
				if check {
					return exitf(ExitUsage, "--check needs -o FILE")
				}
				_, err := a.stdout.Write(buf.Bytes())
				return err
			}
			old, err := os.ReadFile(out)
			if check {
				if err != nil || !bytes.Equal(old, buf.Bytes()) {
					return exitf(ExitFindings, "%s is stale: run tfdyn doc -o %s", out, out)
				}
				fmt.Fprintf(a.stdout, "Up to date: %s\n", out)
				return nil
			}
			if err == nil && bytes.Equal(old, buf.Bytes()) {
				fmt.Fprintf(a.stdout, "Unchanged: %s\n", out)
				return nil
			}
			if err := a.commit(func() error { return os.WriteFile(out, buf.Bytes(), 0o644) }); err != nil {
				return exit(ExitUsage, fmt.Errorf("doc: write %s: %w", out, err))
			}
			fmt.Fprintf(a.stdout, "wrote %s\n", out)
			return nil
		},
	}
	c.Flags().StringVarP(&out, "out", "o", "", "write to FILE instead of stdout")
	c.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 when FILE is stale")
	return c
}
