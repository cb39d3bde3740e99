package cli

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/diag"
	"github.com/tfdyn/tfdyn/emit"
	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/lint"
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
		prefix       string
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
the temporary files of killed runs.

Before writing, emit reads the Terraform files already in DIR: when they
declare required_providers, it writes no versions file and checks their
hashicorp/aws constraint; a variable, output, resource or module call that
DIR already declares is refused (exit 1, EM1xx diagnostics naming both
places). --prefix P names everything emit declares (P + "dynamodb.tf",
var.dynamodb_P<table>_table_name, aws_dynamodb_table.P<table>), so several
schemas and your own code share one module. Names: docs/emit.md.`,
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
			opts := emit.Options{Layout: emit.Layout(layout), ProviderMajor: provider, ModuleSource: moduleSource, NoVersions: noVersions, Prefix: prefix}
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
			if err := emit.CheckPrefix(prefix); err != nil {
				return exitf(ExitUsage, "--prefix: %s", err)
			}
			if prefix != "" && opts.Layout == emit.LayoutModule {
				return exitf(ExitUsage, "--prefix names what emit adds to your module; --layout module writes a module of its own, whose names need none")
			}
			s, opts, err := a.fitEmit(args, o, out, opts)
			if err != nil {
				return err
			}
			if len(args) == 1 {
				opts.SchemaPath = filepath.ToSlash(args[0])
			}
			files, err := emit.Emit(s, opts)
			var refused *emit.Error
			switch {
			case errors.As(err, &refused):
				return exit(ExitFindings, err) // a refusal: the schema needs what the target cannot express
			case err != nil:
				return exit(ExitUsage, err)
			}
			var changed []string
			write := func() error {
				changed, err = emit.Write(out, files, check)
				return err
			}
			if check {
				err = write()
			} else {
				err = a.commit(write)
			}
			var foreign *emit.ForeignFileError
			switch {
			case errors.Is(err, emit.ErrStale):
				return exit(ExitFindings, err)
			case errors.As(err, &foreign):
				return exit(ExitFindings, err)
			case err != nil:
				return exit(ExitUsage, err)
			}
			if check {
				fmt.Fprintf(a.stdout, "Up to date: %d file(s) in %s\n", len(files), out)
				return nil
			}
			if len(changed) == 0 {
				fmt.Fprintf(a.stdout, "Unchanged: %d file(s) in %s\n", len(files), out)
				return nil
			}
			for _, f := range changed {
				fmt.Fprintf(a.stdout, "wrote %s\n", filepath.Join(out, f))
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
	c.Flags().BoolVar(&noVersions, "no-versions", false, "leave out dynamodb_versions.tf (emit also leaves it out by itself when DIR declares required_providers)")
	c.Flags().StringVar(&prefix, "prefix", "", `name everything emit declares with P, e.g. "blog_" (files, resources, variables, outputs; docs/emit.md)`)
	return c
}

// fitEmit loads the schema, reads the module in out (emit.ReadTarget) and
// fits the options to it (emit.Fit). The schema's and the module's
// diagnostics print together, once; errors in either stop the run before
// anything is written.
func (a *app) fitEmit(args []string, o diagOptions, out string, opts emit.Options) (*hclschema.Schema, emit.Options, error) {
	paths := args
	if len(paths) == 0 {
		paths = []string{"."}
	}
	s, diags := hclschema.Load(paths...)
	if !hasCode(diags, hclschema.CodeSyntax, hclschema.CodeNoFiles) {
		diags = append(diags, lint.Run(s)...)
	}
	code := schemaExitCode(diags)
	files := s.Files
	if code == ExitOK {
		target, tdiags := emit.ReadTarget(out, opts)
		diags = append(diags, tdiags...)
		if !tdiags.HasErrors() {
			var fdiags hcl.Diagnostics
			opts, fdiags = emit.Fit(target, s, opts)
			diags = append(diags, fdiags...)
		}
		if diags.HasErrors() {
			code = ExitFindings
		}
		for _, d := range tdiags {
			if d.Severity == hcl.DiagError && d.Subject == nil {
				code = ExitUsage // the directory or a file in it cannot be read
			}
		}
		files = make(map[string]*hcl.File, len(s.Files)+len(target.Files))
		for n, f := range s.Files {
			files[n] = f
		}
		for n, f := range target.Files {
			files[n] = f
		}
	}
	diag.Sort(diags)
	shown := *s
	shown.Files = files
	if err := a.printDiagnostics(&shown, diags, o); err != nil {
		return nil, opts, exit(ExitUsage, err)
	}
	if code != ExitOK {
		return nil, opts, exit(code, nil)
	}
	return s, opts, nil
}
