package plancheck

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
)

var dp404 = &Rule{
	Code: "DP404", Name: "schema-drift", Family: Hygiene, Severity: SeverityError,
	Title: "The planned table differs from what the schema declares (needs the schema)",
	// DP404 runs once per plan (checkDrift), not per change.
}

// checkDrift compares every table of Options.Schema with the planned table
// of the same name (the after value; see matchTable) through the table's
// spec (hclschema.TableSpec): keys and their types, GSIs, LSIs, stream, TTL,
// billing mode, table class and server-side encryption. Tables whose name was overridden are found
// by their emitted resource or module name. Settings meant to vary per
// environment (PITR, deletion protection, tags, capacity) are not compared.
func checkDrift(ctx *checkContext) []Finding {
	s := ctx.opts.Schema
	if s == nil {
		return nil
	}
	var out []Finding
	standalone := standaloneGSIs(ctx.plan)
	declared := standaloneDeclared(ctx.plan)
	ps := policies(ctx.plan)
	for _, t := range s.Tables {
		if t == nil {
			continue
		}
		spec := t.Spec()
		if len(spec.Key.Partition) == 0 {
			continue
		}
		r := t.DeclRange
		matched := matchTable(ctx, t)
		if len(matched) == 0 {
			out = append(out, Finding{Code: dp404.Code, Family: dp404.Family, Severity: dp404.Severity, Table: t.Name, Range: &r,
				Summary: fmt.Sprintf("Table %q of the schema is not in the plan", t.Name),
				Detail: fmt.Sprintf("The schema declares table %q (block table %q), but the plan has no aws_dynamodb_table with that name or with the resource name tfdyn emits for it. Emit the Terraform again (tfdyn emit) and plan the directory that holds it, or pass the schema this Terraform comes from.",
					t.Name, t.Label)})
			continue
		}
		for _, c := range matched {
			if c.After == nil {
				continue // destroyed: DP101 reports it.
			}
			decl := configGSIs(ctx.plan, c.rc)
			// skip: GSIs DP404 leaves to DP405 or to a standalone resource.
			var skip, managed []string
			for _, n := range keptGSIs(spec, c.After, decl) {
				sa, ok := standalone[c.TableName().Value+"\x00"+n]
				switch {
				case ok && sa.Deleted:
					// Deleted by its standalone resource: DP405's second apply.
					skip = append(skip, n)
				case ok:
					skip = append(skip, n)
					managed = append(managed, fmt.Sprintf("GSI %q is managed by %s but not in the schema", n, sa.Address))
				default:
					skip = append(skip, n)
					f := dp405.finding(c, gsiKeptNote(c, n, decl))
					f.Range = &r
					out = append(out, f)
				}
			}
			after := withStandalone(c.After, declared[c.TableName().Value])
			diffs := append(tableDrift(spec, after, skip), managed...)
			diffs = append(diffs, policyDrift(spec, policyOf(ps, c))...)
			if len(diffs) == 0 {
				continue
			}
			detail := fmt.Sprintf("The planned table %s does not match table %q of the schema: %s. The Terraform is stale or was edited by hand: emit it again with tfdyn emit, or change the schema.",
				c.displayName(), t.Label, strings.Join(diffs, "; "))
			if !decl.Known && hasExtraGSI(spec, c.After) {
				detail += " If the Terraform already leaves such a GSI out (the plan does not show dynamic blocks, so tfdyn cannot tell), the provider keeps it instead of deleting it: see DP405."
			}
			out = append(out, dp404.finding(c, note{
				Summary: fmt.Sprintf("Table %s differs from the schema", c.displayName()),
				Detail:  detail,
				Range:   &r,
			}))
		}
	}
	return out
}

// matchTable finds the planned changes of schema table t: the one with
// its name, else every instance of the resource (resources and module
// layouts) or module call (module-call layout) tfdyn emits for it, e.g. module.db["eu"].aws_dynamodb_table.app and
// module.db["us"].aws_dynamodb_table.app when the emitted files are a
// module called with for_each and a table_name per instance; without
// those, the ones emitted under a --prefix (aws_dynamodb_table.blog_app).
func matchTable(ctx *checkContext, t *hclschema.Table) []*change {
	for _, c := range ctx.changes {
		if c.rc.DeposedKey != "" {
			continue
		}
		if n := c.TableName(); !n.Unknown && n.Value == t.Name {
			return []*change{c}
		}
		if c.After != nil && !c.After.Name.Unknown && c.After.Name.Value == t.Name {
			return []*change{c}
		}
	}
	// The name tfdyn emits for the table (emit.NamesFor): without a prefix,
	// else with any --prefix (the plan does not say which one emitted it).
	rn := emit.NamesFor(t, emit.Options{}).Local
	var found, prefixed []*change
	for _, c := range ctx.changes {
		if c.rc.DeposedKey != "" {
			continue
		}
		switch name, mod := c.rc.Name, lastModule(c.rc.ModuleAddress); {
		case name == rn || mod == rn:
			found = append(found, c)
		case isPrefixed(name, rn) || isPrefixed(mod, rn):
			prefixed = append(prefixed, c)
		}
	}
	if len(found) > 0 {
		return found
	}
	return prefixed
}

