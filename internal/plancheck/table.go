package plancheck

import (
	"fmt"
	"sort"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
)

// ResourceType is the Terraform resource type plancheck inspects.
const ResourceType = "aws_dynamodb_table"

// table is the part of an aws_dynamodb_table value the rules look at,
// read from a plan's before or after value. Provider 5.x and 6.x shapes
// are both understood.
type table struct {
	Name        strVal
	HashKey     strVal
	RangeKey    strVal
	BillingMode strVal
	// GSIs are the global secondary indexes; GSIsUnknown is set when the
	// whole set is unknown until apply.
	GSIs        []gsi
	GSIsUnknown bool
	LSIs        []lsi
	LSIsUnknown bool
	// Attributes maps the names of the attribute blocks to their types;
	// AttributesUnknown is set when the set is unknown until apply.
	Attributes        map[string]strVal
	AttributesUnknown bool

	StreamEnabled  boolVal
	StreamViewType strVal
	TTLEnabled     boolVal
	TTLAttribute   strVal
	PITR           boolVal
	// DeletionProtection is deletion_protection_enabled.
	DeletionProtection boolVal
	SSEEnabled         boolVal
	SSEKey             strVal
	TableClass         strVal
	// ARN is the table's ARN (known for a table that exists).
	ARN strVal

	// RecoveryDays is point_in_time_recovery.recovery_period_in_days.
	RecoveryDays intVal
	// OnDemand and Warm are the on_demand_throughput and warm_throughput blocks.
	OnDemand, Warm throughput
	// Replicas are the replica blocks; ReplicasUnknown is set when the
	// set is unknown until apply.
	Replicas        []replica
	ReplicasUnknown bool
	// Witness is global_table_witness.region_name.
	Witness strVal
}

// gsi is one global_secondary_index block.
type gsi struct {
	Name strVal
	// Hash and Range are the key attributes in order: from key_schema
	// blocks (provider >= 6.29) or hash_key/range_key (5.x).
	Hash, Range []string
	// KeysUnknown is set when a key attribute is unknown until apply.
	KeysUnknown bool
	Projection  strVal
	NonKey      []string
	// OnDemand and Warm are the index's on_demand_throughput and
	// warm_throughput; ReadCapacity and WriteCapacity its provisioned
	// capacity.
	OnDemand, Warm              throughput
	ReadCapacity, WriteCapacity intVal
	// Standalone is the address of the aws_dynamodb_global_secondary_index
	// resource that declares the index, "" for a block of the table.
	Standalone string
	// HashKeyAttr is the hash_key argument as the plan has it and
	// KeySchemaSet whether key_schema blocks are: the two forms of the
	// key that the provider's update compares (see representationRebuild).
	HashKeyAttr  strVal
	KeySchemaSet bool
}

// lsi is one local_secondary_index block.
type lsi struct {
	Name       strVal
	RangeKey   strVal
	Projection strVal
	// NonKey are the non_key_attributes, sorted.
	NonKey []string
}

// readTable reads a table from a before or after value and its unknown
// marks. It returns nil when v is null (no object on that side).
func readTable(v value) *table {
	if v.Null() {
		return nil
	}
	if v.Unknown() {
		// The whole object is unknown: every field is unknown.
		v = value{v: map[string]any{}, unk: true}
	}
	t := &table{
		Name:               v.Get("name").strVal(),
		HashKey:            v.Get("hash_key").strVal(),
		RangeKey:           v.Get("range_key").strVal(),
		BillingMode:        v.Get("billing_mode").strVal(),
		StreamEnabled:      v.Get("stream_enabled").boolVal(),
		StreamViewType:     v.Get("stream_view_type").strVal(),
		DeletionProtection: v.Get("deletion_protection_enabled").boolVal(),
		TableClass:         v.Get("table_class").strVal(),
	}
	g := v.Get("global_secondary_index")
	t.GSIsUnknown = g.Unknown()
	for _, e := range g.List() {
		t.GSIs = append(t.GSIs, readGSI(e))
	}
	l := v.Get("local_secondary_index")
	t.LSIsUnknown = l.Unknown()
	for _, e := range l.List() {
		x := lsi{Name: e.Get("name").strVal(), RangeKey: e.Get("range_key").strVal(), Projection: e.Get("projection_type").strVal()}
		x.NonKey, _ = e.Get("non_key_attributes").Strings(true)
		t.LSIs = append(t.LSIs, x)
	}
	attrs := v.Get("attribute")
	t.AttributesUnknown = attrs.Unknown()
	for _, e := range attrs.List() {
		if n := e.Get("name").strVal(); !n.Unknown {
			if t.Attributes == nil {
				t.Attributes = map[string]strVal{}
			}
			t.Attributes[n.Value] = e.Get("type").strVal()
		}
	}
	ttl := v.Get("ttl").First()
	t.TTLEnabled = ttl.Get("enabled").boolVal()
	t.TTLAttribute = ttl.Get("attribute_name").strVal()
	if !t.TTLEnabled.Value && !t.TTLEnabled.Unknown {
		// A disabled TTL may keep an attribute name in state; it means nothing.
		t.TTLAttribute = strVal{}
	}
	pitr := v.Get("point_in_time_recovery").First()
	t.PITR = pitr.Get("enabled").boolVal()
	t.RecoveryDays = pitr.Get("recovery_period_in_days").intVal()
	t.ARN = v.Get("arn").strVal()
	t.OnDemand = readOnDemand(v.Get("on_demand_throughput"))
	t.Warm = readWarm(v.Get("warm_throughput"))
	t.Replicas, t.ReplicasUnknown = readReplicas(v.Get("replica"))
	t.Witness = v.Get("global_table_witness").First().Get("region_name").strVal()
	sse := v.Get("server_side_encryption").First()
	t.SSEEnabled = sse.Get("enabled").boolVal()
	t.SSEKey = sse.Get("kms_key_arn").strVal()
	if !t.StreamEnabled.Value && !t.StreamEnabled.Unknown {
		t.StreamViewType = strVal{}
	}
	return t
}

