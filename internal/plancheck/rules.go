package plancheck

// Rule describes one plan check. Its code is stable: acknowledgements,
// CI annotations and the documentation page refer to it.
type Rule struct {
	// Code is the stable code, e.g. "DP101".
	Code string
	// Name is a kebab-case name, e.g. "table-destroyed".
	Name     string
	Family   Family
	Severity Severity
	// Title is one line saying what the rule finds.
	Title string

	check func(*checkContext, *change) []note
}

// DocPath is the rule's documentation page, relative to the repository root.
func (r Rule) DocPath() string { return "docs/plan-rules/" + r.Code + ".md" }

// rules run in this order on every table change; DP206 (policies), DP207
// (caps against the schema's peak), DP404 (drift) and DP405 (GSI kept by
// the provider) run once per plan from CheckPlan.
var rules = []*Rule{
	dp101, dp102, dp103, dp104, dp105, dp106,
	dp201, dp202, dp203, dp204, dp205, dp206, dp207,
	dp301,
	dp401, dp402, dp403, dp404, dp405, dp406,
}

// Rules returns every rule, ordered by code.
func Rules() []Rule {
	out := make([]Rule, len(rules))
	for i, r := range rules {
		out[i] = *r
		out[i].check = nil
	}
	return out
}

// RuleByCode returns the rule with the given code, or false.
func RuleByCode(code string) (Rule, bool) {
	for _, r := range rules {
		if r.Code == code {
			c := *r
			c.check = nil
			return c, true
		}
	}
	return Rule{}, false
}