// isPrefixed reports whether name is local name rn under an emit --prefix.
func isPrefixed(name, rn string) bool {
	p, ok := strings.CutSuffix(name, rn)
	return ok && p != "" && emit.CheckPrefix(p) == nil
}

// lastModule returns the name of the innermost module call of a module
// address, without its index: "module.a.module.b[\"x\"]" gives "b".
func lastModule(addr string) string {
	i := strings.LastIndex(addr, "module.")
	if i < 0 {
		return ""
	}
	name := addr[i+len("module."):]
	if j := strings.IndexByte(name, '['); j >= 0 {
		name = name[:j]
	}
	return name
}

// tableDrift lists the differences between the spec s of a schema table
// and planned table a as clauses. Unknown planned values are not compared, nor the
// GSIs named in skip (reported by DP405 or managed by a standalone
// resource).
func tableDrift(s hclschema.TableSpec, a *table, skip []string) []string {
	var d []string
	str := func(attr string, planned strVal, want, what string) {
		if planned.Unknown || planned.Value == want {
			return
		}
		d = append(d, fmt.Sprintf("%s is %s in the plan but %s in the schema%s", attr, orNone(planned), orNone(strVal{Value: want}), what))
	}
	str("hash_key", a.HashKey, s.Key.Partition[0].Name, " (partition_key)")
	sk := ""
	if len(s.Key.Sort) > 0 {
		sk = s.Key.Sort[0].Name
	}
	str("range_key", a.RangeKey, sk, " (sort_key)")
	str("billing_mode", a.BillingMode, s.BillingMode, "")
	if s.TableClass != "" && a.TableClass.Value != "" {
		str("table_class", a.TableClass, s.TableClass, "")
	}
	// Stream.
	if !a.StreamEnabled.Unknown && !a.StreamViewType.Unknown {
		planned := ""
		if a.StreamEnabled.Value {
			planned = a.StreamViewType.Value
		}
		if planned != s.StreamViewType {
			d = append(d, fmt.Sprintf("the stream is %s in the plan but %s in the schema (stream)", streamWord(planned), streamWord(s.StreamViewType)))
		}
	}
	// TTL.
	if !a.TTLEnabled.Unknown && !a.TTLAttribute.Unknown {
		planned := ""
		if a.TTLEnabled.Value {
			planned = a.TTLAttribute.Value
		}
		if planned != s.TTLAttribute {
			d = append(d, fmt.Sprintf("time to live is %s in the plan but %s in the schema (ttl)", ttlWord(planned), ttlWord(s.TTLAttribute)))
		}
	}
	// Server-side encryption: on or off, and the key when the schema
	// names one (the AWS managed key's ARN is the provider's to fill in).
	if !a.SSEEnabled.Unknown && a.SSEEnabled.Value != (s.SSE != nil) {
		d = append(d, fmt.Sprintf("server-side encryption with a KMS key is %s in the plan but %s in the schema (server_side_encryption)", onOff(a.SSEEnabled.Value), onOff(s.SSE != nil)))
	} else if s.SSE != nil && s.SSE.KMSKeyARN != "" && !a.SSEKey.Unknown && a.SSEKey.Value != s.SSE.KMSKeyARN {
		d = append(d, fmt.Sprintf("the KMS key is %s in the plan but %q in the schema (server_side_encryption)", orNone(a.SSEKey), s.SSE.KMSKeyARN))
	}
	// Key attribute types (attribute blocks).
	if !a.AttributesUnknown {
		for _, k := range s.Attributes() {
			if typ, ok := a.Attributes[k.Name]; ok && !typ.Unknown && typ.Value != k.Type {
				d = append(d, fmt.Sprintf("attribute %q has type %s in the plan but %s in the schema", k.Name, typ.Value, k.Type))
			}
		}
	}
	if !a.GSIsUnknown {
		d = append(d, gsiDrift(s, a, skip)...)
	}
	if !a.LSIsUnknown {
		d = append(d, lsiDrift(s, a)...)
	}
	return append(d, settingsDrift(s, a)...)
}

