package hclschema_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// forbiddenDeps lists, per package of the module, packages it must not
// depend on (directly or not), with the reason: a room that needs one
// answer of another should find it below both, not import the other room.
var forbiddenDeps = map[string]map[string]string{
	"internal/verify": {
		"internal/lint": "verify and lint both read the oracle; an accepted lint code is the oracle's (oracle.PrefixBoundaryAccepted)",
	},
}

// TestForbiddenDeps runs go list -deps on every package of forbiddenDeps.
func TestForbiddenDeps(t *testing.T) {
	for pkg, bans := range forbiddenDeps {
		tftest.Live()
		cmd := exec.Command("go", "list", "-deps", "./"+pkg)
		cmd.Dir = ".."
		out, err := cmd.Output()
		require.NoError(t, err, "go list -deps ./%s", pkg)
		deps := strings.Fields(string(out))
		require.Contains(t, deps, modulePath+"/"+pkg)
		for ban, why := range bans {
			require.NotContains(t, deps, modulePath+"/"+ban, "%s depends on %s: %s", pkg, ban, why)
		}
	}
}
