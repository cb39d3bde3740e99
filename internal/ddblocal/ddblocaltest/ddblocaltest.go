// Package ddblocaltest starts DynamoDB Local for a test. It is a package of
// its own so that the tfdyn binary, which links ddblocal, does not link the
// testing package.
package ddblocaltest

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// Start starts a target for a test and stops it when the test and its
// subtests are done. The test is live (tftest.Live). It skips the test under `go test -short` and fails
// it (never skips) when DynamoDB Local or Java is missing, so a machine
// that lacks the setup cannot pass silently.
func Start(t testing.TB) *ddblocal.Target {
	t.Helper()
	tftest.Live()
	if testing.Short() {
		t.Skip("ddblocaltest: starts DynamoDB Local; skipped with -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	target, err := ddblocal.Start(ctx, ddblocal.Options{Stderr: testLogWriter{t}})
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(func() {
		if err := target.Stop(); err != nil {
			t.Errorf("%v", err)
		}
	})
	return target
}

// testLogWriter sends DynamoDB Local's error output to the test log.
type testLogWriter struct{ t testing.TB }

func (w testLogWriter) Write(p []byte) (int, error) {
	w.t.Logf("dynamodb-local: %s", p)
	return len(p), nil
}

// CreateTable creates the table of spec under name on DynamoDB Local with
// the SDK (on-demand; its key schema, indexes and stream as the spec says),
// for tests that need a table without terraform, and waits until it is
// active.
func CreateTable(t testing.TB, ctx context.Context, c *dynamodb.Client, spec hclschema.TableSpec, name string) {
	t.Helper()
	keys := func(k hclschema.Key) []types.KeySchemaElement {
		var out []types.KeySchemaElement
		for _, e := range k.Elements() {
			out = append(out, types.KeySchemaElement{AttributeName: aws.String(e.Name), KeyType: types.KeyType(e.KeyType)})
		}
		return out
	}
	proj := func(p hclschema.Projection) *types.Projection {
		out := &types.Projection{ProjectionType: types.ProjectionType(p.Type)}
		if len(p.NonKeyAttributes) > 0 {
			out.NonKeyAttributes = p.NonKeyAttributes
		}
		return out
	}
	in := &dynamodb.CreateTableInput{TableName: aws.String(name), BillingMode: types.BillingModePayPerRequest, KeySchema: keys(spec.Key)}
	for _, a := range spec.Attributes() {
		in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{AttributeName: aws.String(a.Name), AttributeType: types.ScalarAttributeType(a.Type)})
	}
	for _, g := range spec.GSIs {
		in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, types.GlobalSecondaryIndex{IndexName: aws.String(g.Name), KeySchema: keys(g.Key), Projection: proj(g.Projection)})
	}
	for _, l := range spec.LSIs {
		in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, types.LocalSecondaryIndex{IndexName: aws.String(l.Name), KeySchema: keys(l.Key(spec.Key)), Projection: proj(l.Projection)})
	}
	if spec.StreamViewType != "" {
		in.StreamSpecification = &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewType(spec.StreamViewType)}
	}
	if _, err := c.CreateTable(ctx, in); err != nil {
		t.Fatalf("ddblocaltest: create table %s: %v", name, err)
	}
	w := dynamodb.NewTableExistsWaiter(c)
	if err := w.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, time.Minute); err != nil {
		t.Fatalf("ddblocaltest: table %s: %v", name, err)
	}
}
