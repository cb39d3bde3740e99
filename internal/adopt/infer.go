package adopt

import (
	"fmt"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// Entity is an entity proposed from sampled items: the items that share the
// prefixes of the table's partition and sort key values.
type Entity struct {
	Name string
	// Items is how many sampled items it was inferred from.
	Items int
	// PKPrefix and SKPrefix are the key prefixes its items share.
	PKPrefix, SKPrefix string
	Attrs              []Attr
	// Key holds the templates of the table's key attributes (partition
	// key first); an attribute not here is an entity attribute.
	Key []Assign
	// Computed are the attributes every sampled item holds with one value
	// that tells the kind of item (EntityType = "customer"): proposed as
	// computed constants, written on every item.
	Computed []Assign
	// Indexes are the GSIs and LSIs every item of the entity is in, with
	// the templates of their key attributes (none: entity attributes).
	Indexes []IndexUse
	// Examples are items of the sample, as values of Attrs.
	Examples []map[string]cty.Value
	// ExampleLabels label Examples ("" or absent: an unlabelled example).
	ExampleLabels []string
	// Comment replaces the "Proposal: inferred from ..." comment when set
	// (an entity read as it was declared, such as from tfdyn's section of a
	// Workbench model).
	Comment string
	// Skipped names attributes left out, with the reason.
	Skipped []string
	// KeyTypesOnly marks the entity that only declares the types of key
	// attributes no sampled item writes.
	KeyTypesOnly bool
	// Unique lists the attributes whose guard items the sample holds
	// (unique = [...]), with Guards the number of those items.
	Unique []string
	Guards int
}

// IndexUse is an index a proposed entity is in.
type IndexUse struct {
	Name string
	// When is the sparse condition (HCL source), "" for none.
	When string
	Key  []Assign
}

// Attr is an attribute of a proposed entity.
type Attr struct {
	Name string
	// Type is the tfdyn type expression: string, number, bool, set(string)...
	Type     string
	Optional bool
}

// Assign is a key template: Attr = Expr (HCL source).
type Assign struct {
	Attr, Expr string
}

// MaxExamples is how many sampled items each proposed entity shows.
const MaxExamples = 2

// value is one attribute of an item in the forms inference needs.
type value struct {
	typ string // tfdyn type expression, "" when unsupported
	ddb string // DynamoDB type: S, N, BOOL, SS, NS, M, L, B, ...
	s   string // S and N: the text
	v   cty.Value
}

// tfdynTypes are the tfdyn attribute types of the DynamoDB types that
// have one.
var tfdynTypes = map[string]string{
	dynamo.TypeS: "string", dynamo.TypeN: "number", dynamo.TypeBOOL: "bool",
	dynamo.TypeSS: "set(string)", dynamo.TypeNS: "set(number)",
}

func convertItem(item map[string]types.AttributeValue) map[string]value {
	out := map[string]value{}
	for k, av := range item {
		x := value{ddb: dynamo.TypeOf(av), s: dynamo.Text(av)}
		if typ, ok := tfdynTypes[x.ddb]; ok {
			if v, err := dynamo.Cty(av); err == nil {
				x.typ, x.v = typ, v
			}
		}
		if x.ddb != "" {
			out[k] = x
		}
	}
	return out
}

// prefix is the part of a key value that names its kind: up to and
// including the first "#", the whole value when it is a marker such as
// PROFILE (upper case letters, digits and "_"), else "".
func prefix(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		return s[:i+1]
	}
	if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
		for _, r := range s {
			if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
				return ""
			}
		}
		return s
	}
	return ""
}

// kindPrefix is prefix(s) unless the prefix is data: a value of another
// attribute of the item followed by "#" ("WARNING1#..." beside State =
// "WARNING1" in a composite "State#Date"), which names no kind of item.
func kindPrefix(s string, item map[string]value) string {
	p := prefix(s)
	if head, ok := strings.CutSuffix(p, "#"); ok && head != "" {
		for _, v := range item {
			if v.ddb == "S" && v.s == head {
				return ""
			}
		}
	}
	return p
}

