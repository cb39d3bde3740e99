package cli

import (
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/migrate"
	"github.com/tfdyn/tfdyn/internal/schemadiff"
)

// runMigrateEmit is migrate --emit terraform|stepfunctions -o DIR: the
// Terraform of a migration, written as a module of its own with emit's
// ownership rules.
func (a *app) runMigrateEmit(cmd *cobra.Command, args []string, o migrateOptions) error {
	if o.emit != migrate.EmitTerraform && o.emit != migrate.EmitStepFunctions {
		return exitf(ExitUsage, "--emit must be %s or %s, got %q", migrate.EmitTerraform, migrate.EmitStepFunctions, o.emit)
	}
	if o.out == "" {
		return exitf(ExitUsage, "--emit %s writes a module: give its directory with -o DIR", o.emit)
	}
	for _, f := range []struct {
		name string
		set  bool
	}{{"--dry-run", o.dryRun}, {"--check", o.check}, {"--catch-up", o.catchUp}, {"--follow", o.follow}, {"--segment", o.segment >= 0},
		{"--checkpoint", o.checkpoint != ""}, {"--reset", o.reset}, {"--control-table", o.control != ""}, {"--to-table", o.toTable != ""},
		{"--endpoint", o.endpoint != ""}, {"--region", o.region != ""}, {"--parallel", cmd.Flags().Changed("parallel")}} {
		if f.set {
			return exitf(ExitUsage, "--emit writes Terraform and runs nothing: it takes no %s (the module's variables set names, rate and workers)", f.name)
		}
	}
	if o.emit == migrate.EmitTerraform {
		for _, f := range []string{"workers", "total-segments", "rate"} {
			if cmd.Flags().Changed(f) {
				return exitf(ExitUsage, "--%s sets the Step Functions hand-off: it goes with --emit stepfunctions", f)
			}
		}
	}
	if err := inRange("--workers", o.workers, 1, migrate.MaxWorkers); err != nil {
		return err
	}
	if cmd.Flags().Changed("total-segments") {
		if err := inRange("--total-segments", o.totalSegments, 1, migrate.MaxMapSegments); err != nil {
			return err
		}
	}
	if err := migrate.CheckRate(o.rate); err != nil {
		return exitf(ExitUsage, "--rate: %w", err)
	}
	base, head, err := a.loadSides(cmd, args)
	if err != nil {
		return err
	}
	plan := migrate.Build(base, head)
	plan.Base, plan.Head = args[0], args[1]
	if plan.Blocked() {
		_ = plan.WriteText(a.stdout, nil)
		return exitf(ExitFindings, "migrate: part of the plan is refused (see REFUSED above); nothing written")
	}
	opts := migrate.EmitOptions{Kind: o.emit, Workers: o.workers, TotalSegments: o.totalSegments, Rate: o.rate}
	if o.emit == migrate.EmitStepFunctions {
		if o.table != "" {
			if opts.Label, err = tableLabel(head, base, o.table); err != nil {
				return exit(ExitUsage, err)
			}
		} else {
			var labels []string
			for _, t := range base.Tables {
				if plan.Copy(t.Label) != nil || len(plan.Runnable(t.Label)) > 0 {
					labels = append(labels, t.Label)
				}
			}
			switch len(labels) {
			case 0:
				return exitf(ExitUsage, "migrate --emit stepfunctions: the plan changes no stored item: there is nothing for workers to do")
			case 1:
				opts.Label = labels[0]
			default:
				return exitf(ExitUsage, "migrate --emit stepfunctions: the plan migrates tables %s: give the one this state machine migrates with --table NAME", orList(labels))
			}
		}
	}
	// The identity: HEAD's (relative to DIR) under "migrate:", so that the
	// module's files are told apart from emit's files of the same schema.
	identity := "migrate:" + args[1]
	if ref, err := schemadiff.ParseRef(args[1]); err == nil && ref.Rev == "" {
		if id, err := emit.SchemaIdentity(ref.Path, o.out); err == nil {
			identity = "migrate:" + id
		}
	} else if err == nil {
		identity = "migrate:git:" + ref.Rev + ":" + filepath.ToSlash(ref.Path)
	}
	opts.Identity = identity
	files, err := migrate.Emit(plan, opts)
	if err != nil {
		return exit(ExitUsage, err)
	}
	return a.writeOwned(o.out, files, false, "emitted")
}
