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
	ctyjson "github.com/zclconf/go-cty/cty/json"

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
	// Policies and GSIs are the aws_dynamodb_resource_policy and
	// aws_dynamodb_global_secondary_index blocks, in file order: a table's
	// resource policy and standalone GSIs are read with it.
	Policies, GSIs []*hclsyntax.Block
	// Modules are the module calls of the community DynamoDB table module
	// (terraform-aws-modules/dynamodb-table), whose table lives in state
	// under module.<name>.
	Modules []*hclsyntax.Block
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
			case b.Type == "resource" && len(b.Labels) == 2 && b.Labels[0] == PolicyType:
				m.Policies = append(m.Policies, b)
			case b.Type == "resource" && len(b.Labels) == 2 && b.Labels[0] == GSIType:
				m.GSIs = append(m.GSIs, b)
			case b.Type == "module" && len(b.Labels) == 1 && isTableModule(b):
				m.Modules = append(m.Modules, b)
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

// isTableModule reports whether module call b calls the community DynamoDB
// table module (registry source or its repository).
func isTableModule(b *hclsyntax.Block) bool {
	a := b.Body.Attributes["source"]
	if a == nil {
		return false
	}
	v, ds := a.Expr.Value(nil)
	if ds.HasErrors() || v.Type() != cty.String || v.IsNull() {
		return false
	}
	src := v.AsString()
	return strings.HasPrefix(src, "terraform-aws-modules/dynamodb-table/aws") || strings.Contains(src, "terraform-aws-dynamodb-table")
}