// words splits a prefix into its words: "ORDER_ITEM#" -> ["order", "item"].
func words(p string) []string {
	return strings.FieldsFunc(strings.ToLower(p), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
}

func title(ws []string) string {
	var b strings.Builder
	for _, w := range ws {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

func camel(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return ws[0] + title(ws[1:])
}

// Infer proposes entities for the sampled items of table t: one per pair of
// partition and sort key prefixes, in sorted order of the prefixes. When a
// key attribute of type N is written by no proposal, an entity that only
// declares the key attribute types is added (so emit writes them as N).
func Infer(t *Table, items []map[string]types.AttributeValue) []Entity {
	type group struct {
		pk, sk string
		items  []map[string]value
	}
	groups := map[[2]string]*group{}
	guards := map[guardKey][]map[string]value{}
	pk, sk := t.partitionKey(), t.sortKey()
	for _, it := range items {
		v := convertItem(it)
		if gk, ok := guardOf(t, v); ok {
			guards[gk] = append(guards[gk], v)
			continue
		}
		pk, ok := v[pk]
		if !ok {
			continue
		}
		g := [2]string{"", ""}
		if pk.ddb == "S" {
			g[0] = kindPrefix(pk.s, v)
		}
		if sk != "" {
			if sk, ok := v[sk]; ok && sk.ddb == "S" {
				g[1] = kindPrefix(sk.s, v)
			}
		}
		if groups[g] == nil {
			groups[g] = &group{pk: g[0], sk: g[1]}
		}
		groups[g].items = append(groups[g].items, v)
	}
	keys := make([][2]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	var out []Entity
	var grouped [][]map[string]value
	for _, k := range keys {
		g := groups[k]
		sortItems(t, g.items)
		out = append(out, inferEntity(t, g.pk, g.sk, g.items))
		grouped = append(grouped, g.items)
	}
	proposeComputed(t, out, grouped)
	nameEntities(out)
	out = attachGuards(t, out, grouped, guards)
	if kt := keyTypes(t, out); kt != nil {
		out = append(out, *kt)
	}
	return out
}

// sortItems orders items by their table key values.
func sortItems(t *Table, items []map[string]value) {
	pk, sk := t.partitionKey(), t.sortKey()
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i], items[j]
		if a[pk].s != b[pk].s {
			return a[pk].s < b[pk].s
		}
		return a[sk].s < b[sk].s
	})
}

// guardKey names the unique attribute a guard item enforces: the entity
// and attribute its partition key names.
type guardKey struct{ entity, attr string }

// guardOf recognises a guard item of `unique` (hclschema's guard entity:
// partition key "UNIQUE#<Entity>#<attr>#<value>", sort key "UNIQUE", the
// attribute itself with that value, nothing else).
func guardOf(t *Table, v map[string]value) (guardKey, bool) {
	pk, ok := v[t.partitionKey()]
	if !ok || pk.ddb != "S" || !strings.HasPrefix(pk.s, "UNIQUE#") {
		return guardKey{}, false
	}
	parts := strings.SplitN(strings.TrimPrefix(pk.s, "UNIQUE#"), "#", 3)
	if len(parts) != 3 || !hclsyntax.ValidIdentifier(parts[0]) || !hclsyntax.ValidIdentifier(parts[1]) {
		return guardKey{}, false
	}
	gk := guardKey{entity: parts[0], attr: parts[1]}
	want := 2
	if sk := t.sortKey(); sk != "" {
		if sk, ok := v[sk]; !ok || sk.ddb != "S" || sk.s != "UNIQUE" {
			return guardKey{}, false
		}
		want++
	}
	a, ok := v[gk.attr]
	if !ok || (a.ddb != "S" && a.ddb != "N") || a.s != parts[2] || len(v) != want {
		return guardKey{}, false
	}
	return gk, true
}

// attachGuards declares the guard items of the sample as `unique` on the
// proposal that owns them: the one named in their key, else the one whose
// sampled items hold the most of their values (renamed to the name the
// guard items' keys carry, so the schema reads them back). Guard items
// whose owner is not in the sample are proposed as an entity of their own,
// with a note saying what they are.
func attachGuards(t *Table, out []Entity, grouped [][]map[string]value, guards map[guardKey][]map[string]value) []Entity {
	gks := make([]guardKey, 0, len(guards))
	for gk := range guards {
		gks = append(gks, gk)
	}
	sort.Slice(gks, func(i, j int) bool {
		if gks[i].entity != gks[j].entity {
			return gks[i].entity < gks[j].entity
		}
		return gks[i].attr < gks[j].attr
	})
	hasAttr := func(e Entity, name string) bool {
		for _, a := range e.Attrs {
			if a.Name == name && !a.Optional && (a.Type == "string" || a.Type == "number") {
				return true
			}
		}
		return false
	}
	var orphans []Entity
	for _, gk := range gks {
		items := guards[gk]
		owner := -1
		for i, e := range out {
			if e.Name == gk.entity && hasAttr(e, gk.attr) {
				owner = i
			}
		}
		if owner < 0 {
			vals := map[string]bool{}
			for _, it := range items {
				vals[it[gk.attr].s] = true
			}
			best := 0
			for i, e := range out {
				if !hasAttr(e, gk.attr) {
					continue
				}
				n := 0
				for _, it := range grouped[i] {
					if vals[it[gk.attr].s] {
						n++
					}
				}
				if n > best {
					owner, best = i, n
				}
			}
			if owner >= 0 {
				for _, e := range out {
					if e.Name == gk.entity {
						owner = -1 // the name is taken by another proposal
					}
				}
			}
		}
		if owner >= 0 && len(out[owner].Unique) > 0 && out[owner].Name != gk.entity {
			owner = -1 // guard items of two entity names cannot share one owner
		}
		if owner < 0 {
			sortItems(t, items)
			e := inferEntity(t, prefix(items[0][t.partitionKey()].s), prefix(items[0][t.sortKey()].s), items)
			e.Name = gk.entity + "Unique" + strings.ToUpper(gk.attr[:1]) + gk.attr[1:] + "Guards"
			e.Skipped = append(e.Skipped, fmt.Sprintf("these look like the guard items of unique %q of an entity %s, which the sample does not hold: "+
				"declare unique = [%q] on that entity (named %s) and remove this one", gk.attr, gk.entity, gk.attr, gk.entity))
			orphans = append(orphans, e)
			continue
		}
		out[owner].Name = gk.entity
		out[owner].Unique = append(out[owner].Unique, gk.attr)
		out[owner].Guards += len(items)
	}
	return append(out, orphans...)
}

// nameEntities names each entity after its sort key prefix (else its
// partition key prefix), adding the partition key's words and then a
// number where names repeat.
func nameEntities(es []Entity) {
	base := func(e Entity) string {
		if w := words(e.SKPrefix); len(w) > 0 {
			return title(w)
		}
		if w := words(e.PKPrefix); len(w) > 0 {
			return title(w)
		}
		return "Item"
	}
	count := map[string]int{}
	for _, e := range es {
		count[base(e)]++
	}
	used := map[string]bool{}
	for i := range es {
		n := base(es[i])
		if count[n] > 1 && len(words(es[i].SKPrefix)) > 0 {
			n = title(words(es[i].PKPrefix)) + n
		}
		if n[0] >= '0' && n[0] <= '9' {
			n = "E" + n
		}
		name := n
		for j := 2; used[name]; j++ {
			name = fmt.Sprintf("%s%d", n, j)
		}
		used[name] = true
		es[i].Name = name
	}
}

func inferEntity(t *Table, pkp, skp string, items []map[string]value) Entity {
	e := Entity{PKPrefix: pkp, SKPrefix: skp, Items: len(items)}
	pk, sk := t.partitionKey(), t.sortKey()
	tableKeys := map[string]bool{pk: true}
	if sk != "" {
		tableKeys[sk] = true
	}
	// Attribute types and presence.
	typ := map[string]string{}
	present := map[string]int{}
	bad := map[string]string{}
	for _, it := range items {
		for n, v := range it {
			present[n]++
			switch {
			case v.typ == "":
				bad[n] = fmt.Sprintf("%q has DynamoDB type %s, which a tfdyn attribute type cannot express: declare it by hand", n, v.ddb)
			case typ[n] == "":
				typ[n] = v.typ
			case typ[n] != v.typ:
				bad[n] = fmt.Sprintf("%q has several types (%s, %s): declare it by hand", n, typ[n], v.typ)
			}
		}
	}
	attrs := map[string]Attr{}
	for n, ty := range typ {
		if bad[n] == "" && !tableKeys[n] {
			attrs[n] = Attr{Name: n, Type: ty, Optional: present[n] < len(items)}
		}
	}
	// Table key attributes: a template when the values share a prefix.
	synth := map[string]func(map[string]value) cty.Value{}
	for _, k := range []string{pk, sk} {
		if k == "" {
			continue
		}
		p := pkp
		if k == sk {
			p = skp
		}
		if bad[k] == "" && typ[k] == "string" {
			// A composite of two attributes ("State#Date" holding
			// "WARNING1#2020-04-24T14:40:00" beside State and Date).
			if expr := compositeTemplate(k, items, attrs, tableKeys); expr != "" {
				e.Key = append(e.Key, Assign{Attr: k, Expr: expr})
				continue
			}
		}
		if bad[k] != "" || typ[k] != "string" || p == "" {
			if bad[k] == "" {
				attrs[k] = Attr{Name: k, Type: typ[k], Optional: false}
			}
			continue
		}
		constant := true
		for _, it := range items {
			if it[k].s != p {
				constant = false
			}
		}
		if constant {
			e.Key = append(e.Key, Assign{Attr: k, Expr: quote(p)})
			continue
		}
		if !strings.HasSuffix(p, "#") {
			attrs[k] = Attr{Name: k, Type: "string"}
			continue
		}
		// The rest of the value: an attribute holding it in every item, or a
		// new attribute named after the prefix.
		v := ""
		for _, n := range sortedKeys(attrs) {
			a := attrs[n]
			if a.Optional || a.Type != "string" || tableKeys[n] || strings.Contains(n, "-") {
				continue
			}
			all := true
			for _, it := range items {
				if p+it[n].s != it[k].s {
					all = false
					break
				}
			}
			if all {
				v = n
				break
			}
		}
		// The rest of an earlier key attribute's value (SK = "C#${id}" next
		// to PK = "C#${id}"): the same new attribute.
		for _, n := range sortedKeys(synth) {
			if v != "" {
				break
			}
			same := true
			for _, it := range items {
				if synth[n](it).AsString() != strings.TrimPrefix(it[k].s, p) {
					same = false
					break
				}
			}
			if same {
				v = n
			}
		}
		if v == "" {
			v = camel(words(p))
			if v == "" || v[0] >= '0' && v[0] <= '9' {
				v = "id" + title(words(p))
			}
			for _, taken := attrs[v]; taken || present[v] > 0 || tableKeys[v]; _, taken = attrs[v] {
				v += "Key"
			}
			attrs[v] = Attr{Name: v, Type: "string"}
			kk, pp := k, p
			synth[v] = func(it map[string]value) cty.Value { return cty.StringVal(strings.TrimPrefix(it[kk].s, pp)) }
		}
		e.Key = append(e.Key, Assign{Attr: k, Expr: strings.TrimSuffix(quote(p), `"`) + "${" + hclschema.AttrRef(v) + `}"`})
	}
	// Index membership: every item has every key attribute of the index.
	// A key attribute of one index only whose values are a prefix and an
	// attribute of the item (or one constant marker) becomes a template.
	used := map[string]int{}
	type index struct {
		name string
		keys []string
	}
	var all []index
	for _, g := range t.Spec.GSIs {
		all = append(all, index{g.Name, append(g.Key.PartitionNames(), g.Key.SortNames()...)})
	}
	for _, l := range t.Spec.LSIs {
		all = append(all, index{l.Name, []string{l.SortKey.Name}})
	}
	for _, ix := range all {
		for _, a := range ix.keys {
			used[a]++
		}
	}
	for _, ix := range all {
		in := true
		for _, a := range ix.keys {
			if present[a] < len(items) && !tableKeys[a] {
				in = false
			}
		}
		if !in {
			continue
		}
		use := IndexUse{Name: ix.name}
		for _, a := range ix.keys {
			if tableKeys[a] || used[a] != 1 || typ[a] != "string" || bad[a] != "" {
				continue
			}
			if expr := indexTemplate(a, items, attrs, tableKeys); expr != "" {
				use.Key = append(use.Key, Assign{Attr: a, Expr: expr})
				delete(attrs, a)
			}
		}
		e.Indexes = append(e.Indexes, use)
	}
	for _, n := range sortedKeys(attrs) {
		e.Attrs = append(e.Attrs, attrs[n])
	}
	for _, n := range sortedKeys(bad) {
		e.Skipped = append(e.Skipped, bad[n])
	}
	for i, it := range items {
		if i == MaxExamples {
			break
		}
		ex := map[string]cty.Value{}
		for _, a := range e.Attrs {
			if f := synth[a.Name]; f != nil {
				ex[a.Name] = f(it)
			} else if v, ok := it[a.Name]; ok {
				ex[a.Name] = v.v
			}
		}
		e.Examples = append(e.Examples, ex)
	}
	return e
}

// kindWords are the words of an attribute name that says what kind of
// item it is on (EntityType, kind, _type, recordType).
var kindWords = []string{"type", "kind", "entity"}

// proposeComputed turns into computed constants the attributes that tell
// the kind of item: a required string attribute that holds one value in
// every sampled item of a proposal (two items at least), named like a
// discriminator (its name holds "type", "kind" or "entity") or holding
// another constant in another proposal. A key attribute of an index, or an
// attribute a proposed template reads, stays an attribute (a computed
// attribute is neither).
func proposeComputed(t *Table, ents []Entity, grouped [][]map[string]value) {
	keys := map[string]bool{}
	for _, k := range t.KeyAttrs() {
		keys[k] = true
	}
	constant := make([]map[string]string, len(ents))
	values := map[string]map[string]bool{} // attribute -> constants over proposals
	for i := range ents {
		constant[i] = map[string]string{}
		items := grouped[i]
		if len(items) < 2 {
			continue
		}
		for _, a := range ents[i].Attrs {
			if a.Optional || a.Type != "string" || keys[a.Name] {
				continue
			}
			v, ok := items[0][a.Name]
			if !ok || v.ddb != "S" {
				continue
			}
			same := true
			for _, it := range items[1:] {
				if w, ok := it[a.Name]; !ok || w.ddb != "S" || w.s != v.s {
					same = false
					break
				}
			}
			if same {
				constant[i][a.Name] = v.s
				if values[a.Name] == nil {
					values[a.Name] = map[string]bool{}
				}
				values[a.Name][v.s] = true
			}
		}
	}
	for i := range ents {
		e := &ents[i]
		var attrs []Attr
		for _, a := range e.Attrs {
			v, ok := constant[i][a.Name]
			if !ok || !(kindName(a.Name) || len(values[a.Name]) > 1) || readByTemplate(e, a.Name) {
				attrs = append(attrs, a)
				continue
			}
			e.Computed = append(e.Computed, Assign{Attr: a.Name, Expr: quote(v)})
			for _, ex := range e.Examples {
				delete(ex, a.Name)
			}
		}
		e.Attrs = attrs
	}
}

// kindName reports whether an attribute's name says it tells the kind of
// item.
func kindName(n string) bool {
	l := strings.ToLower(n)
	for _, w := range kindWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// readByTemplate reports whether a proposed template of e reads attribute
// n.
func readByTemplate(e *Entity, n string) bool {
	ref := "${" + hclschema.AttrRef(n) + "}"
	for _, k := range e.Key {
		if strings.Contains(k.Expr, ref) {
			return true
		}
	}
	for _, ix := range e.Indexes {
		if strings.Contains(ix.When, n) {
			return true
		}
		for _, k := range ix.Key {
			if strings.Contains(k.Expr, ref) {
				return true
			}
		}
	}
	return false
}

// compositeSeparators are the separators compositeTemplate tries, in
// order.
var compositeSeparators = []string{"#", "|", ":"}

// compositeTemplate is the template of key attribute k when every item's
// value is the value of one required string attribute, a separator and
// the value of another ("${State}#${Date}"); else "".
func compositeTemplate(k string, items []map[string]value, attrs map[string]Attr, tableKeys map[string]bool) string {
	var cands []string
	for _, n := range sortedKeys(attrs) {
		a := attrs[n]
		if n != k && !a.Optional && a.Type == "string" && !tableKeys[n] {
			cands = append(cands, n)
		}
	}
	for _, sep := range compositeSeparators {
		for _, a := range cands {
			for _, b := range cands {
				if a == b {
					continue
				}
				match := true
				for _, it := range items {
					va, oka := it[a]
					vb, okb := it[b]
					if !oka || !okb || va.s == "" || vb.s == "" || va.s+sep+vb.s != it[k].s {
						match = false
						break
					}
				}
				if match {
					return `"${` + hclschema.AttrRef(a) + "}" + sep + "${" + hclschema.AttrRef(b) + `}"`
				}
			}
		}
	}
	return ""
}

// indexTemplate is the template of index key attribute k when every item's
// value is one constant marker, or one prefix ending in "#" followed by the
// value of another required string attribute; else "".
func indexTemplate(k string, items []map[string]value, attrs map[string]Attr, tableKeys map[string]bool) string {
	p := prefix(items[0][k].s)
	if p == "" {
		return ""
	}
	constant := true
	for _, it := range items {
		if prefix(it[k].s) != p {
			return ""
		}
		if it[k].s != p {
			constant = false
		}
	}
	if constant {
		return quote(p)
	}
	if !strings.HasSuffix(p, "#") {
		return ""
	}
	for _, n := range sortedKeys(attrs) {
		a := attrs[n]
		if n == k || a.Optional || a.Type != "string" || tableKeys[n] || strings.Contains(n, "-") {
			continue
		}
		match := true
		for _, it := range items {
			v, ok := it[n]
			if !ok || p+v.s != it[k].s {
				match = false
				break
			}
		}
		if match {
			return strings.TrimSuffix(quote(p), `"`) + "${" + hclschema.AttrRef(n) + `}"`
		}
	}
	return ""
}

// keyTypes returns the entity declaring the key attributes of type N that
// no proposal writes as a number, or nil.
func keyTypes(t *Table, es []Entity) *Entity {
	written := map[string]bool{}
	for _, e := range es {
		for _, a := range e.Attrs {
			if a.Type == "number" {
				written[a.Name] = true
			}
		}
	}
	var missing []string
	for _, k := range t.KeyAttrs() {
		if t.attrType(k) == hclschema.TypeN && !written[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	e := &Entity{Name: "KeyTypes", KeyTypesOnly: true}
	need := map[string]bool{t.partitionKey(): true}
	if sk := t.sortKey(); sk != "" {
		need[sk] = true
	}
	for _, k := range missing {
		need[k] = true
	}
	for _, k := range sortedKeys(need) {
		ty := "string"
		if t.attrType(k) == hclschema.TypeN {
			ty = "number"
		}
		e.Attrs = append(e.Attrs, Attr{Name: k, Type: ty})
	}
	return e
}

// Disambiguate renames the proposed entities whose names are taken (by the
// schemas already in the directory import writes into), prefixing them
// with the table's label in CamelCase (KeyTypes → OrdersKeyTypes), then
// with a number, so that several tables imported into one directory
// still form one valid schema.
func Disambiguate(ents []Entity, taken map[string]bool, label string) {
	used := map[string]bool{}
	for n := range taken {
		used[n] = true
	}
	prefix := title(words(label))
	if prefix == "" || prefix[0] >= '0' && prefix[0] <= '9' {
		prefix = "T" + prefix
	}
	for i := range ents {
		if !used[ents[i].Name] {
			used[ents[i].Name] = true
			continue
		}
		name := prefix + ents[i].Name
		for j := 2; used[name]; j++ {
			name = fmt.Sprintf("%s%s%d", prefix, ents[i].Name, j)
		}
		ents[i].Name = name
		used[name] = true
	}
}
