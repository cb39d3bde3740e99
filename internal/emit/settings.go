package emit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Provider constraints of settings newer than Provider6Constraint.
const (
	// ProviderGSIResourcesConstraint: aws_dynamodb_global_secondary_index
	// left its experimental status in 6.44.0.
	ProviderGSIResourcesConstraint = ">= 6.44.0"
)

// onDemandBlock writes an on_demand_throughput block for a cap (the table's
// or a GSI's); nothing when o is nil. A side the schema leaves uncapped is
// written as -1, DynamoDB's value for no cap, which is what it reads back:
// left out, the provider plans a GSI's block (an element of a set) as
// removed and added on every plan.
func onDemandBlock(b *hclwrite.Body, o *hclschema.Throughput) {
	if o == nil {
		return
	}
	ob := b.AppendNewBlock("on_demand_throughput", nil).Body()
	ob.SetAttributeValue("max_read_request_units", cty.NumberIntVal(uncappedAsMinusOne(o.Read)))
	ob.SetAttributeValue("max_write_request_units", cty.NumberIntVal(uncappedAsMinusOne(o.Write)))
}

// uncappedAsMinusOne is a side of a cap as DynamoDB writes it: -1 for none.
func uncappedAsMinusOne(n int64) int64 {
	if n > 0 {
		return n
	}
	return -1
}

// warmBlock writes a warm_throughput block; nothing when w is nil.
func warmBlock(b *hclwrite.Body, w *hclschema.Throughput) {
	if w == nil {
		return
	}
	wb := b.AppendNewBlock("warm_throughput", nil).Body()
	if w.Read > 0 {
		wb.SetAttributeValue("read_units_per_second", cty.NumberIntVal(w.Read))
	}
	if w.Write > 0 {
		wb.SetAttributeValue("write_units_per_second", cty.NumberIntVal(w.Write))
	}
}

// warmObject is a warm throughput as the object attribute of
// aws_dynamodb_global_secondary_index.
func warmObject(w *hclschema.Throughput) cty.Value {
	return sidesObject(w, "read_units_per_second", "write_units_per_second")
}

// sidesObject is an object of the declared sides of t, named read and
// write.
func sidesObject(t *hclschema.Throughput, read, write string) cty.Value {
	attrs := map[string]cty.Value{}
	if t.Read > 0 {
		attrs[read] = cty.NumberIntVal(t.Read)
	}
	if t.Write > 0 {
		attrs[write] = cty.NumberIntVal(t.Write)
	}
	return cty.ObjectVal(attrs)
}

// replicaBlocks writes a replica block per replica and the witness of a
// global table. Provider 5 has no consistency_mode, witness or replica
// deletion protection (Emit refuses schemas that need them there).
func (g *generator) replicaBlocks(r *hclwrite.Body, s hclschema.TableSpec) {
	for _, rep := range s.Replicas {
		r.AppendNewline()
		b := r.AppendNewBlock("replica", nil).Body()
		b.SetAttributeValue("region_name", cty.StringVal(rep.Region))
		if rep.KMSKeyARN != "" {
			b.SetAttributeValue("kms_key_arn", cty.StringVal(rep.KMSKeyARN))
		}
		b.SetAttributeValue("point_in_time_recovery", cty.BoolVal(rep.PointInTimeRecovery))
		b.SetAttributeValue("propagate_tags", cty.BoolVal(rep.PropagateTags))
		if g.opts.ProviderMajor >= 6 {
			b.SetAttributeValue("deletion_protection_enabled", cty.BoolVal(rep.DeletionProtection))
			b.SetAttributeValue("consistency_mode", cty.StringVal(s.ConsistencyMode))
		}
	}
	if s.WitnessRegion != "" {
		r.AppendNewline()
		r.AppendNewBlock("global_table_witness", nil).Body().SetAttributeValue("region_name", cty.StringVal(s.WitnessRegion))
	}
}

// policyResource writes the table's aws_dynamodb_resource_policy: the
// document as a heredoc, or the reference as written in the schema.
func (g *generator) policyResource(body *hclwrite.Body, t tableOut, tableRef string) {
	p := t.spec.ResourcePolicy
	if p == nil {
		return
	}
	body.AppendNewline()
	r := body.AppendNewBlock("resource", []string{"aws_dynamodb_resource_policy", t.names.Local}).Body()
	r.SetAttributeRaw("resource_arn", ExprTokens(tableRef+".arn"))
	r.SetAttributeRaw("policy", policyTokens(p))
}

// policyTokens is the policy as an expression: a reference as it is, a
// document as an indented JSON heredoc (template sequences escaped).
func policyTokens(p *hclschema.PolicySpec) hclwrite.Tokens {
	if p.Kind == hclschema.PolicyReference {
		return ExprTokens(p.Text)
	}
	return JSONHeredoc(p.Text)
}

