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
	Name   string `json:"name"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail,omitempty"`
	// Pos is the table block the check is about.
	Pos *findings.Pos `json:"position,omitempty"`
}

// conformance compares DescribeTable and DescribeTimeToLive of the live
// table with the model.
func conformance(ctx context.Context, client *dynamodb.Client, t *hclschema.Table, name string) ([]Check, error) {
	out, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		return nil, fmt.Errorf("describe table %s: %w", name, err)
	}
	d := out.Table
	types_ := map[string]string{}
	for _, a := range d.AttributeDefinitions {
		types_[aws.ToString(a.AttributeName)] = string(a.AttributeType)
	}
	var checks []Check
	add := func(name string, want, got string) {
		c := Check{Name: name, OK: want == got}
		if !c.OK {
			c.Detail = fmt.Sprintf("schema says %s, table has %s", orNone(want), orNone(got))
		}
		checks = append(checks, c)
	}
	add("table key schema", keySchemaString(t.Primary.KeyAttrs(), t.Primary), keySchemaLive(d.KeySchema, types_))

	liveGSIs := map[string]types.GlobalSecondaryIndexDescription{}
	for _, g := range d.GlobalSecondaryIndexes {
		liveGSIs[aws.ToString(g.IndexName)] = g
	}
	// A GSI the schema dropped but the provider kept (plan rule DP405:
	// hashicorp/aws 6.x keeps a table's last GSI when its block is
	// removed) cannot show up here: verify refuses existing tables and
	// creates its own from the schema, so no GSI is left from an earlier
	// version.
	add("GSI names", strings.Join(sortedNames(t.GSIs), ","), strings.Join(sortedKeys(liveGSIs), ","))
	for _, ix := range t.GSIs {
		g, ok := liveGSIs[ix.Name]
		if !ok {
			continue
		}
		add("GSI "+ix.Name+" key schema", keySchemaString(ix.KeyAttrs(), ix), keySchemaLive(g.KeySchema, types_))
		add("GSI "+ix.Name+" projection", projectionString(ix), projectionLive(g.Projection))
	}
	liveLSIs := map[string]types.LocalSecondaryIndexDescription{}
	for _, l := range d.LocalSecondaryIndexes {
		liveLSIs[aws.ToString(l.IndexName)] = l
	}
	add("LSI names", strings.Join(sortedNames(t.LSIs), ","), strings.Join(sortedKeys(liveLSIs), ","))
	for _, ix := range t.LSIs {
		l, ok := liveLSIs[ix.Name]
		if !ok {
			continue
		}
		add("LSI "+ix.Name+" key schema", keySchemaString(ix.KeyAttrs(), ix), keySchemaLive(l.KeySchema, types_))
		add("LSI "+ix.Name+" projection", projectionString(ix), projectionLive(l.Projection))
	}
	stream := ""
	if d.StreamSpecification != nil && aws.ToBool(d.StreamSpecification.StreamEnabled) {
		stream = string(d.StreamSpecification.StreamViewType)
	}
	add("stream", t.StreamViewType, stream)

	ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)})
	if err != nil {
		return nil, fmt.Errorf("describe TTL of %s: %w", name, err)
	}
	liveTTL := ""
	if ttl.TimeToLiveDescription != nil && ttl.TimeToLiveDescription.TimeToLiveStatus == types.TimeToLiveStatusEnabled {
		liveTTL = aws.ToString(ttl.TimeToLiveDescription.AttributeName)
	}
	add("TTL attribute", t.TTLAttribute, liveTTL)
	if d.BillingModeSummary != nil {
		add("billing mode", t.BillingMode, string(d.BillingModeSummary.BillingMode))
	}
	return checks, nil
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func keySchemaString(keys []hclschema.KeyAttr, ix *hclschema.Index) string {
	var parts []string
	for _, k := range keys {
		role := "RANGE"
		if ix.IsPartitionKey(k.Name) {
			role = "HASH"
		}
		parts = append(parts, fmt.Sprintf("%s:%s:%s", k.Name, role, k.Type))
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

func projectionString(ix *hclschema.Index) string {
	inc := append([]string{}, ix.Include...)
	sort.Strings(inc)
	if len(inc) == 0 {
		return ix.Projection
	}
	return ix.Projection + " " + strings.Join(inc, ",")
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

func sortedNames(ixs []*hclschema.Index) []string {
	var out []string
	for _, ix := range ixs {
		out = append(out, ix.Name)
	}
	sort.Strings(out)
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
