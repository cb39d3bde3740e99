package verify

// CheckKind describes one kind of verify finding. Its code is stable: CI
// annotations, the JSON report and the documentation page refer to it.
type CheckKind struct {
	// Code is the stable code, e.g. "VF101".
	Code string
	// Name is a kebab-case name, e.g. "table-key-schema".
	Name string
	// Family groups the checks: conformance, lifecycle, pattern, intent,
	// declared, scale, write, note.
	Family string
	// Severity is what a failed check is: error (the run fails), warning or
	// note (the run still passes).
	Severity string
	// Title is one line saying what the check finds.
	Title string
}

// DocPath is the check's documentation page, relative to the repository root.
func (k CheckKind) DocPath() string { return "docs/verify-checks/" + k.Code + ".md" }

// The codes of verify's checks. Every place that makes a finding names one.
const (
	vfTableKeySchema  = "VF101"
	vfGSINames        = "VF102"
	vfGSIKeySchema    = "VF103"
	vfGSIProjection   = "VF104"
	vfGSICapacity     = "VF105"
	vfLSINames        = "VF106"
	vfLSIKeySchema    = "VF107"
	vfLSIProjection   = "VF108"
	vfStream          = "VF109"
	vfTTL             = "VF110"
	vfBillingMode     = "VF111"
	vfCapacity        = "VF112"
	vfTableClass      = "VF113"
	vfSSE             = "VF114"
	vfThroughputCap   = "VF115"
	vfWarmThroughput  = "VF116"
	vfRecoveryPeriod  = "VF117"
	vfResourcePolicy  = "VF118"
	vfReplicas        = "VF119"
	vfSecondPlan      = "VF151"
	vfDestroyProven   = "VF152"
	vfNoInputs        = "VF201"
	vfInputsUnbound   = "VF202"
	vfRequestRejected = "VF203"
	vfResultDiffers   = "VF204"
	vfUndeclared      = "VF205"
	vfMissReturns     = "VF206"
	vfOnlyEmpty       = "VF207"
	vfExampleNothing  = "VF251"
	vfSourceMissing   = "VF252"
	vfOrder           = "VF253"
	vfLimit           = "VF254"
	vfPaddedWidth     = "VF255"
	vfPrefixBoundary  = "VF256"
	vfDeclaredResult  = "VF261"
	vfCardinalityOne  = "VF262"
	vfReadCapacity    = "VF271"
	vfWriteCapacity   = "VF272"
	vfWriteCallCap    = "VF273"
	vfScaleResult     = "VF301"
	vfScaleFilter     = "VF302"
	vfScaleReads      = "VF303"
	vfScaleCapacity   = "VF304"
	vfItemRejected    = "VF401"
	vfTableRejected   = "VF402"
	vfWritePattern    = "VF411"
	vfGenerated       = "VF421"
	vfOverLimit       = "VF501"
	vfTTLMoved        = "VF502"
)

// Families and severities of CheckKind.
const (
	familyConformance = "conformance"
	familyLifecycle   = "lifecycle"
	familyPattern     = "pattern"
	familyIntent      = "intent"
	familyDeclared    = "declared"
	familyScale       = "scale"
	familyCapacity    = "capacity"
	familyWrite       = "write"
	familyNote        = "note"

	sevError   = "error"
	sevWarning = "warning"
	sevNote    = "note"
)

