package typescript

import (
	"os"
	"testing"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestMain marks the package's tests live (tftest.Live): they run node and
// the TypeScript compiler from the toolchain in the cache, files go test
// does not see, so make test never answers them from its cache.
func TestMain(m *testing.M) {
	tftest.Live()
	os.Exit(m.Run())
}
