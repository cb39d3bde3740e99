package adopt

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/workbench"
)

// tfdyn import --from-workbench: a NoSQL Workbench data model into a
// starting schema, one file per table. A table's section written by tfdyn
// doc --format workbench ("tfdyn") is read as declared: the same entities,
// templates, sparse conditions, indexes, settings and access patterns. A
// model made in Workbench has none: each facet becomes an entity, its
// attributes and key templates inferred from the facet's sample items
// with the same inference as a live table's sample (Infer), and an access
// pattern is proposed per entity (a GetItem by its primary key, the read a
// facet shows); items no facet holds are grouped by key prefix.

// WorkbenchTable is one table of a Workbench model as a schema.
type WorkbenchTable struct {
	Table    *Table
	Label    string
	Entities []Entity
	Patterns []Pattern
	// Accepts are accept blocks to write.
	Accepts []workbench.AcceptExt
	// Declared is true when the table carries tfdyn's section.
	Declared bool
}

// Pattern is an access pattern to write.
type Pattern struct {
	Name        string
	Description string
	// Comment is written above the block ("" for none).
	Comment     string
	Entities    []string
	Index       string
	Key         []Assign
	Descending  bool
	Limit       int64
	Filter      string
	Attributes  []string
	Cardinality string
	// Inputs declares the types of inputs only the filter uses.
	Inputs []Attr
	// Examples are input sets.
	Examples []map[string]cty.Value
}

// FromWorkbench reads every table of model m (read from path) into a
// schema. A setting or value a schema cannot express is an IM004 error at
// its place in the model; what is left out is said in the entity's
// comment.
func FromWorkbench(m *workbench.Model, path string) ([]WorkbenchTable, hcl.Diagnostics) {
	var out []WorkbenchTable
	var diags hcl.Diagnostics
	labels := map[string]bool{}
	for _, wt := range m.DataModel {
		t, ds := workbenchTable(wt, path)
		diags = append(diags, ds...)
		if ds.HasErrors() {
			continue
		}
		// No Terraform holds the table yet: the label is the name in
		// Terraform's case (OnlineShop: online_shop).
		res := WorkbenchTable{Table: t, Label: Label(emit.SnakeCase(t.Spec.Name))}
		if wt.Tfdyn != nil {
			res.Declared = true
			if wt.Tfdyn.Label != "" {
				res.Label = wt.Tfdyn.Label
			}
			ents, pats, ds := declaredEntities(wt)
			diags = append(diags, ds...)
			res.Entities, res.Patterns, res.Accepts = ents, pats, wt.Tfdyn.Accepts
		} else {
			res.Entities = facetEntities(t, wt)
			res.Patterns = proposedPatterns(t, res.Entities)
		}
		if labels[res.Label] {
			r := wt.NameRange
			diags = append(diags, diag.Errorf(CodeUnsupported, &r, "Duplicate table label",
				"Two tables of the model have the label %q (from their names); a schema names each table once. Rename one of the tables in the model.", res.Label))
			continue
		}
		labels[res.Label] = true
		out = append(out, res)
	}
	return out, diags
}

