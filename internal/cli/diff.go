package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/fsafe"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/schemadiff"
)

func init() { commandRegistry = append(commandRegistry, (*app).diffCommand) }

func (a *app) diffCommand() *cobra.Command {
	var (
		format  string
		acks    []string
		ackFile string
		ci      ciOptions
	)
	c := &cobra.Command{
		Use:   "diff BASE HEAD",
		Short: "Classify the changes between two versions of a schema (the review gate for a design that has data)",
		Long: `diff compares two versions of a schema, BASE (the design the stored items
were written with) and HEAD (the one under review), and classifies each
change: additive, needs backfill, breaking for existing items, breaking for
readers, destructive (codes SD1xx-SD5xx, docs/diff.md), with the access
patterns it affects and the entities whose items must change.

BASE and HEAD are paths (a file or a directory) or git:REV:PATH, read from
the repository at a revision: tfdyn diff git:origin/main:schema schema.

Breaking and destructive changes block unless acknowledged with a reason:
--ack CODE[=ADDRESS]:REASON (ADDRESS a glob over the change's address), or
acknowledge blocks in an acknowledgement file: --ack-file FILE, or by
default tfdyn-diff-acks.hcl in HEAD's schema directory when present (the
form of tfdyn plan's tfdyn-acks.hcl, with SD codes).

Exit code 0: nothing blocks; 1: a blocking change or schema errors; 2: usage
or environment error (an unreadable path, git or a revision missing); 130:
interrupted.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkReportFormat(format); err != nil {
				return err
			}
			var parsed []schemadiff.Ack
			for _, f := range acks {
				ack, err := schemadiff.ParseAckFlag(f)
				if err != nil {
					return exit(ExitUsage, err)
				}
				parsed = append(parsed, ack)
			}
			if ackFile == "" && !strings.HasPrefix(args[1], "git:") {
				dir := args[1]
				if st, err := os.Stat(dir); err == nil && !st.IsDir() {
					dir = filepath.Dir(dir)
				}
				if cand := filepath.Join(dir, schemadiff.AckFileName); fileExists(cand) {
					ackFile = cand
				}
			}
			if ackFile != "" {
				fileAcks, err := a.loadDiffAcks(ackFile)
				if err != nil {
					return err
				}
				parsed = append(parsed, fileAcks...)
			}
			base, head, err := a.loadSides(cmd, args)
			if err != nil {
				return err
			}
			rep := schemadiff.Diff(base, head)
			rep.Base, rep.Head = args[0], args[1]
			for _, u := range rep.Acknowledge(parsed) {
				fmt.Fprintf(a.stderr, "Warning: acknowledgement %s (%s) matches no change\n", u, u.Source)
			}
			out := output(rep.Output())
			if err := findings.Write(a.stdout, format, out); err != nil {
				return exit(ExitUsage, fmt.Errorf("diff: %w", err))
			}
			if err := a.writeReports(ci, out); err != nil && !errors.Is(err, errInterrupted) {
				return exit(ExitUsage, fmt.Errorf("diff: %w", err))
			}
			return findingsExit(out, "diff: %s: acknowledge each with --ack CODE=ADDRESS:REASON when it is intended", blockPhrase(len(rep.Blocking())))
		},
	}
	registerFormat(c, &format)
	c.Flags().StringArrayVar(&acks, "ack", nil, "acknowledge a breaking or destructive change: CODE[=ADDRESS]:REASON (repeatable)")
	ci.register(c)
	c.Flags().StringVar(&ackFile, "ack-file", "", "acknowledgements file (acknowledge \"SDnnn\" { address = ..., reason = ... }; default HEAD's "+schemadiff.AckFileName+" when present)")
	return c
}

// loadSides loads BASE and HEAD, the command's first two arguments (paths
// or git:REV:PATH), as diff and migrate take them.
func (a *app) loadSides(cmd *cobra.Command, args []string) (base, head *hclschema.Schema, err error) {
	if base, err = a.loadRef(cmd, args[0]); err != nil {
		return nil, nil, err
	}
	if head, err = a.loadRef(cmd, args[1]); err != nil {
		return nil, nil, err
	}
	return base, head, nil
}

// loadRef loads one side of a diff or migration (a path or git:REV:PATH)
// and lints it; diagnostics go to stderr. A schema with errors is exit 1,
// one that cannot be read exit 2.
func (a *app) loadRef(cmd *cobra.Command, arg string) (*hclschema.Schema, error) {
	ref, err := schemadiff.ParseRef(arg)
	if err != nil {
		return nil, exit(ExitUsage, err)
	}
	if ref.Rev == "" {
		// A path on disk: one schema (a directory of schemas holding one is
		// that one).
		ss, err := a.discover([]string{ref.Path}, diagOptions{format: "text"})
		if err != nil {
			return nil, err
		}
		d, err := ss.one(cmd.Name(), func(dir string) string {
			return fmt.Sprintf("tfdyn %s git:origin/main:%s %s", cmd.Name(), filepath.ToSlash(dir), filepath.ToSlash(dir))
		})
		if err != nil {
			return nil, err
		}
		ref.Path = d.Dir
		if len(d.Paths) == 1 {
			ref.Path = d.Paths[0]
		}
	}
	s, diags, err := schemadiff.Load(cmd.Context(), ref)
	if err != nil {
		if isCanceled(err) {
			return nil, exit(ExitInterrupted, err)
		}
		return nil, exit(ExitUsage, err)
	}
	if !hasCode(diags, hclschema.CodeSyntax, hclschema.CodeNoFiles) {
		diags = append(diags, lint.Run(s)...)
	}
	diag.Sort(diags)
	errs := hcl.Diagnostics{}
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		width, color := terminal(a.stderr)
		_ = diag.WriteText(a.stderr, s.Files, errs, width, color)
		code := schemaExitCode(errs)
		return nil, exitf(code, "%s: %s in the schema", arg, plural(len(errs), "error"))
	}
	return s, nil
}

// loadDiffAcks reads an acknowledgement file of tfdyn diff.
func (a *app) loadDiffAcks(path string) ([]schemadiff.Ack, error) {
	src, err := fsafe.ReadRegular(path, schemadiff.MaxAckFileBytes)
	if err != nil {
		return nil, exit(ExitUsage, fmt.Errorf("--ack-file: %w", err))
	}
	acks, files, diags := schemadiff.ParseAckFile(path, src)
	if diags.HasErrors() {
		width, color := terminal(a.stderr)
		_ = diag.WriteText(a.stderr, files, diags, width, color)
		return nil, exitf(ExitFindings, "%s has errors", path)
	}
	return acks, nil
}

// blockPhrase is "1 change blocks" or "N changes block".
func blockPhrase(n int) string {
	if n == 1 {
		return "1 change blocks"
	}
	return fmt.Sprintf("%d changes block", n)
}
