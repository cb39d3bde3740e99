package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// analysis holds what several rules need, computed once per schema: the
// source blocks behind model objects, the entities of every index and the
// items of the entities' examples.
type analysis struct {
	s *hclschema.Schema
	// blocks maps the definition range start of a top-level block and of a
	// table's index blocks to the block's syntax.
	blocks map[posKey]*hclsyntax.Block
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
}

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
		blocks:     map[posKey]*hclsyntax.Block{},
		members:    map[*hclschema.Index][]*hclschema.Entity{},
		memberOf:   map[*hclschema.Index]map[*hclschema.Entity]bool{},
		patternsOf: map[*hclschema.Index][]*hclschema.AccessPattern{},
		items:      map[*hclschema.Entity][]exampleItem{},
		sets:       map[writerKey]valueSet{},
		infos:      map[*hclschema.Index]*indexInfo{},
		entityPos:  map[*hclschema.Entity]int{},
	}
	for i, e := range s.Entities {
		a.entityPos[e] = i
	}
	names := make([]string, 0, len(s.Files))
	for n := range s.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		f := s.Files[n]
		if f == nil {
			continue
		}
		body, ok := f.Body.(*hclsyntax.Body)
		if !ok {
			continue
		}
		for _, b := range body.Blocks {
			a.addBlock(b)
			if b.Type == "table" && b.Body != nil {
				for _, ib := range b.Body.Blocks {
					a.addBlock(ib)
				}
			}
		}
	}
	for _, t := range s.Tables {
		for _, ix := range indexes(t) {
			set := map[*hclschema.Entity]bool{}
			for _, e := range t.Entities {
				if e != nil && e.Table == t && entityInIndex(e, ix) {
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

func (a *analysis) addBlock(b *hclsyntax.Block) {
	r := b.DefRange()
	a.blocks[posKey{r.Filename, r.Start.Byte}] = b
}

// block returns the syntax of the block whose definition range starts where
// rng starts, or nil.
func (a *analysis) block(rng hcl.Range) *hclsyntax.Block {
	return a.blocks[posKey{rng.Filename, rng.Start.Byte}]
}

// blockAttr returns the attribute name of the block defined at rng, or nil.
func (a *analysis) blockAttr(rng hcl.Range, name string) *hclsyntax.Attribute {
	b := a.block(rng)
	if b == nil || b.Body == nil {
		return nil
	}
	return b.Body.Attributes[name]
}

// keyBlockRange returns the range of the `key` header of an access pattern,
// or the pattern's own header when the source is not available.
func (a *analysis) keyBlockRange(p *hclschema.AccessPattern) hcl.Range {
	if b := a.block(p.DeclRange); b != nil && b.Body != nil {
		for _, kb := range b.Body.Blocks {
			if kb.Type == "key" {
				return kb.DefRange()
			}
		}
	}
	return p.DeclRange
}

// entityRefRange returns the range of the reference to entity e in the
// `entity` or `entities` argument of pattern p, or the pattern's header.
func (a *analysis) entityRefRange(p *hclschema.AccessPattern, e *hclschema.Entity) hcl.Range {
	var exprs []hcl.Expression
	if at := a.blockAttr(p.DeclRange, "entity"); at != nil {
		exprs = append(exprs, at.Expr)
	}
	if at := a.blockAttr(p.DeclRange, "entities"); at != nil {
		if list, ds := hcl.ExprList(at.Expr); !ds.HasErrors() {
			exprs = append(exprs, list...)
		}
	}
	for _, x := range exprs {
		tr, ds := hcl.AbsTraversalForExpr(x)
		if ds.HasErrors() || len(tr) != 2 {
			continue
		}
		if ta, ok := tr[1].(hcl.TraverseAttr); ok && ta.Name == e.Name {
			return x.Range()
		}
	}
	return p.DeclRange
}

// listElementRanges returns the ranges of the elements of the list argument
// name of the block defined at def; ok is false when the source is not a
// list of n elements.
func (a *analysis) listElementRanges(def hcl.Range, name string, n int) ([]hcl.Range, bool) {
	at := a.blockAttr(def, name)
	if at == nil {
		return nil, false
	}
	list, ds := hcl.ExprList(at.Expr)
	if ds.HasErrors() || len(list) != n {
		return nil, false
	}
	out := make([]hcl.Range, n)
	for i, x := range list {
		out[i] = x.Range()
	}
	return out, true
}

// source returns the source text of rng, or "" when it is not available.
func (a *analysis) source(rng hcl.Range) string {
	f := a.s.Files[rng.Filename]
	if f == nil || rng.Start.Byte < 0 || rng.End.Byte > len(f.Bytes) || rng.Start.Byte > rng.End.Byte {
		return ""
	}
	return string(f.Bytes[rng.Start.Byte:rng.End.Byte])
}

// exprText returns the source of an expression, for details.
func (a *analysis) exprText(x hcl.Expression) string {
	if x == nil {
		return ""
	}
	if s := a.source(x.Range()); s != "" {
		return s
	}
	return "(expression)"
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

// keySource is how an entity gives a key attribute its value: its own
// attribute stored as is, or a template.
type keySource struct {
	attr *hclschema.Attribute
	tpl  *hclschema.KeyTemplate
}

// typ is the DynamoDB type written: S, N, or "" for a non-scalar attribute.
func (k keySource) typ() string {
	if k.attr != nil {
		return k.attr.DynamoType()
	}
	return k.tpl.Type
}

// keyWriter returns how entity e writes key attribute name of index ix:
// its attribute, the template of its block for ix, its primary key template,
// or a template of another index block (in that order).
func keyWriter(e *hclschema.Entity, ix *hclschema.Index, name string) (keySource, bool) {
	if at := e.Attribute(name); at != nil {
		return keySource{attr: at}, true
	}
	if ix != nil && ix.Kind != hclschema.IndexPrimary {
		if ei := indexBlock(e, ix); ei != nil {
			if t := ei.Template(name); t != nil {
				return keySource{tpl: t}, true
			}
		}
	}
	if t := e.Key.Template(name); t != nil {
		return keySource{tpl: t}, true
	}
	for _, ei := range e.Indexes {
		if ei == nil {
			continue
		}
		if t := ei.Template(name); t != nil {
			return keySource{tpl: t}, true
		}
	}
	return keySource{}, false
}

// indexBlock returns the block of entity e for index ix, or nil.
func indexBlock(e *hclschema.Entity, ix *hclschema.Index) *hclschema.EntityIndex {
	for _, ei := range e.Indexes {
		if ei != nil && ei.Index == ix {
			return ei
		}
	}
	return nil
}

// entityInIndex reports whether items of e can appear in ix: e writes every
// key attribute of ix, through its attributes (native), a key template or
// an index block. Types are not compared here: a type conflict is TD107.
func entityInIndex(e *hclschema.Entity, ix *hclschema.Index) bool {
	if e.Table == nil || e.Table != ix.Table || len(ix.PartitionKey) == 0 {
		return false
	}
	for _, k := range ix.KeyAttrs() {
		if _, ok := keyWriter(e, ix, k.Name); !ok {
			return false
		}
	}
	return true
}

// inIndex reports whether items of e can appear in ix.
func (a *analysis) inIndex(e *hclschema.Entity, ix *hclschema.Index) bool {
	if set, ok := a.memberOf[ix]; ok {
		return set[e]
	}
	return entityInIndex(e, ix)
}

// writerSet returns the value set of the key attribute name of ix as entity
// e writes it; ok is false when e does not write it.
func (a *analysis) writerSet(e *hclschema.Entity, ix *hclschema.Index, name string) (valueSet, bool) {
	k := writerKey{e, ix, name}
	if vs, ok := a.sets[k]; ok {
		return vs, true
	}
	w, ok := keyWriter(e, ix, name)
	if !ok {
		return valueSet{}, false
	}
	vs := valueSet{}
	if w.tpl != nil {
		vs = setOf(w.tpl.Expr)
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
			if ex == nil || ex.Values == cty.NilVal {
				continue
			}
			it, err := e.Item(ex.Values)
			if err != nil {
				continue
			}
			out = append(out, exampleItem{ex: ex, item: it})
		}
	}
	a.items[e] = out
	return out
}

// tableIncomplete reports whether an entity of t, or an entity whose table
// failed to load, is incomplete: what the table's entities write is then
// not fully known.
func (a *analysis) tableIncomplete(t *hclschema.Table) bool {
	for _, e := range a.s.Entities {
		if e != nil && e.Incomplete && (e.Table == t || e.Table == nil) {
			return true
		}
	}
	return false
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
