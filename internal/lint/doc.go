// Package lint runs static checks on a tfdyn schema model and reports them as
// coded hcl.Diagnostics (TD1xx).
//
// Each check is a Rule with a stable code, a kebab-case name, a severity and a
// documentation page under docs/rules/<code>.md. Run applies every rule and
// returns the findings sorted with diag.Sort, so output is deterministic.
//
// Rules read the model and its IR (templates as parts, conditions as
// trees, source ranges on every node) and evaluate through hclschema and
// the oracle; lint does not parse or evaluate HCL itself.
//
// The rules work on partial models too: the loader drops access patterns and
// indexes it cannot resolve and may return entities without a table, and
// every rule skips what it cannot see instead of failing.
package lint
