package plancheck

import (
	"fmt"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
)

var dp204 = &Rule{
	Code: "DP204", Name: "pattern-index-removed", Family: Breaking, Severity: SeverityError,
	Title: "An access pattern reads a GSI that is deleted or rebuilt (needs the schema)",
	check: checkPatternIndex,
}

func checkPatternIndex(ctx *checkContext, c *change) []note {
	s := ctx.opts.Schema
	if s == nil {
		return nil
	}
	name := c.TableName()
	if name.Unknown {
		return nil
	}
	deleted, rebuilt, _ := gsiDiff(c)
	var out []note
	for _, d := range append(deleted, rebuilt...) {
		ps := patternsOn(s, name.Value, d.Name)
		if len(ps) == 0 {
			continue
		}
		names := make([]string, len(ps))
		for i, p := range ps {
			names[i] = fmt.Sprintf("%q", p.Name)
		}
		what := "deletes"
		cause := "."
		if d.After != nil {
			what = "deletes and re-creates"
			cause = ", because " + d.Why + "; queries on it fail until the new index has backfilled."
		}
		if d.Maybe {
			what = "may delete"
			cause = ", because " + d.Why + "."
		}
		noun := "Access pattern"
		if len(ps) > 1 {
			noun = "Access patterns"
		}
		r := ps[0].DeclRange
		out = append(out, note{
			Summary: fmt.Sprintf("%s %s read%s GSI %q, which this apply %s", noun, strings.Join(names, ", "), verbS(len(ps)), d.Name, what),
			Detail: fmt.Sprintf("%s %s of the schema quer%s GSI %q of table %s. This apply %s the index%s Deploy the code that stops using the index first, or keep the index and add a new one under another name.",
				noun, strings.Join(names, ", "), verbIES(len(ps)), d.Name, c.displayName(), what, cause),
			Range: &r,
		})
	}
	return out
}

// patternsOn returns the access patterns that read GSI index of the
// schema table named table.
func patternsOn(s *hclschema.Schema, table, index string) []*hclschema.AccessPattern {
	var out []*hclschema.AccessPattern
	for _, p := range s.Patterns {
		if p.Table == nil || p.Index == nil || p.Index.Kind != hclschema.IndexGlobal {
			continue
		}
		if p.Table.Name == table && p.Index.Name == index {
			out = append(out, p)
		}
	}
	return out
}

func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

func verbIES(n int) string {
	if n == 1 {
		return "ies"
	}
	return "y"
}
