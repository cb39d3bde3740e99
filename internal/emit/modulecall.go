package emit

import (
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// moduleCall writes a call of modules/dynamodb-table per table, with the
// same variables and outputs as the resources layout.
func (g *generator) moduleCall() (map[string][]byte, error) {
	main := g.eachTable(g.callTable)
	return g.userModuleFiles(main), nil
}

func keyObject(k hclschema.KeyAttr) cty.Value {
	return cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal(k.Name), "type": cty.StringVal(k.Type)})
}

func keyList(keys []hclschema.KeyAttr) cty.Value {
	if len(keys) == 0 {
		return cty.ListValEmpty(cty.Object(map[string]cty.Type{"name": cty.String, "type": cty.String}))
	}
	vals := make([]cty.Value, len(keys))
	for i, k := range keys {
		vals[i] = keyObject(k)
	}
	return cty.ListVal(vals)
}

func stringList(items []string) cty.Value {
	if len(items) == 0 {
		return cty.ListValEmpty(cty.String)
	}
	vals := make([]cty.Value, len(items))
	for i, s := range items {
		vals[i] = cty.StringVal(s)
	}
	return cty.ListVal(vals)
}

func (g *generator) callTable(body *hclwrite.Body, t tableOut) {
	n, s := t.names, t.spec
	m := body.AppendNewBlock("module", []string{n.Local}).Body()
	m.SetAttributeValue("source", cty.StringVal(g.opts.ModuleSource))
	m.AppendNewline()
	m.SetAttributeTraversal("name", traversal("var", n.TableNameVar))
	m.SetAttributeValue("billing_mode", cty.StringVal(s.BillingMode))
	if s.Provisioned() {
		g.capacity(m, n, s.Capacity)
	}
	m.SetAttributeValue("partition_key", keyObject(s.Key.Partition[0]))
	if len(s.Key.Sort) > 0 {
		m.SetAttributeValue("sort_key", keyObject(s.Key.Sort[0]))
	}
	if len(s.GSIs) > 0 {
		var gsis []hclwrite.Tokens
		for _, ix := range s.GSIs {
			obj := map[string]cty.Value{
				"name":            cty.StringVal(ix.Name),
				"partition_key":   keyList(ix.Key.Partition),
				"sort_key":        keyList(ix.Key.Sort),
				"projection_type": cty.StringVal(ix.Projection.Type),
			}
			if ix.Projection.Type == hclschema.ProjectInclude {
				obj["non_key_attributes"] = stringList(ix.Projection.NonKeyAttributes)
			}
			if ix.OnDemand != nil {
				obj["on_demand_throughput"] = onDemandObject(ix.OnDemand)
			}
			if ix.Warm != nil {
				obj["warm_throughput"] = warmObject(ix.Warm)
			}
			toks := hclwrite.TokensForValue(cty.ObjectVal(obj))
			if s.Provisioned() {
				// Append capacity overrides inside the object literal.
				toks = append(toks[:len(toks)-1], ExprTokens("\nread_capacity = "+coalesceString("var."+n.ReadCapacityVar, ix.Capacity.Read)+
					"\nwrite_capacity = "+coalesceString("var."+n.WriteCapacityVar, ix.Capacity.Write)+"\n}")...)
			}
			gsis = append(gsis, toks)
		}
		m.SetAttributeRaw("global_secondary_indexes", hclwrite.TokensForTuple(gsis))
	}
	if len(s.LSIs) > 0 {
		var lsis []cty.Value
		for _, ix := range s.LSIs {
			obj := map[string]cty.Value{
				"name":            cty.StringVal(ix.Name),
				"sort_key":        keyObject(ix.SortKey),
				"projection_type": cty.StringVal(ix.Projection.Type),
			}
			if ix.Projection.Type == hclschema.ProjectInclude {
				obj["non_key_attributes"] = stringList(ix.Projection.NonKeyAttributes)
			}
			lsis = append(lsis, cty.ObjectVal(obj))
		}
		m.SetAttributeValue("local_secondary_indexes", cty.TupleVal(lsis))
	}
	if s.StreamViewType != "" {
		m.SetAttributeValue("stream_view_type", cty.StringVal(s.StreamViewType))
	}
	if s.TTLAttribute != "" {
		m.SetAttributeValue("ttl_attribute", cty.StringVal(s.TTLAttribute))
	}
	m.SetAttributeTraversal("point_in_time_recovery", traversal("var", n.PointInTimeRecoveryVar))
	if s.RecoveryDays > 0 {
		m.SetAttributeValue("point_in_time_recovery_period", cty.NumberIntVal(s.RecoveryDays))
	}
	m.SetAttributeTraversal("deletion_protection", traversal("var", n.DeletionProtectionVar))
	m.SetAttributeValue("table_class", cty.StringVal(s.TableClass))
	if s.SSE != nil {
		sse := map[string]cty.Value{"enabled": cty.True}
		if s.SSE.KMSKeyARN != "" {
			sse["kms_key_arn"] = cty.StringVal(s.SSE.KMSKeyARN)
		}
		m.SetAttributeValue("server_side_encryption", cty.ObjectVal(sse))
	}
	if s.OnDemand != nil {
		m.SetAttributeValue("on_demand_throughput", onDemandObject(s.OnDemand))
	}
	if s.Warm != nil {
		m.SetAttributeValue("warm_throughput", warmObject(s.Warm))
	}
	if len(s.Replicas) > 0 {
		var reps []cty.Value
		for _, r := range s.Replicas {
			obj := map[string]cty.Value{
				"region_name":                 cty.StringVal(r.Region),
				"point_in_time_recovery":      cty.BoolVal(r.PointInTimeRecovery),
				"propagate_tags":              cty.BoolVal(r.PropagateTags),
				"deletion_protection_enabled": cty.BoolVal(r.DeletionProtection),
			}
			if r.KMSKeyARN != "" {
				obj["kms_key_arn"] = cty.StringVal(r.KMSKeyARN)
			}
			reps = append(reps, cty.ObjectVal(obj))
		}
		m.SetAttributeValue("replicas", cty.TupleVal(reps))
		m.SetAttributeValue("consistency_mode", cty.StringVal(s.ConsistencyMode))
	}
	if s.WitnessRegion != "" {
		m.SetAttributeValue("witness_region", cty.StringVal(s.WitnessRegion))
	}
	if s.ResourcePolicy != nil {
		m.SetAttributeRaw("resource_policy", policyTokens(s.ResourcePolicy))
	}
	m.SetAttributeRaw("tags", mergeTags(s.Tags, "var."+TagsVariable(g.opts)))
}

// onDemandObject is a cap as the module's on_demand_throughput input (a
// side left out is the module's default, -1: uncapped).
func onDemandObject(o *hclschema.Throughput) cty.Value {
	return sidesObject(o, "max_read_request_units", "max_write_request_units")
}

func coalesceString(ref string, def int64) string {
	return string(coalesceTokens(ref, def).Bytes())
}
