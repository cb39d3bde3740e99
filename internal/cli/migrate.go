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
	"github.com/tfdyn/tfdyn/internal/dynamo"
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

	toTable       string
	control       string
	segment       int
	totalSegments int
	catchUp       bool
	follow        bool
	reset         bool
	emit          string
	out           string
	workers       int
}

func (a *app) migrateCommand() *cobra.Command {
	var o migrateOptions
	c := &cobra.Command{
		Use:   "migrate BASE HEAD (--dry-run | --table NAME [--to-table NAME] [--control-table NAME [--segment I --total-segments N]] [--catch-up | --check] (--endpoint URL | --region R) | --emit terraform|stepfunctions -o DIR)",
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

A changed primary key (a key template, the table's key schema or name,
its LSIs) makes the migration a copy: every item is written into a new
table (--to-table, default HEAD's table name, or BASE's with "-next")
under the keys HEAD computes from its attributes, with a put that keeps
whatever is already there; --catch-up then applies the writes made to BASE
meanwhile from BASE's stream (NEW_AND_OLD_IMAGES), deletes as tombstones
while the copy runs; --check compares both tables item by item (count and
checksum per entity) and runs HEAD's patterns on the target. A copy keeps
its state in a control table (--control-table), shared with the catch-up.
An attribute HEAD requires that stored items lack, or whose type changes,
is refused: neither a backfill nor a copy can give items their values.

--control-table NAME keeps the progress in a DynamoDB table instead of a
checkpoint file, so that workers on any machine share one migration:
--segment I --total-segments N runs one segment (0 to N-1); a finished
segment is never redone, and every record is written conditionally on the
version read. --reset removes the migration's records from it.

--emit terraform -o DIR writes the Terraform of the control table and, for
a copy, of HEAD's table beside BASE's; --emit stepfunctions -o DIR adds a
Step Functions Distributed Map whose items are the segments and whose
worker is the tfdyn binary on Lambda (provided.al2023), with its IAM, the
rate split across --workers, and the warm throughput the schema declares
raised first (docs/migrate.md).

Exit code 0: done (or nothing to do, or a clean check); 1: schema errors,
a refused plan, items that failed or were not copied, or check findings; 2: usage or environment error (no table, endpoint down,
a checkpoint of another plan, a worker that does not fit its migration, a copy target that is missing or not empty, a BASE without a stream); 130: interrupted.`,
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
	f.StringVar(&o.toTable, "to-table", "", "a copy's target table (default: HEAD's table name, or BASE's with \""+migrate.NextSuffix+"\" when HEAD keeps it)")
	f.StringVar(&o.control, "control-table", "", "keep the progress in this DynamoDB control table, shared by workers (instead of --checkpoint)")
	f.IntVar(&o.segment, "segment", -1, "run only this segment (0 to --total-segments - 1): one worker of a shared migration")
	f.IntVar(&o.totalSegments, "total-segments", 0, "with --segment: the migration's number of segments, the same for every worker")
	f.BoolVar(&o.catchUp, "catch-up", false, "apply the writes made to BASE since the copy started (BASE's stream) to the target, until caught up")
	f.BoolVar(&o.follow, "follow", false, "with --catch-up: keep applying new writes until interrupted")
	f.BoolVar(&o.reset, "reset", false, "remove this migration's records from the control table, to start over")
	f.StringVar(&o.emit, "emit", "", "write Terraform instead of running: terraform (control table, copy target) or stepfunctions (and a Distributed Map of workers)")
	f.StringVarP(&o.out, "out", "o", "", "with --emit: the output directory")
	f.IntVar(&o.workers, "workers", 10, "with --emit stepfunctions: workers at a time (the Map's MaxConcurrency); --rate is split across them")
	return c
}

func (a *app) runMigrate(cmd *cobra.Command, args []string, o migrateOptions) error {
	if err := checkFormat(o.format, "text", "json"); err != nil {
		return err
	}
	if o.emit != "" {
		return a.runMigrateEmit(cmd, args, o)
	}
	if o.out != "" {
		return exitf(ExitUsage, "-o/--out is the output directory of --emit: add --emit terraform or --emit stepfunctions")
	}
	if cmd.Flags().Changed("workers") {
		return exitf(ExitUsage, "--workers sets the Step Functions Map's concurrency: it goes with --emit stepfunctions")
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
	if err := checkSharedFlags(cmd, o); err != nil {
		return err
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
		}{{"--endpoint", o.endpoint != ""}, {"--region", o.region != ""}, {"--checkpoint", o.checkpoint != ""}, {"--check", o.check},
			{"--to-table", o.toTable != ""}, {"--control-table", o.control != ""}, {"--catch-up", o.catchUp}, {"--reset", o.reset}} {
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
	if o.check && (o.dryRun || o.checkpoint != "" || o.rate != 0 || o.segment >= 0) {
		return exitf(ExitUsage, "--check writes nothing and reads the whole table: it takes no --dry-run, --checkpoint, --rate or --segment")
	}
	if err := inRange("--check-max", o.checkMax, 1, 10_000_000); err != nil {
		return err
	}
	base, head, err := a.loadSides(cmd, args)
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
	cp := plan.Copy(label)
	switch {
	case cp == nil && o.toTable != "":
		return exitf(ExitUsage, "--to-table is a copy's target, but the plan copies no table (table %q is migrated in place)", o.table)
	case cp == nil && o.catchUp:
		return exitf(ExitUsage, "--catch-up applies BASE's stream to a copy's target, but the plan copies no table (table %q is migrated in place)", o.table)
	case cp != nil && o.toTable == "":
		o.toTable = cp.To
	}
	if o.check {
		return a.runCheck(cmd, plan, label, o)
	}
	if plan.Blocked() && !o.dryRun {
		_ = write(nil)
		return exitf(ExitFindings, "migrate: part of the plan is refused (see REFUSED above); nothing written")
	}
	if cp != nil && !o.dryRun && o.control == "" {
		return exitf(ExitUsage, "migrate: table %q is copied into %q, and a copy keeps its state in a control table shared with the catch-up: add --control-table NAME (declared by tfdyn migrate --emit terraform)", o.table, o.toTable)
	}
	if len(plan.Runnable(label)) == 0 && cp == nil && !plan.Blocked() && !o.reset {
		if err := write(nil); err != nil { // no item of this table changes: no Scan
			return exit(ExitUsage, err)
		}
		return nil
	}
	ropts := migrate.Options{Table: o.table, Label: label, DryRun: o.dryRun, Segments: o.parallel, Rate: o.rate}
	if cp != nil {
		ropts.Target = o.toTable
	}
	if o.segment >= 0 {
		seg := o.segment
		ropts.Segment, ropts.Segments = &seg, o.totalSegments
	}
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
	var control *migrate.Control
	if o.control != "" {
		control = &migrate.Control{Client: client, Table: o.control}
	}
	if o.reset {
		return a.runReset(cmd, plan, label, o, control)
	}
	if o.catchUp {
		return a.runCatchUp(cmd, plan, label, o, client, control)
	}
	ropts.Client, ropts.Control = client, control
	if o.format == "text" {
		var last time.Time
		ropts.Progress = func(r *migrate.Result) {
			if time.Since(last) < 2*time.Second {
				return
			}
			last = time.Now()
			verb := "updated"
			switch {
			case cp != nil && o.dryRun:
				verb = "to copy"
			case cp != nil:
				verb = "copied"
			case o.dryRun:
				verb = "to update"
			}
			fmt.Fprintf(a.stderr, "migrate: scanned %d items, %d of planned entities, %d %s\n", r.Scanned, r.Matched(), r.Updated(), verb)
		}
	}
	a.cleansUp() // the segments stop after their current item; the checkpoint stays as last saved
	res, err := migrate.Run(cmd.Context(), plan, ropts)
	if errors.Is(err, migrate.ErrCheckpointMismatch) && o.checkpoint != "" {
		return exitf(ExitUsage, "migrate: --checkpoint %s: %w; remove it to start over", o.checkpoint, err)
	}
	if err != nil && cmd.Context().Err() != nil {
		switch {
		case o.checkpoint != "" && saved:
			fmt.Fprintf(a.stderr, "migrate: progress is in %s: run the same command to resume\n", o.checkpoint)
		case o.checkpoint != "":
			fmt.Fprintf(a.stderr, "migrate: interrupted before %s was written: nothing to resume, run the same command to start again\n", o.checkpoint)
		case o.control != "":
			if res != nil { // what this worker did before the interrupt
				_ = write(res)
			}
			fmt.Fprintf(a.stderr, "migrate: progress is in control table %s: run the same command to resume\n", o.control)
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
	if failed := res.Failed(); failed > 0 {
		return exitf(ExitFindings, "migrate: %s failed (listed above); run again to retry them", plural(int(failed), "item"))
	}
	if n := res.Unknown + res.Ambiguous; cp != nil && n > 0 {
		return exitf(ExitFindings, "migrate: %s of no BASE entity (or of several) not copied (listed above): the target lacks them", plural(int(n), "item"))
	}
	if plan.Blocked() { // a dry run: counted, but part of the plan is refused
		return exitf(ExitFindings, "migrate: part of the plan is refused (see REFUSED above)")
	}
	return nil
}

// checkSharedFlags checks the flags of shared migrations: workers,
// control table, catch-up, reset.
func checkSharedFlags(cmd *cobra.Command, o migrateOptions) error {
	worker := o.segment != -1 || cmd.Flags().Changed("total-segments")
	if worker {
		switch {
		case !cmd.Flags().Changed("segment"):
			return exitf(ExitUsage, "--total-segments is the number of segments of a shared migration: give it with --segment I (the one this worker runs)")
		case !cmd.Flags().Changed("total-segments"):
			return exitf(ExitUsage, "--segment %d needs --total-segments N, the migration's number of segments (the same for every worker)", o.segment)
		case o.totalSegments < 1 || o.totalSegments > migrate.MaxTotalSegments:
			return exitf(ExitUsage, "--total-segments must be between 1 and %d (DynamoDB's most Scan segments), got %d", migrate.MaxTotalSegments, o.totalSegments)
		case o.segment < 0 || o.segment >= o.totalSegments:
			return exitf(ExitUsage, "--segment must be between 0 and %d (--total-segments %d numbers the segments from 0), got %d", o.totalSegments-1, o.totalSegments, o.segment)
		case o.control == "":
			return exitf(ExitUsage, "--segment runs one part of a migration that workers share through a control table: add --control-table NAME")
		case cmd.Flags().Changed("parallel"):
			return exitf(ExitUsage, "--parallel splits one process's run into segments; a worker (--segment) runs one segment of --total-segments")
		}
	}
	switch {
	case o.follow && !o.catchUp:
		return exitf(ExitUsage, "--follow keeps the catch-up running: it goes with --catch-up")
	case o.catchUp && (o.check || o.dryRun || worker || o.checkpoint != "" || o.reset):
		return exitf(ExitUsage, "--catch-up reads BASE's stream into the copy's target: it takes no --check, --dry-run, --segment, --checkpoint or --reset")
	case o.catchUp && o.control == "":
		return exitf(ExitUsage, "--catch-up reads where the copy started from the control table: add --control-table NAME (the copy's)")
	case o.control != "" && o.checkpoint != "":
		return exitf(ExitUsage, "--control-table and --checkpoint both keep the progress: give one (the control table is shared by workers, the file by one process)")
	case o.control != "" && o.dryRun:
		return exitf(ExitUsage, "--dry-run counts in one process and keeps no state: it takes no --control-table")
	case o.reset && o.control == "":
		return exitf(ExitUsage, "--reset removes a migration's records from its control table: add --control-table NAME")
	case o.reset && (o.check || o.dryRun || worker):
		return exitf(ExitUsage, "--reset only removes the migration's records: it takes no --check, --dry-run or --segment")
	}
	return nil
}

// runCatchUp is migrate --catch-up.
func (a *app) runCatchUp(cmd *cobra.Command, plan *migrate.Plan, label string, o migrateOptions, client *dynamodb.Client, control *migrate.Control) error {
	streams, err := dynamo.NewStreamsClient(cmd.Context(), dynamo.Config{Endpoint: o.endpoint, Region: o.region})
	if err != nil {
		return exit(ExitUsage, fmt.Errorf("migrate: %w", err))
	}
	opts := migrate.CatchUpOptions{Client: client, Streams: streams, Table: o.table, Label: label, Target: o.toTable, Control: control, Follow: o.follow}
	if o.format == "text" {
		var last time.Time
		opts.Progress = func(r *migrate.CatchUpResult) {
			if time.Since(last) < 2*time.Second {
				return
			}
			last = time.Now()
			fmt.Fprintf(a.stderr, "migrate: catch-up: %d records read, caught up: %t\n", r.Records, r.CaughtUp)
		}
	}
	if o.follow {
		a.waitForStop() // Ctrl-C is how --follow stops
	}
	a.cleansUp()
	res, err := migrate.CatchUp(cmd.Context(), plan, opts)
	if err != nil && cmd.Context().Err() != nil {
		if res != nil {
			_ = writeCatchUp(a, o, res)
		}
		if o.follow {
			return nil
		}
		fmt.Fprintf(a.stderr, "migrate: the catch-up's progress is in control table %s: run the same command to resume\n", o.control)
		return exit(ExitInterrupted, err)
	}
	if err != nil {
		return exit(ExitUsage, err)
	}
	if err := writeCatchUp(a, o, res); err != nil {
		return exit(ExitUsage, err)
	}
	if n := res.Failed(); n > 0 {
		return exitf(ExitFindings, "migrate: %s failed (listed above); run the catch-up again to retry them", plural(int(n), "record"))
	}
	if res.Unknown > 0 {
		return exitf(ExitFindings, "migrate: %s of no BASE entity not applied (listed above): the target lacks them", plural(int(res.Unknown), "record"))
	}
	return nil
}

func writeCatchUp(a *app, o migrateOptions, res *migrate.CatchUpResult) error {
	if o.format == "json" {
		return res.WriteJSON(a.stdout)
	}
	return res.WriteText(a.stdout)
}

// runReset is migrate --reset.
func (a *app) runReset(cmd *cobra.Command, plan *migrate.Plan, label string, o migrateOptions, control *migrate.Control) error {
	target := ""
	if plan.Copy(label) != nil {
		target = o.toTable
	}
	n, id, err := migrate.Reset(cmd.Context(), plan, label, o.table, target, control)
	if err != nil {
		if cmd.Context().Err() != nil {
			return exit(ExitInterrupted, err)
		}
		return exit(ExitUsage, err)
	}
	fmt.Fprintf(a.stdout, "Removed %s of migration %s from control table %s.\n", plural(n, "record"), id, o.control)
	if target != "" {
		fmt.Fprintf(a.stdout, "The copy's target %s still holds what was copied: empty it (or delete and create it again) before a new copy.\n", target)
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
	rep, err := migrate.Check(cmd.Context(), plan, migrate.CheckOptions{Client: client, Table: o.table, Label: label, Segments: o.parallel, MaxItems: o.checkMax, Target: o.toTable})
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
