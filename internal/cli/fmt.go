package cli

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/pmezard/go-difflib/difflib"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/fsafe"
)

func (a *app) fmtCommand() *cobra.Command {
	var check, list, showDiff bool
	c := &cobra.Command{
		Use:   "fmt [PATH...]",
		Short: "Rewrite schema files in canonical HCL style",
		Long: `fmt rewrites the *.tfdyn.hcl files in each PATH (default: the current
directory) in canonical style. With -check it changes nothing and exits 1 when
a file needs formatting. -diff prints what changes in each file as a unified
diff (with -check: what would change), after the file's name; patch -p0
applies it. Files with syntax errors are left untouched. A directory of
schemas (each subdirectory one schema) formats every schema in it.

Each file is replaced atomically (a temporary file in its directory, synced
and renamed over it, keeping its permissions): an interrupted or killed run,
or a full disk, leaves the old content or the new one, never a part. A
symbolic link keeps pointing at the rewritten file. Temporary files that a
killed run left behind are removed by the next run.`,
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
			if !check {
				if err := cleanDirs(files); err != nil {
					return exit(ExitUsage, err)
				}
			}
			sources := map[string]*hcl.File{}
			var diags hcl.Diagnostics
			var unformatted []string
			diffs := map[string]string{}
			for _, f := range files {
				src, err := hclschema.ReadFile(f)
				if err != nil {
					return exit(ExitUsage, err)
				}
				out, ds := hclschema.Format(f, src)
				if ds.HasErrors() {
					sources[f] = &hcl.File{Bytes: src}
					diags = append(diags, ds...)
					continue
				}
				if bytes.Equal(out, src) {
					continue
				}
				unformatted = append(unformatted, f)
				if showDiff {
					d, err := unifiedDiff(f, src, out)
					if err != nil {
						return exit(ExitUsage, fmt.Errorf("fmt: %w", err))
					}
					diffs[f] = d
				}
				if check {
					continue
				}
				if err := a.commit(func() error { return rewrite(f, out) }); err != nil {
					return exit(ExitUsage, err)
				}
			}
			if len(diags) > 0 {
				width, color := terminal(a.stderr)
				_ = diag.WriteText(a.stderr, sources, diags, width, color)
				return exitf(schemaExitCode(diags), "%d file(s) have syntax errors and were not formatted", len(diags))
			}
			for _, f := range unformatted {
				if check || list {
					fmt.Fprintln(a.stdout, f)
				}
				fmt.Fprint(a.stdout, diffs[f])
			}
			if check && len(unformatted) > 0 {
				return exitf(ExitFindings, "%d file(s) need formatting: run tfdyn fmt", len(unformatted))
			}
			return nil
		},
	}
	c.Flags().BoolVar(&check, "check", false, "report unformatted files and exit 1 instead of rewriting them")
	c.Flags().BoolVar(&list, "list", false, "print the names of files that were rewritten")
	c.Flags().BoolVar(&showDiff, "diff", false, "print the changes of each file as a unified diff (with -check: without writing)")
	return c
}

// cleanDirs removes the temporary files that killed runs left next to the
// schema files (and the files their links point at).
func cleanDirs(files []string) error {
	seen := map[string]bool{}
	for _, f := range files {
		for _, p := range []string{f, resolve(f)} {
			d := filepath.Dir(p)
			if seen[d] {
				continue
			}
			seen[d] = true
			if _, err := fsafe.CleanDir(d); err != nil {
				return fmt.Errorf("fmt: %w", err)
			}
		}
	}
	return nil
}

// resolve follows the symbolic links of f, or returns f.
func resolve(f string) string {
	if real, err := filepath.EvalSymlinks(f); err == nil {
		return real
	}
	return f
}

// rewrite replaces the schema file f with out atomically. A symbolic link is
// resolved first, so that the file it points at is rewritten and the link
// stays.
func rewrite(f string, out []byte) error {
	real, err := filepath.EvalSymlinks(f)
	if err != nil {
		return fmt.Errorf("fmt: %w", err)
	}
	if err := fsafe.WriteFile(real, out, 0o644); err != nil {
		return fmt.Errorf("fmt: %w", err)
	}
	return nil
}

// unifiedDiff is the change from src to out of schema file f as a unified
// diff with three lines of context, "--- f.orig" to "+++ f" (gofmt -d's
// names: patch -p0 applies it to f).
func unifiedDiff(f string, src, out []byte) (string, error) {
	return difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: diffLines(src), B: diffLines(out),
		FromFile: f + ".orig", ToFile: f, Context: 3,
	})
}

// diffLines splits text into lines that keep their "\n"; a last line
// without one carries diff's "\ No newline at end of file" marker.
func diffLines(text []byte) []string {
	lines := strings.SplitAfter(string(text), "\n")
	if lines[len(lines)-1] == "" {
		return lines[:len(lines)-1]
	}
	lines[len(lines)-1] += "\n\\ No newline at end of file\n"
	return lines
}
