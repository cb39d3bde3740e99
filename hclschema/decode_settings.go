package hclschema

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

var onDemandSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "max_read_request_units"}, {Name: "max_write_request_units"}},
}

var warmSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "read_units_per_second"}, {Name: "write_units_per_second"}},
}

var replicaSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "kms_key_arn"},
		{Name: "point_in_time_recovery"},
		{Name: "propagate_tags"},
		{Name: "deletion_protection"},
	},
}

// maxRequestUnits bounds on-demand caps (DynamoDB's account limits are far
// lower; this only keeps numbers sane).
const maxRequestUnits = 1 << 40

// regionPattern is the shape of an AWS region name (us-east-1, eu-central-2,
// us-gov-west-1, ap-southeast-5).
var regionPattern = regexp.MustCompile(`^[a-z]{2}(-gov|-iso[a-z]?)?-[a-z]+-[0-9]+$`)

// mrscRegionSets are the sets of regions a multi-Region strongly
// consistent global table spans: its replicas and witness are in one set.
var mrscRegionSets = map[string][]string{
	"US": {"us-east-1", "us-east-2", "us-west-2"},
	"EU": {"eu-west-1", "eu-west-2", "eu-west-3", "eu-central-1"},
	"AP": {"ap-northeast-1", "ap-northeast-2", "ap-northeast-3"},
}

// onDemand reads an on_demand_throughput block (table or GSI): only for an
// on-demand table, at least one cap, each a whole number from 1.
func (d *decoder) onDemand(blk *hcl.Block, billing, what string) *OnDemandThroughput {
	c, ds := blk.Body.Content(onDemandSchema)
	d.add(ds, CodeSyntax)
	o := &OnDemandThroughput{DeclRange: blk.DefRange, ReadRange: blk.DefRange, WriteRange: blk.DefRange}
	if at := c.Attributes["max_read_request_units"]; at != nil {
		o.MaxReadRequestUnits, _ = d.intValue(at, 1, maxRequestUnits)
		o.ReadRange = at.Expr.Range()
	}
	if at := c.Attributes["max_write_request_units"]; at != nil {
		o.MaxWriteRequestUnits, _ = d.intValue(at, 1, maxRequestUnits)
		o.WriteRange = at.Expr.Range()
	}
	if len(c.Attributes) == 0 {
		d.errorf(CodeInvalidValue, blk.DefRange, "Empty on_demand_throughput",
			"The on_demand_throughput block of the %s caps nothing: set max_read_request_units, max_write_request_units or both (request units per second), or remove the block.", what)
	}
	if billing != PayPerRequest {
		d.errorf(CodeInvalidValue, blk.DefRange, "Throughput cap on a provisioned table",
			"DynamoDB caps the throughput of on-demand tables only, and this table bills %s: remove on_demand_throughput from the %s or set billing_mode = \"PAY_PER_REQUEST\".", billing, what)
		return nil
	}
	return o
}

// warm reads a warm_throughput block (table or GSI): at least one figure,
// each at least DynamoDB's minimum.
func (d *decoder) warm(blk *hcl.Block, what string) *WarmThroughput {
	c, ds := blk.Body.Content(warmSchema)
	d.add(ds, CodeSyntax)
	w := &WarmThroughput{DeclRange: blk.DefRange}
	if at := c.Attributes["read_units_per_second"]; at != nil {
		w.ReadUnitsPerSecond, _ = d.intValue(at, MinWarmRead, maxRequestUnits)
	}
	if at := c.Attributes["write_units_per_second"]; at != nil {
		w.WriteUnitsPerSecond, _ = d.intValue(at, MinWarmWrite, maxRequestUnits)
	}
	if len(c.Attributes) == 0 {
		d.errorf(CodeInvalidValue, blk.DefRange, "Empty warm_throughput",
			"The warm_throughput block of the %s sets nothing: set read_units_per_second (at least %d), write_units_per_second (at least %d) or both, or remove the block.", what, MinWarmRead, MinWarmWrite)
	}
	return w
}

