package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/adopt"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/workbench"
)

// maxModelSize bounds a Workbench model file (sample data included).
const maxModelSize = 64 << 20

// checkWorkbench refuses the flags that do not apply to --from-workbench.
func (o *importOptions) checkWorkbench() error {
	if o.address != "" || o.tfOut != "" || o.prefix != "" || o.endpoint != "" || o.region != "" || o.sample != defaultSample {
		return exitf(ExitUsage, "--from-workbench writes schemas only: --address, --tf-out, --prefix, --endpoint, --region and --sample do not apply")
	}
	if o.label != "" && !hclLabel(o.label) {
		return exitf(ExitUsage, "--label must start with a letter and hold only letters, digits and _, got %q", o.label)
	}
	return nil
}

// runImportWorkbench writes a schema file per table of a Workbench model:
// all of them or none (a file in the way, a model error). The written
// schemas load and pass lint without errors (warnings are listed).
func (a *app) runImportWorkbench(o importOptions) error {
	src, err := readModel(o.fromWorkbench)
	if err != nil {
		return exit(ExitUsage, err)
	}
	files := map[string]*hcl.File{o.fromWorkbench: {Bytes: src}}
	m, diags := workbench.Parse(o.fromWorkbench, src)
	var tables []adopt.WorkbenchTable
	if !diags.HasErrors() {
		var ds hcl.Diagnostics
		tables, ds = adopt.FromWorkbench(m, o.fromWorkbench)
		diags = append(diags, ds...)
	}
	if diags.HasErrors() {
		return a.importFailed(files, diags, o)
	}
	if o.label != "" {
		if len(tables) != 1 {
			return exitf(ExitUsage, "--label names the table of a one-table model; %s has %d tables", o.fromWorkbench, len(tables))
		}
		tables[0].Label = o.label
	}
	out := map[string][]byte{}
	var paths []string
	var refusals hcl.Diagnostics
	for _, t := range tables {
		p := filepath.Join(o.out, t.Label+hclschema.FileSuffix)
		out[p] = adopt.WorkbenchSchema(t, filepath.Base(o.fromWorkbench))
		paths = append(paths, p)
		refusals = append(refusals, refuseExisting(p, "", false)...)
	}
	if refusals.HasErrors() {
		return a.importFailed(files, refusals, o)
	}
	// The schema as a whole: patterns may read entities of another table.
	s, sdiags := hclschema.LoadSources(out)
	if !sdiags.HasErrors() {
		sdiags = append(sdiags, lint.Run(s)...)
	}
	if sdiags.HasErrors() {
		fmt.Fprintf(a.stderr, "import: the schema written for %s does not validate:\n", o.fromWorkbench)
		_ = diag.WriteText(a.stderr, s.Files, sdiags, 0, false)
		return exitf(ExitFindings, "import: %s does not give a valid schema; nothing written (fix the model, or report it if the model is valid in NoSQL Workbench)", o.fromWorkbench)
	}
	if err := a.writeImport(files, diags, o, out); err != nil {
		return err
	}
	w := a.stdout
	if o.format == "json" {
		if err := diag.WriteJSON(a.stdout, sdiags); err != nil {
			return exit(ExitUsage, err)
		}
		w = a.stderr
	}
	for i, t := range tables {
		how := "proposed from its facets"
		if t.Declared {
			how = "read back from its tfdyn section"
		}
		fmt.Fprintf(w, "wrote %s (table %q: %d entities, %d access patterns, %s)\n", paths[i], t.Table.Spec.Name, len(t.Entities), len(t.Patterns), how)
	}
	if len(sdiags) > 0 && o.format != "json" {
		fmt.Fprintf(w, "tfdyn validate finds %s in the written schema:\n", plural(len(sdiags), "warning"))
		width, color := terminal(w)
		if err := diag.WriteText(w, s.Files, sdiags, width, color); err != nil {
			return exit(ExitUsage, err)
		}
	}
	fmt.Fprintf(w, "next: review the schema, then: tfdyn validate %s\n", o.out)
	return nil
}

// readModel reads a model file: a regular file of at most maxModelSize.
func readModel(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("import: --from-workbench %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("import: --from-workbench %s is not a regular file (give the model's JSON file)", path)
	}
	if st.Size() > maxModelSize {
		return nil, fmt.Errorf("import: --from-workbench %s is %d bytes; a model is at most %d", path, st.Size(), maxModelSize)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("import: --from-workbench %s: %w", path, err)
	}
	return b, nil
}
