// Package ddblocaltest starts DynamoDB Local for a test. It is a package of
// its own so that the tfdyn binary, which links ddblocal, does not link the
// testing package.
package ddblocaltest

import (
	"context"
	"testing"
	"time"

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
