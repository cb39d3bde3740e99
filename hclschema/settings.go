package hclschema

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// Settings of a table beyond its keys and indexes that real tables use:
// global table replicas, on-demand throughput caps, warm throughput, the
// point-in-time recovery period and a resource policy (docs/language.md).

// Consistency modes of a global table (multi-Region eventual or strong
// consistency).
const (
	MultiRegionEventual = "EVENTUAL"
	MultiRegionStrong   = "STRONG"
)

// DefaultRecoveryDays is DynamoDB's point-in-time recovery period.
const DefaultRecoveryDays = 35

// Minimum warm throughput DynamoDB accepts (units per second).
const (
	MinWarmRead  = 12000
	MinWarmWrite = 4000
)

// MaxPolicyBytes is DynamoDB's limit on a resource policy document.
const MaxPolicyBytes = 20 * 1024

// OnDemandThroughput is an on_demand_throughput block: the most request
// units per second an on-demand table or GSI serves; 0 leaves one side
// uncapped.
type OnDemandThroughput struct {
	MaxReadRequestUnits, MaxWriteRequestUnits int64
	DeclRange                                 hcl.Range
	// ReadRange and WriteRange cover the values (DeclRange when absent).
	ReadRange, WriteRange hcl.Range
}

// WarmThroughput is a warm_throughput block: the read and write units per
// second a table or GSI is prepared to serve at once; 0 leaves one side at
// DynamoDB's value.
type WarmThroughput struct {
	ReadUnitsPerSecond, WriteUnitsPerSecond int64
	DeclRange                               hcl.Range
}

// Replica is a replica block: one more region of a global table.
type Replica struct {
	// Region is the block label, e.g. "us-west-2".
	Region string
	// KMSKeyARN is the replica's KMS key, "" for the table's kind of key.
	KMSKeyARN           string
	PointInTimeRecovery bool
	PropagateTags       bool
	DeletionProtection  bool
	DeclRange           hcl.Range
	LabelRange          hcl.Range
}

// Resource policy kinds.
const (
	// PolicyDocument: the policy is a JSON document written in the schema.
	PolicyDocument = "document"
	// PolicyReference: the policy is a Terraform expression of the module
	// emit writes into (data.aws_iam_policy_document.x.json).
	PolicyReference = "reference"
)

// ResourcePolicy is the table's resource_policy.
type ResourcePolicy struct {
	// Kind is PolicyDocument or PolicyReference.
	Kind string
	// Text is the JSON document, or the Terraform expression.
	Text  string
	Range hcl.Range
}

// Throughput is a pair of read and write figures of a spec (request units,
// or units per second); 0 means not declared.
type Throughput struct {
	Read, Write int64
}

// ReplicaSpec is a replica of a TableSpec.
type ReplicaSpec struct {
	Region              string
	KMSKeyARN           string
	PointInTimeRecovery bool
	PropagateTags       bool
	DeletionProtection  bool
}

// PolicySpec is the resource policy of a TableSpec.
type PolicySpec struct {
	// Kind is PolicyDocument or PolicyReference.
	Kind string `tablespec:"values=document,reference"`
	// Text is the document in canonical form (CanonicalJSON), or the
	// Terraform expression.
	Text string
}

// Global reports whether the spec declares a global table (replicas).
func (s *TableSpec) Global() bool { return len(s.Replicas) > 0 }

// SingleRegion returns the spec without replicas, consistency mode and
// witness: the table a single-region target (DynamoDB Local) can create.
func (s TableSpec) SingleRegion() TableSpec {
	s.Replicas, s.ConsistencyMode, s.WitnessRegion = nil, "", ""
	return s
}

// Regions returns the replica regions in declaration order.
func (s *TableSpec) Regions() []string {
	out := make([]string, len(s.Replicas))
	for i, r := range s.Replicas {
		out[i] = r.Region
	}
	return out
}

func onDemandSpec(o *OnDemandThroughput) *Throughput {
	if o == nil {
		return nil
	}
	return &Throughput{Read: o.MaxReadRequestUnits, Write: o.MaxWriteRequestUnits}
}

func warmSpec(w *WarmThroughput) *Throughput {
	if w == nil {
		return nil
	}
	return &Throughput{Read: w.ReadUnitsPerSecond, Write: w.WriteUnitsPerSecond}
}

// CanonicalJSON re-encodes a JSON document with sorted keys and no
// spaces, numbers as written: the form of a resource policy in the table
// spec, so that a document read back from state or DynamoDB equals the one
// the schema declares. A text that is not JSON is returned trimmed.
func CanonicalJSON(text string) string {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return strings.TrimSpace(text)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return strings.TrimSpace(text)
	}
	return strings.TrimSpace(buf.String())
}
