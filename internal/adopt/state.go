package adopt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	tfjson "github.com/hashicorp/terraform-json"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// maxState bounds the size of a state file read by ReadState.
const maxState = 256 << 20

// ReadState reads the output of `terraform show -json` from path: a
// regular file (fsafe.ReadRegular: opened once and checked on the handle,
// so a named pipe or a device is refused instead of blocking). A file that
// cannot be read is an error; one that is not state JSON is a diagnostic
// (IM001).
func ReadState(path string) (*tfjson.State, hcl.Diagnostics, error) {
	src, err := fsafe.ReadRegular(path, maxState)
	if err != nil {
		return nil, nil, fmt.Errorf("import: --from-state: %w", err)
	}
	s, diags := ParseState(path, src)
	return s, diags, nil
}

// ParseState decodes state JSON (terraform show -json) with terraform-json.
// What does not decode is an IM001 diagnostic at the offending byte (the
// start of the file when the decoder names none).
func ParseState(path string, src []byte) (*tfjson.State, hcl.Diagnostics) {
	var s tfjson.State
	if err := json.Unmarshal(src, &s); err != nil {
		r := offsetRange(path, src, jsonErrorOffset(src, err))
		return nil, hcl.Diagnostics{diag.Errorf(CodeUnreadable, &r, "Not Terraform state JSON",
			"%s is not the output of terraform show -json: %s. Write it with: terraform show -json > %s", path, err, path)}
	}
	return &s, nil
}

// jsonErrorOffset is the byte offset in src encoding/json reports for err
// (the byte after the one that failed), or 0. A type error comes from
// tfjson.State's UnmarshalJSON, which decodes the value without the
// whitespace before it: its offset counts from the value's first byte.
func jsonErrorOffset(src []byte, err error) int64 {
	var (
		syn *json.SyntaxError
		typ *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &syn):
		return syn.Offset
	case errors.As(err, &typ):
		lead := len(src) - len(bytes.TrimLeft(src, " \t\r\n"))
		return int64(lead) + typ.Offset
	}
	return 0
}

// offsetRange is the empty range in path at the byte before offset (the
// one the decoder stopped at), as line and column.
func offsetRange(path string, src []byte, offset int64) hcl.Range {
	b := int(offset) - 1
	if b < 0 {
		b = 0
	}
	if b > len(src) {
		b = len(src)
	}
	line := 1 + bytes.Count(src[:b], []byte("\n"))
	col := 1 + utf8.RuneCount(src[bytes.LastIndexByte(src[:b], '\n')+1:b])
	p := hcl.Pos{Line: line, Column: col, Byte: b}
	return hcl.Range{Filename: path, Start: p, End: p}
}

// stateTables lists the managed aws_dynamodb_table resources of s, in
// address order.
func stateTables(s *tfjson.State) []*tfjson.StateResource {
	return stateResources(s, ResourceType)
}

// FromState reads the table at addr (or the only one when addr is "") of
// state s, read from path.
func FromState(s *tfjson.State, path, addr string) (*Table, hcl.Diagnostics) {
	tables := stateTables(s)
	var names []string
	for _, r := range tables {
		names = append(names, r.Address)
	}
	var res *tfjson.StateResource
	switch {
	case addr == "" && len(tables) == 0:
		return nil, hcl.Diagnostics{diag.Errorf(CodeUnknownTable, nil, "No aws_dynamodb_table",
			"The state in %q holds no aws_dynamodb_table resource.", path)}
	case addr == "" && len(tables) > 1:
		return nil, hcl.Diagnostics{diag.Errorf(CodeAmbiguous, nil, "Several tables to import",
			"The state in %q holds %d aws_dynamodb_table resources: %s. Choose one with --address, for example --address %s.",
			path, len(tables), strings.Join(names, ", "), names[0])}
	case addr == "":
		res = tables[0]
	default:
		for _, r := range tables {
			if r.Address == addr {
				res = r
			}
		}
		if res == nil {
			detail := fmt.Sprintf("The state in %q holds no resource %q.", path, addr)
			if sg := suggest(addr, names); sg != "" {
				detail += fmt.Sprintf(" Did you mean %q?", sg)
			}
			if len(names) > 0 {
				detail += " Its tables: " + strings.Join(names, ", ") + "."
			}
			return nil, hcl.Diagnostics{diag.Errorf(CodeUnknownTable, nil, "Unknown table address", "%s", detail)}
		}
	}
	t, diags := fromAttributes(res.Address, path, res.AttributeValues)
	if t != nil && !diags.HasErrors() {
		diags = append(diags, t.fromStateResources(s)...)
	}
	return t, diags
}