// JSONHeredoc renders a JSON document as an indented heredoc expression
// (template sequences escaped) for an argument of a top-level block: emit's
// resource policies and import's starting schema.
func JSONHeredoc(doc string) hclwrite.Tokens {
	text := doc
	var buf bytes.Buffer
	if err := json.Indent(&buf, []byte(doc), "    ", "  "); err == nil {
		text = buf.String()
	}
	text = strings.NewReplacer("${", "$${", "%{", "%%{").Replace(strings.TrimSpace(text))
	return ExprTokens("<<-EOT\n    " + text + "\n  EOT")
}

// gsiResources writes a table's GSIs as aws_dynamodb_global_secondary_index
// resources (--gsi-resources), each named <Local>_<index label>.
func (g *generator) gsiResources(body *hclwrite.Body, t tableOut, tableRef string) {
	s := t.spec
	for _, ix := range s.GSIs {
		body.AppendNewline()
		r := body.AppendNewBlock("resource", []string{"aws_dynamodb_global_secondary_index", t.names.GSIResource(ix.Name)}).Body()
		r.SetAttributeRaw("table_name", ExprTokens(tableRef+".name"))
		r.SetAttributeValue("index_name", cty.StringVal(ix.Name))
		if ix.Warm != nil {
			r.SetAttributeValue("warm_throughput", warmObject(ix.Warm))
		}
		r.AppendNewline()
		pb := r.AppendNewBlock("projection", nil).Body()
		pb.SetAttributeValue("projection_type", cty.StringVal(ix.Projection.Type))
		if ix.Projection.Type == hclschema.ProjectInclude {
			pb.SetAttributeValue("non_key_attributes", stringList(ix.Projection.NonKeyAttributes))
		}
		if s.Provisioned() {
			pt := r.AppendNewBlock("provisioned_throughput", nil).Body()
			pt.SetAttributeRaw("read_capacity_units", coalesceTokens("var."+t.names.ReadCapacityVar, ix.Capacity.Read))
			pt.SetAttributeRaw("write_capacity_units", coalesceTokens("var."+t.names.WriteCapacityVar, ix.Capacity.Write))
		}
		onDemandBlock(r, ix.OnDemand)
		for _, k := range ix.Key.Elements() {
			ks := r.AppendNewBlock("key_schema", nil).Body()
			ks.SetAttributeValue("attribute_name", cty.StringVal(k.Name))
			ks.SetAttributeValue("attribute_type", cty.StringVal(k.Type))
			ks.SetAttributeValue("key_type", cty.StringVal(k.KeyType))
		}
	}
}

// tableAttributes are the attribute definitions the table resource writes:
// every key attribute, or with standalone GSI resources only those of the
// table's key and its LSIs (each GSI resource types its own).
func (g *generator) tableAttributes(s hclschema.TableSpec) []hclschema.KeyAttr {
	if !g.opts.GSIResources {
		return s.Attributes()
	}
	own := s
	own.GSIs = nil
	return own.Attributes()
}

// provider5Refusal is the first setting of schema table t that the AWS
// provider 5.x cannot express (EM122), or nil.
func provider5Refusal(t *hclschema.Table) *Error {
	refuse := func(rng hcl.Range, what string) *Error {
		return &Error{Range: rng, Code: CodeProvider5Setting, Summary: "Setting needs provider 6", Message: fmt.Sprintf(
			"%s, which the AWS provider 5.x cannot express; emit for provider 6 (drop --provider 5) and require hashicorp/aws %s", what, Provider6Constraint)}
	}
	if t.Warm != nil {
		return refuse(t.Warm.DeclRange, fmt.Sprintf("Table %q declares warm_throughput", t.Label))
	}
	for _, ix := range t.GSIs {
		if ix.Warm != nil {
			return refuse(ix.Warm.DeclRange, fmt.Sprintf("GSI %q declares warm_throughput", ix.Name))
		}
	}
	if t.ConsistencyMode == hclschema.MultiRegionStrong {
		return refuse(t.ArgRanges["consistency_mode"], fmt.Sprintf("Table %q is a strongly consistent global table (consistency_mode)", t.Label))
	}
	if t.WitnessRegion != "" {
		return refuse(t.ArgRanges["witness_region"], fmt.Sprintf("Table %q declares a witness region", t.Label))
	}
	for _, r := range t.Replicas {
		if r.DeletionProtection {
			return refuse(r.DeclRange, fmt.Sprintf("The replica in %q turns deletion protection on", r.Region))
		}
	}
	return nil
}
