package plancheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/tfdyn/tfdyn/hclschema"
)

// throughput is an on_demand_throughput or warm_throughput block of a
// planned table or GSI: Set is false when the block is absent.
type throughput struct {
	Set         bool
	Unknown     bool
	Read, Write intVal
}

// readThroughput reads the first block of v with the attribute names of
// its read and write figures.
func readThroughput(v value, read, write string) throughput {
	if v.Unknown() {
		return throughput{Set: true, Unknown: true}
	}
	b := v.First()
	if b.Null() {
		return throughput{}
	}
	return throughput{Set: true, Read: b.Get(read).intVal(), Write: b.Get(write).intVal()}
}

func readOnDemand(v value) throughput {
	return readThroughput(v, "max_read_request_units", "max_write_request_units")
}

// readWarm reads warm_throughput: a block of aws_dynamodb_table, an object
// attribute of aws_dynamodb_global_secondary_index.
func readWarm(v value) throughput {
	if m, ok := v.v.(map[string]any); ok {
		u, _ := v.unk.(map[string]any)
		w := value{v: []any{m}}
		if u != nil {
			w.unk = []any{u}
		}
		v = w
	}
	return readThroughput(v, "read_units_per_second", "write_units_per_second")
}

// replica is one replica block of a planned table.
type replica struct {
	Region, KMSKey, Consistency             strVal
	PITR, PropagateTags, DeletionProtection boolVal
}

func readReplicas(v value) ([]replica, bool) {
	if v.Unknown() {
		return nil, true
	}
	var out []replica
	for _, e := range v.List() {
		out = append(out, replica{Region: e.Get("region_name").strVal(), KMSKey: e.Get("kms_key_arn").strVal(),
			Consistency: e.Get("consistency_mode").strVal(), PITR: e.Get("point_in_time_recovery").boolVal(),
			PropagateTags: e.Get("propagate_tags").boolVal(), DeletionProtection: e.Get("deletion_protection_enabled").boolVal()})
	}
	return out, false
}

// throughputDrift compares a planned block with the spec's figures: a
// side the spec declares must be planned as declared; a block the spec
// does not declare is not compared for warm throughput (DynamoDB sets its
// own) and must be uncapped for caps.
func throughputDrift(what, block string, planned throughput, want *hclschema.Throughput, uncapped bool) []string {
	if planned.Unknown {
		return nil
	}
	side := func(name string, p intVal, w int64) []string {
		if p.Unknown {
			return nil
		}
		got := p.Value
		if got < 0 {
			got = 0 // -1: the provider's "no cap"
		}
		if w == 0 && !uncapped {
			return nil // not declared: DynamoDB's value
		}
		if got != w {
			return []string{fmt.Sprintf("%s %s is %s in the plan but %s in the schema (%s)", what, name, numText(got, uncapped), numText(w, uncapped), block)}
		}
		return nil
	}
	if want == nil {
		if !uncapped || !planned.Set {
			return nil
		}
		want = &hclschema.Throughput{}
	}
	var d []string
	if block == "on_demand_throughput" {
		d = append(d, side("max_read_request_units", planned.Read, want.Read)...)
		d = append(d, side("max_write_request_units", planned.Write, want.Write)...)
	} else {
		d = append(d, side("read_units_per_second", planned.Read, want.Read)...)
		d = append(d, side("write_units_per_second", planned.Write, want.Write)...)
	}
	return d
}

func numText(n int64, uncapped bool) string {
	if n == 0 && uncapped {
		return "uncapped"
	}
	return fmt.Sprint(n)
}

// settingsDrift compares what issue 26 added to the spec: the recovery
// period, caps, warm throughput, replicas, consistency mode and witness.
func settingsDrift(s hclschema.TableSpec, a *table) []string {
	var d []string
	if s.PointInTimeRecovery && !a.PITR.Unknown && a.PITR.Value && !a.RecoveryDays.Unknown && a.RecoveryDays.Value != 0 && a.RecoveryDays.Value != s.RecoveryDays {
		d = append(d, fmt.Sprintf("point-in-time recovery keeps %d days in the plan but %d in the schema (point_in_time_recovery_period)", a.RecoveryDays.Value, s.RecoveryDays))
	}
	d = append(d, throughputDrift("the table's", "on_demand_throughput", a.OnDemand, s.OnDemand, true)...)
	d = append(d, throughputDrift("the table's", "warm_throughput", a.Warm, s.Warm, false)...)
	if !a.ReplicasUnknown {
		d = append(d, replicaDrift(s, a)...)
	}
	if !a.Witness.Unknown && a.Witness.Value != s.WitnessRegion {
		d = append(d, fmt.Sprintf("the witness region is %s in the plan but %s in the schema (witness_region)", orNone(a.Witness), orNone(strVal{Value: s.WitnessRegion})))
	}
	return d
}

