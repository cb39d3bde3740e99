package hclschema

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Schema is a whole tfdyn schema: every table, entity and access pattern of a
// set of files.
type Schema struct {
	// Files maps filenames to parsed files, for printing diagnostics.
	Files    map[string]*hcl.File
	Tables   []*Table
	Entities []*Entity
	Patterns []*AccessPattern
	// WritePatterns are the `write_pattern` blocks (model_write.go).
	WritePatterns []*WritePattern
	// PatternsIncomplete is true when an access pattern failed to load (it
	// is missing from Patterns or Incomplete): checks that no pattern reads
	// an index cannot be trusted then.
	PatternsIncomplete bool
	// Workload holds the declared workload and acceptances (workload.go).
	Workload *Workload
}

// Table returns the table with the given block label, or nil.
func (s *Schema) Table(label string) *Table {
	for _, t := range s.Tables {
		if t.Label == label {
			return t
		}
	}
	return nil
}

// Entity returns the entity with the given name, or nil.
func (s *Schema) Entity(name string) *Entity {
	for _, e := range s.Entities {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// Pattern returns the access pattern with the given name, or nil.
func (s *Schema) Pattern(name string) *AccessPattern {
	for _, p := range s.Patterns {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Billing modes.
const (
	PayPerRequest = "PAY_PER_REQUEST"
	Provisioned   = "PROVISIONED"
)

// Projection types.
const (
	ProjectAll      = "ALL"
	ProjectKeysOnly = "KEYS_ONLY"
	ProjectInclude  = "INCLUDE"
)

// Table is a DynamoDB table: a `table "label" {}` block.
type Table struct {
	// Label is the block label, used in references (table.<label>).
	Label string
	// Name is the DynamoDB table name (the `name` attribute, default Label).
	Name          string
	BillingMode   string
	ReadCapacity  int64
	WriteCapacity int64
	// Primary is the table's key schema as an index (Kind IndexPrimary).
	Primary *Index
	GSIs    []*Index
	LSIs    []*Index
	// StreamViewType is "" when streams are off.
	StreamViewType string
	// TTLAttribute is "" when TTL is off.
	TTLAttribute        string
	PointInTimeRecovery bool
	DeletionProtection  bool
	// TableClass is STANDARD or STANDARD_INFREQUENT_ACCESS.
	TableClass string
	// SSE is nil when the table uses the AWS owned key (the default).
	SSE  *SSE
	Tags map[string]string
	// RecoveryDays is point_in_time_recovery_period (days), 0 when not
	// declared.
	RecoveryDays int64
	// OnDemand and Warm are the table's on_demand_throughput and
	// warm_throughput blocks, nil when absent.
	OnDemand *OnDemandThroughput
	Warm     *WarmThroughput
	// Replicas are the replica blocks in declaration order.
	Replicas []*Replica
	// ConsistencyMode is consistency_mode ("" when not declared);
	// WitnessRegion is witness_region.
	ConsistencyMode string
	WitnessRegion   string
	// ResourcePolicy is resource_policy, nil when absent.
	ResourcePolicy *ResourcePolicy
	// Entities lists the entities stored in the table, in declaration order.
	Entities  []*Entity
	DeclRange hcl.Range
	// LabelRange covers the block label.
	LabelRange hcl.Range
	// ArgRanges maps every argument written in the block (name, ttl,
	// tags, ...) to the range of its value.
	ArgRanges map[string]hcl.Range
	// TagRanges maps every tag key to the ranges of its key and value.
	TagRanges map[string]TagRange
	// facts are computed once from the table's examples (facts.go).
	facts *tableFacts
}

// TagRange is where a tag is written: its key and its value.
type TagRange struct {
	Key, Value hcl.Range
}

// SSE is server-side encryption with a KMS key.
type SSE struct {
	// KMSKeyARN is "" for the AWS managed key (alias/aws/dynamodb).
	KMSKeyARN string
	DeclRange hcl.Range
}

// Indexes returns the primary index, then every GSI and LSI.
func (t *Table) Indexes() []*Index {
	out := []*Index{t.Primary}
	out = append(out, t.GSIs...)
	return append(out, t.LSIs...)
}

// Index returns the index with the given name ("" or "table" for the primary
// key), or nil.
func (t *Table) Index(name string) *Index {
	if name == "" || name == PrimaryIndexName {
		return t.Primary
	}
	for _, ix := range t.GSIs {
		if ix.Name == name {
			return ix
		}
	}
	for _, ix := range t.LSIs {
		if ix.Name == name {
			return ix
		}
	}
	return nil
}

// IndexNames returns the names of the GSIs and LSIs.
func (t *Table) IndexNames() []string {
	var out []string
	for _, ix := range t.GSIs {
		out = append(out, ix.Name)
	}
	for _, ix := range t.LSIs {
		out = append(out, ix.Name)
	}
	return out
}

// KeyAttributes returns every attribute used in a key of the table, a GSI or
// an LSI, sorted by name, with its DynamoDB type: the attribute
// definitions of the table's spec.
func (t *Table) KeyAttributes() []KeyAttr {
	s := t.Spec()
	return s.Attributes()
}

// PrimaryIndexName names the base table in access patterns and reports.
const PrimaryIndexName = "table"

// IndexKind tells the primary key, a GSI and an LSI apart.
type IndexKind int

// Index kinds.
const (
	IndexPrimary IndexKind = iota
	IndexGlobal
	IndexLocal
)

func (k IndexKind) String() string {
	switch k {
	case IndexGlobal:
		return "GSI"
	case IndexLocal:
		return "LSI"
	}
	return "table"
}

// Index is the table's primary key, a GSI or an LSI.
type Index struct {
	Kind IndexKind
	// Name is the index name; PrimaryIndexName for the primary key.
	Name  string
	Table *Table
	// PartitionKey holds 1 attribute (up to 4 for a multi-attribute GSI).
	PartitionKey []KeyAttr
	// SortKey holds 0 or 1 attribute (up to 4 for a multi-attribute GSI).
	SortKey []KeyAttr
	// Projection is ALL, KEYS_ONLY or INCLUDE (the primary key projects ALL).
	Projection string
	// Include lists the non-key attributes of an INCLUDE projection.
	Include       []string
	ReadCapacity  int64
	WriteCapacity int64
	// OnDemand and Warm are a GSI's on_demand_throughput and
	// warm_throughput blocks, nil when absent.
	OnDemand  *OnDemandThroughput
	Warm      *WarmThroughput
	DeclRange hcl.Range
	// LabelRange covers the block label (DeclRange for the primary key).
	LabelRange hcl.Range
	// IncludeRanges covers each element of Include.
	IncludeRanges []hcl.Range
}

// KeyAttrs returns the partition key attributes followed by the sort key ones.
func (ix *Index) KeyAttrs() []KeyAttr {
	out := make([]KeyAttr, 0, len(ix.PartitionKey)+len(ix.SortKey))
	out = append(out, ix.PartitionKey...)
	return append(out, ix.SortKey...)
}

// KeyAttr returns the key attribute with the given name, or false.
func (ix *Index) KeyAttr(name string) (KeyAttr, bool) {
	for _, ks := range [2][]KeyAttr{ix.PartitionKey, ix.SortKey} {
		for _, k := range ks {
			if k.Name == name {
				return k, true
			}
		}
	}
	return KeyAttr{}, false
}

// IsPartitionKey reports whether name is one of the index's partition attributes.
func (ix *Index) IsPartitionKey(name string) bool {
	for _, k := range ix.PartitionKey {
		if k.Name == name {
			return true
		}
	}
	return false
}

// MultiAttribute reports whether the index has more than one partition or sort attribute.
func (ix *Index) MultiAttribute() bool { return len(ix.PartitionKey) > 1 || len(ix.SortKey) > 1 }

// DisplayName is "table" for the primary key, else "GSI <name>" or "LSI <name>".
func (ix *Index) DisplayName() string {
	if ix.Kind == IndexPrimary {
		return "table"
	}
	return ix.Kind.String() + " " + ix.Name
}

// Projects reports whether a read of the index returns attribute attr.
func (ix *Index) Projects(attr string) bool {
	switch ix.Projection {
	case ProjectAll, "":
		return true
	}
	if _, ok := ix.KeyAttr(attr); ok {
		return true
	}
	if _, ok := ix.Table.Primary.KeyAttr(attr); ok {
		return true
	}
	if ix.Projection == ProjectInclude {
		for _, a := range ix.Include {
			if a == attr {
				return true
			}
		}
	}
	return false
}

// DynamoDB scalar types of key attributes.
const (
	TypeS = "S"
	TypeN = "N"
	TypeB = "B"
)

// KeyAttr is one attribute of a key schema.
type KeyAttr struct {
	Name string
	// Type is S, N or B: the declared type when an index of the table
	// declares one (key_types), else resolved from the entities that write
	// the attribute (S when no entity writes it). (The tag tells
	// tablespectest's mutations to change S to N and back: a real change.)
	Type  string `tablespec:"values=S,N"`
	Range hcl.Range
	// DeclaredType is the type this index's key_types declares (S or N), or
	// ""; TypeRange covers the declaration. It says where Type came from and
	// is not a table setting of its own (the spec's consumers read Type).
	DeclaredType string `tablespec:"source"`
	TypeRange    hcl.Range
}

// DeclaredKeyType returns the key attribute name as declared with a type
// by the table or one of its indexes (key_types), the first declaration in
// order (table, GSIs, LSIs), or false.
func (t *Table) DeclaredKeyType(name string) (KeyAttr, bool) {
	for _, ix := range t.Indexes() {
		for _, k := range ix.KeyAttrs() {
			if k.Name == name && k.DeclaredType != "" {
				return k, true
			}
		}
	}
	return KeyAttr{}, false
}

// Entity is an item type stored in a table: an `entity "Name" {}` block.
type Entity struct {
	Name  string
	Table *Table
	// Attributes are the entity's own typed attributes, in declaration order.
	Attributes []*Attribute
	// Computed are the attributes the schema writes on every item from the
	// others (`computed = { EntityType = "customer" }`), in declaration
	// order; they are not inputs of a write (computed.go).
	Computed []*Computed
	// Key holds the templates of the table's primary key attributes that are
	// not attributes of the entity itself.
	Key *KeyBlock
	// Indexes are the entity's `index "NAME" {}` blocks.
	Indexes []*EntityIndex
	// Examples are the entity's example items.
	Examples []*Example
	// Unique lists the attributes declared `unique`, with their guard
	// item entities (model_write.go).
	Unique    []*Unique
	DeclRange hcl.Range
	// Incomplete is true when part of the declaration failed to load (an
	// error was reported): an attribute, a template, an index block or an
	// example may be missing, so lint must not report their absence.
	Incomplete bool
	// Workload is the entity's workload block, or nil (workload.go).
	Workload *EntityWorkload
}

// Attribute returns the entity attribute with the given name, or nil.
func (e *Entity) Attribute(name string) *Attribute {
	for _, a := range e.Attributes {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// AttributeNames returns the attribute names in declaration order.
func (e *Entity) AttributeNames() []string {
	out := make([]string, len(e.Attributes))
	for i, a := range e.Attributes {
		out[i] = a.Name
	}
	return out
}

// IndexBlock returns the entity's block for the index with the given name
// (its `index "NAME" {}` block), or nil. It is the one lookup of an
// entity's block for an index; which template writes a key attribute is
// KeyWriterFor's answer.
func (e *Entity) IndexBlock(name string) *EntityIndex {
	if e == nil {
		return nil
	}
	for _, ei := range e.Indexes {
		if ei != nil && ei.Index != nil && ei.Index.Name == name {
			return ei
		}
	}
	return nil
}

// ObjectType returns the cty object type of the entity's attributes
// (optional attributes marked optional).
func (e *Entity) ObjectType() cty.Type {
	attrs := map[string]cty.Type{}
	var optional []string
	for _, a := range e.Attributes {
		attrs[a.Name] = a.Type
		if a.Optional {
			optional = append(optional, a.Name)
		}
	}
	if len(optional) > 0 {
		return cty.ObjectWithOptionalAttrs(attrs, optional)
	}
	return cty.Object(attrs)
}

// Attribute is a typed attribute of an entity.
type Attribute struct {
	Name string
	// Type is a cty type: string, number, bool, or a collection/object type.
	Type     cty.Type
	Optional bool
	// Range covers the attribute's name; TypeRange its type expression.
	Range     hcl.Range
	TypeRange hcl.Range
	// Enum lists the values of an enum("a", "b", ...) attribute in
	// declaration order (its Type is string); nil for other attributes.
	// EnumRanges covers each value.
	Enum       []string
	EnumRanges []hcl.Range
}

// InEnum reports whether v may be stored in the attribute as far as its
// enum says: true for an attribute without an enum, a null or unknown
// value, or a string among the enum's values.
func (a *Attribute) InEnum(v cty.Value) bool {
	if a.Enum == nil || v == cty.NilVal || v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
		return true
	}
	s := v.AsString()
	for _, x := range a.Enum {
		if x == s {
			return true
		}
	}
	return false
}

// TypeString returns the attribute's type as written in a schema, without
// optional(...): enum("a", "b") for an enum, else the type constraint
// (string, list(number)).
func (a *Attribute) TypeString() string {
	if a.Enum == nil {
		return TypeString(a.Type)
	}
	return EnumString(a.Enum)
}

// EnumOf returns the values an attribute named name may hold in any of
// entities when each of them that has the attribute declares it an enum
// (their values, first declaration order, each once), or false when one of
// them has it without an enum or none has it.
func EnumOf(entities []*Entity, name string) ([]string, bool) {
	var out []string
	seen := map[string]bool{}
	found := false
	for _, e := range entities {
		a := e.Attribute(name)
		if a == nil {
			continue
		}
		if a.Enum == nil {
			return nil, false
		}
		found = true
		for _, v := range a.Enum {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out, found
}

// EnumString writes enum values as the type expression enum("a", "b").
func EnumString(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = strconv.Quote(v)
	}
	return "enum(" + strings.Join(q, ", ") + ")"
}

// DynamoType returns S, N or B for scalar key-able types and "" otherwise.
func (a *Attribute) DynamoType() string { return DynamoType(a.Type) }

// DynamoType maps a cty type to the DynamoDB scalar key type (S or N), or "".
func DynamoType(t cty.Type) string {
	switch {
	case t == cty.String:
		return TypeS
	case t == cty.Number:
		return TypeN
	}
	return ""
}

// KeyBlock is a `key {}` block of an entity: templates for the table's key
// attributes.
type KeyBlock struct {
	Templates []*KeyTemplate
	DeclRange hcl.Range
}

// Template returns the template for attribute name, or nil.
func (k *KeyBlock) Template(name string) *KeyTemplate {
	if k == nil {
		return nil
	}
	for _, t := range k.Templates {
		if t.Attr == name {
			return t
		}
	}
	return nil
}

// KeyTemplate computes one key attribute from an item's attributes.
type KeyTemplate struct {
	// Attr is the key attribute written, e.g. "PK" or "GSI1SK".
	Attr string
	// Expr is the template decoded into parts, e.g. "USER#${username}".
	Expr *Template
	// Type is the DynamoDB type of the value (S or N).
	Type  string
	Range hcl.Range
}

// EntityIndex is an entity's `index "NAME" {}` block: its participation in
// a GSI or LSI.
type EntityIndex struct {
	Index *Index
	// When is the sparse condition; nil means every item is indexed
	// (as far as its key attributes are present).
	When *Cond
	// Templates compute the index key attributes that are not attributes
	// of the entity itself.
	Templates []*KeyTemplate
	DeclRange hcl.Range
}

// Template returns the template for attribute name, or nil.
func (ei *EntityIndex) Template(name string) *KeyTemplate {
	for _, t := range ei.Templates {
		if t.Attr == name {
			return t
		}
	}
	return nil
}

// Example is an example item of an entity: an `example {}` or
// `example "label" {}` block.
type Example struct {
	// Entity is the entity the example belongs to.
	Entity *Entity
	// Label is the block label ("" for an unlabelled example); it is unique
	// within the entity and names the item in expectations
	// (entity.Order.example["alice-o1"]).
	Label string
	// Position is the 1-based position of the block among the entity's
	// example blocks; it names an unlabelled example (Order#2).
	Position int
	// Values is an object value conforming to Entity.ObjectType.
	Values    cty.Value
	DeclRange hcl.Range
	// LabelRange covers the label; DeclRange when there is none.
	LabelRange hcl.Range
	// ValueRanges maps every attribute the example sets to the range of
	// its value.
	ValueRanges map[string]hcl.Range
	// item is the example's item, computed by Load (Example.Item).
	item *Item
}

// Name returns the name of the example in reports: Order["alice-o1"] for a
// labelled example, Order#2 (the entity and the block's position) for an
// unlabelled one.
func (ex *Example) Name() string {
	entity := ""
	if ex.Entity != nil {
		entity = ex.Entity.Name
	}
	if ex.Label != "" {
		return fmt.Sprintf("%s[%q]", entity, ex.Label)
	}
	return fmt.Sprintf("%s#%d", entity, ex.Position)
}

// Example returns the entity's example with the given label, or nil.
func (e *Entity) Example(label string) *Example {
	for _, ex := range e.Examples {
		if ex.Label == label && label != "" {
			return ex
		}
	}
	return nil
}

// Cardinality says how many items an access pattern may return for one set
// of inputs.
type Cardinality string

// Cardinalities.
const (
	// CardinalityMany: any number of items (the default).
	CardinalityMany Cardinality = "many"
	// CardinalityOne: at most one item (a lookup such as user by email).
	CardinalityOne Cardinality = "one"
)

// PatternExample is an input set of an access pattern (an `example {}`
// block), with the result it must give when declared.
type PatternExample struct {
	// Inputs holds a value for every input of the pattern.
	Inputs map[string]cty.Value
	// Returns lists the example items the pattern must return, in order;
	// it is meaningful only when HasReturns (returns = [] expects nothing).
	Returns    []*ExampleRef
	HasReturns bool
	// ReturnsRange covers the value of `returns`.
	ReturnsRange hcl.Range
	// ReturnsCount is the number of items the pattern must return; it is
	// meaningful only when HasCount.
	ReturnsCount int64
	HasCount     bool
	// CountRange covers the value of `returns_count`.
	CountRange hcl.Range
	DeclRange  hcl.Range
	// Position is the 1-based position of the block among the pattern's
	// example blocks.
	Position int
}

// HasExpectation reports whether the input set declares what it returns.
func (x *PatternExample) HasExpectation() bool { return x.HasReturns || x.HasCount }

// ExpectsNothing reports whether the input set is declared to find no item
// (returns = [] or returns_count = 0): a negative example, such as one
// that proves an index sparse.
func (x *PatternExample) ExpectsNothing() bool {
	return (x.HasReturns && len(x.Returns) == 0) || (x.HasCount && x.ReturnsCount == 0)
}

// ExpectationRange returns the range of the declared expectation (returns
// or returns_count), or the block's range.
func (x *PatternExample) ExpectationRange() hcl.Range {
	switch {
	case x.HasReturns:
		return x.ReturnsRange
	case x.HasCount:
		return x.CountRange
	}
	return x.DeclRange
}

// ExampleRef is one element of `returns`: a reference to an example item.
type ExampleRef struct {
	Example *Example
	Range   hcl.Range
}

// Operation is how an access pattern reads DynamoDB.
type Operation string

// Operations. A Scan is never produced.
const (
	OpGetItem Operation = "GetItem"
	OpQuery   Operation = "Query"
)

// AccessPattern is an `access_pattern "name" {}` block.
type AccessPattern struct {
	Name        string
	Description string
	// Entities are the entities the pattern returns (one, or several for an
	// item collection).
	Entities []*Entity
	Table    *Table
	// Index is the index read (the primary index for the table).
	Index *Index
	// Conditions are the key conditions, in key schema order.
	Conditions []*Condition
	// Descending is true for order = "desc".
	Descending bool
	// Limit is the page size (0 = all items).
	Limit int64
	// Filter is an optional condition over item attributes and inputs
	// (input.NAME), in the grammar DynamoDB runs as a FilterExpression;
	// nil when absent.
	Filter *Cond
	// Attributes are the attributes the caller reads (empty = all): a
	// name, or a path's text for a part of an attribute (Detail.Payments).
	Attributes []string
	// AttributePaths are the paths of Attributes, in the same order.
	AttributePaths []Path
	// Inputs are the free variables of the key conditions, sorted, with types.
	Inputs []*Input
	// Examples are explicit input sets from `example {}` blocks, with their
	// expectations.
	Examples []*PatternExample
	// Cardinality is CardinalityOne for `cardinality = "one"`, else
	// CardinalityMany.
	Cardinality Cardinality
	// CardinalityRange covers the value of `cardinality` when present.
	CardinalityRange hcl.Range
	DeclRange        hcl.Range
	// AttributesRange covers the `attributes` argument when present;
	// AttributeRanges each element of Attributes.
	AttributesRange hcl.Range
	AttributeRanges []hcl.Range
	// EntityRanges covers the reference to each of Entities.
	EntityRanges []hcl.Range
	// KeyRange covers the header of the key block; LimitRange the value of
	// limit when present.
	KeyRange   hcl.Range
	LimitRange hcl.Range
	// Incomplete is true when its entities, index, key conditions, inputs
	// or filter failed to load (an error was reported): a condition may be
	// missing, so lint must not report its absence.
	Incomplete bool
	// Workload is the pattern's workload block, or nil (workload.go).
	Workload *PatternWorkload
	// inputSets are computed once (InputSets).
	inputSets *lazy[[]InputSet]
}

// Operation returns GetItem when the pattern fixes the full primary key of the
// table by equality, else Query.
func (p *AccessPattern) Operation() Operation {
	if p.Index == nil || p.Index.Kind != IndexPrimary || p.Filter != nil {
		return OpQuery
	}
	for _, k := range p.Index.KeyAttrs() {
		c := p.Condition(k.Name)
		if c == nil || c.Op != OpEq {
			return OpQuery
		}
	}
	return OpGetItem
}

// Condition returns the condition on key attribute name, or nil.
func (p *AccessPattern) Condition(name string) *Condition {
	for _, c := range p.Conditions {
		if c.Attr == name {
			return c
		}
	}
	return nil
}

// Input returns the pattern input with the given name, or nil.
func (p *AccessPattern) Input(name string) *Input {
	for _, in := range p.Inputs {
		if in.Name == name {
			return in
		}
	}
	return nil
}

// ReturnsEntity reports whether e is one of the pattern's result entities.
func (p *AccessPattern) ReturnsEntity(e *Entity) bool {
	for _, x := range p.Entities {
		if x == e {
			return true
		}
	}
	return false
}

// Input is a value a caller passes to an access pattern.
type Input struct {
	Name string
	Type cty.Type
	// Range is where the input is first used.
	Range hcl.Range
}

// ConditionOp is a key condition operator.
type ConditionOp string

// Key condition operators.
const (
	OpEq         ConditionOp = "="
	OpBeginsWith ConditionOp = "begins_with"
	OpBetween    ConditionOp = "between"
	OpLT         ConditionOp = "<"
	OpLE         ConditionOp = "<="
	OpGT         ConditionOp = ">"
	OpGE         ConditionOp = ">="
)

// Condition is one key condition: `ATTR = value` or `ATTR = op(args...)`.
type Condition struct {
	Attr string
	Op   ConditionOp
	// Args holds one operand (two for between); each a template over the
	// pattern's inputs.
	Args []*Template
	// Range covers the whole `ATTR = ...` line; NameRange the attribute name.
	Range     hcl.Range
	NameRange hcl.Range
}

// Holds reports whether a comparison result c (negative, zero, positive:
// the item's value against the operand) satisfies an equality or bound
// operator; it is false for begins_with and between.
func (op ConditionOp) Holds(c int) bool {
	switch op {
	case OpEq:
		return c == 0
	case OpLT:
		return c < 0
	case OpLE:
		return c <= 0
	case OpGT:
		return c > 0
	case OpGE:
		return c >= 0
	}
	return false
}
