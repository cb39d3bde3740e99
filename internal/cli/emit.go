package cli

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/emit"
)

func (a *app) emitCommand() *cobra.Command {
	var (
		o            diagOptions
		out          string
		layout       string
		as           string
		moduleSource string
		provider     int
		check        bool
		noVersions   bool
	)
	c := &cobra.Command{
		Use:   "emit [PATH] -o DIR",
		Short: "Write the Terraform for a schema",
		Long: `emit writes formatted Terraform for the schema in PATH (default: the
current directory) into DIR:

  --layout resources (default)  aws_dynamodb_table resources plus variables,
                                outputs and provider requirements, as
                                dynamodb*.tf files in your own module
  --layout module               a self-contained module directory
  --as module-call              a call of the reusable module
                                modules/dynamodb-table (--module-source SRC)

GSIs are written with key_schema blocks for hashicorp/aws >= 6.37 (multi-
attribute keys need them); --provider 5 writes hash_key/range_key instead.
emit never overwrites a file it did not generate nor writes through a
symbolic link (exit 1); --check writes nothing and exits 1 when the files in
DIR are stale. The files are written all or nothing: each is written under a
temporary name in DIR and synced before the first is renamed into place, so
a full disk (exit 2) or a kill leaves complete files; the next run removes
the temporary files of killed runs.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			if out == "" {
				return exitf(ExitUsage, "emit needs an output directory: -o DIR")
			}
			if err := oneOf("--layout", layout, "resources", "module"); err != nil {
				return err
			}
			if err := checkProvider(provider); err != nil {
				return err
			}
			opts := emit.Options{Layout: emit.Layout(layout), ProviderMajor: provider, ModuleSource: moduleSource, NoVersions: noVersions}
			if as != "" {
				if err := oneOf("--as", as, "module-call", "resources"); err != nil {
					return err
				}
				if cmd.Flags().Changed("layout") && layout != as {
					return exitf(ExitUsage, "--as %s and --layout %s contradict each other: use one of them", as, layout)
				}
				opts.Layout = emit.Layout(as)
			}
			if opts.Layout == emit.LayoutModuleCall && moduleSource == "" {
				return exitf(ExitUsage, "--as module-call needs --module-source SRC (for example git::https://example.com/tfdyn.git//modules/dynamodb-table?ref=v1.0.0)")
			}
			if noVersions && opts.Layout == emit.LayoutModule {
				return exitf(ExitUsage, "--no-versions applies to the files emit adds to your module, not to --layout module (a module of its own declares its providers)")
			}
			if moduleSource != "" && opts.Layout != emit.LayoutModuleCall {
				return exitf(ExitUsage, "--module-source applies only to --as module-call")
			}
			s, _, err := a.loadSchema(args, o, false)
			if err != nil {
				return err
			}
			schemaPath := "."
			if len(args) == 1 {
				schemaPath = args[0]
			}
			if opts.SchemaPath, err = emit.SchemaIdentity(schemaPath, out); err != nil {
				return exit(ExitUsage, err)
			}
			files, err := emit.Emit(s, opts)
			var refused *emit.Error
			switch {
			case errors.As(err, &refused):
				return exit(ExitFindings, err) // a refusal: the schema needs what the target cannot express
			case err != nil:
				return exit(ExitUsage, err)
			}
			var res *emit.Result
			write := func() error {
				res, err = emit.Write(out, files, check)
				return err
			}
			if check {
				err = write()
			} else {
				err = a.commit(write)
			}
			var (
				foreign *emit.ForeignFileError
				owner   *emit.OwnerError
			)
			switch {
			case errors.Is(err, emit.ErrStale), errors.As(err, &foreign), errors.As(err, &owner):
				return exit(ExitFindings, err)
			case err != nil:
				return exit(ExitUsage, err)
			}
			if check {
				fmt.Fprintf(a.stdout, "Up to date: %d file(s) in %s\n", len(files), out)
				return nil
			}
			if len(res.Changed) == 0 && len(res.Removed) == 0 {
				fmt.Fprintf(a.stdout, "Unchanged: %d file(s) in %s\n", len(files), out)
				return nil
			}
			for _, f := range res.Changed {
				note := ""
				if f.Reason == emit.EditedByHand {
					note = " (replaced a hand edit)"
				}
				fmt.Fprintf(a.stdout, "wrote %s%s\n", filepath.Join(out, f.Name), note)
			}
			for _, f := range res.Removed {
				fmt.Fprintf(a.stdout, "removed %s (emitted from this schema earlier, no longer written)\n", filepath.Join(out, f))
			}
			return nil
		},
	}
	o.register(c)
	c.Flags().StringVarP(&out, "out", "o", "", "output directory (created if missing)")
	c.Flags().StringVar(&layout, "layout", "resources", "resources or module")
	c.Flags().StringVar(&as, "as", "", "module-call: write a call of modules/dynamodb-table instead of resources")
	c.Flags().StringVar(&moduleSource, "module-source", "", "source of modules/dynamodb-table for --as module-call")
	c.Flags().IntVar(&provider, "provider", 6, "major version of hashicorp/aws to target: 6 or 5")
	c.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 when the files in DIR are stale")
	c.Flags().BoolVar(&noVersions, "no-versions", false, "leave out dynamodb_versions.tf (your module declares required_providers)")
	return c
}
