package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/findings"
)

// Check is one conformance check of the live table against the schema.
type Check struct {
	// Code is the check's stable code (CheckKinds), e.g. "VF109".
	Code   string `json:"code"`
	Name   string `json:"name"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail,omitempty"`
	// Pos is the table block the check is about.
	Pos *findings.Pos `json:"position,omitempty"`
}

// liveTable is what conformance reads of a live table.
type liveTable struct {
	Table   *types.TableDescription
	TTL     *types.TimeToLiveDescription
	Backups *types.ContinuousBackupsDescription
	Tags    []types.Tag
	// Policy is the resource-based policy document, nil for none.
	Policy *string
}

// describe reads the live table name: DescribeTable, DescribeTimeToLive,
// DescribeContinuousBackups, ListTagsOfResource and GetResourcePolicy.
func describe(ctx context.Context, client *dynamodb.Client, name string) (liveTable, error) {
	var live liveTable
	out, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		return live, fmt.Errorf("describe table %s: %w", name, err)
	}
	live.Table = out.Table
	ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)})
	if err != nil {
		return live, fmt.Errorf("describe TTL of %s: %w", name, err)
	}
	live.TTL = ttl.TimeToLiveDescription
	cb, err := client.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String(name)})
	if err != nil {
		return live, fmt.Errorf("describe continuous backups of %s: %w", name, err)
	}
	live.Backups = cb.ContinuousBackupsDescription
	tags, err := client.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: out.Table.TableArn})
	if err != nil {
		return live, fmt.Errorf("list tags of %s: %w", name, err)
	}
	live.Tags = tags.Tags
	pol, err := client.GetResourcePolicy(ctx, &dynamodb.GetResourcePolicyInput{ResourceArn: out.Table.TableArn})
	var none *types.PolicyNotFoundException
	switch {
	case errors.As(err, &none):
	case err != nil:
		return live, fmt.Errorf("get the resource policy of %s: %w", name, err)
	default:
		live.Policy = pol.Policy
	}
	return live, nil
}

// conformance compares the live table with the table's spec as verify
// provisioned it (Provisioned: without replicas on a single-region target).
func conformance(ctx context.Context, client *dynamodb.Client, spec hclschema.TableSpec, name string) ([]Check, error) {
	live, err := describe(ctx, client, name)
	if err != nil {
		return nil, err
	}
	return compareLive(spec, live), nil
}

