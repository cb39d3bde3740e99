package hclschema

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/diag"
)

var tableSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "name"},
		{Name: "billing_mode"},
		{Name: "read_capacity"},
		{Name: "write_capacity"},
		{Name: "partition_key", Required: true},
		{Name: "sort_key"},
		{Name: "stream"},
		{Name: "ttl"},
		{Name: "point_in_time_recovery"},
		{Name: "deletion_protection"},
		{Name: "table_class"},
		{Name: "tags"},
		{Name: "key_types"},
		{Name: "point_in_time_recovery_period"},
		{Name: "consistency_mode"},
		{Name: "witness_region"},
		{Name: "resource_policy"},
	},
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "global_secondary_index", LabelNames: []string{"name"}},
		{Type: "local_secondary_index", LabelNames: []string{"name"}},
		{Type: "server_side_encryption"},
		{Type: "on_demand_throughput"},
		{Type: "warm_throughput"},
		{Type: "replica", LabelNames: []string{"region"}},
	},
}

var gsiSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "partition_key", Required: true},
		{Name: "sort_key"},
		{Name: "projection"},
		{Name: "include"},
		{Name: "read_capacity"},
		{Name: "write_capacity"},
		{Name: "key_types"},
	},
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "on_demand_throughput"},
		{Type: "warm_throughput"},
	},
}

var lsiSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "sort_key", Required: true},
		{Name: "projection"},
		{Name: "include"},
		{Name: "key_types"},
	},
}

var sseSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "kms_key_arn"}},
}

// Stream view types.
var streamViewTypes = []string{"NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY"}

const maxCapacity = 1 << 40