// moduleAddress is the state address of the table a call of the community
// module creates: this[0], autoscaled[0] with autoscaling_enabled, or
// autoscaled_gsi_ignore[0] when it also ignores GSI changes.
func moduleAddress(b *hclsyntax.Block) string {
	flag := func(name string) bool {
		a := b.Body.Attributes[name]
		if a == nil {
			return false
		}
		v, ds := a.Expr.Value(nil)
		return !ds.HasErrors() && v.Type() == cty.Bool && v.IsKnown() && !v.IsNull() && v.True()
	}
	res := "this"
	switch {
	case flag("autoscaling_enabled") && flag("ignore_changes_global_secondary_index"):
		res = "autoscaled_gsi_ignore"
	case flag("autoscaling_enabled"):
		res = "autoscaled"
	}
	return "module." + b.Labels[0] + ".aws_dynamodb_table." + res + "[0]"
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
			if len(m.Modules) > 0 {
				return nil, m.moduleCalls(dir)
			}
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

// moduleCalls refuses the calls of the community table module: their
// table is the module's own resource, built from the call's inputs with
// expressions import cannot evaluate; its state holds every resolved
// value, so the refusal gives the --from-state command that works.
func (m *TFModule) moduleCalls(dir string) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, b := range m.Modules {
		rng := b.DefRange()
		addr := moduleAddress(b)
		diags = append(diags, diag.Errorf(CodeUnknownTable, &rng, "Table of a module call",
			"module %q calls the DynamoDB table module: its table is the module's own resource, built from the inputs of this call. Import it from state, where Terraform resolved every value: terraform -chdir=%s show -json > state.json, then tfdyn import --from-state state.json --address '%s' -o SCHEMA_DIR --tf-out %s (the moved block then moves it to the resource emit writes).",
			b.Labels[0], dir, addr, dir))
	}
	return diags
}

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
	r := &tfReader{m: m, ctx: &hcl.EvalContext{Variables: map[string]cty.Value{"var": cty.ObjectVal(m.vars)}}, label: b.Labels[1]}
	rng := b.DefRange()
	t := newTable(address(b), posOf(rng))
	t.Range = &rng
	s := &t.Spec
	body := b.Body
	stream := false
	types := keyNames{}
	var replicas []tfReplica
	for _, name := range sortedKeys(body.Attributes) {
		a := body.Attributes[name]
		switch name {
		case "name":
			r.withEnv(r.emitVar("table_name"), func() { s.Name = r.str(a) })
		case "billing_mode":
			s.BillingMode = r.str(a)
		case "read_capacity":
			r.withEnv(r.emitVar("read_capacity"), func() { s.Capacity.Read = r.num(a) })
		case "write_capacity":
			r.withEnv(r.emitVar("write_capacity"), func() { s.Capacity.Write = r.num(a) })
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
			r.withEnv(r.emitVar("deletion_protection"), func() { s.DeletionProtection = r.boolean(a) })
		case "tags":
			r.withEnv("dynamodb_tags", func() { s.Tags = r.strMap(a) })
		case "provider", "depends_on":
			r.diags = append(r.diags, diag.Warnf(CodeNotCarried, a.NameRange.Ptr(), "Argument not carried over",
				"The schema has no %q: add it to the emitted resource by hand (for example in an override file) if you need it.", name))
		default:
			r.unsupported(a.NameRange, name, "argument")
		}
	}
	r.checkStream(body, stream, s.StreamViewType)
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
				if a := blk.Body.Attributes["attribute_name"]; a == nil || r.optStr(a) == "" {
					rng := blk.TypeRange
					if a != nil {
						rng = a.Expr.Range()
					}
					r.diags = append(r.diags, diag.Errorf(CodeInvalid, &rng, "Time to live without an attribute",
						"The ttl block turns time to live on without an attribute name, which the provider rejects (\"attribute_name\" cannot be empty when \"enabled\" is true); import does not guess whether TTL is meant to be on. Name the attribute, or set enabled = false, then import again."))
				} else {
					s.TTLAttribute = r.str(a)
				}
			}
		case "point_in_time_recovery":
			r.only(blk, "enabled", "recovery_period_in_days")
			r.withEnv(r.emitVar("point_in_time_recovery"), func() { s.PointInTimeRecovery = r.optBool(blk.Body.Attributes["enabled"], false) })
			if a := blk.Body.Attributes["recovery_period_in_days"]; a != nil {
				s.RecoveryDays = r.num(a)
			}
		case "on_demand_throughput":
			s.OnDemand = r.throughput(blk, "max_read_request_units", "max_write_request_units")
		case "warm_throughput":
			s.Warm = r.throughput(blk, "read_units_per_second", "write_units_per_second")
		case "replica":
			r.replica(blk, &replicas)
		case "global_table_witness":
			r.only(blk, "region_name")
			s.WitnessRegion = r.str(blk.Body.Attributes["region_name"])
		case "server_side_encryption":
			r.only(blk, "enabled", "kms_key_arn")
			if r.optBool(blk.Body.Attributes["enabled"], false) {
				s.SSE = &hclschema.SSESpec{KMSKeyARN: r.optStr(blk.Body.Attributes["kms_key_arn"])}
			}
		case "lifecycle":
			r.lifecycle(blk)
		case "timeouts":
			r.diags = append(r.diags, diag.Warnf(CodeNotCarried, blk.TypeRange.Ptr(), "Block not carried over",
				"The schema has no %q block: add it to the emitted resource by hand (for example in an override file) if you need it.", blk.Type))
		default:
			r.unsupported(blk.TypeRange, blk.Type, "block")
		}
	}
	r.standaloneGSIs(b, s, types)
	types.types(s)
	capacities(s)
	r.global(s, replicas)
	r.policy(b, s)
	t.GSIResources = r.standalone
	if !r.diags.HasErrors() {
		r.diags = append(r.diags, t.Check()...)
	}
	return t, r.diags
}

