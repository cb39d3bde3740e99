package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/plancheck"
	"github.com/tfdyn/tfdyn/internal/tfenv"
)

func init() { commandRegistry = append(commandRegistry, (*app).planCommand) }

func (a *app) planCommand() *cobra.Command {
	var (
		dir      string
		schema   string
		planJSON string
		acks     []string
		ackFile  string
		format   string
		ci       ciOptions
		runOpts  plancheck.RunOptions
	)
	c := &cobra.Command{
		Use:   "plan [--dir TFDIR] [--schema PATH] [--plan-json FILE]",
		Short: "Check a Terraform plan for dangerous DynamoDB changes (the CI gate before apply)",
		Long: `plan runs terraform init, plan and show -json in TFDIR (default: the current
directory), or reads a plan made elsewhere (--plan-json FILE, "-" for stdin,
from terraform show -json), and reports dangerous changes to DynamoDB tables:
destroys and replacements, stream and TTL changes, GSIs deleted or rebuilt
(an error when a declared access pattern uses them: --schema), PITR and
deletion protection turned off, several GSIs in one apply, billing switches,
SSE key changes, and drift between the plan and the schema.

Intended changes pass with an acknowledgement and a reason: --ack
CODE[=ADDRESS]:REASON, or acknowledge blocks in tfdyn-acks.hcl (read from
TFDIR when present, or --ack-file).

Exit code 0: nothing blocks; 1: a blocking finding; 2: usage or environment
error; 130: interrupted.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkReportFormat(format); err != nil {
				return err
			}
			if planJSON != "" && (len(runOpts.Vars) > 0 || len(runOpts.VarFiles) > 0) {
				return exitf(ExitUsage, "--var and --var-file apply when tfdyn runs terraform, not to a plan read with --plan-json")
			}
			for _, v := range runOpts.Vars {
				if name, _, ok := strings.Cut(v, "="); !ok || name == "" {
					return exitf(ExitUsage, "--var must be NAME=VALUE, got %q", v)
				}
			}
			opts := plancheck.Options{}
			if schema != "" {
				ss, err := a.discover([]string{schema}, diagOptions{format: "text"})
				if err != nil {
					return err
				}
				d, err := ss.one("plan --schema", func(one string) string { return "tfdyn plan --dir " + dir + " --schema " + one })
				if err != nil {
					return err
				}
				s, _, err := a.loadSchema(d.Paths, diagOptions{format: "text"}, false)
				if err != nil {
					return err
				}
				opts.Schema = s
			}
			for _, f := range acks {
				ack, err := plancheck.ParseAckFlag(f)
				if err != nil {
					return exit(ExitUsage, err)
				}
				opts.Acks = append(opts.Acks, ack)
			}
			if ackFile == "" {
				if cand := filepath.Join(dir, plancheck.AckFileName); fileExists(cand) {
					ackFile = cand
				}
			}
			if ackFile != "" {
				fileAcks, files, diags := plancheck.LoadAckFile(ackFile)
				if diags.HasErrors() {
					width, color := terminal(a.stderr)
					_ = diag.WriteText(a.stderr, files, diags, width, color)
					return exitf(schemaExitCode(diags), "%s has errors", ackFile)
				}
				opts.Acks = append(opts.Acks, fileAcks...)
			}
			var plan *tfjson.Plan
			var err error
			switch {
			case planJSON == "-":
				plan, err = plancheck.DecodePlanJSON(a.stdin)
			case planJSON != "":
				plan, err = plancheck.LoadPlanJSON(planJSON)
			default:
				var env *tfenv.Env
				env, err = tfenv.Load()
				if err == nil {
					if format == "text" {
						runOpts.Log = a.stderr
					}
					a.cleansUp() // an interrupt stops terraform and removes the plan file first
					plan, err = plancheck.Run(cmd.Context(), dir, env, runOpts)
				}
			}
			if err != nil {
				return exit(ExitUsage, err)
			}
			rep, err := plancheck.CheckPlan(plan, opts)
			if err != nil {
				return exit(ExitUsage, err)
			}
			rep.DocBase = docBase() // plan's own text links rule pages too
			out := output(rep.Output())
			if err := findings.Write(a.stdout, format, out); err != nil {
				return exit(ExitUsage, err)
			}
			if err := a.writeReports(ci, out); err != nil && !errors.Is(err, errInterrupted) {
				return exit(ExitUsage, fmt.Errorf("plan: %w", err))
			}
			return findingsExit(out, "")
		},
	}
	c.Flags().StringVar(&dir, "dir", ".", "Terraform directory to plan")
	c.Flags().StringVar(&schema, "schema", "", "tfdyn schema (file or directory): enables access-pattern and drift checks")
	c.Flags().StringVar(&planJSON, "plan-json", "", "check this plan JSON (terraform show -json) instead of running terraform; - for stdin")
	c.Flags().StringArrayVar(&acks, "ack", nil, "acknowledge a finding: CODE[=ADDRESS]:REASON (repeatable)")
	c.Flags().StringVar(&ackFile, "ack-file", "", "acknowledgements file (default TFDIR/"+plancheck.AckFileName+" when present)")
	registerFormat(c, &format)
	ci.register(c)
	c.Flags().StringArrayVar(&runOpts.VarFiles, "var-file", nil, "terraform -var-file (repeatable)")
	c.Flags().StringArrayVar(&runOpts.Vars, "var", nil, "terraform -var NAME=VALUE (repeatable)")
	return c
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