// stateResources lists the managed resources of type typ in s, in address
// order.
func stateResources(s *tfjson.State, typ string) []*tfjson.StateResource {
	var out []*tfjson.StateResource
	var walk func(m *tfjson.StateModule)
	walk = func(m *tfjson.StateModule) {
		if m == nil {
			return
		}
		for _, r := range m.Resources {
			if r != nil && r.Mode == tfjson.ManagedResourceMode && r.Type == typ {
				out = append(out, r)
			}
		}
		for _, c := range m.ChildModules {
			walk(c)
		}
	}
	if s.Values != nil {
		walk(s.Values.RootModule)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Address < out[j].Address })
	return out
}

// fromStateResources reads what other resources of state s hold of table
// t: its resource policy (aws_dynamodb_resource_policy whose resource_arn
// is the table's) and its standalone GSIs (aws_dynamodb_global_secondary_index
// whose table_name is the table's), then checks the table again.
func (t *Table) fromStateResources(s *tfjson.State) hcl.Diagnostics {
	s2 := &t.Spec
	for _, r := range stateResources(s, PolicyType) {
		if t.arn == "" || str(r.AttributeValues["resource_arn"]) != t.arn {
			continue
		}
		s2.ResourcePolicy = &hclschema.PolicySpec{Kind: hclschema.PolicyDocument, Text: hclschema.CanonicalJSON(str(r.AttributeValues["policy"]))}
	}
	types := keyNames{}
	for _, a := range s2.Attributes() {
		types[a.Name] = a.Type
	}
	added := false
	for _, r := range stateResources(s, GSIType) {
		av := r.AttributeValues
		if str(av["table_name"]) != s2.Name {
			continue
		}
		g := hclschema.GSISpec{Name: str(av["index_name"]), OnDemand: stateThroughput(av["on_demand_throughput"], "max_read_request_units", "max_write_request_units")}
		if w, ok := av["warm_throughput"].(map[string]any); ok {
			g.Warm = warmOf(num(w["read_units_per_second"]), num(w["write_units_per_second"]))
		}
		for _, k := range objects(av["key_schema"]) {
			name := str(k["attribute_name"])
			types[name] = str(k["attribute_type"])
			if str(k["key_type"]) == hclschema.KeyTypeRange {
				g.Key.Sort = append(g.Key.Sort, hclschema.KeyAttr{Name: name})
			} else {
				g.Key.Partition = append(g.Key.Partition, hclschema.KeyAttr{Name: name})
			}
		}
		for _, p := range objects(av["projection"]) {
			g.Projection = gsiProjection(str(p["projection_type"]), strs(p["non_key_attributes"]))
		}
		if g.Projection.Type == "" {
			g.Projection = gsiProjection("", nil)
		}
		for _, p := range objects(av["provisioned_throughput"]) {
			g.Capacity = hclschema.Capacity{Read: num(p["read_capacity_units"]), Write: num(p["write_capacity_units"])}
		}
		// The table resource reads the same index back: the resource is what
		// declares it.
		for i := range s2.GSIs {
			if s2.GSIs[i].Name == g.Name {
				s2.GSIs = append(s2.GSIs[:i], s2.GSIs[i+1:]...)
				break
			}
		}
		s2.GSIs = append(s2.GSIs, g)
		if t.GSIResources == nil {
			t.GSIResources = map[string]string{}
		}
		t.GSIResources[g.Name] = r.Address
		added = true
	}
	if !added {
		return nil
	}
	sort.Slice(s2.GSIs, func(i, j int) bool { return s2.GSIs[i].Name < s2.GSIs[j].Name })
	types.types(s2)
	capacities(s2)
	return t.Check()
}

