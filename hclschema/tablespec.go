package hclschema

import "sort"

// TableSpec is the desired DynamoDB table of a `table` block: every setting
// the table gets, derived once from the model (Table.Spec) with defaults
// applied, such as an index's capacity inherited from the table. emit
// writes it (every layout), plancheck's DP404 compares a planned table with
// it and verify's conformance compares the live table with it, so a table
// setting is derived in one place and each output reads it.
//
// It lives in hclschema rather than a package of its own because it is a
// view of the model with no other dependency: every consumer already
// imports hclschema, and a new package would only add a layer between the
// model and its readers.
//
// Key attributes keep their source ranges. Slices and maps are the spec's
// own: changing them does not change the model.
type TableSpec struct {
	// Name is the DynamoDB table name.
	Name string
	// BillingMode is PAY_PER_REQUEST or PROVISIONED.
	BillingMode string
	// Capacity is the table's provisioned capacity; zero with
	// PAY_PER_REQUEST.
	Capacity Capacity
	// Key is the table's key schema.
	Key Key
	// GSIs are the global secondary indexes in declaration order.
	GSIs []GSISpec
	// LSIs are the local secondary indexes in declaration order.
	LSIs []LSISpec
	// StreamViewType is "" when streams are off.
	StreamViewType string
	// TTLAttribute is "" when time to live is off.
	TTLAttribute        string
	PointInTimeRecovery bool
	DeletionProtection  bool
	// TableClass is STANDARD or STANDARD_INFREQUENT_ACCESS.
	TableClass string
	// SSE is nil when the table uses the AWS owned key (the default).
	SSE *SSESpec
	// Tags are the schema's tags (emit merges the user's over them).
	Tags map[string]string
	// RecoveryDays is the point-in-time recovery period in days (1-35):
	// the declared one, else DynamoDB's 35; 0 when recovery is off.
	RecoveryDays int64
	// OnDemand caps the request units per second of an on-demand table
	// (Read: max_read_request_units); nil when uncapped.
	OnDemand *Throughput
	// Warm is the table's warm throughput (units per second); nil when
	// not declared (DynamoDB's own).
	Warm *Throughput
	// Replicas are the other regions of a global table, in declaration
	// order.
	Replicas []ReplicaSpec
	// ConsistencyMode is EVENTUAL or STRONG with replicas, "" without.
	ConsistencyMode string `tablespec:"values=EVENTUAL,STRONG"`
	// WitnessRegion is the witness of a STRONG global table with one
	// replica, "" for none.
	WitnessRegion string
	// ResourcePolicy is nil when the table has none.
	ResourcePolicy *PolicySpec
}

// Capacity is provisioned read and write capacity.
type Capacity struct {
	Read, Write int64
}

// Key is a key schema: the partition key attributes then the sort key
// attributes, in order (more than one each only in a multi-attribute GSI).
type Key struct {
	Partition []KeyAttr
	Sort      []KeyAttr
}

// Projection is what an index projects.
type Projection struct {
	// Type is ALL, KEYS_ONLY or INCLUDE.
	Type string
	// NonKeyAttributes lists the attributes of an INCLUDE projection in
	// declaration order; nil otherwise.
	NonKeyAttributes []string
}

// GSISpec is a global secondary index of a TableSpec.
type GSISpec struct {
	Name       string
	Key        Key
	Projection Projection
	// Capacity is the effective capacity of the index on a provisioned
	// table: its own read_capacity and write_capacity, each defaulting to
	// the table's. Zero with PAY_PER_REQUEST.
	Capacity Capacity
	// OnDemand caps the index's request units on an on-demand table; nil
	// when uncapped.
	OnDemand *Throughput
	// Warm is the index's warm throughput; nil when not declared.
	Warm *Throughput
}

// LSISpec is a local secondary index of a TableSpec. Its partition key is
// the table's; it shares the table's capacity.
type LSISpec struct {
	Name       string
	SortKey    KeyAttr
	Projection Projection
}

// SSESpec is server-side encryption with a KMS key.
type SSESpec struct {
	// KMSKeyARN is "" for the AWS managed key (alias/aws/dynamodb).
	KMSKeyARN string
}

// KeyElement is one element of a key schema as DynamoDB lists it.
type KeyElement struct {
	Name string
	// KeyType is HASH or RANGE.
	KeyType string
	// Type is S, N or B.
	Type string
}

// Key types of a key schema element.
const (
	KeyTypeHash  = "HASH"
	KeyTypeRange = "RANGE"
)

// Elements returns the key schema: the partition attributes (HASH) then
// the sort attributes (RANGE), in order.
func (k Key) Elements() []KeyElement {
	out := make([]KeyElement, 0, len(k.Partition)+len(k.Sort))
	for _, a := range k.Partition {
		out = append(out, KeyElement{Name: a.Name, KeyType: KeyTypeHash, Type: a.Type})
	}
	for _, a := range k.Sort {
		out = append(out, KeyElement{Name: a.Name, KeyType: KeyTypeRange, Type: a.Type})
	}
	return out
}

// PartitionNames returns the names of the partition attributes in order.
func (k Key) PartitionNames() []string { return keyAttrNames(k.Partition) }

// SortNames returns the names of the sort attributes in order.
func (k Key) SortNames() []string { return keyAttrNames(k.Sort) }

