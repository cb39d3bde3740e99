package workbench

// Extension is the part of a table tfdyn doc --format workbench writes
// under "tfdyn", next to Workbench's own fields: what a Workbench model
// cannot say, so that tfdyn import --from-workbench reads the schema back
// as it was. Templates, conditions and types are HCL expressions as written
// in the schema; Workbench's fields (table name, keys, GSIs, billing,
// facets and their items) are not repeated here.
type Extension struct {
	// Label is the table's block label.
	Label string `json:"Label"`
	// Settings the Workbench table has no field for.
	Stream              string            `json:"Stream,omitempty"`
	TTL                 string            `json:"TTL,omitempty"`
	PointInTimeRecovery bool              `json:"PointInTimeRecovery,omitempty"`
	DeletionProtection  bool              `json:"DeletionProtection,omitempty"`
	TableClass          string            `json:"TableClass,omitempty"`
	SSE                 *SSE              `json:"SSE,omitempty"`
	Tags                map[string]string `json:"Tags,omitempty"`
	// RecoveryPeriodInDays, OnDemandThroughput, WarmThroughput, Replicas,
	// ConsistencyMode, WitnessRegion and ResourcePolicy are the settings of
	// hclschema.TableSpec of the same meaning.
	RecoveryPeriodInDays int64     `json:"RecoveryPeriodInDays,omitempty"`
	OnDemandThroughput   *UnitsExt `json:"OnDemandThroughput,omitempty"`
	WarmThroughput       *UnitsExt `json:"WarmThroughput,omitempty"`
	Replicas             []Replica `json:"Replicas,omitempty"`
	ConsistencyMode      string    `json:"ConsistencyMode,omitempty"`
	WitnessRegion        string    `json:"WitnessRegion,omitempty"`
	ResourcePolicy       *Policy   `json:"ResourcePolicy,omitempty"`
	// GSIs holds what a Workbench GSI cannot say: multi-attribute keys and
	// capacities.
	GSIs []IndexExt `json:"GSIs,omitempty"`
	// LSIs are the local secondary indexes (Workbench models none).
	LSIs []IndexExt `json:"LSIs,omitempty"`
	// Entities are the entities stored in the table, in declaration order;
	// each is the facet of the same name.
	Entities []EntityExt `json:"Entities"`
	// AccessPatterns are the access patterns that read the table.
	AccessPatterns []PatternExt `json:"AccessPatterns,omitempty"`
	// Accepts are the acceptances of findings on the table, its entities
	// and its access patterns.
	Accepts []AcceptExt `json:"Accepts,omitempty"`
}

// AcceptExt is an accept block: a finding accepted with a reason.
type AcceptExt struct {
	Code string `json:"Code"`
	// Target is table.X, entity.X or access_pattern.X.
	Target string `json:"Target"`
	Reason string `json:"Reason"`
}

// SSE is server-side encryption with a KMS key ("" for the AWS managed key).
type SSE struct {
	KMSKeyARN string `json:"KMSKeyARN,omitempty"`
}

// UnitsExt is a cap (request units) or a warm throughput (units) per
// second: 0 is a side not declared.
type UnitsExt struct {
	Read  int64 `json:"Read,omitempty"`
	Write int64 `json:"Write,omitempty"`
}

// Replica is a replica of a global table.
type Replica struct {
	Region              string `json:"Region"`
	KMSKeyARN           string `json:"KMSKeyARN,omitempty"`
	PointInTimeRecovery bool   `json:"PointInTimeRecovery,omitempty"`
	PropagateTags       bool   `json:"PropagateTags,omitempty"`
	DeletionProtection  bool   `json:"DeletionProtection,omitempty"`
}

// Policy is a resource policy: Kind "document" (Text the JSON document)
// or "reference" (Text the Terraform reference).
type Policy struct {
	Kind string `json:"Kind"`
	Text string `json:"Text"`
}

// IndexExt is a secondary index as tfdyn declares it.
type IndexExt struct {
	Name          string   `json:"Name"`
	PartitionKey  []string `json:"PartitionKey,omitempty"`
	SortKey       []string `json:"SortKey,omitempty"`
	Projection    string   `json:"Projection,omitempty"`
	Include       []string `json:"Include,omitempty"`
	ReadCapacity  int64    `json:"ReadCapacity,omitempty"`
	WriteCapacity int64    `json:"WriteCapacity,omitempty"`
	// OnDemandThroughput and WarmThroughput are a GSI's cap and warm
	// throughput.
	OnDemandThroughput *UnitsExt `json:"OnDemandThroughput,omitempty"`
	WarmThroughput     *UnitsExt `json:"WarmThroughput,omitempty"`
}

// EntityExt is an entity.
type EntityExt struct {
	Name string `json:"Name"`
	// Attributes are the attributes with their type expressions
	// (optional(string), enum("A", "B")), in declaration order.
	Attributes []AttrExt `json:"Attributes"`
	// Computed are the computed attributes (computed = {...}): each item
	// of the facet holds their values too.
	Computed []Assign `json:"Computed,omitempty"`
	// Key are the templates of the table's key attributes.
	Key []Assign `json:"Key,omitempty"`
	// Indexes are the entity's index blocks.
	Indexes []EntityIndexExt `json:"Indexes,omitempty"`
	// Unique lists the attributes declared unique, or their unique
	// expressions (lower(email)).
	Unique []string `json:"Unique,omitempty"`
	// ExampleLabels are the labels of the entity's examples ("" for an
	// unlabelled one), in the order of the facet's items.
	ExampleLabels []string `json:"ExampleLabels,omitempty"`
}

// AttrExt is an attribute and its type expression.
type AttrExt struct {
	Name string `json:"Name"`
	Type string `json:"Type"`
}

// Assign is a key attribute and the HCL expression that computes it (a
// template, or a key condition of an access pattern).
type Assign struct {
	Attr string `json:"Attr"`
	Expr string `json:"Expr"`
}

// EntityIndexExt is an entity's index block.
type EntityIndexExt struct {
	Name string `json:"Name"`
	// When is the sparse condition as written, "" for none.
	When string   `json:"When,omitempty"`
	Key  []Assign `json:"Key,omitempty"`
}

// PatternExt is an access pattern.
type PatternExt struct {
	Name        string   `json:"Name"`
	Description string   `json:"Description,omitempty"`
	Entities    []string `json:"Entities"`
	// Index is "" for the base table.
	Index string `json:"Index,omitempty"`
	// Type is GetItem or Query (what tfdyn derives from the key; informative).
	Type        string   `json:"Type"`
	Key         []Assign `json:"Key"`
	Descending  bool     `json:"Descending,omitempty"`
	Limit       int64    `json:"Limit,omitempty"`
	Filter      string   `json:"Filter,omitempty"`
	Attributes  []string `json:"Attributes,omitempty"`
	Cardinality string   `json:"Cardinality,omitempty"`
	// Inputs declares the types of inputs only a filter uses (input.NAME).
	Inputs []AttrExt `json:"Inputs,omitempty"`
	// Examples are input sets, each input a DynamoDB JSON value.
	Examples []map[string]Value `json:"Examples,omitempty"`
}