// checkKinds is the registry, ordered by code.
var checkKinds = []CheckKind{
	{vfTableKeySchema, "table-key-schema", familyConformance, sevError, "The live table's key schema differs from the schema's primary key"},
	{vfGSINames, "gsi-names", familyConformance, sevError, "The live table has other global secondary indexes than the schema"},
	{vfGSIKeySchema, "gsi-key-schema", familyConformance, sevError, "A live GSI's key schema differs from the schema"},
	{vfGSIProjection, "gsi-projection", familyConformance, sevError, "A live GSI projects other attributes than the schema says"},
	{vfGSICapacity, "gsi-capacity", familyConformance, sevError, "A live GSI has other provisioned capacity than the schema"},
	{vfLSINames, "lsi-names", familyConformance, sevError, "The live table has other local secondary indexes than the schema"},
	{vfLSIKeySchema, "lsi-key-schema", familyConformance, sevError, "A live LSI's key schema differs from the schema"},
	{vfLSIProjection, "lsi-projection", familyConformance, sevError, "A live LSI projects other attributes than the schema says"},
	{vfStream, "stream", familyConformance, sevError, "The live table's stream differs from the schema"},
	{vfTTL, "ttl-attribute", familyConformance, sevError, "The live table's time to live differs from the schema"},
	{vfBillingMode, "billing-mode", familyConformance, sevError, "The live table's billing mode differs from the schema"},
	{vfCapacity, "capacity", familyConformance, sevError, "The live table has other provisioned capacity than the schema"},
	{vfTableClass, "table-class", familyConformance, sevError, "The live table's class differs from the schema"},
	{vfSSE, "server-side-encryption", familyConformance, sevError, "The live table's encryption differs from the schema"},
	{vfThroughputCap, "throughput-cap", familyConformance, sevError, "The live table or a GSI has other on-demand throughput caps than the schema"},
	{vfWarmThroughput, "warm-throughput", familyConformance, sevError, "The live table or a GSI has other warm throughput than the schema declares"},
	{vfRecoveryPeriod, "recovery-period", familyConformance, sevError, "Point-in-time recovery keeps another number of days than the schema says"},
	{vfResourcePolicy, "resource-policy", familyConformance, sevError, "The live table's resource policy is not the schema's"},
	{vfReplicas, "replicas", familyConformance, sevError, "The live global table has other replicas, or another consistency mode, than the schema"},
	{vfSecondPlan, "second-plan-no-changes", familyLifecycle, sevError, "A second terraform plan right after apply shows changes"},
	{vfDestroyProven, "destroy-proven", familyLifecycle, sevError, "terraform plan -destroy does not delete every resource"},
	{vfNoInputs, "no-inputs", familyPattern, sevError, "An access pattern has no inputs to run with"},
	{vfInputsUnbound, "inputs-unbound", familyPattern, sevError, "An input set does not bind to the pattern's inputs"},
	{vfRequestRejected, "request-rejected", familyPattern, sevError, "DynamoDB rejected a pattern's request"},
	{vfResultDiffers, "result-differs", familyPattern, sevError, "DynamoDB returns other items, or another order, than the oracle"},
	{vfUndeclared, "undeclared-entity", familyPattern, sevError, "A pattern returns items of an entity it does not declare"},
	{vfMissReturns, "miss-returns-items", familyPattern, sevError, "Inputs that match no item return items"},
	{vfOnlyEmpty, "only-empty-results", familyPattern, sevWarning, "No input set of a pattern finds any item"},
	{vfExampleNothing, "example-finds-nothing", familyIntent, sevError, "A pattern's own example inputs find no item"},
	{vfSourceMissing, "source-item-missing", familyIntent, sevError, "The example item whose values gave the inputs is not in the result"},
	{vfOrder, "order-differs-from-template", familyIntent, sevError, "Items come back out of the order their sort key template promises"},
	{vfLimit, "limit-keeps-wrong-items", familyIntent, sevError, "A pattern's limit keeps items that do not come first by value"},
	{vfPaddedWidth, "padded-width", familyIntent, sevError, "A padded key part of a candidate item is negative or wider than its format width"},
	{vfPrefixBoundary, "prefix-boundary", familyIntent, sevError, "A begins_with prefix ending in an input also matches items with a longer value of it"},
	{vfDeclaredResult, "declared-result-differs", familyDeclared, sevError, "A pattern example's returns or returns_count differs from DynamoDB's result"},
	{vfCardinalityOne, "cardinality-one-exceeded", familyDeclared, sevError, "A pattern declared cardinality = \"one\" returns several items"},
	{vfReadCapacity, "read-capacity-differs", familyCapacity, sevError, "A pattern consumes other read units than the cost estimate for the same items"},
	{vfWriteCapacity, "write-capacity-differs", familyCapacity, sevError, "Writing an item consumes other write units than the cost estimate"},
	{vfWriteCallCap, "write-pattern-capacity-differs", familyCapacity, sevError, "A write pattern's call consumes other write units than the cost estimate for the same items"},
	{vfScaleResult, "scale-result-differs", familyScale, sevError, "At scale, DynamoDB returns other items than the oracle"},
	{vfScaleFilter, "scale-filter-cost", familyScale, sevWarning, "A pattern's declared filter reads more items as the table grows"},
	{vfScaleReads, "scale-read-growth", familyScale, sevError, "A pattern reads more items it does not return as the table grows"},
	{vfScaleCapacity, "scale-capacity-growth", familyScale, sevError, "A pattern consumes more capacity as the table grows while its result does not"},
	{vfItemRejected, "item-rejected", familyWrite, sevError, "DynamoDB rejected an item the schema allows"},
	{vfTableRejected, "table-rejected", familyWrite, sevError, "DynamoDB rejected the table at apply"},
	{vfWritePattern, "write-pattern-outcome", familyWrite, sevError, "A write pattern's outcome differs from the oracle or from its declared repeat"},
	{vfGenerated, "generated-code-contract", familyWrite, sevError, "Generated code (--gen) fails a step of its contract test on the live table"},
	{vfOverLimit, "generated-items-over-limit", familyNote, sevNote, "Generated items DynamoDB would reject were left out"},
	{vfTTLMoved, "ttl-moved", familyNote, sevNote, "Items with a time to live in the past were written with one ahead"},
}

// CheckKinds returns every kind of verify finding, ordered by code.
func CheckKinds() []CheckKind { return append([]CheckKind(nil), checkKinds...) }

// CheckKindByCode returns the kind with the given code, or false.
func CheckKindByCode(code string) (CheckKind, bool) {
	for _, k := range checkKinds {
		if k.Code == code {
			return k, true
		}
	}
	return CheckKind{}, false
}
