package cli

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/adopt"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/fsafe"
	"github.com/tfdyn/tfdyn/internal/lint"
)

func init() { commandRegistry = append(commandRegistry, (*app).importCommand) }

// Bounds of import --sample.
const (
	defaultSample = 200
	maxSample     = 1000
)

// importOptions are the flags of tfdyn import.
type importOptions struct {
	fromTF, fromState, table string
	fromWorkbench            string
	address                  string
	endpoint, region         string
	sample                   int
	out, tfOut, label        string
	prefix                   string
	format                   string
}

func (a *app) importCommand() *cobra.Command {
	var o importOptions
	c := &cobra.Command{
		Use:   "import (--from-tf DIR | --from-state FILE | --table NAME | --from-workbench MODEL.json) -o DIR",
		Short: "Adopt an existing DynamoDB table: write a starting schema and the moved or import block",
		Long: `import reads an existing table and writes a starting schema for it,
DIR/<label>.tfdyn.hcl, plus the Terraform that hands the table to the
resource tfdyn emit writes, so that the first terraform plan of the emitted
code changes nothing:

  --from-tf DIR       an aws_dynamodb_table block of the .tf files in DIR
                      (literal values, variables with defaults)
  --from-state FILE   a resource of the output of terraform show -json
  --table NAME        a live table (--endpoint URL, or AWS with --region and
                      your credentials); an import {} block goes to --tf-out.
                      Up to --sample items (2 Scan pages) are read to propose
                      entities from the key prefixes found.
  --from-workbench MODEL.json
                      a NoSQL Workbench data model: a schema file per table,
                      no Terraform (docs/workbench.md). Facets become
                      entities (key templates where the sample items show a
                      prefix), sample items examples, and a GetItem per
                      entity is proposed; a model written by tfdyn doc
                      --format workbench reads back as it was.

For --from-tf and --from-state the label defaults to the resource's name, so
the emitted resource keeps its address; with another --label (or a resource
in a module) a moved {} block goes to --tf-out (default: the --from-tf DIR).
--address picks one table when the source holds several. The table block is
exact; entities are proposals marked "# Proposal: inferred from N items".
import never replaces a file: the schema file must not exist, and the
Terraform file (tfdyn_import_<resource>.tf) only replaces one it generated.
Exit 1 for a refusal (unknown or ambiguous address, a setting a schema cannot
express, an existing file), 2 for usage or unreadable input.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runImport(cmd.Context(), o) },
	}
	f := c.Flags()
	f.StringVar(&o.fromTF, "from-tf", "", "directory of .tf files holding the aws_dynamodb_table")
	f.StringVar(&o.fromState, "from-state", "", "state JSON file (terraform show -json)")
	f.StringVar(&o.table, "table", "", "name of a live table")
	f.StringVar(&o.fromWorkbench, "from-workbench", "", "NoSQL Workbench data model (JSON)")
	f.StringVar(&o.address, "address", "", "resource address of the table (--from-tf, --from-state), e.g. aws_dynamodb_table.orders")
	f.StringVar(&o.endpoint, "endpoint", "", "URL of a DynamoDB-compatible endpoint (--table), e.g. http://localhost:8000")
	f.StringVar(&o.region, "region", "", "AWS region (--table; default us-east-1 with --endpoint, AWS_REGION otherwise)")
	f.IntVar(&o.sample, "sample", defaultSample, fmt.Sprintf("items to sample from a live table, 0 to %d (0: none)", maxSample))
	f.StringVarP(&o.out, "out", "o", "", "schema directory (created if missing)")
	f.StringVar(&o.tfOut, "tf-out", "", "Terraform directory for the moved or import block (default: --from-tf DIR)")
	f.StringVar(&o.label, "label", "", "label of the table in the schema (default: its name, made an identifier)")
	f.StringVar(&o.prefix, "prefix", "", "the --prefix you emit with: the moved or import block targets aws_dynamodb_table.<PREFIX><label>")
	f.StringVar(&o.format, "format", "text", "diagnostics format: text or json (the summary then goes to stderr)")
	return c
}

func (o *importOptions) check() error {
	if err := checkFormat(o.format, "text", "json"); err != nil {
		return err
	}
	n := 0
	for _, s := range []string{o.fromTF, o.fromState, o.table, o.fromWorkbench} {
		if s != "" {
			n++
		}
	}
	if n != 1 {
		return exitf(ExitUsage, "import needs exactly one source: --from-tf DIR, --from-state FILE, --table NAME or --from-workbench MODEL.json")
	}
	if o.out == "" {
		return exitf(ExitUsage, "import needs a schema directory: -o DIR")
	}
	if o.fromWorkbench != "" {
		return o.checkWorkbench()
	}
	if o.table != "" && o.address != "" {
		return exitf(ExitUsage, "--address applies to --from-tf and --from-state, not to --table")
	}
	if o.table == "" && (o.endpoint != "" || o.region != "" || o.sample != defaultSample) {
		return exitf(ExitUsage, "--endpoint, --region and --sample apply only to --table")
	}
	if o.endpoint != "" {
		if u, err := url.Parse(o.endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return exitf(ExitUsage, "--endpoint must be an http or https URL such as http://localhost:8000, got %q", o.endpoint)
		}
	}
	if err := inRange("--sample", o.sample, 0, maxSample); err != nil {
		return err
	}
	if o.tfOut == "" {
		if o.fromTF == "" {
			return exitf(ExitUsage, "--from-state and --table need --tf-out DIR: the Terraform directory for the moved or import block")
		}
		o.tfOut = o.fromTF
	}
	if o.prefix != "" && (!hclLabel(o.prefix) || !strings.HasSuffix(o.prefix, "_")) {
		return exitf(ExitUsage, "--prefix must be an identifier fragment ending in _ such as blog_, got %q", o.prefix)
	}
	if o.label != "" && !hclLabel(o.label) {
		return exitf(ExitUsage, "--label must start with a letter and hold only letters, digits and _, got %q", o.label)
	}
	return nil
}

func hclLabel(s string) bool { return s != "" && adopt.Label(s) == s }

func (a *app) runImport(ctx context.Context, o importOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	if o.fromWorkbench != "" {
		return a.runImportWorkbench(o)
	}
	if st, err := os.Stat(o.tfOut); err != nil {
		return exitf(ExitUsage, "import: --tf-out %s: %v (give the directory of your Terraform module)", o.tfOut, errors.Unwrap(err))
	} else if !st.IsDir() {
		return exitf(ExitUsage, "import: --tf-out %s is not a directory", o.tfOut)
	}
	var (
		t     *adopt.Table
		files map[string]*hcl.File
		diags hcl.Diagnostics
		items int
		ents  []adopt.Entity
	)
	switch {
	case o.fromTF != "":
		m, ds, err := adopt.ReadTF(o.fromTF)
		if err != nil {
			return exit(ExitUsage, err)
		}
		files, diags = m.Files, ds
		if !diags.HasErrors() {
			b, ds := m.Find(o.address, o.fromTF)
			diags = append(diags, ds...)
			if b != nil {
				t, ds = m.FromTF(b)
				diags = append(diags, ds...)
			}
		}
	case o.fromState != "":
		s, ds, err := adopt.ReadState(o.fromState)
		if err != nil {
			return exit(ExitUsage, err)
		}
		diags = ds
		if s != nil {
			t, ds = adopt.FromState(s, o.fromState, o.address)
			diags = append(diags, ds...)
		}
	default:
		client, origin, err := liveClient(ctx, "import", o.endpoint, o.region)
		if err != nil {
			return exit(ExitUsage, err)
		}
		t, err = adopt.FromLive(ctx, client, o.table, origin)
		var refused *adopt.RefusedError
		if errors.As(err, &refused) {
			return a.importFailed(nil, hcl.Diagnostics{refused.Diagnostic}, o)
		}
		if err != nil {
			return exit(ExitUsage, err)
		}
		if o.sample > 0 {
			sample, err := adopt.Sample(ctx, client, o.table, o.sample)
			if err != nil {
				return exit(ExitUsage, err)
			}
			items = len(sample)
			ents = adopt.Infer(t, sample)
		}
	}
	if diags.HasErrors() {
		return a.importFailed(files, diags, o)
	}
	if ents == nil {
		ents = adopt.Infer(t, nil)
	}
	label := o.label
	if label == "" {
		label = adopt.DefaultLabel(t)
	}
	schemaPath := filepath.Join(o.out, label+hclschema.FileSuffix)
	// The schemas already in -o: the new table joins them, so its label and
	// entity names must be new there.
	if ds := refuseExisting(schemaPath, "", false); ds.HasErrors() {
		return a.importFailed(files, append(diags, ds...), o)
	}
	others, err := existingSchema(o.out)
	if err != nil {
		return exit(ExitUsage, err)
	}
	if others != nil {
		if other := others.Table(label); other != nil {
			r := other.DeclRange
			return a.importFailed(others.Files, hcl.Diagnostics{diag.Errorf(adopt.CodeFileExists, &r, "Table label taken",
				"%s already declares table %q; the imported table needs another label in the same schema directory: give --label.", r.Filename, label)}, o)
		}
		taken := map[string]bool{}
		for _, e := range others.Entities {
			taken[e.Name] = true
		}
		adopt.Disambiguate(ents, taken, label)
	}
	src := adopt.Schema(t, label, ents)
	s, sdiags := hclschema.LoadSource(schemaPath, src)
	sdiags = append(sdiags, lint.Run(s)...)
	if sdiags.HasErrors() {
		// A bug of import: show what the loader says about the schema it
		// would write (nothing was written).
		_ = diag.WriteText(a.stderr, s.Files, sdiags, 0, false)
		return exitf(ExitFindings, "import: the schema import would write for table %q (%s, not written) does not validate; nothing written; please report this with the source of the table", t.Spec.Name, schemaPath)
	}
	if others != nil {
		if ds := validateTogether(o.out, schemaPath, src); ds.HasErrors() {
			_ = diag.WriteText(a.stderr, nil, ds, 0, false)
			return exitf(ExitFindings, "import: the schema of table %q does not validate together with the schemas in %s; nothing written (import it into another directory with -o)", t.Spec.Name, o.out)
		}
	}
	// The address emit gives the table: the naming contract, one implementation.
	// GSIs that were resources stay resources: the next line gives emit
	// --gsi-resources (emit.Advise), and the hand-off moves or imports
	// every GSI to the resource emit then writes.
	names := emit.NamesFor(s.Tables[0], emit.Options{Prefix: o.prefix})
	resource := names.Local
	gsiResources := len(t.GSIResources) > 0
	tf, err := adopt.TF(t, names, gsiResources)
	if err != nil {
		return exit(ExitUsage, err)
	}
	tfPath := filepath.Join(o.tfOut, "tfdyn_import_"+resource+".tf")
	out := map[string][]byte{schemaPath: src}
	if tf != nil {
		out[tfPath] = tf
	}
	if ds := refuseExisting(schemaPath, tfPath, tf != nil); ds.HasErrors() {
		return a.importFailed(files, append(diags, ds...), o)
	}
	if err := a.writeImport(files, diags, o, out); err != nil {
		return err
	}
	w := a.stdout
	if o.format == "json" {
		if len(diags) == 0 {
			if err := diag.WriteJSON(a.stdout, diags); err != nil {
				return exit(ExitUsage, err)
			}
		}
		w = a.stderr
	}
	fmt.Fprintf(w, "wrote %s (table %q", schemaPath, t.Spec.Name)
	if o.table != "" {
		fmt.Fprintf(w, ", %d proposed entities from %d sampled items", proposals(ents), items)
	}
	fmt.Fprintf(w, "; %d warnings from tfdyn validate)\n", len(sdiags))
	to := adopt.ResourceType + "." + resource
	switch {
	case tf == nil:
		fmt.Fprintf(w, "no moved block needed: the table stays at %s\n", to)
	case t.Address == "":
		fmt.Fprintf(w, "wrote %s (import %q to %s%s)\n", tfPath, t.Spec.Name, to, gsiHandOff(tf, 1))
	case t.Address == to:
		fmt.Fprintf(w, "wrote %s (the table stays at %s%s)\n", tfPath, to, gsiHandOff(tf, 0))
	default:
		fmt.Fprintf(w, "wrote %s (moved %s to %s%s)\n", tfPath, t.Address, to, gsiHandOff(tf, 1))
	}
	emitCmd := fmt.Sprintf("tfdyn emit %s -o %s", o.out, o.tfOut)
	if o.prefix != "" {
		emitCmd += " --prefix " + o.prefix
	}
	// The flags the module's own hashicorp/aws constraint admits.
	target, _ := emit.ReadTarget(o.tfOut, emit.Options{Prefix: o.prefix})
	adv := emit.Advise(target, s, gsiResources)
	if len(adv.Flags) > 0 {
		emitCmd += " " + strings.Join(adv.Flags, " ")
	}
	if adv.Note != "" {
		emitCmd += " (but first: " + adv.Note + ")"
	}
	// The GSI resources go with the table's block: emit writes them.
	var gsis string
	if len(t.GSIResources) > 0 {
		addrs := make([]string, 0, len(t.GSIResources))
		for _, a := range t.GSIResources {
			addrs = append(addrs, a)
		}
		sort.Strings(addrs)
		gsis = " and its GSI resources " + strings.Join(addrs, ", ")
	}
	switch {
	case t.Range != nil:
		fmt.Fprintf(w, "next: remove resource %q %q (%s:%d)%s, then: %s\n",
			adopt.ResourceType, strings.TrimPrefix(t.Address, adopt.ResourceType+"."), t.Range.Filename, t.Range.Start.Line, gsis, emitCmd)
	case t.Address != "":
		fmt.Fprintf(w, "next: remove the resource block of %s%s from your configuration, then: %s\n", t.Address, gsis, emitCmd)
	default:
		fmt.Fprintf(w, "next: %s\n", emitCmd)
	}
	return nil
}

// gsiHandOff says how many GSIs the hand-off file tf hands over (its
// blocks after the table's first tableBlocks): "; 2 GSIs to their
// resources", or "" for none.
func gsiHandOff(tf []byte, tableBlocks int) string {
	f, diags := hclsyntax.ParseConfig(tf, "handoff.tf", hcl.InitialPos)
	if diags.HasErrors() {
		return ""
	}
	n := len(f.Body.(*hclsyntax.Body).Blocks) - tableBlocks
	switch {
	case n <= 0:
		return ""
	case n == 1:
		return "; 1 GSI to its resource"
	}
	return fmt.Sprintf("; %d GSIs to their resources", n)
}

// existingSchema loads the schema files already in dir, or returns nil
// when there are none, dir does not exist, or they do not load (a broken
// schema is not made any worse).
func existingSchema(dir string) (*hclschema.Schema, error) {
	files, err := hclschema.FindFiles(dir)
	if err != nil || len(files) == 0 {
		return nil, nil
	}
	s, diags := hclschema.Load(dir)
	if diags.HasErrors() {
		return nil, nil // already broken: nothing to keep valid
	}
	return s, nil
}

// validateTogether loads the schema files of dir with the new file src at
// path: the schema the directory becomes.
func validateTogether(dir, path string, src []byte) hcl.Diagnostics {
	files, err := hclschema.FindFiles(dir)
	if err != nil {
		return nil
	}
	p := hclparse.NewParser()
	var all []*hcl.File
	var diags hcl.Diagnostics
	for _, f := range files {
		b, err := hclschema.ReadFile(f)
		if err != nil {
			continue
		}
		hf, ds := p.ParseHCL(b, f)
		diags = append(diags, ds...)
		all = append(all, hf)
	}
	hf, ds := p.ParseHCL(src, path)
	diags = append(diags, ds...)
	all = append(all, hf)
	if diags.HasErrors() {
		return diags
	}
	s, ds := hclschema.Decode(all...)
	diags = append(diags, ds...)
	diags = append(diags, lint.Run(s)...)
	var errs hcl.Diagnostics
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			errs = append(errs, d)
		}
	}
	return errs
}

// writeImport prints the diagnostics of the source (warnings) and writes
// the files of out into place, all or none.
func (a *app) writeImport(files map[string]*hcl.File, diags hcl.Diagnostics, o importOptions, out map[string][]byte) error {
	if len(diags) > 0 {
		if err := a.printImportDiags(files, diags, o); err != nil {
			return exit(ExitUsage, err)
		}
	}
	if err := a.commit(func() error {
		if err := os.MkdirAll(o.out, 0o755); err != nil {
			return err
		}
		return fsafe.WriteSet(out, 0o644)
	}); err != nil {
		return exit(ExitUsage, fmt.Errorf("import: %w", err))
	}
	return nil
}

// proposals counts the entities inferred from items.
func proposals(ents []adopt.Entity) int {
	n := 0
	for _, e := range ents {
		if !e.KeyTypesOnly {
			n++
		}
	}
	return n
}

// refuseExisting refuses an existing schema file (import never replaces
// one) and an existing Terraform file that tfdyn did not generate.
func refuseExisting(schemaPath, tfPath string, withTF bool) hcl.Diagnostics {
	var diags hcl.Diagnostics
	at := func(p string) *hcl.Range {
		return &hcl.Range{Filename: p, Start: hcl.Pos{Line: 1, Column: 1, Byte: 0}, End: hcl.Pos{Line: 1, Column: 1, Byte: 0}}
	}
	if _, err := os.Lstat(schemaPath); err == nil {
		diags = append(diags, diag.Errorf(adopt.CodeFileExists, at(schemaPath), "Schema file exists",
			"%q exists; tfdyn import writes a new schema and never replaces one. Remove the file, or choose another directory (-o) or label (--label).", schemaPath))
	}
	if withTF {
		_, _, err := fsafe.Inspect(tfPath)
		var foreign *fsafe.ForeignFileError
		if errors.As(err, &foreign) {
			diags = append(diags, diag.Errorf(adopt.CodeFileExists, at(tfPath), "File exists",
				"%s. Remove it, or choose another label (--label).", foreign.Error()))
		} else if err != nil {
			diags = append(diags, diag.Errorf(adopt.CodeFileExists, at(tfPath), "File cannot be read", "%s.", err))
		}
	}
	return diags
}

func (a *app) printImportDiags(files map[string]*hcl.File, diags hcl.Diagnostics, o importOptions) error {
	diag.Sort(diags)
	if o.format == "json" {
		return diag.WriteJSON(a.stdout, diags)
	}
	width, color := terminal(a.stderr)
	return diag.WriteText(a.stderr, files, diags, width, color)
}

// importFailed prints diags and returns exit 1 (refusals in the input).
func (a *app) importFailed(files map[string]*hcl.File, diags hcl.Diagnostics, o importOptions) error {
	if err := a.printImportDiags(files, diags, o); err != nil {
		return exit(ExitUsage, err)
	}
	errs := 0
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			errs++
		}
	}
	return exitf(ExitFindings, "import: %s; nothing written", plural(errs, "error"))
}

// liveClient is the DynamoDB client of import --table and migrate: the
// endpoint with the local target's fake credentials (unless
// AWS_ACCESS_KEY_ID is set), or AWS with the default credential chain; it
// returns where it points too. Errors name the command.
func liveClient(ctx context.Context, command, endpoint, region string) (*dynamodb.Client, string, error) {
	c, where, err := dynamo.NewClient(ctx, dynamo.Config{Endpoint: endpoint, Region: region})
	switch {
	case errors.Is(err, dynamo.ErrNoRegion):
		return nil, "", fmt.Errorf("%s: --table without --endpoint needs a region: --region or AWS_REGION", command)
	case err != nil:
		return nil, "", fmt.Errorf("%s: %w", command, err)
	}
	return c, where, nil
}
