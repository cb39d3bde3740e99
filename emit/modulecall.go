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

func (g *generator) callTable(body *hclwrite.Body, t *hclschema.Table) {
	n := g.names(t)
	m := body.AppendNewBlock("module", []string{n.Local}).Body()
	m.SetAttributeValue("source", cty.StringVal(g.opts.ModuleSource))
	m.AppendNewline()
	m.SetAttributeTraversal("name", traversal("var", n.TableNameVar))
	m.SetAttributeValue("billing_mode", cty.StringVal(t.BillingMode))
	if t.BillingMode == hclschema.Provisioned {
		m.SetAttributeRaw("read_capacity", coalesceTokens("var."+n.ReadCapacityVar, t.ReadCapacity))
		m.SetAttributeRaw("write_capacity", coalesceTokens("var."+n.WriteCapacityVar, t.WriteCapacity))
	}
	m.SetAttributeValue("partition_key", keyObject(t.Primary.PartitionKey[0]))
	if len(t.Primary.SortKey) > 0 {
		m.SetAttributeValue("sort_key", keyObject(t.Primary.SortKey[0]))
	}
	if len(t.GSIs) > 0 {
		var gsis []hclwrite.Tokens
		for _, ix := range t.GSIs {
			obj := map[string]cty.Value{
				"name":            cty.StringVal(ix.Name),
				"partition_key":   keyList(ix.PartitionKey),
				"sort_key":        keyList(ix.SortKey),
				"projection_type": cty.StringVal(ix.Projection),
			}
			if ix.Projection == hclschema.ProjectInclude {
				obj["non_key_attributes"] = stringList(ix.Include)
			}
			toks := hclwrite.TokensForValue(cty.ObjectVal(obj))
			if t.BillingMode == hclschema.Provisioned {
				rc, wc := ix.ReadCapacity, ix.WriteCapacity
				if rc == 0 {
					rc = t.ReadCapacity
				}
				if wc == 0 {
					wc = t.WriteCapacity
				}
				// Append capacity overrides inside the object literal.
				toks = append(toks[:len(toks)-1], rawTokens("\nread_capacity = "+coalesceString("var."+n.ReadCapacityVar, rc)+
					"\nwrite_capacity = "+coalesceString("var."+n.WriteCapacityVar, wc)+"\n}")...)
			}
			gsis = append(gsis, toks)
		}
		m.SetAttributeRaw("global_secondary_indexes", hclwrite.TokensForTuple(gsis))
	}
	if len(t.LSIs) > 0 {
		var lsis []cty.Value
		for _, ix := range t.LSIs {
			obj := map[string]cty.Value{
				"name":            cty.StringVal(ix.Name),
				"sort_key":        keyObject(ix.SortKey[0]),
				"projection_type": cty.StringVal(ix.Projection),
			}
			if ix.Projection == hclschema.ProjectInclude {
				obj["non_key_attributes"] = stringList(ix.Include)
			}
			lsis = append(lsis, cty.ObjectVal(obj))
		}
		m.SetAttributeValue("local_secondary_indexes", cty.TupleVal(lsis))
	}
	if t.StreamViewType != "" {
		m.SetAttributeValue("stream_view_type", cty.StringVal(t.StreamViewType))
	}
	if t.TTLAttribute != "" {
		m.SetAttributeValue("ttl_attribute", cty.StringVal(t.TTLAttribute))
	}
	m.SetAttributeTraversal("point_in_time_recovery", traversal("var", n.PointInTimeRecoveryVar))
	m.SetAttributeTraversal("deletion_protection", traversal("var", n.DeletionProtectionVar))
	m.SetAttributeValue("table_class", cty.StringVal(t.TableClass))
	if t.SSE != nil {
		sse := map[string]cty.Value{"enabled": cty.True}
		if t.SSE.KMSKeyARN != "" {
			sse["kms_key_arn"] = cty.StringVal(t.SSE.KMSKeyARN)
		}
		m.SetAttributeValue("server_side_encryption", cty.ObjectVal(sse))
	}
	m.SetAttributeRaw("tags", mergeTags(t.Tags, "var."+TagsVariable(g.opts)))
}

func coalesceString(ref string, def int64) string {
	return string(coalesceTokens(ref, def).Bytes())
}
