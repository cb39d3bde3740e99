// Package oracle computes what an access pattern must return on a given set
// of items under DynamoDB semantics: index membership (sparse indexes,
// multi-attribute keys), key conditions, ordering (unsigned UTF-8 bytes for
// strings, numeric order for numbers, tuple order for multi-attribute sort
// keys), Limit counted before the filter, and projection.
//
// verify compares live results with it; lint uses it to prove collisions on
// example items.
package oracle
