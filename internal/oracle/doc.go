// Package oracle computes what an access pattern must return on a given set
// of items under DynamoDB semantics: index membership (sparse indexes,
// multi-attribute keys), key conditions, ordering (unsigned UTF-8 bytes for
// strings, numeric order for numbers, tuple order for multi-attribute sort
// keys), Limit counted before the filter, and projection.
//
// The oracle orders, limits, filters and projects; binding inputs, matching
// key conditions, comparing values and evaluating filters are hclschema's
// (Bind, Bound.Matches, Compare, Bound.Filter), which the oracle calls.
// verify compares live results with it (and explains declared results with
// Mismatch); lint uses it for the declared results, cardinality and limit
// order of patterns (TD136, TD137, TD139) and Render for the values in TD112
// and TD138 details, and hclschema's Bind and Match to prove collisions on
// example items (TD112); doc lists what each pattern example returns.
package oracle
