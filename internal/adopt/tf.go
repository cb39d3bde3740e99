package adopt

import (
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agext/levenshtein"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// maxTFFile bounds the size of one .tf file read by FromTF.
const maxTFFile = 4 << 20

// TFModule is the Terraform files of one directory, parsed.
type TFModule struct {
	// Files maps file names to parsed files, for printing diagnostics.
	Files map[string]*hcl.File
	// Tables are the aws_dynamodb_table resource blocks, in file order.
	Tables []*hclsyntax.Block
	// vars holds the variables with a default; noDefault those without.
	vars      map[string]cty.Value
	noDefault map[string]bool
}

// ReadTF parses every *.tf file of dir (not its subdirectories). A file that
// cannot be read is an error; syntax errors are diagnostics (IM001).
func ReadTF(dir string) (*TFModule, hcl.Diagnostics, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("import: %w", err)
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tf") {
			names = append(names, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, nil, fmt.Errorf("import: no .tf files in %s", dir)
	}
	srcs := map[string][]byte{}
	for _, n := range names {
		// One open per file, checked on the handle: a named pipe or a
		// device named *.tf is refused (Terraform cannot read it either),
		// never waited on nor skipped.
		src, err := fsafe.ReadRegular(n, maxTFFile)
		var nr *fsafe.NotRegularError
		if errors.As(err, &nr) && nr.Mode.IsDir() {
			continue // a directory named *.tf: not a file of the module
		}
		if err != nil {
			return nil, nil, fmt.Errorf("import: --from-tf: %w", err)
		}
		srcs[n] = src
	}
	m, diags := ParseTF(srcs)
	return m, diags, nil
}

// ParseTF parses Terraform sources (file name -> content).
func ParseTF(srcs map[string][]byte) (*TFModule, hcl.Diagnostics) {
	p := hclparse.NewParser()
	m := &TFModule{vars: map[string]cty.Value{}, noDefault: map[string]bool{}}
	var diags hcl.Diagnostics
	for _, n := range sortedKeys(srcs) {
		f, ds := p.ParseHCL(srcs[n], n)
		diags = append(diags, diag.WithCode(ds, CodeUnreadable)...)
		if f == nil {
			continue
		}
		body, ok := f.Body.(*hclsyntax.Body)
		if !ok {
			continue
		}
		for _, b := range body.Blocks {
			switch {
			case b.Type == "resource" && len(b.Labels) == 2 && b.Labels[0] == ResourceType:
				m.Tables = append(m.Tables, b)
			case b.Type == "variable" && len(b.Labels) == 1:
				if a, ok := b.Body.Attributes["default"]; ok {
					if v, ds := a.Expr.Value(nil); !ds.HasErrors() {
						m.vars[b.Labels[0]] = v
						continue
					}
				}
				m.noDefault[b.Labels[0]] = true
			}
		}
	}
	m.Files = p.Files()
	return m, diags
}

// address is the resource address of a block.
func address(b *hclsyntax.Block) string { return b.Labels[0] + "." + b.Labels[1] }

// Find picks the table at address (or the only table when address is "").
func (m *TFModule) Find(addr, dir string) (*hclsyntax.Block, hcl.Diagnostics) {
	var list []string
	for _, b := range m.Tables {
		list = append(list, fmt.Sprintf("%s (%s)", address(b), posOf(b.DefRange())))
	}
	if addr == "" {
		switch len(m.Tables) {
		case 0:
			return nil, hcl.Diagnostics{diag.Errorf(CodeUnknownTable, nil, "No aws_dynamodb_table",
				"The Terraform files in %q declare no aws_dynamodb_table resource.", dir)}
		case 1:
			return m.Tables[0], nil
		}
		r := m.Tables[1].DefRange()
		return nil, hcl.Diagnostics{diag.Errorf(CodeAmbiguous, &r, "Several tables to import",
			"The Terraform files in %q declare %d aws_dynamodb_table resources: %s. Choose one with --address, for example --address %s.",
			dir, len(m.Tables), strings.Join(list, ", "), address(m.Tables[0]))}
	}
	for _, b := range m.Tables {
		if address(b) == addr {
			return b, nil
		}
	}
	detail := fmt.Sprintf("The Terraform files in %q declare no resource %q.", dir, addr)
	var names []string
	for _, b := range m.Tables {
		names = append(names, address(b))
	}
	if s := suggest(addr, names); s != "" {
		detail += fmt.Sprintf(" Did you mean %q?", s)
	}
	if len(list) > 0 {
		detail += " Its tables: " + strings.Join(list, ", ") + "."
	}
	return nil, hcl.Diagnostics{diag.Errorf(CodeUnknownTable, nil, "Unknown table address", "%s", detail)}
}

func posOf(r hcl.Range) string { return fmt.Sprintf("%s:%d", r.Filename, r.Start.Line) }

// suggest returns the address in names that ends with got (the same
// resource in a module), else the nearest one within two edits, or "".
func suggest(got string, names []string) string {
	for _, n := range names {
		if strings.HasSuffix(n, "."+got) {
			return n
		}
	}
	best, bestD := "", 3
	for _, n := range names {
		if d := levenshtein.Distance(got, n, nil); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// FromTF reads the aws_dynamodb_table block b of module m into a Table.
// Values must be literals or variables with a default; anything else is a
// diagnostic (IM004) on the expression that says what to write instead.
func (m *TFModule) FromTF(b *hclsyntax.Block) (*Table, hcl.Diagnostics) {
	r := &tfReader{m: m, ctx: &hcl.EvalContext{Variables: map[string]cty.Value{"var": cty.ObjectVal(m.vars)}}}
	rng := b.DefRange()
	t := newTable(address(b), posOf(rng))
	t.Range = &rng
	s := &t.Spec
	body := b.Body
	stream := false
	types := keyNames{}
	for _, name := range sortedKeys(body.Attributes) {
		a := body.Attributes[name]
		switch name {
		case "name":
			s.Name = r.str(a)
		case "billing_mode":
			s.BillingMode = r.str(a)
		case "read_capacity":
			s.Capacity.Read = r.num(a)
		case "write_capacity":
			s.Capacity.Write = r.num(a)
		case "hash_key":
			s.Key.Partition = keys(r.str(a))
		case "range_key":
			if v := r.str(a); v != "" {
				s.Key.Sort = keys(v)
			}
		case "stream_enabled":
			stream = r.boolean(a)
		case "stream_view_type":
			s.StreamViewType = r.str(a)
		case "table_class":
			if v := r.str(a); v != "" {
				s.TableClass = v
			}
		case "deletion_protection_enabled":
			s.DeletionProtection = r.boolean(a)
		case "tags":
			s.Tags = r.strMap(a)
		case "provider", "depends_on":
			r.diags = append(r.diags, diag.Warnf(CodeNotCarried, a.NameRange.Ptr(), "Argument not carried over",
				"The schema has no %q: add it to the emitted resource by hand (for example in an override file) if you need it.", name))
		default:
			r.unsupported(a.NameRange, name, "argument")
		}
	}
	if !stream {
		s.StreamViewType = ""
	}
	for _, blk := range body.Blocks {
		switch blk.Type {
		case "attribute":
			n, typ := r.str(blk.Body.Attributes["name"]), r.str(blk.Body.Attributes["type"])
			if typ == hclschema.TypeB {
				a := blk.Body.Attributes["type"]
				r.diags = append(r.diags, diag.Errorf(CodeUnsupported, a.Expr.Range().Ptr(), "Binary key attribute",
					"Key attribute %q has type B; tfdyn schemas type key attributes from entity attributes (string or number), so a binary key cannot be adopted.", n))
			}
			types[n] = typ
		case "global_secondary_index":
			s.GSIs = append(s.GSIs, r.gsi(blk))
		case "local_secondary_index":
			s.LSIs = append(s.LSIs, r.lsi(blk))
		case "ttl":
			r.only(blk, "attribute_name", "enabled")
			if r.optBool(blk.Body.Attributes["enabled"], false) {
				s.TTLAttribute = r.str(blk.Body.Attributes["attribute_name"])
			}
		case "point_in_time_recovery":
			r.only(blk, "enabled")
			s.PointInTimeRecovery = r.optBool(blk.Body.Attributes["enabled"], false)
		case "server_side_encryption":
			r.only(blk, "enabled", "kms_key_arn")
			if r.optBool(blk.Body.Attributes["enabled"], false) {
				s.SSE = &hclschema.SSESpec{KMSKeyARN: r.optStr(blk.Body.Attributes["kms_key_arn"])}
			}
		case "lifecycle", "timeouts":
			r.diags = append(r.diags, diag.Warnf(CodeNotCarried, blk.TypeRange.Ptr(), "Block not carried over",
				"The schema has no %q block: add it to the emitted resource by hand (for example in an override file) if you need it.", blk.Type))
		default:
			r.unsupported(blk.TypeRange, blk.Type, "block")
		}
	}
	types.types(s)
	capacities(s)
	if !r.diags.HasErrors() {
		r.diags = append(r.diags, t.Check()...)
	}
	return t, r.diags
}

// capacities applies the spec's capacity rules to what a reader found: no
// capacity on an on-demand table (the provider keeps zeros there), and on
// a provisioned one a GSI that sets none gets the table's (as a schema's
// GSI inherits it).
func capacities(s *hclschema.TableSpec) {
	if !s.Provisioned() {
		s.Capacity = hclschema.Capacity{}
	}
	for i := range s.GSIs {
		g := &s.GSIs[i]
		switch {
		case !s.Provisioned():
			g.Capacity = hclschema.Capacity{}
		default:
			if g.Capacity.Read == 0 {
				g.Capacity.Read = s.Capacity.Read
			}
			if g.Capacity.Write == 0 {
				g.Capacity.Write = s.Capacity.Write
			}
		}
	}
}

type tfReader struct {
	m     *TFModule
	ctx   *hcl.EvalContext
	diags hcl.Diagnostics
}

// unsupportedHints says, per argument or block tfdyn cannot express, why.
var unsupportedHints = map[string]string{
	"count":                    "A tfdyn schema declares each table once; adopt one instance with --from-state.",
	"for_each":                 "A tfdyn schema declares each table once; adopt one instance with --from-state.",
	"replica":                  "A tfdyn schema has no global table replicas.",
	"dynamic":                  "Write the blocks out: tfdyn import reads literal blocks only.",
	"import_table":             "A tfdyn schema has no import from S3; remove it once the table exists.",
	"restore_source_name":      "Restore settings apply at creation only; remove them once the table exists.",
	"restore_source_table_arn": "Restore settings apply at creation only; remove them once the table exists.",
	"restore_to_latest_time":   "Restore settings apply at creation only; remove them once the table exists.",
	"restore_date_time":        "Restore settings apply at creation only; remove them once the table exists.",
}

func (r *tfReader) unsupported(rng hcl.Range, name, kind string) {
	hint := unsupportedHints[name]
	if hint == "" {
		hint = "Remove it from the resource before adopting, or keep managing this table without tfdyn."
	}
	r.diags = append(r.diags, diag.Errorf(CodeUnsupported, &rng, "Unsupported "+kind,
		"A tfdyn schema cannot express the %s %q of aws_dynamodb_table. %s", kind, name, hint))
}

// only reports arguments and blocks of blk other than names.
func (r *tfReader) only(blk *hclsyntax.Block, names ...string) {
	ok := map[string]bool{}
	for _, n := range names {
		ok[n] = true
	}
	for _, n := range sortedKeys(blk.Body.Attributes) {
		if !ok[n] {
			r.unsupported(blk.Body.Attributes[n].NameRange, n, "argument")
		}
	}
	for _, b := range blk.Body.Blocks {
		if !ok[b.Type] {
			r.unsupported(b.TypeRange, b.Type, "block")
		}
	}
}

// gsi reads a global_secondary_index block: its key from key_schema
// blocks (provider >= 6.29), else from hash_key and range_key.
func (r *tfReader) gsi(blk *hclsyntax.Block) hclschema.GSISpec {
	var g hclschema.GSISpec
	var hash, rng, proj string
	var include []string
	for _, n := range sortedKeys(blk.Body.Attributes) {
		a := blk.Body.Attributes[n]
		switch n {
		case "name":
			g.Name = r.str(a)
		case "hash_key":
			hash = r.str(a)
		case "range_key":
			rng = r.str(a)
		case "projection_type":
			proj = r.str(a)
		case "non_key_attributes":
			include = r.strList(a)
		case "read_capacity":
			g.Capacity.Read = r.num(a)
		case "write_capacity":
			g.Capacity.Write = r.num(a)
		default:
			r.unsupported(a.NameRange, n, "argument")
		}
	}
	for _, b := range blk.Body.Blocks {
		if b.Type != "key_schema" {
			r.unsupported(b.TypeRange, b.Type, "block")
			continue
		}
		r.only(b, "attribute_name", "key_type")
		name, typ := r.str(b.Body.Attributes["attribute_name"]), r.str(b.Body.Attributes["key_type"])
		if typ == hclschema.KeyTypeRange {
			g.Key.Sort = append(g.Key.Sort, hclschema.KeyAttr{Name: name})
		} else {
			g.Key.Partition = append(g.Key.Partition, hclschema.KeyAttr{Name: name})
		}
	}
	if len(g.Key.Partition) == 0 && len(g.Key.Sort) == 0 {
		if hash != "" {
			g.Key.Partition = keys(hash)
		}
		if rng != "" {
			g.Key.Sort = keys(rng)
		}
	}
	g.Projection = gsiProjection(proj, include)
	return g
}

// lsi reads a local_secondary_index block.
func (r *tfReader) lsi(blk *hclsyntax.Block) hclschema.LSISpec {
	var l hclschema.LSISpec
	var proj string
	var include []string
	for _, n := range sortedKeys(blk.Body.Attributes) {
		a := blk.Body.Attributes[n]
		switch n {
		case "name":
			l.Name = r.str(a)
		case "range_key":
			l.SortKey = hclschema.KeyAttr{Name: r.str(a)}
		case "projection_type":
			proj = r.str(a)
		case "non_key_attributes":
			include = r.strList(a)
		default:
			r.unsupported(a.NameRange, n, "argument")
		}
	}
	for _, b := range blk.Body.Blocks {
		r.unsupported(b.TypeRange, b.Type, "block")
	}
	l.Projection = projectionOf(proj, include)
	return l
}

// gsiProjection is the projection of a GSI: its non_key_attributes are a
// set in the provider (and in state), so every reader sorts them and the
// sources agree.
func gsiProjection(typ string, include []string) hclschema.Projection {
	p := projectionOf(typ, include)
	sort.Strings(p.NonKeyAttributes)
	return p
}

// projectionOf is a projection as the spec holds it: ALL when the source
// names none, the included attributes only with INCLUDE.
func projectionOf(typ string, include []string) hclschema.Projection {
	if typ == "" {
		typ = hclschema.ProjectAll
	}
	p := hclschema.Projection{Type: typ}
	if typ == hclschema.ProjectInclude {
		p.NonKeyAttributes = append([]string{}, include...)
	}
	return p
}

// value evaluates a, checking first that it only refers to variables with
// a default.
func (r *tfReader) value(a *hclsyntax.Attribute, want cty.Type) (cty.Value, bool) {
	if a == nil {
		return cty.NullVal(want), false
	}
	ok := true
	for _, tr := range a.Expr.Variables() {
		root := tr.RootName()
		rng := tr.SourceRange()
		switch {
		case root == "var" && len(tr) > 1:
			name := ""
			if at, isAttr := tr[1].(hcl.TraverseAttr); isAttr {
				name = at.Name
			}
			if _, has := r.m.vars[name]; has {
				continue
			}
			if r.m.noDefault[name] {
				r.diags = append(r.diags, diag.Errorf(CodeUnsupported, &rng, "Variable without a default",
					"tfdyn import resolves variables from their defaults, and var.%s has none. Write the table's value here, or give the variable a default, then run tfdyn import again.", name))
			} else {
				r.diags = append(r.diags, diag.Errorf(CodeUnsupported, &rng, "Undeclared variable",
					"The Terraform files declare no variable %q. Write the table's value here, or declare the variable with a default.", name))
			}
		default:
			r.diags = append(r.diags, diag.Errorf(CodeUnsupported, &rng, "Value cannot be resolved",
				"tfdyn import reads literal values and variables with defaults; %q cannot be resolved without running Terraform. Write the value itself here (for example the table's name as a string), or adopt the table with --from-state.", traversalString(tr)))
		}
		ok = false
	}
	if !ok {
		return cty.NullVal(want), false
	}
	v, ds := a.Expr.Value(r.ctx)
	if ds.HasErrors() {
		rng := a.Expr.Range()
		r.diags = append(r.diags, diag.Errorf(CodeUnsupported, &rng, "Value cannot be resolved",
			"tfdyn import reads literal values and variables with defaults (no function calls): %s. Write the value itself here, or adopt the table with --from-state.", firstError(ds)))
		return cty.NullVal(want), false
	}
	cv, err := convert.Convert(v, want)
	if err != nil || !cv.IsWhollyKnown() {
		rng := a.Expr.Range()
		r.diags = append(r.diags, diag.Errorf(CodeUnsupported, &rng, "Wrong type",
			"Argument %q must be a %s.", a.Name, want.FriendlyName()))
		return cty.NullVal(want), false
	}
	return cv, !cv.IsNull()
}

func firstError(ds hcl.Diagnostics) string {
	for _, d := range ds {
		if d.Severity == hcl.DiagError {
			return strings.TrimSuffix(d.Summary+": "+strings.TrimSuffix(d.Detail, "."), ": ")
		}
	}
	return ""
}

func traversalString(tr hcl.Traversal) string {
	var b strings.Builder
	for i, s := range tr {
		switch s := s.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			b.WriteString("[...]")
		default:
			if i > 0 {
				b.WriteString("[...]")
			}
		}
	}
	return b.String()
}

func (r *tfReader) str(a *hclsyntax.Attribute) string {
	if v, ok := r.value(a, cty.String); ok {
		return v.AsString()
	}
	return ""
}

func (r *tfReader) optStr(a *hclsyntax.Attribute) string { return r.str(a) }

func (r *tfReader) num(a *hclsyntax.Attribute) int64 {
	v, ok := r.value(a, cty.Number)
	if !ok {
		return 0
	}
	bf := v.AsBigFloat()
	i, acc := bf.Int64()
	if acc != big.Exact {
		rng := a.Expr.Range()
		r.diags = append(r.diags, diag.Errorf(CodeUnsupported, &rng, "Wrong type",
			"Argument %q must be a whole number.", a.Name))
	}
	return i
}

func (r *tfReader) boolean(a *hclsyntax.Attribute) bool {
	v, ok := r.value(a, cty.Bool)
	return ok && v.True()
}

func (r *tfReader) optBool(a *hclsyntax.Attribute, def bool) bool {
	if a == nil {
		return def
	}
	return r.boolean(a)
}

func (r *tfReader) strList(a *hclsyntax.Attribute) []string {
	v, ok := r.value(a, cty.List(cty.String))
	if !ok {
		return nil
	}
	var out []string
	for _, e := range v.AsValueSlice() {
		out = append(out, e.AsString())
	}
	return out
}

func (r *tfReader) strMap(a *hclsyntax.Attribute) map[string]string {
	out := map[string]string{}
	v, ok := r.value(a, cty.Map(cty.String))
	if !ok {
		return out
	}
	for k, e := range v.AsValueMap() {
		out[k] = e.AsString()
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