// compareLive checks the live table with spec s.
func compareLive(s hclschema.TableSpec, live liveTable) []Check {
	d, ttl := live.Table, live.TTL
	types_ := map[string]string{}
	for _, a := range d.AttributeDefinitions {
		types_[aws.ToString(a.AttributeName)] = string(a.AttributeType)
	}
	var checks []Check
	add := func(code, name string, want, got string) {
		c := Check{Code: code, Name: name, OK: want == got}
		if !c.OK {
			c.Detail = fmt.Sprintf("schema says %s, table has %s", orNone(want), orNone(got))
		}
		checks = append(checks, c)
	}
	add(vfTableKeySchema, "table key schema", keySchemaString(s.Key), keySchemaLive(d.KeySchema, types_))

	liveGSIs := map[string]types.GlobalSecondaryIndexDescription{}
	for _, g := range d.GlobalSecondaryIndexes {
		liveGSIs[aws.ToString(g.IndexName)] = g
	}
	// A GSI the schema dropped but the provider kept (plan rule DP405:
	// hashicorp/aws 6.x keeps a table's last GSI when its block is
	// removed) cannot show up here: verify refuses existing tables and
	// creates its own from the schema, so no GSI is left from an earlier
	// version.
	add(vfGSINames, "GSI names", sortedJoin(s.GSINames()), strings.Join(sortedKeys(liveGSIs), ","))
	for _, ix := range s.GSIs {
		g, ok := liveGSIs[ix.Name]
		if !ok {
			continue
		}
		add(vfGSIKeySchema, "GSI "+ix.Name+" key schema", keySchemaString(ix.Key), keySchemaLive(g.KeySchema, types_))
		add(vfGSIProjection, "GSI "+ix.Name+" projection", projectionString(ix.Projection), projectionLive(g.Projection))
		if s.Provisioned() {
			add(vfGSICapacity, "GSI "+ix.Name+" capacity", capacityString(ix.Capacity), capacityLive(g.ProvisionedThroughput))
		}
	}
	liveLSIs := map[string]types.LocalSecondaryIndexDescription{}
	for _, l := range d.LocalSecondaryIndexes {
		liveLSIs[aws.ToString(l.IndexName)] = l
	}
	add(vfLSINames, "LSI names", sortedJoin(s.LSINames()), strings.Join(sortedKeys(liveLSIs), ","))
	for _, ix := range s.LSIs {
		l, ok := liveLSIs[ix.Name]
		if !ok {
			continue
		}
		add(vfLSIKeySchema, "LSI "+ix.Name+" key schema", keySchemaString(ix.Key(s.Key)), keySchemaLive(l.KeySchema, types_))
		add(vfLSIProjection, "LSI "+ix.Name+" projection", projectionString(ix.Projection), projectionLive(l.Projection))
	}
	stream := ""
	if d.StreamSpecification != nil && aws.ToBool(d.StreamSpecification.StreamEnabled) {
		stream = string(d.StreamSpecification.StreamViewType)
	}
	add(vfStream, "stream", s.StreamViewType, stream)

	liveTTL := ""
	if ttl != nil && ttl.TimeToLiveStatus == types.TimeToLiveStatusEnabled {
		liveTTL = aws.ToString(ttl.AttributeName)
	}
	add(vfTTL, "TTL attribute", s.TTLAttribute, liveTTL)
	add(vfBillingMode, "billing mode", s.BillingMode, billingLive(d))
	if s.Provisioned() {
		add(vfCapacity, "capacity", capacityString(s.Capacity), capacityLive(d.ProvisionedThroughput))
	}
	if d.TableClassSummary != nil {
		add(vfTableClass, "table class", s.TableClass, string(d.TableClassSummary.TableClass))
	}
	add(vfSSE, "server-side encryption", sseString(s.SSE), sseLive(s.SSE, d.SSEDescription))
	if !s.Provisioned() {
		add(vfThroughputCap, "throughput caps", capString(s.OnDemand), capLive(d.OnDemandThroughput))
	}
	if s.Warm != nil {
		add(vfWarmThroughput, "warm throughput", warmString(s.Warm), warmLive(s.Warm, d.WarmThroughput))
	}
	for _, ix := range s.GSIs {
		g, ok := liveGSIs[ix.Name]
		if !ok {
			continue
		}
		if !s.Provisioned() {
			add(vfThroughputCap, "GSI "+ix.Name+" throughput caps", capString(ix.OnDemand), capLive(g.OnDemandThroughput))
		}
		if ix.Warm != nil {
			var w *types.TableWarmThroughputDescription
			if g.WarmThroughput != nil {
				w = &types.TableWarmThroughputDescription{ReadUnitsPerSecond: g.WarmThroughput.ReadUnitsPerSecond, WriteUnitsPerSecond: g.WarmThroughput.WriteUnitsPerSecond}
			}
			add(vfWarmThroughput, "GSI "+ix.Name+" warm throughput", warmString(ix.Warm), warmLive(ix.Warm, w))
		}
	}
	// Point-in-time recovery itself varies per environment (emit's
	// variable); the period counts while it is on.
	if s.PointInTimeRecovery && live.Backups != nil && live.Backups.PointInTimeRecoveryDescription != nil &&
		live.Backups.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus == types.PointInTimeRecoveryStatusEnabled {
		add(vfRecoveryPeriod, "recovery period", fmt.Sprintf("%d days", s.RecoveryDays),
			fmt.Sprintf("%d days", aws.ToInt32(live.Backups.PointInTimeRecoveryDescription.RecoveryPeriodInDays)))
	}
	add(vfResourcePolicy, "resource policy", policyString(s.ResourcePolicy), policyLive(s.ResourcePolicy, live.Policy))
	if s.Global() || len(d.Replicas) > 0 {
		add(vfReplicas, "replicas", replicasString(s), replicasLive(d))
	}
	return checks
}

// capString and capLive describe on-demand throughput caps: "read 100,
// write uncapped" (-1 and 0 are no cap).
func capString(t *hclschema.Throughput) string {
	if t == nil {
		return capText(0, 0)
	}
	return capText(t.Read, t.Write)
}

func capLive(o *types.OnDemandThroughput) string {
	if o == nil {
		return capText(0, 0)
	}
	return capText(aws.ToInt64(o.MaxReadRequestUnits), aws.ToInt64(o.MaxWriteRequestUnits))
}

