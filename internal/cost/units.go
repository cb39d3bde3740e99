package cost

import "math"

// DynamoDB's capacity unit sizes and limits.
const (
	// ReadUnitBytes is the size one strongly consistent read unit reads (4 KB).
	ReadUnitBytes = 4096
	// WriteUnitBytes is the size one write unit writes (1 KB).
	WriteUnitBytes = 1024
	// StorageOverheadBytes is what DynamoDB adds to every item and every
	// index entry when it measures storage.
	StorageOverheadBytes = 100
	// PartitionReadUnits and PartitionWriteUnits are what one partition
	// serves per second.
	PartitionReadUnits  = 3000
	PartitionWriteUnits = 1000
	// ItemCollectionBytes is the largest item collection (items sharing a
	// partition key value) of a table with a local secondary index: 10 GB.
	ItemCollectionBytes = 10 * 1 << 30
	// SecondsPerMonth is 730 hours, the month AWS prices use.
	SecondsPerMonth = HoursPerMonth * 3600
	// HoursPerMonth is the month of AWS's hourly prices.
	HoursPerMonth = 730
)

// consistencyFactor is 1 for a strongly consistent read and 0.5 for an
// eventually consistent one.
func consistencyFactor(strong bool) float64 {
	if strong {
		return 1
	}
	return 0.5
}

// GetItemUnits returns the read units of a GetItem of an item of size
// bytes: the size rounded up to 4 KB, one unit per 4 KB, half for an
// eventually consistent read. A GetItem that finds nothing (size 0) still
// costs the minimum: one 4 KB step.
func GetItemUnits(size float64, strong bool) float64 {
	steps := math.Ceil(size / ReadUnitBytes)
	if steps < 1 {
		steps = 1
	}
	return steps * consistencyFactor(strong)
}

// QueryUnits returns the read units of a Query that reads items whose
// sizes add up to total bytes (every item read counts, also those a filter
// drops): the sum rounded up to 4 KB, at least one step.
func QueryUnits(total float64, strong bool) float64 {
	return GetItemUnits(total, strong)
}

// WriteUnits returns the write units of writing an item (or index entry)
// of size bytes: the size rounded up to 1 KB, at least one unit.
func WriteUnits(size float64) float64 {
	u := math.Ceil(size / WriteUnitBytes)
	if u < 1 {
		u = 1
	}
	return u
}

// TransactionFactor is what a transactional read or write costs relative to
// a plain one.
const TransactionFactor = 2