func replicaDrift(s hclschema.TableSpec, a *table) []string {
	var d []string
	planned := map[string]replica{}
	for _, r := range a.Replicas {
		if r.Region.Unknown {
			return nil
		}
		planned[r.Region.Value] = r
	}
	declared := map[string]bool{}
	for _, w := range s.Replicas {
		declared[w.Region] = true
		r, ok := planned[w.Region]
		if !ok {
			d = append(d, fmt.Sprintf("the replica in %s of the schema is not in the plan", w.Region))
			continue
		}
		if w.KMSKeyARN != "" && !r.KMSKey.Unknown && r.KMSKey.Value != w.KMSKeyARN {
			d = append(d, fmt.Sprintf("the replica in %s uses KMS key %s in the plan but %q in the schema", w.Region, orNone(r.KMSKey), w.KMSKeyARN))
		}
		flag := func(name string, p boolVal, want bool) {
			if !p.Unknown && p.Value != want {
				d = append(d, fmt.Sprintf("%s of the replica in %s is %s in the plan but %s in the schema", name, w.Region, onOff(p.Value), onOff(want)))
			}
		}
		flag("point-in-time recovery", r.PITR, w.PointInTimeRecovery)
		flag("tag propagation", r.PropagateTags, w.PropagateTags)
		flag("deletion protection", r.DeletionProtection, w.DeletionProtection)
		if !r.Consistency.Unknown && r.Consistency.Value != "" && r.Consistency.Value != s.ConsistencyMode {
			d = append(d, fmt.Sprintf("the replica in %s has consistency mode %s in the plan but %s in the schema (consistency_mode)", w.Region, r.Consistency.Value, s.ConsistencyMode))
		}
	}
	var extra []string
	for region := range planned {
		if !declared[region] {
			extra = append(extra, region)
		}
	}
	sort.Strings(extra)
	for _, region := range extra {
		d = append(d, fmt.Sprintf("the replica in %s is in the plan but not in the schema", region))
	}
	return d
}

// PolicyType is the Terraform resource type of a table's resource policy.
const PolicyType = "aws_dynamodb_resource_policy"

// policy is a planned aws_dynamodb_resource_policy.
type policy struct {
	Address string
	// ResourceARN and Document are the planned values.
	ResourceARN, Document strVal
	Deleted               bool
	rc                    *tfjson.ResourceChange
}

// policies lists the plan's resource policy changes.
func policies(plan *tfjson.Plan) []policy {
	var out []policy
	if plan == nil {
		return out
	}
	for _, rc := range plan.ResourceChanges {
		if rc == nil || rc.Change == nil || rc.Type != PolicyType || rc.Mode == tfjson.DataResourceMode {
			continue
		}
		a := rc.Change.Actions
		v := value{v: rc.Change.After, unk: rc.Change.AfterUnknown}
		if a.Delete() || a.Forget() {
			v = value{v: rc.Change.Before}
		}
		out = append(out, policy{Address: rc.Address, ResourceARN: v.Get("resource_arn").strVal(), Document: v.Get("policy").strVal(),
			Deleted: a.Delete() && !a.Create(), rc: rc})
	}
	return out
}

// policyOf finds the planned resource policy of table change c: the one
// whose resource ARN is the table's, else the one emit names after the
// table (aws_dynamodb_resource_policy.<name of the table's resource>) in
// the same module.
func policyOf(ps []policy, c *change) *policy {
	arn := strVal{}
	if c.After != nil {
		arn = c.After.ARN
	}
	if c.Before != nil && arn.Value == "" {
		arn = c.Before.ARN
	}
	for i := range ps {
		if !arn.Unknown && arn.Value != "" && !ps[i].ResourceARN.Unknown && ps[i].ResourceARN.Value == arn.Value {
			return &ps[i]
		}
	}
	want := strings.Replace(c.rc.Address, ResourceType+".", PolicyType+".", 1)
	for i := range ps {
		if ps[i].Address == want {
			return &ps[i]
		}
	}
	return nil
}