func (d *decoder) table(b *hcl.Block) {
	if !d.checkLabel(b, "table") {
		return
	}
	label := b.Labels[0]
	if prev := d.schema.Table(label); prev != nil {
		d.errorf(CodeDuplicate, b.LabelRanges[0], "Duplicate table", "A table named %q is already declared at %s. Table labels must be unique.", label, prev.DeclRange)
		return
	}
	content, ds := b.Body.Content(tableSchema)
	d.add(ds, CodeSyntax)
	t := &Table{facts: newTableFacts(), Label: label, Name: label, BillingMode: PayPerRequest, PointInTimeRecovery: false,
		TableClass: "STANDARD", Tags: map[string]string{}, DeclRange: b.DefRange, LabelRange: b.LabelRanges[0],
		ArgRanges: argRanges(content.Attributes)}
	t.Primary = &Index{Kind: IndexPrimary, Name: PrimaryIndexName, Table: t, Projection: ProjectAll, DeclRange: b.DefRange, LabelRange: b.DefRange}
	a := content.Attributes
	if at := a["name"]; at != nil {
		if s, ok := d.stringValue(at); ok {
			t.Name = s
			if !validTableName(s) {
				d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid table name",
					"DynamoDB table names are 3 to 255 characters of a-z, A-Z, 0-9, \"_\", \"-\" and \".\"; got %q.", s)
			}
		}
	}
	if at := a["billing_mode"]; at != nil {
		if s, ok := d.stringValue(at, PayPerRequest, Provisioned); ok {
			t.BillingMode = s
		}
	}
	t.ReadCapacity, t.WriteCapacity = d.capacity(a, t.BillingMode, b.DefRange, "table")
	if at := a["partition_key"]; at != nil {
		if s, ok := d.stringValue(at); ok {
			t.Primary.PartitionKey = []KeyAttr{{Name: s, Range: at.Expr.Range()}}
		}
	}
	if at := a["sort_key"]; at != nil {
		if s, ok := d.stringValue(at); ok {
			t.Primary.SortKey = []KeyAttr{{Name: s, Range: at.Expr.Range()}}
		}
	}
	d.keyTypes(t.Primary, a["key_types"])
	if len(t.Primary.SortKey) > 0 && len(t.Primary.PartitionKey) > 0 && t.Primary.SortKey[0].Name == t.Primary.PartitionKey[0].Name {
		d.errorf(CodeDuplicate, t.Primary.SortKey[0].Range, "Same attribute as partition and sort key",
			"The table uses %q as both partition and sort key; choose a different sort key attribute (or none).", t.Primary.SortKey[0].Name)
	}
	if at := a["stream"]; at != nil {
		if s, ok := d.stringValue(at, streamViewTypes...); ok {
			t.StreamViewType = s
		}
	}
	if at := a["ttl"]; at != nil {
		if s, ok := d.stringValue(at); ok {
			t.TTLAttribute = s
		}
	}
	if at := a["point_in_time_recovery"]; at != nil {
		t.PointInTimeRecovery, _ = d.boolValue(at)
	}
	if at := a["deletion_protection"]; at != nil {
		t.DeletionProtection, _ = d.boolValue(at)
	}
	if at := a["table_class"]; at != nil {
		if s, ok := d.stringValue(at, "STANDARD", "STANDARD_INFREQUENT_ACCESS"); ok {
			t.TableClass = s
		}
	}
	if at := a["tags"]; at != nil {
		if m, ok := d.stringMap(at); ok {
			t.Tags = m
			t.TagRanges = tagRanges(at.Expr, m)
		}
	}
	if at := a["point_in_time_recovery_period"]; at != nil {
		d.recoveryPeriod(t, at)
	}
	if at := a["resource_policy"]; at != nil {
		d.resourcePolicy(t, at)
	}
	names := map[string]hcl.Range{}
	for _, blk := range content.Blocks {
		switch blk.Type {
		case "on_demand_throughput":
			if t.OnDemand != nil {
				d.errorf(CodeDuplicate, blk.DefRange, "Duplicate on_demand_throughput block", "A table has at most one on_demand_throughput block.")
				continue
			}
			t.OnDemand = d.onDemand(blk, t.BillingMode, "table")
		case "warm_throughput":
			if t.Warm != nil {
				d.errorf(CodeDuplicate, blk.DefRange, "Duplicate warm_throughput block", "A table has at most one warm_throughput block.")
				continue
			}
			t.Warm = d.warm(blk, "table")
		case "replica":
			d.replica(t, blk)
		case "server_side_encryption":
			if t.SSE != nil {
				d.errorf(CodeDuplicate, blk.DefRange, "Duplicate server_side_encryption block", "A table has at most one server_side_encryption block.")
				continue
			}
			c, ds := blk.Body.Content(sseSchema)
			d.add(ds, CodeSyntax)
			t.SSE = &SSE{DeclRange: blk.DefRange}
			if at := c.Attributes["kms_key_arn"]; at != nil {
				t.SSE.KMSKeyARN, _ = d.stringValue(at)
			}
		case "global_secondary_index", "local_secondary_index":
			if !d.checkLabel(blk, "index") {
				continue
			}
			name := blk.Labels[0]
			if prev, ok := names[name]; ok {
				d.errorf(CodeDuplicate, blk.LabelRanges[0], "Duplicate index name",
					"An index named %q is already declared at %s. Index names must be unique within a table.", name, prev)
				continue
			}
			if name == PrimaryIndexName {
				d.errorf(CodeInvalidValue, blk.LabelRanges[0], "Reserved index name", "The name %q refers to the base table in access patterns; choose another index name.", name)
				continue
			}
			names[name] = blk.LabelRanges[0]
			if blk.Type == "global_secondary_index" {
				if ix := d.gsi(t, blk); ix != nil {
					t.GSIs = append(t.GSIs, ix)
				} else {
					d.markBrokenIndex(t, name)
				}
			} else if ix := d.lsi(t, blk); ix != nil {
				t.LSIs = append(t.LSIs, ix)
			} else {
				d.markBrokenIndex(t, name)
			}
		}
	}
	d.globalTable(t, a)
	d.schema.Tables = append(d.schema.Tables, t)
}

