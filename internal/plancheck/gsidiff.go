package plancheck

import (
	"fmt"
	"sort"
	"strings"
)

// gsiDelta is a GSI that an in-place update deletes, rebuilds or creates.
type gsiDelta struct {
	Name string
	// Before and After are nil for a created and a deleted GSI.
	Before, After *gsi
	// Why says what changed (for rebuilt GSIs) or why the GSI may be
	// deleted (unknown values), as a clause.
	Why string
	// Maybe is set when unknown values leave it open whether the change
	// happens.
	Maybe bool
}

// gsiDiff compares the GSIs of an in-place update by name. A GSI is
// rebuilt (deleted, created again and backfilled) when its key or
// projection changes: DynamoDB cannot change either in place.
func gsiDiff(c *change) (deleted, rebuilt, created []gsiDelta) {
	if !c.updated() {
		return nil, nil, nil
	}
	before, after := c.Before, c.After
	afterUnknown := after.GSIsUnknown || after.unknownGSIName()
	for i := range before.GSIs {
		b := &before.GSIs[i]
		name := b.Name.Value
		a := after.gsi(name)
		if a == nil {
			d := gsiDelta{Name: name, Before: b}
			if afterUnknown {
				d.Maybe = true
				d.Why = "the planned GSIs are unknown until apply"
			}
			deleted = append(deleted, d)
			continue
		}
		var why []string
		if a.KeysUnknown {
			why = append(why, "its key is unknown until apply")
		} else if !sameStrings(a.Hash, b.Hash) || !sameStrings(a.Range, b.Range) {
			why = append(why, fmt.Sprintf("its key changes from %s to %s", b.keyString(), a.keyString()))
		}
		if a.Projection.Unknown {
			why = append(why, "its projection is unknown until apply")
		} else if a.Projection != b.Projection || (a.Projection.Value == "INCLUDE" && !sameStrings(a.NonKey, b.NonKey)) {
			why = append(why, fmt.Sprintf("its projection changes from %s to %s", projString(b), projString(a)))
		}
		if len(why) == 0 {
			if r := representationRebuild(b, a); r != "" {
				why = append(why, r)
			}
		}
		if len(why) > 0 {
			rebuilt = append(rebuilt, gsiDelta{Name: name, Before: b, After: a, Why: strings.Join(why, " and "),
				Maybe: a.KeysUnknown && !(a.Projection != b.Projection)})
		}
	}
	for i := range after.GSIs {
		a := &after.GSIs[i]
		if a.Name.Unknown {
			created = append(created, gsiDelta{Name: "(name known after apply)", After: a, Maybe: true})
			continue
		}
		if before.gsi(a.Name.Value) == nil {
			created = append(created, gsiDelta{Name: a.Name.Value, After: a})
		}
	}
	return deleted, rebuilt, created
}

func projString(g *gsi) string {
	if g.Projection.Value == "INCLUDE" {
		return fmt.Sprintf("INCLUDE %s", attrList(g.NonKey))
	}
	return g.Projection.Value
}

// gsiNames lists GSI names quoted and joined.
func gsiNames(ds []gsiDelta) string {
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = fmt.Sprintf("%q", d.Name)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// representationRebuild says why the provider's update deletes and
// re-creates a GSI whose key and projection do not change, or "". The
// update (hashicorp/aws 6, updateDiffGSI) compares the index before and
// after with its updatable settings stripped: it takes the key as equal
// when both sides have the same hash_key, or both the same key_schema
// blocks. A state written by provider 5 has hash_key/range_key and no
// key_schema until a refresh reads the table; planned without refresh
// against key_schema blocks (emit for provider 6), hash_key is unknown
// or empty after, and the index is rebuilt although nothing about it
// changes (docs/upgrade-provider-6.md).
func representationRebuild(b, a *gsi) string {
	if b.KeySchemaSet || !a.KeySchemaSet || b.HashKeyAttr.Value == "" {
		return ""
	}
	if !a.HashKeyAttr.Unknown && a.HashKeyAttr.Value == b.HashKeyAttr.Value {
		return ""
	}
	return "the state holds its key as hash_key/range_key without key_schema (written by provider 5 and not refreshed) and the plan as key_schema blocks: the provider's update compares the two forms and deletes and re-creates the index; plan with refresh (terraform plan without -refresh=false), which reads key_schema into the state (docs/upgrade-provider-6.md)"
}
