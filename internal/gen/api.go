package gen

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
)

// API is the data-access layer of a schema in neutral form: what every
// back end prints, in its language's casing and idioms.
type API struct {
	// Schema is the schema the API is built from.
	Schema   *hclschema.Schema
	Tables   []*Table
	Entities []*Entity
	// Enums are the enum types of the entities' attributes, in entity and
	// attribute order.
	Enums []*Enum
	// Objects are the struct types of object-typed attributes (and of the
	// elements of collections of objects), in entity and attribute order.
	Objects []*Object
	// Reads are the access patterns, one method each, in declaration
	// order (reads.go).
	Reads []*Read
	// Writes are the write patterns, one method each, in declaration
	// order (writes.go).
	Writes []*Write
	// Queries are the query builders of every entity and index with a
	// sort key, one step per valid depth of the key (queries.go).
	Queries []*Query
}

// Table is a DynamoDB table of the schema.
type Table struct {
	Name Name
	// Model is the table block.
	Model *hclschema.Table
	// Label is the table block's label (the naming contract of emit).
	Label string
	// TableName is the DynamoDB table name the schema declares: the
	// default of the generated client's table name option.
	TableName string
	// NameOutput is the Terraform output emit declares with the table's
	// name (dynamodb_<label>_table_name): its value is what the option
	// takes in each environment.
	NameOutput string
	Primary    *Index
	Indexes    []*Index
}

// Index is the table's primary key, a GSI or an LSI.
type Index struct {
	Name Name
	// IndexName is the GSI or LSI name; "" for the table's primary key.
	IndexName    string
	Kind         IndexKind
	PartitionKey []KeyAttr
	SortKey      []KeyAttr
}

// IndexKind tells the primary key, GSIs and LSIs apart.
type IndexKind int

// Index kinds.
const (
	IndexPrimary IndexKind = iota
	IndexGlobal
	IndexLocal
)

// KeyAttr is one key attribute of an index.
type KeyAttr struct {
	Attr string
	// Type is the DynamoDB type of the attribute: S or N.
	Type KeyType
}

// KeyType is the DynamoDB type of a key attribute.
type KeyType string

// Key types.
const (
	KeyS KeyType = "S"
	KeyN KeyType = "N"
)

// Entity is an item type: its fields, how its item is laid out (key
// attributes computed from templates, sparse index entries) and its key
// builders.
type Entity struct {
	Name Name
	// SchemaName is the entity's name in the schema, Model the entity.
	SchemaName string
	Model      *hclschema.Entity
	Table      *Table
	Fields     []*Field
	// Guard is set for the guard item of a unique attribute
	// (CustomerUniqueEmail): Guard.Owner is the entity, Guard.Field the
	// attribute.
	Guard *GuardOf
	// Computed are the attributes the schema computes on every item
	// (`computed = { ... }`), in declaration order.
	Computed []*Computed
	// Primary is how the item's primary key is computed: one value per
	// key attribute of the table, in key order.
	Primary []*KeyValue
	// Entries are the secondary indexes the item is written into through
	// an index block, in the order of the entity's index blocks: the
	// sparse condition and the key attributes the block computes.
	Entries []*IndexEntry
	// Keys are the key builders: the primary key first, then one per
	// secondary index whose every key attribute the entity writes.
	Keys []*KeyBuilder
	// Enums and Objects are the types of the entity's attributes (also
	// listed in API.Enums and API.Objects): printers that write one file
	// per entity declare them there.
	Enums   []*Enum
	Objects []*Object
	// Range is the entity block's declaration.
	Range hcl.Range
}

// GuardOf names what a guard entity enforces.
type GuardOf struct {
	Owner *Entity
	Field *Field
}

// Field is an attribute of an entity (or of an object type).
type Field struct {
	Name Name
	// Attr is the attribute's name in DynamoDB.
	Attr     string
	Type     *Type
	Optional bool
	Range    hcl.Range
	// Of is set on a member of an object parameter: the field is the
	// attribute Attr of parameter Of (a labelled write's own input,
	// input.order_item.Quantity: member Quantity of parameter order_item).
	// nil for an attribute, a parameter and an object type's field.
	Of *Field
}

// TypeKind is the kind of a field's type.
type TypeKind int

// Type kinds.
const (
	TString TypeKind = iota
	TNumber
	TBool
	// TEnum is a string restricted to Enum's values.
	TEnum
	// TList is an ordered list (DynamoDB L).
	TList
	// TSet is a set of strings, numbers or bools, stored as a list (L) of
	// distinct values in ascending order, as tfdyn's evaluator stores it.
	TSet
	// TMap is a map with string keys (DynamoDB M).
	TMap
	// TObject is a structure with named attributes (DynamoDB M).
	TObject
)

