// Package ddblocaltest starts DynamoDB Local for a test. It is a package of
// its own so that the tfdyn binary, which links ddblocal, does not link the
// testing package.
package ddblocaltest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// Start gives a test a target of its own, stopped when the test and its
// subtests are done: a compatibility layer of its own (ddblocal.Target) in
// front of the DynamoDB Local process that the tests of this test binary
// share, under a namespace of its own (Options.Namespace: its tables are
// apart from every other test's, and every client of the target, the SDK,
// terraform or the tfdyn binary, sees them). Sharing the process saves
// each test a JVM start (about 1.2 CPU-s, more on a busy machine) and its
// warm-up. The process is started by the first Start and ends with the
// test binary (its parent-death signal). A test that stops, kills or reads
// the process itself uses StartProcess. The test is live (tftest.Live). It
// skips the test under `go test -short` and fails it (never skips) when
// DynamoDB Local or Java is missing, so a machine that lacks the setup
// cannot pass silently.
func Start(t testing.TB) *ddblocal.Target {
	t.Helper()
	live(t)
	backend, namespace, err := sharedProcess()
	if err != nil {
		t.Fatalf("%v", err)
	}
	return startFor(t, ddblocal.Options{Backend: backend, Namespace: namespace})
}

// StartProcess starts a DynamoDB Local process for a test alone and stops
// it when the test and its subtests are done, as Start but for a test that
// stops, kills or reads the process itself.
func StartProcess(t testing.TB) *ddblocal.Target {
	t.Helper()
	live(t)
	return startFor(t, ddblocal.Options{Stderr: testLogWriter{t}})
}

// live marks t live (tftest.Live) and skips it under -short.
func live(t testing.TB) {
	t.Helper()
	tftest.Live()
	if testing.Short() {
		t.Skip("ddblocaltest: starts DynamoDB Local; skipped with -short")
	}
}

// startFor starts a target with opts for t and stops it when t is done.
func startFor(t testing.TB, opts ddblocal.Options) *ddblocal.Target {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	target, err := ddblocal.Start(ctx, opts)
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

// shared is the DynamoDB Local process of this test binary's Start
// targets, and the number of namespaces given out.
var shared struct {
	sync.Mutex
	target *ddblocal.Target
	err    error
	n      int
}

// sharedProcess returns the URL of the shared DynamoDB Local process,
// starting it on the first call (a failed start is reported to every
// caller), and a namespace no other target of the process has.
func sharedProcess() (backend, namespace string, err error) {
	shared.Lock()
	defer shared.Unlock()
	if shared.target == nil && shared.err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		shared.target, shared.err = ddblocal.Start(ctx, ddblocal.Options{})
		cancel()
	}
	if shared.err != nil {
		return "", "", shared.err
	}
	shared.n++
	return shared.target.BackendEndpoint(), fmt.Sprintf("ddblocaltest%d", shared.n), nil
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

// Backend returns the URL of the DynamoDB Local process that this test
// binary's tests share (starting it), for a run that puts a compatibility
// layer of its own in front of it under a namespace of its own
// (verify.Options.LocalBackend). The test is live and skipped under -short,
// as with Start.
func Backend(t testing.TB) string {
	t.Helper()
	live(t)
	backend, _, err := sharedProcess()
	if err != nil {
		t.Fatalf("%v", err)
	}
	return backend
}