// capacities applies the spec's defaults to what a reader found: no
// capacity on an on-demand table (the provider keeps zeros there), and on
// a provisioned one a GSI that sets none gets the table's (as a schema's
// GSI inherits it); point-in-time recovery keeps DynamoDB's 35 days unless
// a period is given, and no period while it is off; no tags is nil.
func capacities(s *hclschema.TableSpec) {
	if len(s.Tags) == 0 {
		s.Tags = nil
	}
	switch {
	case !s.PointInTimeRecovery:
		s.RecoveryDays = 0
	case s.RecoveryDays == 0:
		s.RecoveryDays = hclschema.DefaultRecoveryDays
	}
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
	// standalone maps the index names of the table's
	// aws_dynamodb_global_secondary_index resources to their addresses.
	standalone map[string]string
	// envVar is the emit variable of the setting being read ("" for a
	// setting emit writes as a constant); label the table's label.
	envVar, label string
}

// unsupportedHints says, per argument or block tfdyn cannot express, why.
var unsupportedHints = map[string]string{
	"count":                    "A tfdyn schema declares each table once; adopt one instance with --from-state.",
	"for_each":                 "A tfdyn schema declares each table once; adopt one instance with --from-state.",
	"dynamic":                  "Write the blocks out: tfdyn import reads literal blocks only.",
	"import_table":             noSafePath,
	"restore_source_name":      noSafePath,
	"restore_source_table_arn": noSafePath,
	"restore_backup_arn":       noSafePath,
	"restore_to_latest_time":   noSafePath,
	"restore_date_time":        noSafePath,
}