func validTableName(s string) bool {
	if len(s) < 3 || len(s) > 255 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// capacity reads read_capacity/write_capacity, required with PROVISIONED
// billing for the table and optional (inherited) for GSIs.
func (d *decoder) capacity(a hcl.Attributes, billing string, rng hcl.Range, what string) (int64, int64) {
	var r, w int64
	for _, name := range []string{"read_capacity", "write_capacity"} {
		at := a[name]
		if at == nil {
			if billing == Provisioned && what == "table" {
				d.errorf(CodeInvalidValue, rng, "Missing "+name,
					"A table with billing_mode = \"PROVISIONED\" needs read_capacity and write_capacity. Add %s = 5 (or use PAY_PER_REQUEST).", name)
			}
			continue
		}
		if billing != Provisioned {
			d.errorf(CodeInvalidValue, at.NameRange, "Capacity with on-demand billing",
				"The %s has %s, but the table bills PAY_PER_REQUEST. Remove it or set billing_mode = \"PROVISIONED\".", what, name)
			continue
		}
		v, _ := d.intValue(at, 1, maxCapacity)
		if name == "read_capacity" {
			r = v
		} else {
			w = v
		}
	}
	return r, w
}

func (d *decoder) projection(ix *Index, a hcl.Attributes) {
	ix.Projection = ProjectAll
	if at := a["projection"]; at != nil {
		if s, ok := d.stringValue(at, ProjectAll, ProjectKeysOnly, ProjectInclude); ok {
			ix.Projection = s
		}
	}
	inc := a["include"]
	switch {
	case ix.Projection == ProjectInclude && inc == nil:
		d.errorf(CodeInvalidValue, ix.DeclRange, "Missing include",
			"The index %q projects INCLUDE but lists no attributes. Add include = [\"attr\", ...] or choose another projection.", ix.Name)
	case ix.Projection != ProjectInclude && inc != nil:
		d.errorf(CodeInvalidValue, inc.NameRange, "Unexpected include",
			"The index %q projects %s; include applies only to projection = \"INCLUDE\".", ix.Name, ix.Projection)
	case inc != nil:
		ix.Include, _ = d.stringList(inc)
		ix.IncludeRanges = listRanges(inc.Expr, len(ix.Include))
	}
}

func (d *decoder) gsi(t *Table, blk *hcl.Block) *Index {
	c, ds := blk.Body.Content(gsiSchema)
	d.add(ds, CodeSyntax)
	ix := &Index{Kind: IndexGlobal, Name: blk.Labels[0], Table: t, DeclRange: blk.DefRange, LabelRange: blk.LabelRanges[0]}
	if at := c.Attributes["partition_key"]; at != nil {
		ix.PartitionKey = d.keyList(at)
	}
	if at := c.Attributes["sort_key"]; at != nil {
		ix.SortKey = d.keyList(at)
	}
	for _, sk := range ix.SortKey {
		if ix.IsPartitionKey(sk.Name) {
			d.errorf(CodeDuplicate, sk.Range, "Attribute in both partition and sort key",
				"The attribute %q is part of the partition key of index %q and of its sort key; a key attribute can play one role only.", sk.Name, ix.Name)
		}
	}
	d.keyTypes(ix, c.Attributes["key_types"])
	d.projection(ix, c.Attributes)
	ix.ReadCapacity, ix.WriteCapacity = d.capacity(c.Attributes, t.BillingMode, blk.DefRange, "index")
	for _, b := range c.Blocks {
		what := fmt.Sprintf("GSI %q", ix.Name)
		switch {
		case b.Type == "on_demand_throughput" && ix.OnDemand == nil:
			ix.OnDemand = d.onDemand(b, t.BillingMode, what)
		case b.Type == "warm_throughput" && ix.Warm == nil:
			ix.Warm = d.warm(b, what)
		default:
			d.errorf(CodeDuplicate, b.DefRange, "Duplicate "+b.Type+" block", "A GSI has at most one %s block.", b.Type)
		}
	}
	if len(ix.PartitionKey) == 0 {
		return nil
	}
	return ix
}

func (d *decoder) lsi(t *Table, blk *hcl.Block) *Index {
	c, ds := blk.Body.Content(lsiSchema)
	d.add(ds, CodeSyntax)
	ix := &Index{Kind: IndexLocal, Name: blk.Labels[0], Table: t, DeclRange: blk.DefRange, LabelRange: blk.LabelRanges[0]}
	ix.PartitionKey = append([]KeyAttr{}, t.Primary.PartitionKey...)
	if at := c.Attributes["sort_key"]; at != nil {
		ix.SortKey = d.keyList(at)
	}
	d.keyTypes(ix, c.Attributes["key_types"])
	d.projection(ix, c.Attributes)
	if len(ix.SortKey) == 0 {
		return nil
	}
	if len(t.Primary.SortKey) == 0 {
		d.errorf(CodeInvalidValue, blk.DefRange, "LSI on a table without sort key",
			"A local secondary index needs a table with a sort key; add sort_key to table %q or make %q a global_secondary_index.", t.Label, ix.Name)
		return nil
	}
	return ix
}

// keyList reads a key given as one attribute name or a list of names
// (multi-attribute keys); each entry keeps the range of its own element.
func (d *decoder) keyList(at *hcl.Attribute) []KeyAttr {
	names, ok := d.stringList(at)
	if !ok {
		return nil
	}
	ranges := elementRanges(at.Expr, len(names))
	out := make([]KeyAttr, len(names))
	seen := map[string]bool{}
	for i, n := range names {
		out[i] = KeyAttr{Name: n, Range: ranges[i]}
		if seen[n] {
			d.errorf(CodeDuplicate, ranges[i], "Duplicate key attribute", "The attribute %q appears twice in %s.", n, at.Name)
		}
		seen[n] = true
	}
	return out
}

// elementRanges returns the ranges of the elements of a tuple expression, or
// the whole expression's range n times.
// listRanges returns the ranges of the elements of a list expression of n
// elements, or nil when expr is not one.
func listRanges(expr hcl.Expression, n int) []hcl.Range {
	exprs, ds := hcl.ExprList(expr)
	if ds.HasErrors() || len(exprs) != n {
		return nil
	}
	out := make([]hcl.Range, n)
	for i, e := range exprs {
		out[i] = e.Range()
	}
	return out
}

// argRanges maps every attribute to the range of its value.
func argRanges(attrs hcl.Attributes) map[string]hcl.Range {
	out := map[string]hcl.Range{}
	for n, at := range attrs {
		out[n] = at.Expr.Range()
	}
	return out
}

// tagRanges returns the ranges of the keys and values of a tags map, or
// nil when one of tags cannot be found in the source.
func tagRanges(expr hcl.Expression, tags map[string]string) map[string]TagRange {
	pairs, ds := hcl.ExprMap(expr)
	if ds.HasErrors() {
		return nil
	}
	out := map[string]TagRange{}
	for _, kv := range pairs {
		k := hcl.ExprAsKeyword(kv.Key)
		if k == "" {
			v, ds := kv.Key.Value(nil)
			if ds.HasErrors() || v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
				continue
			}
			k = v.AsString()
		}
		if _, ok := tags[k]; ok {
			out[k] = TagRange{Key: kv.Key.Range(), Value: kv.Value.Range()}
		}
	}
	if len(out) != len(tags) {
		return nil
	}
	return out
}

