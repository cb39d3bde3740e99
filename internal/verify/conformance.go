package verify

import (
	"context"
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

// conformance compares DescribeTable and DescribeTimeToLive of the live
// table with the table's spec.
func conformance(ctx context.Context, client *dynamodb.Client, t *hclschema.Table, name string) ([]Check, error) {
	out, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		return nil, fmt.Errorf("describe table %s: %w", name, err)
	}
	ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)})
	if err != nil {
		return nil, fmt.Errorf("describe TTL of %s: %w", name, err)
	}
	return compareLive(t.Spec(), out.Table, ttl.TimeToLiveDescription), nil
}

// compareLive checks the live table d and its time to live with spec s.
func compareLive(s hclschema.TableSpec, d *types.TableDescription, ttl *types.TimeToLiveDescription) []Check {
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
	return checks
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
