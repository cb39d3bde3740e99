// Package lint runs static checks on a tfdyn schema model and reports them as
// coded hcl.Diagnostics (TD1xx).
//
// Each check is a Rule with a stable code, a kebab-case name, a severity and a
// documentation page under docs/rules/<code>.md. Run applies every rule and
// returns the findings sorted with diag.Sort, so output is deterministic.
//
// The rules work on partial models too: the loader drops access patterns and
// indexes it cannot resolve and may return entities without a table, and
// every rule skips what it cannot see instead of failing.
package lint