// replica reads a replica block labelled with its region.
func (d *decoder) replica(t *Table, blk *hcl.Block) {
	if len(blk.Labels) != 1 {
		return
	}
	region := blk.Labels[0]
	c, ds := blk.Body.Content(replicaSchema)
	d.add(ds, CodeSyntax)
	if !regionPattern.MatchString(region) {
		d.errorf(CodeInvalidValue, blk.LabelRanges[0], "Invalid replica region",
			"A replica is labelled with its AWS region, such as \"us-west-2\"; got %q.", region)
		return
	}
	for _, r := range t.Replicas {
		if r.Region == region {
			d.errorf(CodeDuplicate, blk.LabelRanges[0], "Duplicate replica",
				"A replica in %q is already declared at %s. A global table has one replica per region.", region, r.DeclRange)
			return
		}
	}
	r := &Replica{Region: region, DeclRange: blk.DefRange, LabelRange: blk.LabelRanges[0]}
	if at := c.Attributes["kms_key_arn"]; at != nil {
		if s, ok := d.stringValue(at); ok {
			r.KMSKeyARN = s
			if kr := kmsRegion(s); kr == "" {
				d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid KMS key ARN",
					"kms_key_arn must be the ARN of a KMS key, such as \"arn:aws:kms:%s:111122223333:key/...\"; got %q.", region, s)
			} else if kr != region {
				d.errorf(CodeInvalidValue, at.Expr.Range(), "KMS key in another region",
					"KMS keys are regional: the replica in %q needs a key of %q, and this one is in %q.", region, region, kr)
			}
		}
	}
	for _, b := range []struct {
		name string
		dst  *bool
	}{{"point_in_time_recovery", &r.PointInTimeRecovery}, {"propagate_tags", &r.PropagateTags}, {"deletion_protection", &r.DeletionProtection}} {
		if at := c.Attributes[b.name]; at != nil {
			*b.dst, _ = d.boolValue(at)
		}
	}
	t.Replicas = append(t.Replicas, r)
}

// kmsRegion returns the region of a KMS key ARN, or "" when s is not one.
func kmsRegion(s string) string {
	parts := strings.SplitN(s, ":", 6)
	if len(parts) != 6 || parts[0] != "arn" || parts[2] != "kms" || parts[3] == "" || parts[5] == "" {
		return ""
	}
	return parts[3]
}

// globalTable reads consistency_mode and witness_region and checks them
// with the replicas against DynamoDB's rules: a consistency mode and a
// witness need replicas; a strongly consistent (MRSC) table spans exactly
// three regions, the table's and two replicas or one replica and a
// witness, all of one region set.
func (d *decoder) globalTable(t *Table, a hcl.Attributes) {
	mode := a["consistency_mode"]
	if mode != nil {
		t.ConsistencyMode, _ = d.stringValue(mode, MultiRegionEventual, MultiRegionStrong)
	}
	witness := a["witness_region"]
	if witness != nil {
		if s, ok := d.stringValue(witness); ok {
			if !regionPattern.MatchString(s) {
				d.errorf(CodeInvalidValue, witness.Expr.Range(), "Invalid witness region", "witness_region must be an AWS region, such as \"us-east-2\"; got %q.", s)
			} else {
				t.WitnessRegion = s
			}
		}
	}
	if len(t.Replicas) == 0 {
		if mode != nil {
			d.errorf(CodeInvalidValue, mode.NameRange, "Consistency mode without replicas",
				"consistency_mode applies to a global table, and table %q declares no replica block. Add the replicas, or remove consistency_mode.", t.Label)
		}
		if witness != nil {
			d.errorf(CodeInvalidValue, witness.NameRange, "Witness without replicas",
				"witness_region applies to a strongly consistent global table, and table %q declares no replica block.", t.Label)
		}
		return
	}
	strong := t.ConsistencyMode == MultiRegionStrong
	if witness != nil && t.WitnessRegion != "" {
		switch {
		case !strong:
			d.errorf(CodeInvalidValue, witness.NameRange, "Witness without strong consistency",
				"A witness region serves a multi-Region strongly consistent global table: set consistency_mode = \"STRONG\", or remove witness_region.")
		case len(t.Replicas) != 1:
			d.errorf(CodeInvalidValue, witness.NameRange, "Witness with %d replicas",
				"A strongly consistent global table spans three regions: the table's and two replicas, or the table's, one replica and a witness. Table %q has %d replicas and a witness: remove the witness or all replicas but one.", t.Label, len(t.Replicas))
		}
		for _, r := range t.Replicas {
			if r.Region == t.WitnessRegion {
				d.errorf(CodeInvalidValue, witness.Expr.Range(), "Witness in a replica's region",
					"The witness must be in another region than the replicas; %q holds the replica declared at %s.", r.Region, r.DeclRange)
			}
		}
	}
	if !strong {
		return
	}
	if t.WitnessRegion == "" && len(t.Replicas) != 2 {
		d.errorf(CodeInvalidValue, mode.Expr.Range(), "Strong consistency needs three regions",
			"A strongly consistent (MRSC) global table spans exactly three regions: the table's and two replicas, or the table's, one replica and witness_region. Table %q declares %d replicas.", t.Label, len(t.Replicas))
	}
	regions := append(t.Regions(), t.WitnessRegion)
	sets := map[string]bool{}
	for _, r := range regions {
		for name, set := range mrscRegionSets {
			for _, x := range set {
				if x == r {
					sets[name] = true
				}
			}
		}
	}
	if len(sets) > 1 {
		d.errorf(CodeInvalidValue, mode.Expr.Range(), "Regions of several region sets",
			"The regions of a strongly consistent global table must be in one region set (US: %s; EU: %s; AP: %s), and table %q uses %s.",
			strings.Join(mrscRegionSets["US"], ", "), strings.Join(mrscRegionSets["EU"], ", "), strings.Join(mrscRegionSets["AP"], ", "),
			t.Label, quoteList(nonEmpty(regions)))
	}
}

