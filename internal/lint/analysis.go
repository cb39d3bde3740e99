package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
)

// analysis holds what several rules need, computed once per schema: the
// source blocks behind model objects, the entities of every index and the
// items of the entities' examples.
type analysis struct {
	s *hclschema.Schema
	// members lists, per index, the entities whose items can be in it.
	members map[*hclschema.Index][]*hclschema.Entity
	// memberOf is members as a set.
	memberOf map[*hclschema.Index]map[*hclschema.Entity]bool
	// patternsOf lists, per index, the access patterns that read it.
	patternsOf map[*hclschema.Index][]*hclschema.AccessPattern
	// items caches the items computed from each entity's examples.
	items map[*hclschema.Entity][]exampleItem
	// sets caches the value sets of key writers per entity and attribute.
	sets map[writerKey]valueSet
	// collided caches the collisions found for TD111 and TD112.
	collided *[]collision
	// infos caches the per-index data of the collision check.
	infos map[*hclschema.Index]*indexInfo
	// entityPos is the declaration position of every entity.
	entityPos map[*hclschema.Entity]int
	// incomplete caches tableIncomplete per table.
	incomplete map[*hclschema.Table]bool
	// sets caches inputSets per pattern.
	inputs map[*hclschema.AccessPattern][]inputSet
	// shapes caches the shapes of stored key values per entity, index and
	// attribute (TD159).
	shapes map[writerKey][]storedItem
}

// posKey is a source position: a file and a byte offset.
type posKey struct {
	file string
	byte int
}

type writerKey struct {
	e    *hclschema.Entity
	ix   *hclschema.Index
	attr string
}

// exampleItem is an example of an entity with its computed item.
type exampleItem struct {
	ex   *hclschema.Example
	item hclschema.Item
}

func newAnalysis(s *hclschema.Schema) *analysis {
	a := &analysis{
		s:          s,
		members:    map[*hclschema.Index][]*hclschema.Entity{},
		memberOf:   map[*hclschema.Index]map[*hclschema.Entity]bool{},
		patternsOf: map[*hclschema.Index][]*hclschema.AccessPattern{},
		items:      map[*hclschema.Entity][]exampleItem{},
		sets:       map[writerKey]valueSet{},
		infos:      map[*hclschema.Index]*indexInfo{},
		entityPos:  map[*hclschema.Entity]int{},
		incomplete: map[*hclschema.Table]bool{},
		inputs:     map[*hclschema.AccessPattern][]inputSet{},
		shapes:     map[writerKey][]storedItem{},
	}
	for i, e := range s.Entities {
		a.entityPos[e] = i
	}
	for _, t := range s.Tables {
		for _, ix := range indexes(t) {
			set := map[*hclschema.Entity]bool{}
			for _, e := range t.Entities {
				if e != nil && e.Table == t && e.WritesKeyOf(ix) {
					a.members[ix] = append(a.members[ix], e)
					set[e] = true
				}
			}
			a.memberOf[ix] = set
		}
	}
	for _, p := range s.Patterns {
		if p != nil && p.Index != nil {
			a.patternsOf[p.Index] = append(a.patternsOf[p.Index], p)
		}
	}
	return a
}

// orRange returns r, or fallback when r is not set.
func orRange(r, fallback hcl.Range) hcl.Range {
	if r.Filename == "" {
		return fallback
	}
	return r
}

// argRange returns the range of the value of argument name, or fallback
// when it is not written.
func argRange(args map[string]hcl.Range, name string, fallback hcl.Range) hcl.Range {
	if r, ok := args[name]; ok {
		return r
	}
	return fallback
}

// hasArg reports whether argument name is written.
func hasArg(args map[string]hcl.Range, name string) bool {
	_, ok := args[name]
	return ok
}

// entityRefRange returns the range of the reference to entity e in the
// `entity` or `entities` argument of pattern p, or the pattern's header.
func entityRefRange(p *hclschema.AccessPattern, e *hclschema.Entity) hcl.Range {
	for i, x := range p.Entities {
		if x == e && i < len(p.EntityRanges) {
			return p.EntityRanges[i]
		}
	}
	return p.DeclRange
}