// workbenchTable is the table of wt with its settings, as the table spec
// every reader of tfdyn import fills.
func workbenchTable(wt *workbench.Table, path string) (*Table, hcl.Diagnostics) {
	rng := wt.Range
	t := &Table{Origin: path, Range: &rng, Spec: hclschema.TableSpec{Name: wt.TableName, BillingMode: wt.BillingMode,
		TableClass: "STANDARD", Tags: map[string]string{}}}
	s := &t.Spec
	if s.BillingMode == "" {
		s.BillingMode = hclschema.PayPerRequest
	}
	var diags hcl.Diagnostics
	// types holds the DynamoDB type of every declared attribute; keyTypes
	// those of the key attributes.
	types := map[string]string{}
	keyTypes := keyNames{}
	key := func(def workbench.AttributeDef) hclschema.KeyAttr {
		r := def.Range
		if have, ok := keyTypes[def.AttributeName]; ok && have != def.AttributeType {
			diags = append(diags, diag.Errorf(CodeUnsupported, &r, "Attribute with two types",
				"Attribute %q is declared %s here and %s elsewhere in table %q; a key attribute has one type.", def.AttributeName, def.AttributeType, have, wt.TableName))
		}
		if !validIdent(def.AttributeName) {
			diags = append(diags, diag.Errorf(CodeUnsupported, &r, "Key attribute name is not an identifier",
				"Key attribute %q of table %q is not an identifier (letters, digits, _ and -, starting with a letter or _): a schema's key templates and examples name it in HCL, which cannot. Rename the attribute in the model (for example %q).",
				def.AttributeName, wt.TableName, identFrom(def.AttributeName)))
		}
		if def.AttributeType == hclschema.TypeB {
			diags = append(diags, diag.Errorf(CodeUnsupported, &r, "Binary key attribute",
				"Key attribute %q has type B; a tfdyn schema keys on strings and numbers.", def.AttributeName))
		}
		keyTypes[def.AttributeName] = def.AttributeType
		types[def.AttributeName] = def.AttributeType
		return hclschema.KeyAttr{Name: def.AttributeName}
	}
	s.Key.Partition = []hclschema.KeyAttr{key(wt.KeyAttributes.PartitionKey)}
	if sk := wt.KeyAttributes.SortKey; sk != nil {
		s.Key.Sort = []hclschema.KeyAttr{key(*sk)}
	}
	for _, def := range wt.NonKeyAttributes {
		if _, ok := types[def.AttributeName]; !ok {
			types[def.AttributeName] = def.AttributeType
		}
	}
	if pc := wt.ProvisionedCapacitySettings; pc != nil && s.BillingMode == hclschema.Provisioned {
		s.Capacity = hclschema.Capacity{Read: pc.ProvisionedThroughput.ReadCapacityUnits, Write: pc.ProvisionedThroughput.WriteCapacityUnits}
	}
	ext := wt.Tfdyn
	extIndex := map[string]workbench.IndexExt{}
	if ext != nil {
		for _, ix := range ext.GSIs {
			extIndex[ix.Name] = ix
		}
	}
	// typed returns an index key attribute declared by the model with a
	// string or number type (the GSI's own key attributes are declared by
	// the GSI).
	typed := func(g *workbench.GSI, names []string) []hclschema.KeyAttr {
		var out []hclschema.KeyAttr
		for _, n := range names {
			ty := types[n]
			if ty != hclschema.TypeS && ty != hclschema.TypeN {
				r := g.Range
				diags = append(diags, diag.Errorf(CodeUnsupported, &r, "Key attribute without a type",
					"Index %q keys on %q, which the model declares with no string or number type (NonKeyAttributes).", g.IndexName, n))
			}
			keyTypes[n] = ty
			out = append(out, hclschema.KeyAttr{Name: n})
		}
		return out
	}
	for _, g := range wt.GlobalSecondaryIndexes {
		ix := hclschema.GSISpec{Name: g.IndexName, Key: hclschema.Key{Partition: []hclschema.KeyAttr{key(g.KeyAttributes.PartitionKey)}},
			Projection: hclschema.Projection{Type: g.Projection.ProjectionType, NonKeyAttributes: g.Projection.NonKeyAttributes}}
		if sk := g.KeyAttributes.SortKey; sk != nil {
			ix.Key.Sort = []hclschema.KeyAttr{key(*sk)}
		}
		if s.BillingMode == hclschema.Provisioned {
			ix.Capacity = s.Capacity // Workbench gives a GSI the table's capacity
		}
		if x, ok := extIndex[g.IndexName]; ok {
			if len(x.PartitionKey) > 0 {
				ix.Key.Partition = typed(g, x.PartitionKey)
			}
			if len(x.SortKey) > 0 {
				ix.Key.Sort = typed(g, x.SortKey)
			}
			if x.ReadCapacity > 0 {
				ix.Capacity.Read = x.ReadCapacity
			}
			if x.WriteCapacity > 0 {
				ix.Capacity.Write = x.WriteCapacity
			}
			ix.OnDemand, ix.Warm = specThroughput(x.OnDemandThroughput), specThroughput(x.WarmThroughput)
		}
		s.GSIs = append(s.GSIs, ix)
	}
	if ext != nil {
		s.StreamViewType, s.TTLAttribute = ext.Stream, ext.TTL
		s.PointInTimeRecovery, s.DeletionProtection = ext.PointInTimeRecovery, ext.DeletionProtection
		if ext.TableClass != "" {
			s.TableClass = ext.TableClass
		}
		if ext.SSE != nil {
			s.SSE = &hclschema.SSESpec{KMSKeyARN: ext.SSE.KMSKeyARN}
		}
		s.RecoveryDays, s.ConsistencyMode, s.WitnessRegion = ext.RecoveryPeriodInDays, ext.ConsistencyMode, ext.WitnessRegion
		s.OnDemand, s.Warm = specThroughput(ext.OnDemandThroughput), specThroughput(ext.WarmThroughput)
		for _, r := range ext.Replicas {
			s.Replicas = append(s.Replicas, hclschema.ReplicaSpec{Region: r.Region, KMSKeyARN: r.KMSKeyARN,
				PointInTimeRecovery: r.PointInTimeRecovery, PropagateTags: r.PropagateTags, DeletionProtection: r.DeletionProtection})
		}
		if p := ext.ResourcePolicy; p != nil {
			s.ResourcePolicy = &hclschema.PolicySpec{Kind: p.Kind, Text: p.Text}
		}
		for k, v := range ext.Tags {
			s.Tags[k] = v
		}
		for _, x := range ext.LSIs {
			lsi := hclschema.LSISpec{Name: x.Name, Projection: hclschema.Projection{Type: x.Projection, NonKeyAttributes: x.Include}}
			if len(x.SortKey) > 0 {
				lsi.SortKey = hclschema.KeyAttr{Name: x.SortKey[0]}
				if _, ok := keyTypes[x.SortKey[0]]; !ok {
					keyTypes[x.SortKey[0]] = types[x.SortKey[0]]
				}
			}
			if lsi.Projection.Type == "" {
				lsi.Projection.Type = hclschema.ProjectAll
			}
			s.LSIs = append(s.LSIs, lsi)
		}
	}
	keyTypes.types(s)
	if diags.HasErrors() {
		return nil, diags
	}
	diags = append(diags, t.Check()...)
	return t, diags
}

