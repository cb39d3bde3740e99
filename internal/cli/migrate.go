package cli

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/fsafe"
	"github.com/tfdyn/tfdyn/internal/migrate"
)

func init() { commandRegistry = append(commandRegistry, (*app).migrateCommand) }

type migrateOptions struct {
	dryRun     bool
	endpoint   string
	region     string
	table      string
	parallel   int
	rate       float64
	checkpoint string
	format     string
	check      bool
	checkMax   int
}

func (a *app) migrateCommand() *cobra.Command {
	var o migrateOptions
	c := &cobra.Command{
		Use:   "migrate BASE HEAD (--dry-run | --table NAME [--check] (--endpoint URL | --region R))",
		Short: "Backfill stored items from one version of a schema to the next (the data side of tfdyn diff)",
		Long: `migrate rewrites the items a schema change leaves behind: index key
attributes that HEAD's templates compute and BASE's did not (a new GSI), or
computes differently (a changed template or sparse condition), and those
HEAD no longer writes. BASE and HEAD are paths or git:REV:PATH, as for diff.

--dry-run prints the data plan: per entity, the attributes its items gain,
change or lose, how they are found (the literal prefixes of the BASE key
templates, each item confirmed by recomputing its BASE key) and, with
--table and --endpoint or --region, how many items and write units the run
takes (a Scan that writes nothing).

Without --dry-run, migrate scans the table in --parallel segments and
updates each item of a planned entity with a conditional UpdateItem that
applies only while the item is still in BASE's shape: it is idempotent,
safe next to writers running HEAD's code, and a second run changes nothing.
--rate bounds the updates per second; --checkpoint FILE records progress
after every page and resumes from it (Ctrl-C stops with exit 130 and the
checkpoint in place).

--check writes nothing: it checks that the table is correct for HEAD,
after a migration. It scans the whole table (in --parallel segments, at
most --check-max items), classifies every item (in HEAD's shape; not
migrated: the attributes the plan changes still as BASE writes them;
half-migrated: some index attributes as HEAD computes them and others not;
of no HEAD entity), counts the items per entity, then runs every access
pattern of HEAD live, with the input sets of the schema and inputs taken
from scanned items, and compares each result with the oracle computed from
HEAD over the scanned items. Findings name the items (by primary key) and
the patterns (with their inputs).

A changed primary key (a key template, the table's key schema, its LSIs) or
an attribute HEAD requires that stored items lack is refused: it needs a
copy of the data, which migrate does not make.

Exit code 0: done (or nothing to do, or a clean check); 1: schema errors,
a refused plan, items that failed, or check findings; 2: usage or environment error (no table, endpoint down,
a checkpoint of another plan); 130: interrupted.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error { return a.runMigrate(cmd, args, o) },
	}
	f := c.Flags()
	f.BoolVar(&o.dryRun, "dry-run", false, "print the data plan (and count with --table); write nothing")
	f.StringVar(&o.endpoint, "endpoint", "", "URL of a DynamoDB-compatible endpoint, e.g. http://localhost:8000")
	f.StringVar(&o.region, "region", "", "AWS region (default us-east-1 with --endpoint, AWS_REGION otherwise)")
	f.StringVar(&o.table, "table", "", "DynamoDB table name to migrate")
	f.IntVar(&o.parallel, "parallel", 4, "parallel Scan segments (1-64)")
	f.Float64Var(&o.rate, "rate", 0, fmt.Sprintf("at most this many updates per second, %g to %g (0: no bound)", migrate.MinRate, migrate.MaxRate))
	f.StringVar(&o.checkpoint, "checkpoint", "", "record progress in FILE and resume from it")
	f.StringVar(&o.format, "format", "text", "text or json")
	f.BoolVar(&o.check, "check", false, "check the migrated table against HEAD (items and live patterns); write nothing")
	f.IntVar(&o.checkMax, "check-max", migrate.DefaultCheckMaxItems, "with --check: the most items to read (the check holds them in memory)")
	return c
}

func (a *app) runMigrate(cmd *cobra.Command, args []string, o migrateOptions) error {
	if err := checkFormat(o.format, "text", "json"); err != nil {
		return err
	}
	if err := inRange("--parallel", o.parallel, 1, migrate.MaxSegments); err != nil {
		return err
	}
	if err := migrate.CheckRate(o.rate); err != nil {
		return exitf(ExitUsage, "--rate: %w", err)
	}
	if o.endpoint != "" {
		if u, err := url.Parse(o.endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return exitf(ExitUsage, "--endpoint must be an http or https URL such as http://localhost:8000, got %q", o.endpoint)
		}
	}
	live := o.table != ""
	if !live && !o.dryRun {
		return exitf(ExitUsage, "migrate writes to a table: give --table NAME (with --endpoint URL or --region), or --dry-run for the plan")
	}
	if !live {
		var given []string
		for _, f := range []struct {
			name string
			set  bool
		}{{"--endpoint", o.endpoint != ""}, {"--region", o.region != ""}, {"--checkpoint", o.checkpoint != ""}, {"--check", o.check}} {
			if f.set {
				given = append(given, f.name)
			}
		}
		if len(given) > 0 {
			verb := "need"
			if len(given) == 1 {
				verb = "needs"
			}
			return exitf(ExitUsage, "%s %s a table: add --table NAME (without --table, --dry-run prints the data plan only and reads no table)",
				strings.Join(given, " and "), verb)
		}
	}
	if o.check && (o.dryRun || o.checkpoint != "" || o.rate != 0) {
		return exitf(ExitUsage, "--check writes nothing and reads the whole table: it takes no --dry-run, --checkpoint or --rate")
	}
	if err := inRange("--check-max", o.checkMax, 1, 10_000_000); err != nil {
		return err
	}
	base, err := a.loadRef(cmd, args[0])
	if err != nil {
		return err
	}
	head, err := a.loadRef(cmd, args[1])
	if err != nil {
		return err
	}
	plan := migrate.Build(base, head)
	plan.Base, plan.Head = args[0], args[1]
	write := func(res *migrate.Result) error {
		if o.format == "json" {
			return plan.WriteJSON(a.stdout, res)
		}
		return plan.WriteText(a.stdout, res)
	}
	if !live {
		if err := write(nil); err != nil {
			return exit(ExitUsage, err)
		}
		if plan.Blocked() {
			return exitf(ExitFindings, "migrate: part of the plan is refused (see REFUSED above)")
		}
		return nil
	}
	label, err := tableLabel(head, base, o.table)
	if err != nil {
		return exit(ExitUsage, err)
	}
	if o.check {
		return a.runCheck(cmd, plan, label, o)
	}
	if plan.Blocked() && !o.dryRun {
		_ = write(nil)
		return exitf(ExitFindings, "migrate: part of the plan is refused (see REFUSED above); nothing written")
	}
	if len(plan.Runnable(label)) == 0 && !plan.Blocked() {
		if err := write(nil); err != nil { // no item of this table changes: no Scan
			return exit(ExitUsage, err)
		}
		return nil
	}
	ropts := migrate.Options{Table: o.table, Label: label, DryRun: o.dryRun, Segments: o.parallel, Rate: o.rate}
	saved := false // the checkpoint file holds this run's progress
	if o.checkpoint != "" {
		if b, err := fsafe.ReadRegular(o.checkpoint, migrate.MaxCheckpointBytes); err == nil {
			cp, err := migrate.ParseCheckpoint(b)
			if err != nil {
				return exitf(ExitUsage, "migrate: --checkpoint %s: %w", o.checkpoint, err)
			}
			ropts.Resume = cp
			saved = true
			fmt.Fprintf(a.stderr, "migrate: resuming from %s\n", o.checkpoint)
		} else if !errors.Is(err, os.ErrNotExist) {
			return exitf(ExitUsage, "migrate: --checkpoint: %w", err)
		}
		ropts.Save = func(cp *migrate.Checkpoint) error {
			b, err := cp.Marshal()
			if err != nil {
				return err
			}
			if err := a.commit(func() error { return fsafe.WriteFile(o.checkpoint, b, 0o644) }); err != nil {
				return err
			}
			saved = true
			return nil
		}
	}
	client, err := migrateClient(cmd.Context(), o)
	if err != nil {
		return exit(ExitUsage, err)
	}
	if _, err := client.DescribeTable(cmd.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(o.table)}); err != nil {
		if isCanceled(err) {
			return exit(ExitInterrupted, err)
		}
		return exitf(ExitUsage, "migrate: describe table %q: %w", o.table, err)
	}
	ropts.Client = client
	if o.format == "text" {
		var last time.Time
		ropts.Progress = func(r *migrate.Result) {
			if time.Since(last) < 2*time.Second {
				return
			}
			last = time.Now()
			var upd int64
			for _, c := range r.Entities {
				upd += c.Updated
			}
			verb := "updated"
			if o.dryRun {
				verb = "to update"
			}
			fmt.Fprintf(a.stderr, "migrate: scanned %d items, %d of planned entities, %d %s\n", r.Scanned, r.Matched(), upd, verb)
		}
	}
	a.cleansUp() // the segments stop after their current item; the checkpoint stays as last saved
	res, err := migrate.Run(cmd.Context(), plan, ropts)
	if errors.Is(err, migrate.ErrCheckpointMismatch) {
		return exitf(ExitUsage, "migrate: --checkpoint %s: %w; remove it to start over", o.checkpoint, err)
	}
	if err != nil && cmd.Context().Err() != nil {
		switch {
		case o.checkpoint != "" && saved:
			fmt.Fprintf(a.stderr, "migrate: progress is in %s: run the same command to resume\n", o.checkpoint)
		case o.checkpoint != "":
			fmt.Fprintf(a.stderr, "migrate: interrupted before %s was written: nothing to resume, run the same command to start again\n", o.checkpoint)
		}
		return exit(ExitInterrupted, err)
	}
	if res != nil {
		if werr := write(res); werr != nil {
			return exit(ExitUsage, werr)
		}
	}
	if err != nil {
		return exit(ExitUsage, err)
	}
	failed := int64(0)
	for _, c := range res.Entities {
		failed += c.Failed
	}
	if failed > 0 {
		return exitf(ExitFindings, "migrate: %s failed (listed above); run again to retry them", plural(int(failed), "item"))
	}
	if plan.Blocked() { // a dry run: counted, but part of the plan is refused
		return exitf(ExitFindings, "migrate: part of the plan is refused (see REFUSED above)")
	}
	return nil
}

// runCheck is migrate --check.
func (a *app) runCheck(cmd *cobra.Command, plan *migrate.Plan, label string, o migrateOptions) error {
	client, err := migrateClient(cmd.Context(), o)
	if err != nil {
		return exit(ExitUsage, err)
	}
	if _, err := client.DescribeTable(cmd.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(o.table)}); err != nil {
		if isCanceled(err) {
			return exit(ExitInterrupted, err)
		}
		return exitf(ExitUsage, "migrate --check: describe table %q: %w", o.table, err)
	}
	a.cleansUp()
	rep, err := migrate.Check(cmd.Context(), plan, migrate.CheckOptions{Client: client, Table: o.table, Label: label, Segments: o.parallel, MaxItems: o.checkMax})
	if err != nil {
		if cmd.Context().Err() != nil {
			return exit(ExitInterrupted, err)
		}
		return exit(ExitUsage, err)
	}
	if o.format == "json" {
		err = rep.WriteJSON(a.stdout)
	} else {
		err = rep.WriteText(a.stdout)
	}
	if err != nil {
		return exit(ExitUsage, err)
	}
	if !rep.OK() {
		return exitf(ExitFindings, "migrate --check: %s not in HEAD's shape, %s differ (listed above)", plural(int(rep.ItemsOff), "item"), plural(rep.PatternsOff, "pattern run"))
	}
	return nil
}

// tableLabel finds the schema table stored as DynamoDB table name: the one
// with that name, else the only table.
func tableLabel(head, base *hclschema.Schema, name string) (string, error) {
	for _, t := range head.Tables {
		if t.Name == name && base.Table(t.Label) != nil {
			return t.Label, nil
		}
	}
	if len(head.Tables) == 1 && base.Table(head.Tables[0].Label) != nil {
		return head.Tables[0].Label, nil
	}
	return "", fmt.Errorf("--table %s: no table of both schemas is named %q", name, name)
}

// migrateClient is the DynamoDB client of migrate (liveClient).
func migrateClient(ctx context.Context, o migrateOptions) (*dynamodb.Client, error) {
	c, _, err := liveClient(ctx, "migrate", o.endpoint, o.region)
	return c, err
}
