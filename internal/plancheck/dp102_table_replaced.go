package plancheck

import (
	"fmt"
	"sort"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
)

var dp102 = &Rule{
	Code: "DP102", Name: "table-replaced", Family: Destructive, Severity: SeverityError,
	Title: "A DynamoDB table is replaced (deleted and created again)",
	check: checkReplaced,
}

func checkReplaced(_ *checkContext, c *change) []note {
	a := c.Actions()
	if !a.Replace() {
		return nil
	}
	var causes []string
	seen := map[string]bool{}
	for _, p := range c.ReplacePaths {
		if len(p) == 0 || seen[p[0]] {
			continue
		}
		seen[p[0]] = true
		causes = append(causes, replaceCause(c, p[0]))
	}
	sort.Strings(causes)
	var b strings.Builder
	fmt.Fprintf(&b, "Terraform will delete table %s and create it again, so every item in it is lost and stream consumers lose their position.", c.displayName())
	switch {
	case len(causes) > 0:
		fmt.Fprintf(&b, " The replacement is forced by %s.", strings.Join(causes, "; and by "))
	case c.rc.ActionReason == tfjson.ActionReasonReplaceByRequest:
		b.WriteString(" The replacement was requested with -replace.")
	case c.rc.ActionReason == tfjson.ActionReasonReplaceBecauseTainted:
		b.WriteString(" The table is tainted in the state; run terraform untaint if it is healthy.")
	default:
		b.WriteString(" The plan does not say which attributes force it.")
	}
	if a.CreateBeforeDestroy() && c.Before != nil && c.After != nil && !c.After.Name.Unknown && c.Before.Name == c.After.Name {
		b.WriteString(" With create_before_destroy the create fails, because a table with the same name still exists.")
	}
	if c.Before != nil && c.Before.DeletionProtection.Value {
		b.WriteString(" Deletion protection is enabled on the table, so the delete fails unless it is disabled first.")
	}
	b.WriteString(" To keep the data, create a new table under a new name and migrate the items, or revert the change.")
	return []note{{Summary: "Table " + c.displayName() + " is replaced", Detail: b.String()}}
}

// replaceCause describes one top-level attribute that forces replacement.
func replaceCause(c *change, attr string) string {
	before, after := c.Before, c.After
	if before == nil || after == nil {
		return fmt.Sprintf("%q", attr)
	}
	switch attr {
	case "name":
		return fmt.Sprintf("the table name (name %s → %s)", before.Name, after.Name)
	case "hash_key":
		return fmt.Sprintf("the partition key (hash_key %s → %s)", before.HashKey, after.HashKey)
	case "range_key":
		return fmt.Sprintf("the sort key (range_key %s → %s)", orNone(before.RangeKey), orNone(after.RangeKey))
	case "local_secondary_index":
		return "the local secondary indexes, which can only be defined when a table is created (" + lsiDiff(before, after) + ")"
	case "attribute":
		return "the attribute definitions of the key attributes (attribute blocks)"
	}
	return fmt.Sprintf("%q", attr)
}

func orNone(s strVal) string {
	if !s.Unknown && s.Value == "" {
		return "(none)"
	}
	return s.String()
}

// lsiDiff names the LSIs added, removed and changed.
func lsiDiff(before, after *table) string {
	if after.LSIsUnknown {
		return "unknown until apply"
	}
	bm, am := map[string]lsi{}, map[string]lsi{}
	for _, l := range before.LSIs {
		bm[l.Name.Value] = l
	}
	unknown := false
	for _, l := range after.LSIs {
		if l.Name.Unknown {
			unknown = true
			continue
		}
		am[l.Name.Value] = l
	}
	var parts []string
	for _, n := range sortedKeys(am) {
		b, ok := bm[n]
		l := am[n]
		switch {
		case !ok:
			parts = append(parts, fmt.Sprintf("LSI %q added", n))
		case b.RangeKey != l.RangeKey || b.Projection != l.Projection:
			var what []string
			if b.RangeKey != l.RangeKey {
				what = append(what, fmt.Sprintf("sort key %s → %s", b.RangeKey, l.RangeKey))
			}
			if b.Projection != l.Projection {
				what = append(what, fmt.Sprintf("projection %s → %s", b.Projection, l.Projection))
			}
			parts = append(parts, fmt.Sprintf("LSI %q changed (%s)", n, strings.Join(what, ", ")))
		}
	}
	for _, n := range sortedKeys(bm) {
		if _, ok := am[n]; !ok {
			parts = append(parts, fmt.Sprintf("LSI %q removed", n))
		}
	}
	if unknown {
		parts = append(parts, "an LSI name is unknown until apply")
	}
	if len(parts) == 0 {
		return "changed"
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
