package ddblocal

import (
	"context"
	"testing"
	"time"
)

// StartForTest starts a target for a test and stops it when the test and
// its subtests are done. It skips the test under `go test -short` and fails
// it (never skips) when DynamoDB Local or Java is missing, so a machine
// that lacks the setup cannot pass silently.
func StartForTest(t testing.TB) *Target {
	t.Helper()
	if testing.Short() {
		t.Skip("ddblocal: starts DynamoDB Local; skipped with -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	target, err := Start(ctx, Options{Stderr: testLogWriter{t}})
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
