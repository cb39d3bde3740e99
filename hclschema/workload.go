package hclschema

import (
	"github.com/hashicorp/hcl/v2"
)

// Workload is the declared load of a schema: `workload {}` blocks in
// entities and access patterns, and `accept` blocks. Every part is
// optional; estimates say what they assumed where nothing is declared.
type Workload struct {
	// Entities holds the workload block of each entity that has one.
	Entities map[*Entity]*EntityWorkload
	// Patterns holds the workload block of each access pattern that has one.
	Patterns map[*AccessPattern]*PatternWorkload
	// Writes holds the workload block of each write pattern that has one.
	Writes map[*WritePattern]*WriteWorkload
	// Accepts are the `accept "CODE" {}` blocks, in declaration order.
	Accepts []*Accept
	// Blocks maps a target name (table.X, entity.X, access_pattern.X) to
	// the range of its whole block, for matching acceptances to findings.
	Blocks map[string]hcl.Range
}

// Consistency of a read.
const (
	ConsistencyEventual = "eventual"
	ConsistencyStrong   = "strong"
)

// EntityWorkload is an entity's `workload {}` block. A field is meaningful
// only when its Has flag is set (or, for rates, when non-zero).
type EntityWorkload struct {
	// Items is the number of items of the entity.
	Items    int64
	HasItems bool
	// ItemSize is the average item size in bytes, as DynamoDB counts it.
	ItemSize    int64
	HasItemSize bool
	// MaxItemSize is the largest item size in bytes.
	MaxItemSize    int64
	HasMaxItemSize bool
	// Writes and PeakWrites are writes (puts, updates, deletes) per second,
	// on average and at peak (PeakWrites defaults to Writes).
	Writes, PeakWrites float64
	// Partitions is the number of distinct values of the table's partition
	// key among the entity's items (item collections).
	Partitions    int64
	HasPartitions bool
	// IndexPartitions maps a GSI name to the number of distinct values of
	// its partition key among the entity's items.
	IndexPartitions map[string]int64
	// HotShare is the share of the writes that go to the busiest partition
	// key value (0 < HotShare <= 1); 0 when not declared.
	HotShare float64
	// Ranges of the arguments, for diagnostics; the zero range when absent.
	ItemsRange, ItemSizeRange, MaxItemSizeRange, WritesRange, PeakWritesRange, PartitionsRange, HotShareRange hcl.Range
	DeclRange                                                                                                 hcl.Range
}

// PatternWorkload is an access pattern's `workload {}` block.
type PatternWorkload struct {
	// Rate and PeakRate are calls per second on average and at peak
	// (PeakRate defaults to Rate).
	Rate, PeakRate float64
	// Consistency is ConsistencyEventual (the default) or ConsistencyStrong.
	Consistency string
	// HotShare is the share of the calls that go to the busiest partition
	// key value (0 < HotShare <= 1); 0 when not declared.
	HotShare float64
	// ItemsRead is the number of items a call reads (before filter), when
	// declared.
	ItemsRead    int64
	HasItemsRead bool
	// Ranges of the arguments, for diagnostics.
	RateRange, PeakRateRange, ConsistencyRange, HotShareRange, ItemsReadRange hcl.Range
	DeclRange                                                                 hcl.Range
}

// WriteWorkload is a write pattern's `workload {}` block.
type WriteWorkload struct {
	// Rate and PeakRate are calls per second on average and at peak
	// (PeakRate defaults to Rate).
	Rate, PeakRate float64
	// Ranges of the arguments, for diagnostics.
	RateRange, PeakRateRange hcl.Range
	DeclRange                hcl.Range
}

// Accept is an `accept "CODE" {}` block: a lint finding with code Code on
// the block named by Target is accepted for Reason.
type Accept struct {
	Code string
	// Target is "table.X", "entity.X", "access_pattern.X" or
	// "write_pattern.X".
	Target string
	Reason string
	// CodeRange covers the label, TargetRange the target expression.
	CodeRange, TargetRange hcl.Range
	DeclRange              hcl.Range
}

// EntityWorkload returns the workload block of e, or nil.
func (s *Schema) EntityWorkload(e *Entity) *EntityWorkload {
	if s == nil || s.Workload == nil {
		return nil
	}
	return s.Workload.Entities[e]
}

// PatternWorkload returns the workload block of p, or nil.
func (s *Schema) PatternWorkload(p *AccessPattern) *PatternWorkload {
	if s == nil || s.Workload == nil {
		return nil
	}
	return s.Workload.Patterns[p]
}

// WriteWorkload returns the workload block of w, or nil.
func (s *Schema) WriteWorkload(w *WritePattern) *WriteWorkload {
	if s == nil || s.Workload == nil {
		return nil
	}
	return s.Workload.Writes[w]
}

// Accepts returns the schema's acceptances in declaration order.
func (s *Schema) Accepts() []*Accept {
	if s == nil || s.Workload == nil {
		return nil
	}
	return s.Workload.Accepts
}

// BlockRange returns the range of the whole block named by target
// (table.X, entity.X, access_pattern.X), or false.
func (s *Schema) BlockRange(target string) (hcl.Range, bool) {
	if s == nil || s.Workload == nil {
		return hcl.Range{}, false
	}
	r, ok := s.Workload.Blocks[target]
	return r, ok
}

// HasWorkload reports whether any entity, access pattern or write pattern
// declares a workload.
func (s *Schema) HasWorkload() bool {
	return s != nil && s.Workload != nil && (len(s.Workload.Entities) > 0 || len(s.Workload.Patterns) > 0 || len(s.Workload.Writes) > 0)
}