// Type is a field's type.
type Type struct {
	Kind TypeKind
	// Elem is the element type of a list, set or map.
	Elem *Type
	// Enum is the enum of a TEnum.
	Enum *Enum
	// Object is the structure of a TObject.
	Object *Object
}

// Scalar reports whether the type is a string, number, bool or enum.
func (t *Type) Scalar() bool {
	return t.Kind == TString || t.Kind == TNumber || t.Kind == TBool || t.Kind == TEnum
}

// Enum is the type of an enum(...) attribute.
type Enum struct {
	Name   Name
	Values []EnumValue
}

// EnumValue is one value of an enum and its constant's name.
type EnumValue struct {
	Name  Name
	Value string
}

// Object is the struct type of an object(...) attribute, or of the input
// of a labelled write in a transaction (input.order_item).
type Object struct {
	Name   Name
	Fields []*Field
	// Entity is set when the object is the item of an entity (the input of
	// a labelled put holds every attribute of its entity): the printers
	// use the entity's type, and declare nothing.
	Entity *Entity
	// Input is true for the input of a labelled write that is no entity's
	// item (an update's or delete's key attributes): declared with its
	// write pattern's method (Write.Objects); its members are read one by
	// one, so it has no codec.
	Input bool
}

// KeyValue is one key attribute of an index as an entity writes it: its
// own attribute (Field), or a template (Expr).
type KeyValue struct {
	Attr string
	Type KeyType
	// Field is set when the key attribute is an attribute of the entity.
	Field *Field
	// Expr is the translated template, with Text its source.
	Expr *Expr
	Text string
	// Reads are the fields the template reads, in declaration order.
	Reads []*Field
}

// IndexEntry is an index block of an entity: the item is in the index
// when When holds (nil: always) and every template yields a value.
type IndexEntry struct {
	Index *Index
	// When is the sparse condition, a bool expression; WhenText its source.
	When     *Expr
	WhenText string
	// Templates are the key attributes the block computes, in the block's
	// order.
	Templates []*KeyValue
}

// KeyBuilder computes one index key of an entity from the attributes its
// templates read.
type KeyBuilder struct {
	// Name is the builder's name (order key, order gsi1 key).
	Name  Name
	Index *Index
	// Params are the fields the key values read, in declaration order.
	Params []*Field
	// Values are the index's key attributes, in key order.
	Values []*KeyValue
	// Prefix names the key's prefixes (order gsi1 key prefix).
	Prefix Name
	// Prefixes are the leading parts of the key a Query fixes by equality,
	// for an index with a sort key: the partition key alone (depth 0),
	// then, for a multi-attribute sort key, each left-to-right run of its
	// attributes short of the whole (DynamoDB's rule: no gaps, a range
	// condition only on the last attribute used).
	Prefixes []*KeyPrefix
}

// KeyPrefix is the partition key and the first Depth sort key attributes
// of an index key.
type KeyPrefix struct {
	Depth int
	// Values are the key attributes of the prefix, in key order.
	Values []*KeyValue
	// Params are the fields the values read, in declaration order.
	Params []*Field
}

// Computed is a computed attribute of an entity: every item stores the
// value of Expr (a constant such as EntityType = "customer", or a template
// over the fields), absent when Expr gives null or fails while it reads an
// absent (optional) field, as hclschema's evaluator computes it.
type Computed struct {
	Attr string
	// Type is the value's type: string, number or bool.
	Type ValueType
	Expr *Expr
	// Text is the template as the schema writes it.
	Text string
	// Reads are the fields Expr reads, in declaration order.
	Reads []*Field
	Range hcl.Range
}

// MayBeAbsent reports whether an item can lack the attribute: its
// template reads an optional field, or can give null.
func (c *Computed) MayBeAbsent() bool {
	for _, f := range c.Reads {
		if f.Optional {
			return true
		}
	}
	return c.Expr.Type == TypeNull || c.Expr.Op == OpCond || c.Expr.Op == OpCall && c.Expr.Fn == "coalesce"
}

// GuardName names the unique value a guard item holds, for comments:
// "Customer.Email", or "Customer's lower(Email)" for a normalised unique.
func GuardName(u *hclschema.Unique) string {
	if u.Expr == nil {
		return u.Entity.Name + "." + u.Attr
	}
	return u.Entity.Name + "'s " + u.Display()
}
