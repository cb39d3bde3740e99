package lint

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeInvalidAttributeName (TD127): an attribute name DynamoDB rejects: a
// key attribute of the table or an index, a projected (include) attribute
// or the TTL attribute that is empty or longer than 255 bytes, or an entity
// attribute name of 64 KB or more.
const CodeInvalidAttributeName diag.Code = "TD127"

var ruleInvalidAttributeName = &rule{code: CodeInvalidAttributeName, name: "invalid-attribute-name", severity: hcl.DiagError, check: checkInvalidAttributeName}

func checkInvalidAttributeName(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	seen := map[posKey]bool{}
	short := func(rng hcl.Range, name, role string) {
		k := posKey{rng.Filename, rng.Start.Byte}
		if seen[k] {
			return // an LSI repeats the table's partition key
		}
		seen[k] = true
		switch {
		case name == "":
			diags = append(diags, r.report(rng, "Empty attribute name",
				"The %s has an empty name; DynamoDB attribute names are 1 to 255 bytes, so CreateTable fails with a ValidationException. Give the attribute a name.", role))
		case len(name) > maxKeyAttrNameBytes:
			diags = append(diags, r.report(rng, "Attribute name too long",
				"The %s %q is %d bytes long; DynamoDB allows at most %d bytes for key, projected and TTL attribute names, so CreateTable fails with a ValidationException. Use a shorter name.",
				role, shortName(name), len(name), maxKeyAttrNameBytes))
		}
	}
	for _, t := range a.s.Tables {
		if t == nil {
			continue
		}
		for _, ix := range indexes(t) {
			where := "the table"
			if ix.Kind != hclschema.IndexPrimary {
				where = fmt.Sprintf("%s %q", ix.Kind, ix.Name)
			}
			for _, k := range ix.PartitionKey {
				short(k.Range, k.Name, "partition key attribute of "+where)
			}
			for _, k := range ix.SortKey {
				short(k.Range, k.Name, "sort key attribute of "+where)
			}
			if len(ix.Include) == 0 {
				continue
			}
			ranges, ok := ix.IncludeRanges, len(ix.IncludeRanges) == len(ix.Include)
			for i, n := range ix.Include {
				rng := ix.DeclRange
				if ok {
					rng = ranges[i]
				}
				short(rng, n, fmt.Sprintf("projected attribute of %s %q", ix.Kind, ix.Name))
			}
		}
		if t.TTLAttribute != "" {
			rng := argRange(t.ArgRanges, "ttl", t.DeclRange)
			short(rng, t.TTLAttribute, fmt.Sprintf("TTL attribute of table %q", t.Label))
		}
	}
	for _, e := range a.s.Entities {
		if e == nil {
			continue
		}
		for _, at := range e.Attributes {
			if len(at.Name) > maxAttrNameBytes {
				diags = append(diags, r.report(at.Range, "Attribute name too long",
					"Attribute %q of entity %q is %d bytes long; DynamoDB attribute names must be less than 64 KB, so every write of the entity fails. Use a shorter name.",
					shortName(at.Name), e.Name, len(at.Name)))
			}
		}
	}
	return diags
}