func readGSI(e value) gsi {
	g := gsi{Name: e.Get("name").strVal(), Projection: e.Get("projection_type").strVal(),
		OnDemand: readOnDemand(e.Get("on_demand_throughput")), Warm: readWarm(e.Get("warm_throughput")),
		ReadCapacity: e.Get("read_capacity").intVal(), WriteCapacity: e.Get("write_capacity").intVal()}
	g.NonKey, _ = e.Get("non_key_attributes").Strings(true)
	ks := e.Get("key_schema")
	if ks.Unknown() {
		g.KeysUnknown = true
	}
	g.HashKeyAttr = e.Get("hash_key").strVal()
	g.KeySchemaSet = len(ks.List()) > 0
	for _, k := range ks.List() {
		name, typ := k.Get("attribute_name").strVal(), k.Get("key_type").strVal()
		if name.Unknown || typ.Unknown {
			g.KeysUnknown = true
			continue
		}
		switch typ.Value {
		case "HASH":
			g.Hash = append(g.Hash, name.Value)
		case "RANGE":
			g.Range = append(g.Range, name.Value)
		}
	}
	if len(g.Hash) == 0 && !g.KeysUnknown {
		// Provider 5.x (or a 6.x state written with hash_key/range_key).
		h, r := e.Get("hash_key").strVal(), e.Get("range_key").strVal()
		g.KeysUnknown = h.Unknown || r.Unknown
		if h.Value != "" {
			g.Hash = []string{h.Value}
		}
		if r.Value != "" {
			g.Range = []string{r.Value}
		}
	}
	return g
}

// gsi returns the GSI with a known name, or nil.
func (t *table) gsi(name string) *gsi {
	if t == nil {
		return nil
	}
	for i := range t.GSIs {
		if !t.GSIs[i].Name.Unknown && t.GSIs[i].Name.Value == name {
			return &t.GSIs[i]
		}
	}
	return nil
}

// unknownGSIName reports whether some GSI's name is unknown until apply.
func (t *table) unknownGSIName() bool {
	for _, g := range t.GSIs {
		if g.Name.Unknown {
			return true
		}
	}
	return false
}

// keyString prints a GSI key as `HASH(a, b) RANGE(c)`.
func (g *gsi) keyString() string {
	if g.KeysUnknown {
		return "(known after apply)"
	}
	s := "partition key " + attrList(g.Hash)
	if len(g.Range) > 0 {
		s += ", sort key " + attrList(g.Range)
	}
	return s
}

func attrList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	if len(q) == 1 {
		return q[0]
	}
	return "(" + strings.Join(q, ", ") + ")"
}

func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// change is one planned change of an aws_dynamodb_table instance.
type change struct {
	rc *tfjson.ResourceChange
	// Before is nil when the table is created; After is nil when it is
	// deleted.
	Before, After *table
	// ReplacePaths are the attribute paths that force replacement.
	ReplacePaths [][]string
}

// Address is the resource instance address (with module path and index).
func (c *change) Address() string {
	if c.rc.DeposedKey != "" {
		return c.rc.Address + " (deposed object " + c.rc.DeposedKey + ")"
	}
	return c.rc.Address
}