// declaredEntities reads the entities and access patterns of tfdyn's
// section of wt; the examples are the items of the facet of each entity.
func declaredEntities(wt *workbench.Table) ([]Entity, []Pattern, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	facets := map[string]*workbench.Facet{}
	for _, f := range wt.TableFacets {
		facets[f.FacetName] = f
	}
	var ents []Entity
	for _, ee := range wt.Tfdyn.Entities {
		e := Entity{Name: ee.Name, Key: assigns(ee.Key), Computed: assigns(ee.Computed), Unique: ee.Unique,
			Comment: "Declared in the tfdyn section of the model (tfdyn doc --format workbench)."}
		for _, a := range ee.Attributes {
			ty, opt := a.Type, false
			if strings.HasPrefix(ty, "optional(") && strings.HasSuffix(ty, ")") {
				ty, opt = ty[len("optional("):len(ty)-1], true
			}
			e.Attrs = append(e.Attrs, Attr{Name: a.Name, Type: ty, Optional: opt})
		}
		for _, ix := range ee.Indexes {
			e.Indexes = append(e.Indexes, IndexUse{Name: ix.Name, When: ix.When, Key: assigns(ix.Key)})
		}
		if f := facets[ee.Name]; f != nil {
			for _, it := range f.TableData {
				ex := map[string]cty.Value{}
				for _, a := range ee.Attributes {
					av, ok := it.Values[a.Name]
					if !ok {
						continue
					}
					v, err := workbench.ToCty(av, cty.DynamicPseudoType)
					if err != nil {
						r := it.Range
						diags = append(diags, diag.Errorf(CodeUnsupported, &r, "Example value a schema cannot hold",
							"Attribute %q of an item of facet %q: %s.", a.Name, f.FacetName, err))
						continue
					}
					if !v.IsNull() {
						ex[a.Name] = v
					}
				}
				e.Examples = append(e.Examples, ex)
			}
			e.Items = len(f.TableData)
			e.ExampleLabels = ee.ExampleLabels
		}
		ents = append(ents, e)
	}
	var pats []Pattern
	for _, pe := range wt.Tfdyn.AccessPatterns {
		p := Pattern{Name: pe.Name, Description: pe.Description, Entities: pe.Entities, Index: pe.Index, Key: assigns(pe.Key),
			Descending: pe.Descending, Limit: pe.Limit, Filter: pe.Filter, Attributes: pe.Attributes, Cardinality: pe.Cardinality}
		for _, in := range pe.Inputs {
			p.Inputs = append(p.Inputs, Attr{Name: in.Name, Type: in.Type})
		}
		for _, x := range pe.Examples {
			inputs := map[string]cty.Value{}
			for n, v := range x {
				if cv, err := workbench.ToCty(v.AttributeValue, cty.DynamicPseudoType); err == nil && !cv.IsNull() {
					inputs[n] = cv
				}
			}
			p.Examples = append(p.Examples, inputs)
		}
		pats = append(pats, p)
	}
	return ents, pats, diags
}

