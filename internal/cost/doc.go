// Package cost estimates what a schema's declared workload costs on
// DynamoDB: read and write capacity units per access pattern and per entity
// write (item size rounding, eventual and strong consistency, items read
// versus returned, index projections, write amplification into every index
// an item is projected into), monthly cost in on-demand and provisioned
// capacity, storage per table and index, and recommendations with their
// numbers. Prices come from an embedded table (prices.json) that a file can
// override. The arithmetic follows
// https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html.
package cost
