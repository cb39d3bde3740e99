package cli

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBuildInfo: the version of an installed module, of a local build with
// its commit, and of a build that records neither, which says how to get
// one (issue 27: it showed "(devel)" and nothing else).
func TestBuildInfo(t *testing.T) {
	stamp := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-20T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}
	for _, c := range []struct {
		name      string
		info      *debug.BuildInfo
		set, line string
		note      bool
	}{
		{"go install module@version", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "", "v1.2.3", false},
		{"build from a checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: stamp}, "", "(devel) 0123456789ab-dirty", false},
		{"no stamp", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "", "(devel)", true},
		{"set with -ldflags", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "v1.3.0-rc1", "v1.3.0-rc1", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			bi := buildInfoFrom(c.info, true, c.set)
			require.Equal(t, c.line, bi.line())
			if c.note {
				require.Equal(t, noStampNote, bi.Note)
			} else {
				require.Empty(t, bi.Note)
			}
		})
	}
	bi := buildInfoFrom(&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: stamp}, true, "")
	require.Equal(t, "2026-11-20T10:00:00Z", bi.Time)
}
