package doc

import (
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Graph is the structure of one table's design as a graph: the entities
// and the patterns that join them, the item collections of the table and
// of every index (which entities share a partition, with their sort-key
// shapes), and each access pattern's path (which index, which
// collection). The Markdown draws it with Mermaid (mermaid.go); the JSON
// document carries it as data, so both show one graph.
type Graph struct {
	Entities      []GraphEntity  `json:"entities"`
	Relationships []Relationship `json:"relationships"`
	Collections   []Collection   `json:"collections"`
	Paths         []PatternPath  `json:"paths"`
}

// GraphEntity is an entity and its attributes, in declaration order.
type GraphEntity struct {
	Name       string           `json:"name"`
	Attributes []GraphAttribute `json:"attributes"`
}

// GraphAttribute is one attribute of an entity.
type GraphAttribute struct {
	Name string `json:"name"`
	// Type is the type as written in the schema (enum("a", "b"),
	// list(string)), without optional(...).
	Type     string `json:"type"`
	Optional bool   `json:"optional,omitempty"`
	// PrimaryKey is true when the entity's primary key is computed from
	// the attribute (Entity.KeyNames).
	PrimaryKey bool `json:"primary_key,omitempty"`
	// Computed is the template of an attribute the schema computes on
	// every item, as written ("customer", "${a}#${b}"); "" for a declared
	// attribute.
	Computed string `json:"computed,omitempty"`
}

// Relationship joins two entities that an access pattern returns
// together: From is the first entity the pattern returns, To each of the
// others.
type Relationship struct {
	From string `json:"from"`
	To   string `json:"to"`
	// Kind is RelCollection when the pattern reads an item collection (a
	// Query for many items: one item of From with many of To), RelAlternative
	// when it returns at most one item, of either entity (a GetItem or a
	// cardinality "one" lookup over entities that share a key).
	Kind string `json:"kind"`
	// Patterns are the patterns that read both, in declaration order.
	Patterns []string `json:"patterns"`
}

// Relationship kinds.
const (
	RelCollection  = "collection"
	RelAlternative = "alternative"
)

// Collection is an item collection of an index: the entities whose
// partition key has the same shape (the same literal text around the
// same number of values), so that their items can share a partition.
type Collection struct {
	// ID names the collection in Paths: INDEX#N, N counting from 1 in the
	// index.
	ID string `json:"id"`
	// Index is the index name ("table" for the base table).
	Index string `json:"index"`
	// Partition is how the first member writes the partition key, one
	// `ATTR = template` per key attribute, the template as the entity-key
	// charts show it: PK = ACCOUNT#${login}.
	Partition []string `json:"partition"`
	Members   []Member `json:"members"`
}

// Member is an entity in an item collection.
type Member struct {
	Entity string `json:"entity"`
	// Sort is how the entity writes the sort key, one `ATTR = template`
	// per key attribute; empty when the index has no sort key.
	Sort []string `json:"sort,omitempty"`
	// When is the entity's sparse condition for the index, "" when every
	// item is in it (as far as its key attributes are present).
	When string `json:"when,omitempty"`
}

// PatternPath is the way an access pattern reads: its operation, the
// index and the collections that hold the entities it returns.
type PatternPath struct {
	Pattern   string `json:"pattern"`
	Operation string `json:"operation"`
	Index     string `json:"index"`
	// Collections are the IDs of the index's collections holding an
	// entity the pattern returns.
	Collections []string `json:"collections"`
	Entities    []string `json:"entities"`
}

// TableGraph returns the graph of table t of schema s.
func TableGraph(s *hclschema.Schema, t *hclschema.Table) Graph {
	g := Graph{Entities: []GraphEntity{}, Relationships: []Relationship{}, Collections: []Collection{}, Paths: []PatternPath{}}
	for _, e := range t.Entities {
		key := map[string]bool{}
		for _, n := range e.KeyNames() {
			key[n] = true
		}
		ge := GraphEntity{Name: e.Name, Attributes: []GraphAttribute{}}
		for _, a := range e.Attributes {
			ge.Attributes = append(ge.Attributes, GraphAttribute{Name: a.Name, Type: a.TypeString(), Optional: a.Optional, PrimaryKey: key[a.Name]})
		}
		for _, c := range e.Computed {
			ge.Attributes = append(ge.Attributes, GraphAttribute{Name: c.Attr, Type: hclschema.TypeString(c.Type), Computed: c.Expr.Text})
		}
		g.Entities = append(g.Entities, ge)
	}
	rel := map[[3]string]int{}
	for _, p := range s.Patterns {
		if p.Table != t || len(p.Entities) < 2 {
			continue
		}
		kind := RelCollection
		if p.Operation() == hclschema.OpGetItem || p.Cardinality == hclschema.CardinalityOne {
			kind = RelAlternative
		}
		from := p.Entities[0].Name
		for _, e := range p.Entities[1:] {
			k := [3]string{from, e.Name, kind}
			i, ok := rel[k]
			if !ok {
				i = len(g.Relationships)
				rel[k] = i
				g.Relationships = append(g.Relationships, Relationship{From: from, To: e.Name, Kind: kind})
			}
			g.Relationships[i].Patterns = append(g.Relationships[i].Patterns, p.Name)
		}
	}
	// member[index name][entity] is the ID of the entity's collection.
	member := map[string]map[string]string{}
	for _, ix := range t.Indexes() {
		member[ix.Name] = map[string]string{}
		for _, c := range indexCollections(t, ix) {
			g.Collections = append(g.Collections, c)
			for _, m := range c.Members {
				member[ix.Name][m.Entity] = c.ID
			}
		}
	}
	for _, p := range s.Patterns {
		if p.Table != t || p.Index == nil {
			continue
		}
		path := PatternPath{Pattern: p.Name, Operation: string(p.Operation()), Index: p.Index.Name, Collections: []string{}, Entities: []string{}}
		seen := map[string]bool{}
		for _, e := range p.Entities {
			path.Entities = append(path.Entities, e.Name)
			if id, ok := member[p.Index.Name][e.Name]; ok && !seen[id] {
				seen[id] = true
				path.Collections = append(path.Collections, id)
			}
		}
		g.Paths = append(g.Paths, path)
	}
	return g
}

// indexCollections groups the entities of t that write every key
// attribute of ix by the shape of their partition key.
func indexCollections(t *hclschema.Table, ix *hclschema.Index) []Collection {
	var out []Collection
	byShape := map[string]int{}
	for _, e := range t.Entities {
		part, shape, ok := keyTexts(e, ix, ix.PartitionKey)
		if !ok {
			continue
		}
		sort, _, ok := keyTexts(e, ix, ix.SortKey)
		if !ok {
			continue
		}
		m := Member{Entity: e.Name, Sort: sort}
		if ei := e.IndexBlock(ix.Name); ei != nil && ei.When != nil && ix.Kind != hclschema.IndexPrimary {
			m.When = ei.When.Text
		}
		i, seen := byShape[shape]
		if !seen {
			i = len(out)
			byShape[shape] = i
			out = append(out, Collection{ID: ix.Name + "#" + strconv.Itoa(i+1), Index: ix.Name, Partition: part})
		}
		out[i].Members = append(out[i].Members, m)
	}
	return out
}

// keyTexts returns how entity e writes the key attributes keys of ix (one
// `ATTR = template` each, `ATTR (attribute)` for an attribute stored as
// is) and their shape; ok is false when e does not write one of them.
func keyTexts(e *hclschema.Entity, ix *hclschema.Index, keys []hclschema.KeyAttr) (texts []string, shape string, ok bool) {
	var shapes []string
	for _, k := range keys {
		if tpl := e.KeyTemplateFor(ix, k.Name); tpl != nil {
			texts = append(texts, k.Name+" = "+tpl.Expr.Inner())
			shapes = append(shapes, templateShape(tpl.Expr))
			continue
		}
		if e.Attribute(k.Name) == nil {
			return nil, "", false
		}
		texts = append(texts, k.Name+" (attribute)")
		shapes = append(shapes, "\x01")
	}
	return texts, strings.Join(shapes, "\x00"), true
}

// templateShape is a template with every value it computes replaced by a
// mark: "USER#${login}" and "USER#${id}" have the same shape, so their
// items can share a partition.
func templateShape(t *hclschema.Template) string {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Kind == hclschema.PartLiteral && p.Value.IsKnown() && !p.Value.IsNull() {
			switch p.Value.Type() {
			case cty.String:
				b.WriteString(p.Value.AsString())
				continue
			case cty.Number:
				b.WriteString(p.Value.AsBigFloat().Text('f', -1))
				continue
			}
		}
		b.WriteByte('\x01')
	}
	return b.String()
}

// erType is the attribute's type as one word Mermaid's ER grammar takes:
// the type as written when it is a name with parentheses (list(string)),
// else the name of its kind (object, map, enum).
func erType(a GraphAttribute) string {
	simple := func(s string) bool {
		for _, r := range s {
			switch {
			case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '(', r == ')':
			default:
				return false
			}
		}
		return s != ""
	}
	if simple(a.Type) {
		return a.Type
	}
	if i := strings.IndexByte(a.Type, '('); i > 0 && simple(a.Type[:i]) {
		return a.Type[:i]
	}
	return "value"
}