// stateThroughput reads an on_demand_throughput or warm_throughput block
// of state: nil when absent or with no side set.
func stateThroughput(v any, read, write string) *hclschema.Throughput {
	for _, b := range objects(v) {
		t := &hclschema.Throughput{Read: max(num(b[read]), 0), Write: max(num(b[write]), 0)}
		if t.Read > 0 || t.Write > 0 {
			return t
		}
	}
	return nil
}

// warmOf is a warm throughput read back from state or DynamoDB: nil for
// DynamoDB's defaults (12000 and 4000 units of an on-demand table, 1 and 1
// of a provisioned one), which the provider treats as not configured.
func warmOf(read, write int64) *hclschema.Throughput {
	if read == hclschema.MinWarmRead && write == hclschema.MinWarmWrite || read <= 1 && write <= 1 {
		return nil
	}
	return &hclschema.Throughput{Read: read, Write: write}
}

// fromAttributes reads a table from the attribute values of the provider's
// schema (state or plan JSON).
func fromAttributes(addr, origin string, av map[string]any) (*Table, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	t := newTable(addr, origin)
	s := &t.Spec
	s.Name = str(av["name"])
	if v := str(av["billing_mode"]); v != "" {
		s.BillingMode = v
	}
	s.Capacity = hclschema.Capacity{Read: num(av["read_capacity"]), Write: num(av["write_capacity"])}
	if h := str(av["hash_key"]); h != "" {
		s.Key.Partition = keys(h)
	}
	if r := str(av["range_key"]); r != "" {
		s.Key.Sort = keys(r)
	}
	if v := str(av["table_class"]); v != "" {
		s.TableClass = v
	}
	s.DeletionProtection = boolean(av["deletion_protection_enabled"])
	if boolean(av["stream_enabled"]) {
		s.StreamViewType = str(av["stream_view_type"])
	}
	if tags, ok := av["tags"].(map[string]any); ok {
		for k, v := range tags {
			s.Tags[k] = str(v)
		}
	}
	types := keyNames{}
	for _, a := range objects(av["attribute"]) {
		types[str(a["name"])] = str(a["type"])
		if str(a["type"]) == hclschema.TypeB {
			diags = append(diags, diag.Errorf(CodeUnsupported, nil, "Binary key attribute",
				"Key attribute %q of %s has type B; tfdyn schemas type key attributes from entity attributes (string or number), so a binary key cannot be adopted.", str(a["name"]), addr))
		}
	}
	for _, g := range objects(av["global_secondary_index"]) {
		s.GSIs = append(s.GSIs, stateGSI(g))
	}
	sort.Slice(s.GSIs, func(i, j int) bool { return s.GSIs[i].Name < s.GSIs[j].Name })
	for _, l := range objects(av["local_secondary_index"]) {
		s.LSIs = append(s.LSIs, hclschema.LSISpec{Name: str(l["name"]), SortKey: hclschema.KeyAttr{Name: str(l["range_key"])},
			Projection: projectionOf(str(l["projection_type"]), strs(l["non_key_attributes"]))})
	}
	sort.Slice(s.LSIs, func(i, j int) bool { return s.LSIs[i].Name < s.LSIs[j].Name })
	for _, ttl := range objects(av["ttl"]) {
		if boolean(ttl["enabled"]) {
			s.TTLAttribute = str(ttl["attribute_name"])
		}
	}
	for _, p := range objects(av["point_in_time_recovery"]) {
		s.PointInTimeRecovery = boolean(p["enabled"])
		s.RecoveryDays = num(p["recovery_period_in_days"])
	}
	t.arn = str(av["arn"])
	s.OnDemand = stateThroughput(av["on_demand_throughput"], "max_read_request_units", "max_write_request_units")
	for _, w := range objects(av["warm_throughput"]) {
		s.Warm = warmOf(num(w["read_units_per_second"]), num(w["write_units_per_second"]))
	}
	for _, w := range objects(av["global_table_witness"]) {
		s.WitnessRegion = str(w["region_name"])
	}
	for _, e := range objects(av["server_side_encryption"]) {
		if boolean(e["enabled"]) {
			s.SSE = &hclschema.SSESpec{KMSKeyARN: str(e["kms_key_arn"])}
		}
	}
	types.types(s)
	capacities(s)
	// Creation-only arguments: removing them plans a replacement, so a
	// schema (which has none) cannot adopt the table.
	for _, name := range []string{"import_table", "restore_source_name", "restore_source_table_arn", "restore_backup_arn", "restore_date_time", "restore_to_latest_time"} {
		v := av[name]
		if v == nil || v == false || v == "" || len(list(v)) == 0 && fmt.Sprint(v) == "[]" {
			continue
		}
		diags = append(diags, diag.Errorf(CodeUnsupported, nil, "Unsupported argument",
			"%s has %s in state. %s", addr, name, noSafePath))
	}
	for _, r := range objects(av["replica"]) {
		rep := hclschema.ReplicaSpec{Region: str(r["region_name"]), KMSKeyARN: str(r["kms_key_arn"]),
			PointInTimeRecovery: boolean(r["point_in_time_recovery"]), PropagateTags: boolean(r["propagate_tags"]),
			DeletionProtection: boolean(r["deletion_protection_enabled"])}
		mode := str(r["consistency_mode"])
		if mode == "" {
			mode = hclschema.MultiRegionEventual
		}
		switch {
		case len(s.Replicas) == 0:
			s.ConsistencyMode = mode
		case mode != s.ConsistencyMode:
			diags = append(diags, diag.Errorf(CodeInvalid, nil, "Replicas with different consistency modes",
				"The replicas of %s have consistency modes %s and %s; a global table has one. Import does not guess: fix the configuration first.", addr, s.ConsistencyMode, mode))
		}
		s.Replicas = append(s.Replicas, rep)
	}
	sort.Slice(s.Replicas, func(i, j int) bool { return s.Replicas[i].Region < s.Replicas[j].Region })
	if !diags.HasErrors() {
		diags = append(diags, t.Check()...)
	}
	return t, diags
}