// exampleValueRange returns the range of the value of attribute name in
// example ex, or the example's header when the example does not set it (a
// computed key attribute).
func exampleValueRange(ex *hclschema.Example, name string) hcl.Range {
	return argRange(ex.ValueRanges, name, ex.DeclRange)
}

// indexes returns the indexes of t, skipping missing ones.
func indexes(t *hclschema.Table) []*hclschema.Index {
	var out []*hclschema.Index
	if t.Primary != nil {
		out = append(out, t.Primary)
	}
	for _, ix := range t.GSIs {
		if ix != nil {
			out = append(out, ix)
		}
	}
	for _, ix := range t.LSIs {
		if ix != nil {
			out = append(out, ix)
		}
	}
	return out
}

// inIndex reports whether items of e can appear in ix.
func (a *analysis) inIndex(e *hclschema.Entity, ix *hclschema.Index) bool {
	if set, ok := a.memberOf[ix]; ok {
		return set[e]
	}
	return e.WritesKeyOf(ix)
}

// writerSet returns the value set of the key attribute name of ix as entity
// e writes it; ok is false when e does not write it.
func (a *analysis) writerSet(e *hclschema.Entity, ix *hclschema.Index, name string) (valueSet, bool) {
	k := writerKey{e, ix, name}
	if vs, ok := a.sets[k]; ok {
		return vs, true
	}
	w, ok := e.KeyWriterFor(ix, name)
	if !ok {
		return valueSet{}, false
	}
	vs := valueSet{}
	if w.Template != nil {
		vs = setOf(w.Template.Expr)
	}
	a.sets[k] = vs
	return vs, true
}

// exampleItems returns the items of e's examples (examples whose item
// cannot be computed are skipped).
func (a *analysis) exampleItems(e *hclschema.Entity) []exampleItem {
	if its, ok := a.items[e]; ok {
		return its
	}
	var out []exampleItem
	if e.Table != nil && e.Table.Primary != nil {
		for _, ex := range e.Examples {
			if it, ok := ex.Item(); ok {
				out = append(out, exampleItem{ex: ex, item: it})
			}
		}
	}
	a.items[e] = out
	return out
}

// tableIncomplete reports whether an entity of t, or an entity whose table
// failed to load, is incomplete: what the table's entities write is then
// not fully known.
func (a *analysis) tableIncomplete(t *hclschema.Table) bool {
	if v, ok := a.incomplete[t]; ok {
		return v
	}
	v := false
	for _, e := range a.s.Entities {
		if e != nil && e.Incomplete && (e.Table == t || e.Table == nil) {
			v = true
			break
		}
	}
	a.incomplete[t] = v
	return v
}

// anyIncomplete reports whether one of es failed to load in part.
func anyIncomplete(es []*hclschema.Entity) bool {
	for _, e := range es {
		if e != nil && e.Incomplete {
			return true
		}
	}
	return false
}

// quoteList renders names as "a", "b" and "c".
func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = fmt.Sprintf("%q", s)
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// keyNames returns the names of key attributes.
func keyNames(ks []hclschema.KeyAttr) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = k.Name
	}
	return out
}

// tableKeyNames maps every key attribute name of t to the first index that
// uses it.
func tableKeyNames(t *hclschema.Table) map[string]*hclschema.Index {
	out := map[string]*hclschema.Index{}
	for _, ix := range indexes(t) {
		for _, k := range ix.KeyAttrs() {
			if _, ok := out[k.Name]; !ok {
				out[k.Name] = ix
			}
		}
	}
	return out
}

// entityList renders entity names: "User" and "Order".
func entityList(es []*hclschema.Entity) string {
	names := make([]string, 0, len(es))
	for _, e := range es {
		names = append(names, e.Name)
	}
	return quoteList(names)
}

func sortedCopy(in []string) []string {
	out := append([]string(nil), in...)
	sort.Strings(out)
	return out
}

func firstKey(ks []hclschema.KeyAttr) string {
	if len(ks) == 0 {
		return "KEY"
	}
	return ks[0].Name
}