// noSafePath is the hint for the creation-only arguments: removing them
// from the resource plans a replacement (with hashicorp/aws 5.100 for all
// of them; 6.x still for import_table, restore_date_time and
// restore_to_latest_time), so there is no way to adopt the table that
// keeps it.
const noSafePath = "It applies when the table is created, and removing it from the resource makes the provider plan a replacement of the table (hashicorp/aws 5.100 for every restore and import argument): there is no safe path to a tfdyn schema for this table. Keep managing it without tfdyn."

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
	var keyArgs []*hclsyntax.Attribute // hash_key and range_key, as written
	for _, n := range sortedKeys(blk.Body.Attributes) {
		a := blk.Body.Attributes[n]
		switch n {
		case "name":
			g.Name = r.str(a)
		case "hash_key":
			hash = r.str(a)
			keyArgs = append(keyArgs, a)
		case "range_key":
			rng = r.str(a)
			keyArgs = append(keyArgs, a)
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
		switch b.Type {
		case "on_demand_throughput":
			g.OnDemand = r.throughput(b, "max_read_request_units", "max_write_request_units")
			continue
		case "warm_throughput":
			g.Warm = r.throughput(b, "read_units_per_second", "write_units_per_second")
			continue
		}
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
	if len(g.Key.Partition) > 4 || len(g.Key.Sort) > 4 {
		r.diags = append(r.diags, diag.Errorf(CodeInvalid, blk.TypeRange.Ptr(), "GSI key with too many attributes",
			"GSI %q has %d partition and %d sort key attributes; DynamoDB allows at most 4 of each, and the provider rejects the configuration. Fix the index, then import again.",
			g.Name, len(g.Key.Partition), len(g.Key.Sort)))
	}
	if len(g.Key.Partition) > 0 || len(g.Key.Sort) > 0 {
		// The provider refuses both forms in one block ("Invalid
		// Attribute Combination"): which key was meant is open.
		for _, a := range keyArgs {
			r.diags = append(r.diags, diag.Errorf(CodeInvalid, a.NameRange.Ptr(), "GSI key given twice",
				"GSI %q declares its key with key_schema blocks and with %s; the provider rejects the configuration (one and only one of key_schema, hash_key and range_key). Remove %s or the key_schema blocks, then import again.",
				g.Name, a.Name, a.Name))
		}
	} else {
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

// throughput reads an on_demand_throughput or warm_throughput block; a
// side that is absent, 0 or -1 (the provider's "no cap") is not declared.
func (r *tfReader) throughput(blk *hclsyntax.Block, read, write string) *hclschema.Throughput {
	r.only(blk, read, write)
	t := &hclschema.Throughput{}
	side := func(name string) int64 {
		a := blk.Body.Attributes[name]
		if a == nil {
			return 0
		}
		if n := r.num(a); n > 0 {
			return n
		}
		return 0
	}
	t.Read, t.Write = side(read), side(write)
	if t.Read == 0 && t.Write == 0 {
		return nil
	}
	return t
}

// checkStream refuses stream settings the provider rejects, rather than
// read them as streams on or off: stream_enabled = true without a view
// type, or a view type while streams are off.
func (r *tfReader) checkStream(body *hclsyntax.Body, enabled bool, view string) {
	on, typ := body.Attributes["stream_enabled"], body.Attributes["stream_view_type"]
	switch {
	case enabled && view == "":
		rng := on.Expr.Range()
		if typ != nil {
			rng = typ.Expr.Range()
		}
		r.diags = append(r.diags, diag.Errorf(CodeInvalid, &rng, "Stream without a view type",
			"stream_enabled = true needs a stream_view_type (NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES or KEYS_ONLY), and the provider rejects this configuration; import does not guess whether the stream is meant to be on. Set the view type, or turn the stream off, then import again."))
	case !enabled && view != "":
		rng := typ.Expr.Range()
		r.diags = append(r.diags, diag.Errorf(CodeInvalid, &rng, "View type without a stream",
			"stream_view_type = %q while the stream is off (stream_enabled is false or absent): the provider rejects this configuration, and import does not guess whether the stream is meant to be on. Set stream_enabled = true, or remove the view type, then import again.", view))
	}
}

// lifecycle reports what a lifecycle block of the table does that the
// emitted resource will not: each attribute of ignore_changes (emit writes
// every setting, so a change made outside Terraform, such as autoscaling's
// capacities, is planned back), prevent_destroy and the rest, each with
// the override file that keeps it.
func (r *tfReader) lifecycle(blk *hclsyntax.Block) {
	for _, n := range sortedKeys(blk.Body.Attributes) {
		a := blk.Body.Attributes[n]
		rng := a.Expr.Range()
		if n != "ignore_changes" {
			r.diags = append(r.diags, diag.Warnf(CodeNotCarried, &rng, "Lifecycle setting not carried over",
				"The emitted resource has no lifecycle %s: to keep it, add an override file next to emit's files (dynamodb_override.tf) with resource \"aws_dynamodb_table\" \"<name emit gives>\" { lifecycle { %s = ... } } (Terraform merges override files into the resource).", n, n))
			continue
		}
		var ignored []string
		if kw := hcl.ExprAsKeyword(a.Expr); kw == "all" {
			ignored = []string{"all"}
		} else if exprs, ds := hcl.ExprList(a.Expr); !ds.HasErrors() {
			for _, e := range exprs {
				if tr, ds := hcl.RelTraversalForExpr(e); !ds.HasErrors() {
					ignored = append(ignored, traversalString(tr))
				} else if tr, ds := hcl.AbsTraversalForExpr(e); !ds.HasErrors() {
					ignored = append(ignored, traversalString(tr))
				}
			}
		}
		r.diags = append(r.diags, diag.Warnf(CodeNotCarried, &rng, "ignore_changes not carried over",
			"This resource ignores changes to %s (autoscaling or another tool manages them). The emitted resource writes every setting of the schema, so the next plan sets them back: keep ignoring them with an override file next to emit's files (dynamodb_override.tf) holding resource \"aws_dynamodb_table\" \"<name emit gives>\" { lifecycle { ignore_changes = [%s] } }.",
			strings.Join(ignored, ", "), strings.Join(ignored, ", ")))
	}
	for _, b := range blk.Body.Blocks {
		r.diags = append(r.diags, diag.Warnf(CodeNotCarried, b.TypeRange.Ptr(), "Lifecycle block not carried over",
			"The emitted resource has no %s: add it in an override file next to emit's files (dynamodb_override.tf) if you need it.", b.Type))
	}
}

// emitVar is the name of emit's variable for setting of the table read, as
// emit names it without a prefix (dynamodb_<label>_<setting>).
func (r *tfReader) emitVar(setting string) string {
	return "dynamodb_" + Label(r.label) + "_" + setting
}

// refersTo reports whether expression e is the attribute attr of the
// resource block b (aws_dynamodb_table.orders.arn), or, with name set, the
// string name itself.
func refersTo(e hclsyntax.Expression, b *hclsyntax.Block, attr, name string) bool {
	if tr, ds := hcl.AbsTraversalForExpr(e); !ds.HasErrors() && len(tr) == 3 {
		a1, ok1 := tr[1].(hcl.TraverseAttr)
		a2, ok2 := tr[2].(hcl.TraverseAttr)
		return ok1 && ok2 && tr.RootName() == b.Labels[0] && a1.Name == b.Labels[1] && a2.Name == attr
	}
	if name == "" {
		return false
	}
	v, ds := e.Value(nil)
	return !ds.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() && v.AsString() == name
}

// policy reads the aws_dynamodb_resource_policy of table b: its policy as
// a JSON document (a string or jsonencode of a literal), or a reference
// (data.aws_iam_policy_document.x.json) carried as it is.
func (r *tfReader) policy(b *hclsyntax.Block, s *hclschema.TableSpec) {
	for _, pb := range r.m.Policies {
		arn := pb.Body.Attributes["resource_arn"]
		if arn == nil || !refersTo(arn.Expr, b, "arn", "") {
			continue
		}
		if s.ResourcePolicy != nil {
			rng := pb.DefRange()
			r.diags = append(r.diags, diag.Errorf(CodeInvalid, &rng, "Two resource policies",
				"%s has a resource policy already; a DynamoDB table has one. Remove one of them, then import again.", address(b)))
			continue
		}
		pol := pb.Body.Attributes["policy"]
		if pol == nil {
			continue
		}
		if tr, ds := hcl.AbsTraversalForExpr(pol.Expr); !ds.HasErrors() && len(tr) > 1 && tr.RootName() != "var" {
			s.ResourcePolicy = &hclschema.PolicySpec{Kind: hclschema.PolicyReference, Text: traversalString(tr)}
			continue
		}
		if doc := r.jsonDocument(pol); doc != "" {
			s.ResourcePolicy = &hclschema.PolicySpec{Kind: hclschema.PolicyDocument, Text: hclschema.CanonicalJSON(doc)}
		}
	}
}

// jsonDocument evaluates a policy argument: a string, or jsonencode of a
// literal object.
func (r *tfReader) jsonDocument(a *hclsyntax.Attribute) string {
	if call, ok := a.Expr.(*hclsyntax.FunctionCallExpr); ok && call.Name == "jsonencode" && len(call.Args) == 1 {
		inner := &hclsyntax.Attribute{Name: a.Name, Expr: call.Args[0], NameRange: a.NameRange}
		v, ok := r.value(inner, cty.DynamicPseudoType)
		if !ok {
			return ""
		}
		b, err := ctyjson.Marshal(v, v.Type())
		if err != nil {
			rng := a.Expr.Range()
			r.diags = append(r.diags, diag.Errorf(CodeUnsupported, &rng, "Policy cannot be encoded", "jsonencode of this value fails: %s.", err))
			return ""
		}
		return string(b)
	}
	return r.str(a)
}

// standaloneGSIs reads the aws_dynamodb_global_secondary_index resources of
// table b (table_name = aws_dynamodb_table.<name>.name, or the table's
// name) into s: they are GSIs of the table like its blocks, and emit
// writes them as resources again with --gsi-resources.
func (r *tfReader) standaloneGSIs(b *hclsyntax.Block, s *hclschema.TableSpec, types keyNames) {
	for _, gb := range r.m.GSIs {
		tn := gb.Body.Attributes["table_name"]
		if tn == nil || !refersTo(tn.Expr, b, "name", s.Name) {
			continue
		}
		g := hclschema.GSISpec{}
		var proj string
		var include []string
		for _, n := range sortedKeys(gb.Body.Attributes) {
			a := gb.Body.Attributes[n]
			switch n {
			case "table_name":
			case "index_name":
				g.Name = r.str(a)
			case "warm_throughput":
				if v, ok := r.value(a, cty.DynamicPseudoType); ok && v.Type().IsObjectType() {
					g.Warm = &hclschema.Throughput{}
					if v.Type().HasAttribute("read_units_per_second") {
						g.Warm.Read = intOf(v.GetAttr("read_units_per_second"))
					}
					if v.Type().HasAttribute("write_units_per_second") {
						g.Warm.Write = intOf(v.GetAttr("write_units_per_second"))
					}
				}
			case "provider", "depends_on":
			default:
				r.unsupported(a.NameRange, n, "argument")
			}
		}
		for _, blk := range gb.Body.Blocks {
			switch blk.Type {
			case "key_schema":
				r.only(blk, "attribute_name", "attribute_type", "key_type")
				name := r.str(blk.Body.Attributes["attribute_name"])
				if typ := blk.Body.Attributes["attribute_type"]; typ != nil {
					types[name] = r.str(typ)
				}
				if r.str(blk.Body.Attributes["key_type"]) == hclschema.KeyTypeRange {
					g.Key.Sort = append(g.Key.Sort, hclschema.KeyAttr{Name: name})
				} else {
					g.Key.Partition = append(g.Key.Partition, hclschema.KeyAttr{Name: name})
				}
			case "projection":
				r.only(blk, "projection_type", "non_key_attributes")
				proj = r.str(blk.Body.Attributes["projection_type"])
				if a := blk.Body.Attributes["non_key_attributes"]; a != nil {
					include = r.strList(a)
				}
			case "provisioned_throughput":
				r.only(blk, "read_capacity_units", "write_capacity_units")
				if a := blk.Body.Attributes["read_capacity_units"]; a != nil {
					g.Capacity.Read = r.num(a)
				}
				if a := blk.Body.Attributes["write_capacity_units"]; a != nil {
					g.Capacity.Write = r.num(a)
				}
			case "on_demand_throughput":
				g.OnDemand = r.throughput(blk, "max_read_request_units", "max_write_request_units")
			case "timeouts", "lifecycle":
			default:
				r.unsupported(blk.TypeRange, blk.Type, "block")
			}
		}
		g.Projection = gsiProjection(proj, include)
		s.GSIs = append(s.GSIs, g)
		if r.standalone == nil {
			r.standalone = map[string]string{}
		}
		r.standalone[g.Name] = address(gb)
	}
}

func intOf(v cty.Value) int64 {
	if v.IsNull() || !v.IsKnown() || v.Type() != cty.Number {
		return 0
	}
	n, _ := v.AsBigFloat().Int64()
	return n
}

// tfReplica is a replica block with the position of its consistency mode.
type tfReplica struct {
	spec        hclschema.ReplicaSpec
	consistency string
	rng         hcl.Range
}

func (r *tfReader) replica(blk *hclsyntax.Block, out *[]tfReplica) {
	r.only(blk, "region_name", "kms_key_arn", "point_in_time_recovery", "propagate_tags", "deletion_protection_enabled", "consistency_mode")
	a := blk.Body.Attributes
	rep := tfReplica{rng: blk.TypeRange, consistency: hclschema.MultiRegionEventual}
	rep.spec.Region = r.str(a["region_name"])
	if a["kms_key_arn"] != nil {
		rep.spec.KMSKeyARN = r.str(a["kms_key_arn"])
	}
	rep.spec.PointInTimeRecovery = r.optBool(a["point_in_time_recovery"], false)
	rep.spec.PropagateTags = r.optBool(a["propagate_tags"], false)
	rep.spec.DeletionProtection = r.optBool(a["deletion_protection_enabled"], false)
	if c := a["consistency_mode"]; c != nil {
		rep.consistency = r.str(c)
		rep.rng = c.Expr.Range()
	}
	*out = append(*out, rep)
}

// global sets the replicas and consistency mode of s from the replica
// blocks: every replica must have the same consistency mode (DynamoDB's
// rule; the provider fails otherwise).
func (r *tfReader) global(s *hclschema.TableSpec, reps []tfReplica) {
	for i, rep := range reps {
		s.Replicas = append(s.Replicas, rep.spec)
		if i == 0 {
			s.ConsistencyMode = rep.consistency
			continue
		}
		if rep.consistency != s.ConsistencyMode {
			rng := rep.rng
			r.diags = append(r.diags, diag.Errorf(CodeInvalid, &rng, "Replicas with different consistency modes",
				"A global table has one consistency mode, and its replicas say %s and %s: DynamoDB rejects this configuration, so import does not guess. Give every replica the same consistency_mode, then import again.", s.ConsistencyMode, rep.consistency))
		}
	}
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
	if vars := a.Expr.Variables(); len(vars) > 0 && !r.perEnvironment(a, vars) {
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

// perEnvironment decides what happens to a value that reads variables
// (each with a default): import reads the default, which must never turn
// into a literal that another environment's tfvars would have changed.
// Where emit declares a variable for the setting (r.envVar: the table's
// name, capacities, deletion protection, point-in-time recovery, tags)
// the value is read and a warning (IM008) names the emit variable to set
// instead; a template that builds the value from a variable
// ("orders-${var.env}"), or a variable anywhere else, is refused (IM004).
func (r *tfReader) perEnvironment(a *hclsyntax.Attribute, vars []hcl.Traversal) bool {
	rng := a.Expr.Range()
	names := make([]string, len(vars))
	for i, v := range vars {
		names[i] = traversalString(v)
	}
	expr := strings.Join(names, ", ")
	if tpl, ok := a.Expr.(*hclsyntax.TemplateExpr); ok && !tpl.IsStringLiteral() {
		r.diags = append(r.diags, diag.Errorf(CodeUnsupported, &rng, "Value built from a variable",
			"%q is built from %s, so it differs per environment, and a tfdyn schema holds one literal value: importing the default would give every environment the same %s. Import each environment's table from its state (--from-state with terraform show -json of that environment), or write the value here and set it per environment through emit's variables%s.",
			a.Name, expr, a.Name, r.envHint()))
		return false
	}
	if r.envVar == "" {
		r.diags = append(r.diags, diag.Errorf(CodeUnsupported, &rng, "Variable in a setting",
			"%q reads %s, which may differ per environment, and emit writes this setting as a constant of the schema: importing the default would set it in every environment. Write the value here (the one of the environment you adopt first), or keep managing the table without tfdyn.", a.Name, expr))
		return false
	}
	r.diags = append(r.diags, diag.Warnf(CodePerEnvironment, &rng, "Value read from a variable default",
		"%q reads %s; the schema takes its default, and emit declares the variable %s for this setting: where an environment sets %s (a tfvars file, -var), set %s instead after tfdyn emit.",
		a.Name, expr, r.envVar, expr, r.envVar))
	return true
}

// envHint names emit's variable for the setting being read, if any.
func (r *tfReader) envHint() string {
	if r.envVar == "" {
		return ""
	}
	return " (" + r.envVar + ")"
}

// withEnv reads with envVar set: the emit variable that carries the
// setting per environment.
func (r *tfReader) withEnv(envVar string, read func()) {
	prev := r.envVar
	r.envVar = envVar
	read()
	r.envVar = prev
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