func assigns(in []workbench.Assign) []Assign {
	out := make([]Assign, len(in))
	for i, a := range in {
		out[i] = Assign{Attr: a.Attr, Expr: a.Expr}
	}
	return out
}

// facetEntities proposes an entity per facet of wt (from its items: the
// facet's own, or the table's items whose attributes the facet lists) and
// groups the items no facet holds by key prefix.
func facetEntities(t *Table, wt *workbench.Table) []Entity {
	tableKey := map[string]bool{t.partitionKey(): true, t.sortKey(): true}
	own := false
	for _, f := range wt.TableFacets {
		if len(f.TableData) > 0 {
			own = true
		}
	}
	assigned := map[*workbench.Facet][]map[string]types.AttributeValue{}
	var rest []map[string]types.AttributeValue
	seen := map[string]bool{} // primary keys of the facets' items
	keyOf := func(it map[string]types.AttributeValue) string {
		k := map[string]types.AttributeValue{}
		if v, ok := it[t.partitionKey()]; ok {
			k["p"] = v
		}
		if v, ok := it[t.sortKey()]; ok {
			k["s"] = v
		}
		b, _ := workbench.Item{Values: k}.MarshalJSON()
		return string(b)
	}
	for _, f := range wt.TableFacets {
		for _, it := range f.TableData {
			assigned[f] = append(assigned[f], it.Values)
			seen[keyOf(it.Values)] = true
		}
	}
	for _, it := range wt.TableData {
		if seen[keyOf(it.Values)] {
			continue
		}
		var best *workbench.Facet
		if !own {
			// The facet that lists every attribute of the item, the
			// narrowest such.
			for _, f := range wt.TableFacets {
				listed := map[string]bool{}
				for _, a := range f.NonKeyAttributes {
					listed[a] = true
				}
				fits := true
				for a := range it.Values {
					if !tableKey[a] && !listed[a] {
						fits = false
						break
					}
				}
				if fits && (best == nil || len(f.NonKeyAttributes) < len(best.NonKeyAttributes)) {
					best = f
				}
			}
		}
		if best != nil {
			assigned[best] = append(assigned[best], it.Values)
		} else {
			rest = append(rest, it.Values)
		}
	}
	var out []Entity
	used := map[string]bool{}
	for _, f := range wt.TableFacets {
		items := assigned[f]
		var e Entity
		if len(items) > 0 {
			sort.SliceStable(items, func(i, j int) bool { return keyOf(items[i]) < keyOf(items[j]) })
			conv := make([]map[string]value, len(items))
			for i, it := range items {
				conv[i] = convertItem(it)
			}
			e = inferEntity(t, commonPrefix(conv, t.partitionKey()), commonPrefix(conv, t.sortKey()), conv)
		} else {
			e = declaredFacet(t, wt, f)
		}
		e.Name = uniqueName(entityName(f.FacetName), used)
		e.Comment = facetComment(f, e)
		out = append(out, e)
	}
	if len(rest) > 0 {
		for _, e := range Infer(t, rest) {
			if e.KeyTypesOnly {
				continue
			}
			e.Name = uniqueName(e.Name, used)
			out = append(out, e)
		}
	}
	if kt := keyTypes(t, out); kt != nil {
		out = append(out, *kt)
	}
	return out
}

// facetComment says where a facet entity comes from and what was left out.
func facetComment(f *workbench.Facet, e Entity) string {
	var lines []string
	switch {
	case e.Items == 0:
		lines = append(lines, fmt.Sprintf("Proposal: NoSQL Workbench facet %q, which holds no sample item: its attributes are the", f.FacetName),
			"facet's, typed from the model; add key templates and examples.")
	default:
		lines = append(lines, fmt.Sprintf("Proposal: NoSQL Workbench facet %q, inferred from its %s.", f.FacetName, e.sample("no common key prefix")))
	}
	for _, s := range e.Skipped {
		lines = append(lines, "Left out: "+s+".")
	}
	return strings.Join(lines, "\n")
}

