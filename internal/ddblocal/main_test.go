package ddblocal

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// One DynamoDB Local serves the package's tests; each test uses its own
// table names.
var shared struct {
	once   sync.Once
	target *Target
	err    error
}

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		os.Exit(runHelper())
	}
	code := m.Run()
	if shared.target != nil {
		if err := shared.target.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.Exit(code)
}

// sharedTarget returns the package's target, starting it on first use. It
// skips under -short and fails when the setup is missing.
func sharedTarget(t *testing.T) *Target {
	t.Helper()
	tftest.Serial(t)
	if testing.Short() {
		t.Skip("starts DynamoDB Local; skipped with -short")
	}
	shared.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		opts := Options{}
		if os.Getenv("TFDYN_DDBLOCAL_TRACE") != "" {
			opts.Trace = os.Stderr
		}
		shared.target, shared.err = Start(ctx, opts)
	})
	if shared.err != nil {
		t.Fatalf("%v", shared.err)
	}
	return shared.target
}

// sharedClient returns an SDK client for the shared target.
func sharedClient(t *testing.T, optFns ...func(*dynamodb.Options)) *dynamodb.Client {
	t.Helper()
	c, err := sharedTarget(t).NewClient(context.Background(), optFns...)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return c
}