// Actions are the planned actions.
func (c *change) Actions() tfjson.Actions { return c.rc.Change.Actions }

// TableName is the best known name: the prior name, else the planned name.
func (c *change) TableName() strVal {
	if c.Before != nil && (c.Before.Name.Value != "" || c.After == nil) {
		return c.Before.Name
	}
	if c.After != nil {
		return c.After.Name
	}
	return strVal{}
}

// displayName is the table name for messages: quoted, or a phrase.
func (c *change) displayName() string {
	n := c.TableName()
	if n.Unknown {
		return "whose name is unknown until apply"
	}
	return fmt.Sprintf("%q", n.Value)
}

// updated reports whether the table exists before and after (update or no-op).
func (c *change) updated() bool {
	a := c.Actions()
	return c.Before != nil && c.After != nil && (a.Update() || a.NoOp())
}

// changes collects the aws_dynamodb_table changes of a plan, sorted by
// address. Data sources are skipped.
func changes(plan *tfjson.Plan) []*change {
	var out []*change
	for _, rc := range plan.ResourceChanges {
		if rc == nil || rc.Change == nil || rc.Type != ResourceType || rc.Mode == tfjson.DataResourceMode {
			continue
		}
		c := &change{rc: rc,
			Before: readTable(value{v: rc.Change.Before}),
			After:  readTable(value{v: rc.Change.After, unk: rc.Change.AfterUnknown}),
		}
		a := rc.Change.Actions
		if a.Delete() || a.Forget() {
			c.After = nil
		}
		if a.Create() {
			c.Before = nil
		}
		for _, p := range rc.Change.ReplacePaths {
			c.ReplacePaths = append(c.ReplacePaths, pathStrings(p))
		}
		out = append(out, c)
	}
	foldStandalone(plan, out)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Address() < out[j].Address() })
	return out
}

// foldStandalone makes the aws_dynamodb_global_secondary_index changes of
// plan part of their tables' changes, so that every GSI rule (DP202,
// DP203, DP204, DP301) sees a standalone index like a block: its prior
// value in Before, its planned value in After (gone when the resource is
// deleted). The table resource itself reads its GSIs back from DynamoDB
// and plans them unchanged.
func foldStandalone(plan *tfjson.Plan, cs []*change) {
	byName := map[string]*change{}
	for _, c := range cs {
		if n := c.TableName(); !n.Unknown && n.Value != "" {
			byName[n.Value] = c
		}
	}
	for _, rc := range plan.ResourceChanges {
		if rc == nil || rc.Change == nil || rc.Type != StandaloneGSIType || rc.Mode == tfjson.DataResourceMode {
			continue
		}
		a := rc.Change.Actions
		before := value{v: rc.Change.Before}
		after := value{v: rc.Change.After, unk: rc.Change.AfterUnknown}
		name := before.Get("table_name").strVal()
		if a.Create() && !a.Delete() {
			name = after.Get("table_name").strVal()
		}
		c := byName[name.Value]
		if c == nil || name.Unknown {
			continue
		}
		if c.Before != nil && !a.Create() || a.Delete() && c.Before != nil {
			g := readStandaloneGSI(before, rc.Address)
			c.Before.GSIs = replaceGSI(c.Before.GSIs, g)
		}
		if c.After != nil {
			if a.Delete() && !a.Create() || a.Forget() {
				if !a.Forget() {
					c.After.GSIs = removeGSI(c.After.GSIs, before.Get("index_name").strVal().Value)
				}
				continue
			}
			g := readStandaloneGSI(after, rc.Address)
			if a.Delete() && a.Create() && g.Name.Value != before.Get("index_name").strVal().Value {
				c.After.GSIs = removeGSI(c.After.GSIs, before.Get("index_name").strVal().Value)
			}
			c.After.GSIs = replaceGSI(c.After.GSIs, g)
		}
	}
}

// replaceGSI puts g in place of the GSI of the same name, or adds it.
func replaceGSI(gs []gsi, g gsi) []gsi {
	for i := range gs {
		if !gs[i].Name.Unknown && gs[i].Name.Value == g.Name.Value {
			gs[i] = g
			return gs
		}
	}
	return append(gs, g)
}

func removeGSI(gs []gsi, name string) []gsi {
	out := gs[:0]
	for _, g := range gs {
		if g.Name.Unknown || g.Name.Value != name {
			out = append(out, g)
		}
	}
	return out
}

// pathStrings turns a replace path ([]any of strings and numbers) into strings.
func pathStrings(p any) []string {
	items, ok := p.([]any)
	if !ok {
		return []string{fmt.Sprint(p)}
	}
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = value{v: it}.strVal().Value
	}
	return out
}