// commonPrefix is the key prefix (prefix) every item's value of attribute
// k shares, or "".
func commonPrefix(items []map[string]value, k string) string {
	if k == "" {
		return ""
	}
	p := ""
	for i, it := range items {
		v, ok := it[k]
		if !ok || v.ddb != "S" {
			return ""
		}
		q := prefix(v.s)
		if i == 0 {
			p = q
		} else if q != p {
			return ""
		}
	}
	return p
}

// declaredFacet is the entity of a facet without items: the facet's
// attributes with the types the model declares, the table's key attributes
// stored as they are.
func declaredFacet(t *Table, wt *workbench.Table, f *workbench.Facet) Entity {
	defs := map[string]string{}
	for _, d := range wt.NonKeyAttributes {
		defs[d.AttributeName] = d.AttributeType
	}
	for _, k := range []string{t.partitionKey(), t.sortKey()} {
		if k != "" {
			defs[k] = t.attrType(k)
		}
	}
	e := Entity{}
	seen := map[string]bool{}
	names := append([]string{t.partitionKey()}, t.sortKey())
	names = append(names, f.NonKeyAttributes...)
	for _, n := range names {
		if n == "" || seen[n] {
			continue
		}
		seen[n] = true
		ty := map[string]string{"S": "string", "N": "number", "BOOL": "bool", "SS": "set(string)", "NS": "set(number)"}[defs[n]]
		switch {
		case defs[n] == "":
			e.Skipped = append(e.Skipped, fmt.Sprintf("%q has no type in the model: declare it by hand", n))
		case ty == "":
			e.Skipped = append(e.Skipped, fmt.Sprintf("%q has DynamoDB type %s, whose element types the model does not say: declare it by hand", n, defs[n]))
		case !validIdent(n):
			e.Skipped = append(e.Skipped, fmt.Sprintf("%q is not an identifier: declare it by hand as a quoted attribute", n))
		default:
			e.Attrs = append(e.Attrs, Attr{Name: n, Type: ty, Optional: n != t.partitionKey() && n != t.sortKey()})
		}
	}
	return e
}

// validIdent reports whether s is an HCL identifier.
func validIdent(s string) bool {
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_':
		case i > 0 && (r >= '0' && r <= '9' || r == '-'):
		default:
			return false
		}
	}
	return s != ""
}

// identFrom suggests an identifier for name: "State#Date" -> "State_Date".
func identFrom(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_':
			b.WriteRune(r)
		case r >= '0' && r <= '9' || r == '-':
			if i == 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// entityName makes a facet name an entity name: letters, digits, _ and -,
// starting with a letter ("Customer Orders" -> "CustomerOrders").
func entityName(s string) string {
	var b strings.Builder
	upper := false // the next letter starts a word
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
			if upper && r >= 'a' && r <= 'z' {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			upper = false
		case (r >= '0' && r <= '9' || r == '_' || r == '-') && b.Len() > 0:
			b.WriteRune(r)
			upper = false
		default:
			upper = b.Len() > 0
		}
	}
	if b.Len() == 0 {
		return "Item"
	}
	return b.String()
}

func uniqueName(n string, used map[string]bool) string {
	name := n
	for i := 2; used[name]; i++ {
		name = fmt.Sprintf("%s%d", n, i)
	}
	used[name] = true
	return name
}

// proposedPatterns proposes, per entity with a complete primary key, a
// GetItem by it: what a facet shows, the read a designer starts from.
func proposedPatterns(t *Table, ents []Entity) []Pattern {
	var out []Pattern
	used := map[string]bool{}
	for _, e := range ents {
		if e.KeyTypesOnly {
			continue
		}
		p := Pattern{Entities: []string{e.Name}, Description: "Get one " + e.Name + " by its primary key",
			Comment: "Proposal: read one item of the facet by its key; replace with the access patterns of your application."}
		complete := true
		for _, k := range []string{t.partitionKey(), t.sortKey()} {
			if k == "" {
				continue
			}
			expr := ""
			for _, a := range e.Key {
				if a.Attr == k {
					expr = a.Expr
				}
			}
			for _, a := range e.Attrs {
				if a.Name == k && !a.Optional {
					expr = k
				}
			}
			if expr == "" {
				complete = false
				break
			}
			p.Key = append(p.Key, Assign{Attr: k, Expr: expr})
		}
		if !complete {
			continue
		}
		p.Name = uniqueName("get_"+strings.ReplaceAll(emit.SnakeCase(e.Name), "-", "_"), used)
		out = append(out, p)
	}
	return out
}

