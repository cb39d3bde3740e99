package plancheck_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/tfdyn/tfdyn/internal/ddblocal"
)

// update rewrites the plan fixtures (from live runs) and the golden files.
var update = flag.Bool("update", false, "rewrite testdata/plans from live terraform runs and refresh golden files")

// One DynamoDB Local serves every live test of the package; each test uses
// its own table names and Terraform directory.
var shared struct {
	once   sync.Once
	target *ddblocal.Target
	err    error
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if shared.target != nil {
		if err := shared.target.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.Exit(code)
}

// sharedTarget returns the package's DynamoDB Local, starting it on first
// use. It skips under -short and fails when the setup is missing.
func sharedTarget(t *testing.T) *ddblocal.Target {
	t.Helper()
	if testing.Short() {
		t.Skip("starts DynamoDB Local and runs terraform; skipped with -short")
	}
	shared.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		shared.target, shared.err = ddblocal.Start(ctx, ddblocal.Options{})
	})
	if shared.err != nil {
		t.Fatalf("%v", shared.err)
	}
	return shared.target
}