// policyDrift compares the planned resource policy p (nil when there is
// none) with the spec: a document must be planned as written (compared as
// JSON), a reference only needs a policy.
func policyDrift(s hclschema.TableSpec, p *policy) []string {
	switch {
	case s.ResourcePolicy == nil && p != nil && !p.Deleted:
		return []string{fmt.Sprintf("the plan keeps a resource policy (%s) that the schema does not declare (resource_policy)", p.Address)}
	case s.ResourcePolicy != nil && (p == nil || p.Deleted):
		return []string{"the schema declares a resource policy, and the plan has none for the table (resource_policy)"}
	case s.ResourcePolicy == nil || p.Document.Unknown || s.ResourcePolicy.Kind == hclschema.PolicyReference:
		return nil
	}
	if !sameJSON(p.Document.Value, s.ResourcePolicy.Text) {
		return []string{"the resource policy in the plan is not the document the schema declares (resource_policy)"}
	}
	return nil
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return strings.TrimSpace(a) == strings.TrimSpace(b)
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}

// readStandaloneGSI reads an aws_dynamodb_global_secondary_index value as
// the gsi of its table.
func readStandaloneGSI(v value, addr string) gsi {
	g := gsi{Name: v.Get("index_name").strVal(), Standalone: addr,
		OnDemand: readOnDemand(v.Get("on_demand_throughput")), Warm: readWarm(v.Get("warm_throughput"))}
	p := v.Get("projection").First()
	g.Projection = p.Get("projection_type").strVal()
	g.NonKey, _ = p.Get("non_key_attributes").Strings(true)
	ks := v.Get("key_schema")
	g.KeysUnknown = ks.Unknown()
	for _, k := range ks.List() {
		name, typ := k.Get("attribute_name").strVal(), k.Get("key_type").strVal()
		if name.Unknown || typ.Unknown {
			g.KeysUnknown = true
			continue
		}
		if typ.Value == "RANGE" {
			g.Range = append(g.Range, name.Value)
		} else {
			g.Hash = append(g.Hash, name.Value)
		}
	}
	return g
}

// standaloneDeclared returns, per table name, the GSIs the plan declares
// as aws_dynamodb_global_secondary_index resources (not deleted), sorted
// by index name.
func standaloneDeclared(plan *tfjson.Plan) map[string][]gsi {
	out := map[string][]gsi{}
	if plan == nil {
		return out
	}
	for _, rc := range plan.ResourceChanges {
		if rc == nil || rc.Change == nil || rc.Type != StandaloneGSIType || rc.Mode == tfjson.DataResourceMode {
			continue
		}
		if a := rc.Change.Actions; a.Delete() && !a.Create() || a.Forget() {
			continue
		}
		v := value{v: rc.Change.After, unk: rc.Change.AfterUnknown}
		tbl := v.Get("table_name").strVal()
		if tbl.Unknown || tbl.Value == "" {
			continue
		}
		out[tbl.Value] = append(out[tbl.Value], readStandaloneGSI(v, rc.Address))
	}
	for _, gs := range out {
		sort.Slice(gs, func(i, j int) bool { return gs[i].Name.Value < gs[j].Name.Value })
	}
	return out
}

// withStandalone returns planned table a with the GSIs its standalone
// resources declare in place of the table's own view of them (the table
// resource only reads back what DynamoDB has).
func withStandalone(a *table, declared []gsi) *table {
	if a == nil || len(declared) == 0 {
		return a
	}
	out := *a
	out.GSIs = nil
	seen := map[string]bool{}
	for _, g := range declared {
		seen[g.Name.Value] = true
		out.GSIs = append(out.GSIs, g)
	}
	for _, g := range a.GSIs {
		if !g.Name.Unknown && !seen[g.Name.Value] {
			out.GSIs = append(out.GSIs, g)
		}
	}
	out.GSIsUnknown = false
	return &out
}