func elementRanges(expr hcl.Expression, n int) []hcl.Range {
	out := make([]hcl.Range, n)
	if exprs, ds := hcl.ExprList(expr); !ds.HasErrors() && len(exprs) == n {
		for i, e := range exprs {
			out[i] = e.Range()
		}
		return out
	}
	for i := range out {
		out[i] = expr.Range()
	}
	return out
}

// keyTypes reads `key_types = { year = number }`: the declared DynamoDB
// type of key attributes of ix (string or number). A name that is not a key
// attribute of ix, or another type, is TD002.
func (d *decoder) keyTypes(ix *Index, at *hcl.Attribute) {
	if at == nil {
		return
	}
	pairs, ds := hcl.ExprMap(at.Expr)
	if ds.HasErrors() {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid key_types", "key_types must be an object of types, like { year = number }.")
		return
	}
	var names []string
	for _, k := range ix.KeyAttrs() {
		names = append(names, k.Name)
	}
	for _, kv := range pairs {
		name := hcl.ExprAsKeyword(kv.Key)
		if name == "" {
			if v, ds := Eval(kv.Key, nil, CodeInvalidValue); !ds.HasErrors() && v.Type() == cty.String && !v.IsNull() && v.IsKnown() {
				name = v.AsString()
			}
		}
		slot := ix.keyAttrSlot(name)
		if slot == nil {
			d.errorf(CodeInvalidValue, kv.Key.Range(), "Not a key attribute",
				"%q is not a key attribute of %s, so it has no key type to declare.%s", name, ixPhrase(ix), diag.DidYouMean(name, names))
			continue
		}
		ty := ""
		if tr := hcl.ExprAsKeyword(kv.Value); tr == "string" || tr == "number" {
			ty = map[string]string{"string": TypeS, "number": TypeN}[tr]
		}
		if ty == "" {
			d.errorf(CodeInvalidValue, kv.Value.Range(), "Invalid key type",
				"The key type of %q must be string or number.", name)
			continue
		}
		slot.DeclaredType, slot.TypeRange = ty, kv.Value.Range()
	}
}

// keyAttrSlot returns a pointer to the key attribute name of ix, or nil.
func (ix *Index) keyAttrSlot(name string) *KeyAttr {
	for i := range ix.PartitionKey {
		if ix.PartitionKey[i].Name == name {
			return &ix.PartitionKey[i]
		}
	}
	for i := range ix.SortKey {
		if ix.SortKey[i].Name == name {
			return &ix.SortKey[i]
		}
	}
	return nil
}