func nonEmpty(xs []string) []string {
	var out []string
	for _, x := range xs {
		if x != "" {
			out = append(out, x)
		}
	}
	return out
}

// Regions returns the replica regions in declaration order.
func (t *Table) Regions() []string {
	out := make([]string, len(t.Replicas))
	for i, r := range t.Replicas {
		out[i] = r.Region
	}
	return out
}

// policyRoots are the roots of the Terraform expressions a resource policy
// may refer to: what the module emit writes into can hold.
var policyRoots = map[string]bool{"data": true, "var": true, "local": true, "module": true}

// resourcePolicy reads resource_policy: a JSON document (a string, usually
// a heredoc) or a Terraform reference such as
// data.aws_iam_policy_document.orders.json, which emit writes as it is.
func (d *decoder) resourcePolicy(t *Table, at *hcl.Attribute) {
	if tr, ds := hcl.AbsTraversalForExpr(at.Expr); !ds.HasErrors() && len(tr) > 1 {
		root := tr.RootName()
		if !policyRoots[root] && !strings.HasPrefix(root, "aws_") {
			d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid resource policy reference",
				"A resource policy is a JSON document (a string) or a reference to one in the Terraform module emit writes into (data.aws_iam_policy_document.NAME.json, var.NAME, local.NAME, module.NAME.OUTPUT, or an attribute of an aws_ resource); %q is neither.", root)
			return
		}
		t.ResourcePolicy = &ResourcePolicy{Kind: PolicyReference, Text: traversalText(tr), Range: at.Expr.Range()}
		return
	}
	s, ok := d.stringValue(at)
	if !ok {
		return
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(s), &doc); err != nil {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Resource policy is not JSON",
			"resource_policy must be a JSON policy document (an object with \"Version\" and \"Statement\"): %s.", err)
		return
	}
	if _, ok := doc["Statement"]; !ok {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Resource policy without statements",
			"resource_policy must be a policy document with a \"Statement\" list.")
		return
	}
	if len(s) > MaxPolicyBytes {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Resource policy too large",
			"DynamoDB accepts resource policies of at most %d bytes; this one has %d.", MaxPolicyBytes, len(s))
		return
	}
	t.ResourcePolicy = &ResourcePolicy{Kind: PolicyDocument, Text: s, Range: at.Expr.Range()}
}

// recoveryPeriod reads point_in_time_recovery_period (days).
func (d *decoder) recoveryPeriod(t *Table, at *hcl.Attribute) {
	n, ok := d.intValue(at, 1, DefaultRecoveryDays)
	if !ok {
		return
	}
	if !t.PointInTimeRecovery {
		d.errorf(CodeInvalidValue, at.NameRange, "Recovery period without point-in-time recovery",
			"point_in_time_recovery_period is the number of days point-in-time recovery keeps; set point_in_time_recovery = true, or remove it.")
		return
	}
	t.RecoveryDays = n
}

// traversalText renders a traversal as Terraform writes it:
// data.aws_iam_policy_document.orders.json, module.p.out["k"][0].
func traversalText(tr hcl.Traversal) string {
	var b strings.Builder
	for _, step := range tr {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			if s.Key.Type() == cty.String {
				fmt.Fprintf(&b, "[%q]", s.Key.AsString())
			} else {
				fmt.Fprintf(&b, "[%s]", s.Key.AsBigFloat().Text('f', -1))
			}
		}
	}
	return b.String()
}