// stateGSI reads a global_secondary_index of state: its key from
// key_schema (provider >= 6.29), else from hash_key and range_key.
func stateGSI(m map[string]any) hclschema.GSISpec {
	g := hclschema.GSISpec{Name: str(m["name"]),
		Projection: gsiProjection(str(m["projection_type"]), strs(m["non_key_attributes"])),
		Capacity:   hclschema.Capacity{Read: num(m["read_capacity"]), Write: num(m["write_capacity"])},
		OnDemand:   stateThroughput(m["on_demand_throughput"], "max_read_request_units", "max_write_request_units")}
	for _, w := range objects(m["warm_throughput"]) {
		g.Warm = warmOf(num(w["read_units_per_second"]), num(w["write_units_per_second"]))
	}
	for _, k := range objects(m["key_schema"]) {
		if str(k["key_type"]) == hclschema.KeyTypeRange {
			g.Key.Sort = append(g.Key.Sort, hclschema.KeyAttr{Name: str(k["attribute_name"])})
		} else {
			g.Key.Partition = append(g.Key.Partition, hclschema.KeyAttr{Name: str(k["attribute_name"])})
		}
	}
	if len(g.Key.Partition) == 0 && len(g.Key.Sort) == 0 {
		if h := str(m["hash_key"]); h != "" {
			g.Key.Partition = keys(h)
		}
		if r := str(m["range_key"]); r != "" {
			g.Key.Sort = keys(r)
		}
	}
	return g
}

func strs(v any) []string {
	var out []string
	for _, a := range list(v) {
		out = append(out, str(a))
	}
	return out
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func num(v any) int64 {
	switch n := v.(type) {
	case float64:
		return int64(n)
	case json.Number:
		i, _ := n.Int64()
		return i
	}
	return 0
}

func boolean(v any) bool {
	b, _ := v.(bool)
	return b
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func objects(v any) []map[string]any {
	var out []map[string]any
	for _, e := range list(v) {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}