func streamWord(view string) string {
	if view == "" {
		return "off"
	}
	return view
}

func ttlWord(attr string) string {
	if attr == "" {
		return "off"
	}
	return fmt.Sprintf("on attribute %q", attr)
}

// hasExtraGSI reports whether planned table a has a GSI (with a known
// name) that the spec s does not declare.
func hasExtraGSI(s hclschema.TableSpec, a *table) bool {
	if a.GSIsUnknown {
		return false
	}
	for _, g := range a.GSIs {
		if g.Name.Unknown {
			continue
		}
		found := false
		for _, ix := range s.GSIs {
			found = found || ix.Name == g.Name.Value
		}
		if !found {
			return true
		}
	}
	return false
}

func gsiDrift(s hclschema.TableSpec, a *table, skip []string) []string {
	var d []string
	planned := map[string]*gsi{}
	for i := range a.GSIs {
		if a.GSIs[i].Name.Unknown {
			return nil // cannot match by name
		}
		planned[a.GSIs[i].Name.Value] = &a.GSIs[i]
	}
	declared := map[string]bool{}
	for _, ix := range s.GSIs {
		declared[ix.Name] = true
		g := planned[ix.Name]
		if g == nil {
			d = append(d, fmt.Sprintf("GSI %q of the schema is not in the plan", ix.Name))
			continue
		}
		want := gsi{Hash: ix.Key.PartitionNames(), Range: ix.Key.SortNames()}
		if !g.KeysUnknown && (!sameStrings(g.Hash, want.Hash) || !sameStrings(g.Range, want.Range)) {
			d = append(d, fmt.Sprintf("GSI %q has %s in the plan but %s in the schema", ix.Name, g.keyString(), want.keyString()))
		}
		d = append(d, throughputDrift(fmt.Sprintf("GSI %q", ix.Name), "on_demand_throughput", g.OnDemand, ix.OnDemand, true)...)
		d = append(d, throughputDrift(fmt.Sprintf("GSI %q", ix.Name), "warm_throughput", g.Warm, ix.Warm, false)...)
		if !g.Projection.Unknown && g.Projection.Value != ix.Projection.Type {
			d = append(d, fmt.Sprintf("GSI %q projects %s in the plan but %s in the schema", ix.Name, g.Projection.Value, ix.Projection.Type))
		} else if ix.Projection.Type == hclschema.ProjectInclude {
			inc := append([]string{}, ix.Projection.NonKeyAttributes...)
			sort.Strings(inc)
			if !sameStrings(inc, g.NonKey) {
				d = append(d, fmt.Sprintf("GSI %q includes %s in the plan but %s in the schema", ix.Name, attrList(g.NonKey), attrList(inc)))
			}
		}
	}
	for _, n := range skip {
		declared[n] = true
	}
	for _, n := range sortedKeys(planned) {
		if !declared[n] {
			d = append(d, fmt.Sprintf("GSI %q is in the plan but not in the schema", n))
		}
	}
	return d
}

func lsiDrift(s hclschema.TableSpec, a *table) []string {
	var d []string
	planned := map[string]lsi{}
	for _, l := range a.LSIs {
		if l.Name.Unknown {
			return nil
		}
		planned[l.Name.Value] = l
	}
	declared := map[string]bool{}
	for _, ix := range s.LSIs {
		declared[ix.Name] = true
		l, ok := planned[ix.Name]
		if !ok {
			d = append(d, fmt.Sprintf("LSI %q of the schema is not in the plan", ix.Name))
			continue
		}
		if !l.RangeKey.Unknown && l.RangeKey.Value != ix.SortKey.Name {
			d = append(d, fmt.Sprintf("LSI %q has sort key %s in the plan but %q in the schema", ix.Name, l.RangeKey, ix.SortKey.Name))
		}
		if !l.Projection.Unknown && l.Projection.Value != ix.Projection.Type {
			d = append(d, fmt.Sprintf("LSI %q projects %s in the plan but %s in the schema", ix.Name, l.Projection.Value, ix.Projection.Type))
		} else if ix.Projection.Type == hclschema.ProjectInclude {
			inc := append([]string{}, ix.Projection.NonKeyAttributes...)
			sort.Strings(inc)
			if !sameStrings(inc, l.NonKey) {
				d = append(d, fmt.Sprintf("LSI %q includes %s in the plan but %s in the schema", ix.Name, attrList(l.NonKey), attrList(inc)))
			}
		}
	}
	for _, n := range sortedKeys(planned) {
		if !declared[n] {
			d = append(d, fmt.Sprintf("LSI %q is in the plan but not in the schema", n))
		}
	}
	return d
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}
