package schemadiff

import "sort"

// Class says what a change does to a live table, its items and its readers.
// Classes are ordered by severity.
type Class int

// Classes of changes, least severe first.
const (
	// Additive: nothing existing changes (a new entity, pattern, optional
	// attribute, a GSI DynamoDB fills by itself, a safe setting).
	Additive Class = iota
	// NeedsBackfill: existing items lack or hold stale index keys until
	// `tfdyn migrate` rewrites them; readers of the affected patterns miss
	// them meanwhile.
	NeedsBackfill
	// BreaksItems: items already stored no longer fit the design (a key
	// template, a required attribute, a type, the TTL attribute).
	BreaksItems
	// BreaksReaders: code that reads the table sees other results or other
	// attributes (a pattern removed or changed, an attribute removed).
	BreaksReaders
	// Destructive: DynamoDB deletes or replaces data (a table, an index, the
	// table's key schema) or a protection is turned off.
	Destructive
)

// String is the class as written in reports.
func (c Class) String() string {
	switch c {
	case Additive:
		return "additive"
	case NeedsBackfill:
		return "needs backfill"
	case BreaksItems:
		return "breaking for existing items"
	case BreaksReaders:
		return "breaking for readers"
	case Destructive:
		return "destructive"
	}
	return "unknown"
}

// Blocking reports whether a change of this class blocks unless it is
// acknowledged.
func (c Class) Blocking() bool { return c >= BreaksItems }

// Code is the stable code of a kind of change (docs/diff.md).
type Code string

// Change codes. The hundreds give the class.
const (
	TableAdded           Code = "SD101"
	GSIAdded             Code = "SD102"
	EntityAdded          Code = "SD103"
	PatternAdded         Code = "SD104"
	OptionalAttrAdded    Code = "SD105"
	SettingChanged       Code = "SD106"
	EnumWidened          Code = "SD107"
	EntityJoinsIndex     Code = "SD201"
	IndexTemplateChanged Code = "SD202"
	SparseChanged        Code = "SD203"
	EntityLeavesIndex    Code = "SD204"
	ComputedAdded        Code = "SD205"
	ComputedChanged      Code = "SD206"
	ComputedRemoved      Code = "SD207"
	KeyTemplateChanged   Code = "SD301"
	RequiredAttrAdded    Code = "SD302"
	AttrTypeChanged      Code = "SD303"
	AttrNowRequired      Code = "SD304"
	TTLChanged           Code = "SD305"
	EnumNarrowed         Code = "SD306"
	PatternRemoved       Code = "SD401"
	PatternChanged       Code = "SD402"
	AttrRemoved          Code = "SD403"
	CapLowered           Code = "SD404"
	PolicyChanged        Code = "SD405"
	TableRemoved         Code = "SD501"
	GSIRemoved           Code = "SD502"
	EntityRemoved        Code = "SD503"
	TableReplaced        Code = "SD504"
	LSIChanged           Code = "SD505"
	GSIRebuilt           Code = "SD506"
	ProtectionOff        Code = "SD507"
	ReplicaRemoved       Code = "SD508"
	ConsistencyChanged   Code = "SD509"
	WarmLowered          Code = "SD510"
)

// CodeInfo describes a change code: its class and a title (docs/diff.md).
type CodeInfo struct {
	Code  Code
	Class Class
	Title string
}

// Codes lists every change code, in code order.
var Codes = []CodeInfo{
	{TableAdded, Additive, "table added"},
	{GSIAdded, Additive, "GSI added that DynamoDB fills from attributes the items already have"},
	{EntityAdded, Additive, "entity added"},
	{PatternAdded, Additive, "access pattern added"},
	{OptionalAttrAdded, Additive, "optional attribute added"},
	{SettingChanged, Additive, "table or index setting changed without data loss"},
	{EnumWidened, Additive, "enum values added, or an enum attribute made a plain string"},
	{EntityJoinsIndex, NeedsBackfill, "entity joins an index through key templates"},
	{IndexTemplateChanged, NeedsBackfill, "index key template changed"},
	{SparseChanged, NeedsBackfill, "sparse condition added, changed or removed"},
	{EntityLeavesIndex, NeedsBackfill, "entity leaves an index"},
	{ComputedAdded, NeedsBackfill, "computed attribute added"},
	{ComputedChanged, NeedsBackfill, "computed attribute's template changed"},
	{ComputedRemoved, NeedsBackfill, "computed attribute removed"},
	{KeyTemplateChanged, BreaksItems, "primary key template changed"},
	{RequiredAttrAdded, BreaksItems, "required attribute added"},
	{AttrTypeChanged, BreaksItems, "attribute type changed"},
	{AttrNowRequired, BreaksItems, "optional attribute made required"},
	{TTLChanged, BreaksItems, "TTL attribute changed or TTL turned off"},
	{EnumNarrowed, BreaksItems, "enum values removed, or a string attribute made an enum"},
	{PatternRemoved, BreaksReaders, "access pattern removed"},
	{PatternChanged, BreaksReaders, "access pattern changed"},
	{AttrRemoved, BreaksReaders, "attribute removed"},
	{CapLowered, BreaksReaders, "on-demand throughput cap added or lowered (table or GSI)"},
	{PolicyChanged, BreaksReaders, "resource policy removed or changed"},
	{TableRemoved, Destructive, "table removed"},
	{GSIRemoved, Destructive, "GSI removed"},
	{EntityRemoved, Destructive, "entity removed"},
	{TableReplaced, Destructive, "table replaced (name or key schema changed)"},
	{LSIChanged, Destructive, "LSI added, removed or changed"},
	{GSIRebuilt, Destructive, "GSI rebuilt (key schema or projection changed)"},
	{ProtectionOff, Destructive, "stream, point-in-time recovery or deletion protection turned off or changed, recovery period shortened"},
	{ReplicaRemoved, Destructive, "replica removed, or recreated (its region's copy of the data is deleted)"},
	{ConsistencyChanged, Destructive, "consistency mode or witness of a global table changed, or strong consistency added to an existing table"},
	{WarmLowered, Destructive, "warm throughput lowered (the provider replaces the table)"},
}

// Info returns the description of code c, or false.
func Info(c Code) (CodeInfo, bool) {
	i := sort.Search(len(Codes), func(i int) bool { return Codes[i].Code >= c })
	if i < len(Codes) && Codes[i].Code == c {
		return Codes[i], true
	}
	return CodeInfo{}, false
}

func codeNames() []string {
	out := make([]string, len(Codes))
	for i, c := range Codes {
		out[i] = string(c.Code)
	}
	return out
}