func keyAttrNames(keys []KeyAttr) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k.Name
	}
	return out
}

// Key returns the key schema of the LSI: the table's partition key and
// the LSI's sort key.
func (l LSISpec) Key(table Key) Key {
	return Key{Partition: table.Partition, Sort: []KeyAttr{l.SortKey}}
}

// Provisioned reports whether the table bills provisioned capacity.
func (s *TableSpec) Provisioned() bool { return s.BillingMode == Provisioned }

// Attributes returns the attribute definitions of the table: every
// attribute of the table's, a GSI's or an LSI's key, once, sorted by name,
// with the type of its first appearance.
func (s *TableSpec) Attributes() []KeyAttr {
	seen := map[string]KeyAttr{}
	add := func(keys []KeyAttr) {
		for _, k := range keys {
			if _, ok := seen[k.Name]; !ok {
				seen[k.Name] = k
			}
		}
	}
	add(s.Key.Partition)
	add(s.Key.Sort)
	for _, g := range s.GSIs {
		add(g.Key.Partition)
		add(g.Key.Sort)
	}
	for _, l := range s.LSIs {
		add([]KeyAttr{l.SortKey})
	}
	out := make([]KeyAttr, 0, len(seen))
	for _, k := range seen {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// GSINames returns the GSI names in declaration order.
func (s *TableSpec) GSINames() []string {
	out := make([]string, len(s.GSIs))
	for i, g := range s.GSIs {
		out[i] = g.Name
	}
	return out
}

// LSINames returns the LSI names in declaration order.
func (s *TableSpec) LSINames() []string {
	out := make([]string, len(s.LSIs))
	for i, l := range s.LSIs {
		out[i] = l.Name
	}
	return out
}

// Spec returns the desired table of t. A table that failed to load may
// lack its partition key: Key.Partition is empty then.
func (t *Table) Spec() TableSpec {
	s := TableSpec{
		Name:                t.Name,
		BillingMode:         t.BillingMode,
		StreamViewType:      t.StreamViewType,
		TTLAttribute:        t.TTLAttribute,
		PointInTimeRecovery: t.PointInTimeRecovery,
		DeletionProtection:  t.DeletionProtection,
		TableClass:          t.TableClass,
	}
	if t.BillingMode == Provisioned {
		s.Capacity = Capacity{Read: t.ReadCapacity, Write: t.WriteCapacity}
	}
	if t.Primary != nil {
		s.Key = keyOf(t.Primary)
	}
	for _, ix := range t.GSIs {
		g := GSISpec{Name: ix.Name, Key: keyOf(ix), Projection: projectionOf(ix), OnDemand: onDemandSpec(ix.OnDemand), Warm: warmSpec(ix.Warm)}
		if s.Provisioned() {
			g.Capacity = s.Capacity
			if ix.ReadCapacity != 0 {
				g.Capacity.Read = ix.ReadCapacity
			}
			if ix.WriteCapacity != 0 {
				g.Capacity.Write = ix.WriteCapacity
			}
		}
		s.GSIs = append(s.GSIs, g)
	}
	for _, ix := range t.LSIs {
		l := LSISpec{Name: ix.Name, Projection: projectionOf(ix)}
		if len(ix.SortKey) > 0 {
			l.SortKey = ix.SortKey[0]
		}
		s.LSIs = append(s.LSIs, l)
	}
	if t.SSE != nil {
		s.SSE = &SSESpec{KMSKeyARN: t.SSE.KMSKeyARN}
	}
	if t.PointInTimeRecovery {
		s.RecoveryDays = t.RecoveryDays
		if s.RecoveryDays == 0 {
			s.RecoveryDays = DefaultRecoveryDays
		}
	}
	s.OnDemand, s.Warm = onDemandSpec(t.OnDemand), warmSpec(t.Warm)
	for _, r := range t.Replicas {
		s.Replicas = append(s.Replicas, ReplicaSpec{Region: r.Region, KMSKeyARN: r.KMSKeyARN,
			PointInTimeRecovery: r.PointInTimeRecovery, PropagateTags: r.PropagateTags, DeletionProtection: r.DeletionProtection})
	}
	if len(t.Replicas) > 0 {
		s.ConsistencyMode = t.ConsistencyMode
		if s.ConsistencyMode == "" {
			s.ConsistencyMode = MultiRegionEventual
		}
		s.WitnessRegion = t.WitnessRegion
	}
	if p := t.ResourcePolicy; p != nil {
		s.ResourcePolicy = &PolicySpec{Kind: p.Kind, Text: p.Text}
		if p.Kind == PolicyDocument {
			s.ResourcePolicy.Text = CanonicalJSON(p.Text)
		}
	}
	if len(t.Tags) > 0 {
		s.Tags = make(map[string]string, len(t.Tags))
		for k, v := range t.Tags {
			s.Tags[k] = v
		}
	}
	return s
}

func keyOf(ix *Index) Key {
	return Key{
		Partition: append([]KeyAttr(nil), ix.PartitionKey...),
		Sort:      append([]KeyAttr(nil), ix.SortKey...),
	}
}

func projectionOf(ix *Index) Projection {
	p := Projection{Type: ix.Projection}
	if ix.Projection == ProjectInclude {
		p.NonKeyAttributes = append([]string{}, ix.Include...)
	}
	return p
}