func capText(r, w int64) string {
	side := func(n int64) string {
		if n <= 0 {
			return "uncapped"
		}
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("read %s, write %s", side(r), side(w))
}

// warmString describes declared warm throughput; warmLive the live one,
// only the sides the schema declares.
func warmString(t *hclschema.Throughput) string { return warmText(t, t.Read, t.Write) }

func warmLive(want *hclschema.Throughput, w *types.TableWarmThroughputDescription) string {
	if w == nil {
		return warmText(want, 0, 0)
	}
	return warmText(want, aws.ToInt64(w.ReadUnitsPerSecond), aws.ToInt64(w.WriteUnitsPerSecond))
}

func warmText(want *hclschema.Throughput, r, w int64) string {
	var parts []string
	if want.Read > 0 {
		parts = append(parts, fmt.Sprintf("read %d", r))
	}
	if want.Write > 0 {
		parts = append(parts, fmt.Sprintf("write %d", w))
	}
	return strings.Join(parts, ", ") + " units/s"
}

// policyString and policyLive describe the resource policy: none, a
// document (compared as JSON), or, for a reference, any policy.
func policyString(p *hclschema.PolicySpec) string {
	switch {
	case p == nil:
		return "none"
	case p.Kind == hclschema.PolicyReference:
		return "a policy (" + p.Text + ")"
	}
	return "document " + canonicalJSON(p.Text)
}

func policyLive(want *hclschema.PolicySpec, doc *string) string {
	switch {
	case doc == nil:
		return "none"
	case want != nil && want.Kind == hclschema.PolicyReference:
		return "a policy (" + want.Text + ")"
	}
	return "document " + canonicalJSON(aws.ToString(doc))
}

// canonicalJSON re-encodes a JSON text (sorted keys, no spaces), or
// returns it as it is when it does not parse.
func canonicalJSON(s string) string {
	var v any
	if json.Unmarshal([]byte(s), &v) != nil {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func replicasString(s hclschema.TableSpec) string {
	regions := append([]string{}, s.Regions()...)
	sort.Strings(regions)
	return fmt.Sprintf("%s (%s)", strings.Join(regions, ","), s.ConsistencyMode)
}

func replicasLive(d *types.TableDescription) string {
	var regions []string
	for _, r := range d.Replicas {
		regions = append(regions, aws.ToString(r.RegionName))
	}
	sort.Strings(regions)
	mode := string(d.MultiRegionConsistency)
	if mode == "" {
		mode = hclschema.MultiRegionEventual
	}
	return fmt.Sprintf("%s (%s)", strings.Join(regions, ","), mode)
}

// billingLive is the billing mode of d. DynamoDB leaves BillingModeSummary
// out for a table that was always provisioned; an on-demand table has no
// provisioned read capacity.
func billingLive(d *types.TableDescription) string {
	switch {
	case d.BillingModeSummary != nil:
		return string(d.BillingModeSummary.BillingMode)
	case d.ProvisionedThroughput != nil && aws.ToInt64(d.ProvisionedThroughput.ReadCapacityUnits) > 0:
		return string(types.BillingModeProvisioned)
	}
	return string(types.BillingModePayPerRequest)
}

func capacityString(c hclschema.Capacity) string {
	return fmt.Sprintf("%d RCU, %d WCU", c.Read, c.Write)
}

func capacityLive(p *types.ProvisionedThroughputDescription) string {
	if p == nil {
		return ""
	}
	return fmt.Sprintf("%d RCU, %d WCU", aws.ToInt64(p.ReadCapacityUnits), aws.ToInt64(p.WriteCapacityUnits))
}

// sseString describes the encryption of spec sse: the AWS owned key, a KMS
// key (the AWS managed one) or the KMS key the schema names.
func sseString(sse *hclschema.SSESpec) string {
	switch {
	case sse == nil:
		return "AWS owned key"
	case sse.KMSKeyARN == "":
		return "KMS"
	}
	return "KMS " + sse.KMSKeyARN
}

// sseLive describes the live encryption d as sseString does; the key's ARN
// only when the schema names one (else it is the AWS managed key's).
func sseLive(want *hclschema.SSESpec, d *types.SSEDescription) string {
	if d == nil || (d.Status != types.SSEStatusEnabled && d.Status != types.SSEStatusEnabling) {
		return "AWS owned key"
	}
	if want == nil || want.KMSKeyARN == "" {
		return "KMS"
	}
	return "KMS " + aws.ToString(d.KMSMasterKeyArn)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func keySchemaString(k hclschema.Key) string {
	var parts []string
	for _, e := range k.Elements() {
		parts = append(parts, fmt.Sprintf("%s:%s:%s", e.Name, e.KeyType, e.Type))
	}
	return strings.Join(parts, " ")
}

func keySchemaLive(ks []types.KeySchemaElement, attrTypes map[string]string) string {
	var parts []string
	for _, k := range ks {
		n := aws.ToString(k.AttributeName)
		parts = append(parts, fmt.Sprintf("%s:%s:%s", n, k.KeyType, attrTypes[n]))
	}
	return strings.Join(parts, " ")
}

func projectionString(p hclschema.Projection) string {
	inc := append([]string{}, p.NonKeyAttributes...)
	sort.Strings(inc)
	if len(inc) == 0 {
		return p.Type
	}
	return p.Type + " " + strings.Join(inc, ",")
}

func projectionLive(p *types.Projection) string {
	if p == nil {
		return ""
	}
	inc := append([]string{}, p.NonKeyAttributes...)
	sort.Strings(inc)
	if len(inc) == 0 {
		return string(p.ProjectionType)
	}
	return string(p.ProjectionType) + " " + strings.Join(inc, ",")
}

func sortedJoin(names []string) string {
	out := append([]string{}, names...)
	sort.Strings(out)
	return strings.Join(out, ",")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