// stringList is a list of strings as a value (an empty list for none).
func stringList(ss []string) cty.Value {
	if len(ss) == 0 {
		return cty.ListValEmpty(cty.String)
	}
	vals := make([]cty.Value, len(ss))
	for i, v := range ss {
		vals[i] = cty.StringVal(v)
	}
	return cty.ListVal(vals)
}

// WorkbenchSchema renders wt as a schema file: the table and its entities
// as Schema writes them, then the access patterns.
func WorkbenchSchema(wt WorkbenchTable, model string) []byte {
	src := Schema(wt.Table, wt.Label, wt.Entities)
	f := hclwrite.NewEmptyFile()
	body := f.Body()
	for _, p := range wt.Patterns {
		body.AppendNewline()
		if p.Comment != "" {
			comment(body, p.Comment)
		}
		b := body.AppendNewBlock("access_pattern", []string{p.Name}).Body()
		if p.Description != "" {
			b.SetAttributeValue("description", cty.StringVal(p.Description))
		}
		if len(p.Entities) == 1 {
			b.SetAttributeTraversal("entity", hcl.Traversal{hcl.TraverseRoot{Name: "entity"}, hcl.TraverseAttr{Name: p.Entities[0]}})
		} else {
			parts := make([]string, len(p.Entities))
			for i, e := range p.Entities {
				parts[i] = "entity." + e
			}
			b.SetAttributeRaw("entities", emit.ExprTokens("["+strings.Join(parts, ", ")+"]"))
		}
		if p.Index != "" {
			b.SetAttributeValue("index", cty.StringVal(p.Index))
		}
		if p.Cardinality != "" {
			b.SetAttributeValue("cardinality", cty.StringVal(p.Cardinality))
		}
		if p.Descending {
			b.SetAttributeValue("order", cty.StringVal("desc"))
		}
		if p.Limit > 0 {
			b.SetAttributeValue("limit", cty.NumberIntVal(p.Limit))
		}
		if len(p.Inputs) > 0 {
			var sb strings.Builder
			sb.WriteString("{\n")
			for _, in := range p.Inputs {
				fmt.Fprintf(&sb, "%s = %s\n", in.Name, in.Type)
			}
			sb.WriteString("}")
			b.SetAttributeRaw("inputs", emit.ExprTokens(sb.String()))
		}
		if p.Filter != "" {
			b.SetAttributeRaw("filter", emit.ExprTokens(p.Filter))
		}
		if len(p.Attributes) > 0 {
			b.SetAttributeValue("attributes", stringList(p.Attributes))
		}
		b.AppendNewline()
		kb := b.AppendNewBlock("key", nil).Body()
		for _, k := range p.Key {
			kb.SetAttributeRaw(k.Attr, emit.ExprTokens(k.Expr))
		}
		for _, x := range p.Examples {
			b.AppendNewline()
			setSorted(b.AppendNewBlock("example", nil).Body(), x)
		}
	}
	for _, a := range wt.Accepts {
		kind, name, _ := strings.Cut(a.Target, ".")
		body.AppendNewline()
		b := body.AppendNewBlock("accept", []string{a.Code}).Body()
		b.SetAttributeTraversal("target", hcl.Traversal{hcl.TraverseRoot{Name: kind}, hcl.TraverseAttr{Name: name}})
		b.SetAttributeValue("reason", cty.StringVal(a.Reason))
	}
	// Schema's header speaks of an existing table; a model has none.
	for bytes.HasPrefix(src, []byte("# ")) {
		src = src[bytes.IndexByte(src, '\n')+1:]
	}
	head := fmt.Sprintf("# Imported by tfdyn import --from-workbench from %s (table %q).\n", model, wt.Table.Spec.Name)
	if wt.Declared {
		head += "# Read back from the tfdyn section that tfdyn doc --format workbench wrote.\n"
	} else {
		head += "# Entities and access patterns are proposals from the facets and their sample items: review them.\n"
	}
	return hclwrite.Format(append(append([]byte(head), src...), f.Bytes()...))
}

// specThroughput is a cap or warm throughput of the model's extension in
// the spec (nil for none).
func specThroughput(t *workbench.UnitsExt) *hclschema.Throughput {
	if t == nil || (t.Read <= 0 && t.Write <= 0) {
		return nil
	}
	return &hclschema.Throughput{Read: max(t.Read, 0), Write: max(t.Write, 0)}
}
