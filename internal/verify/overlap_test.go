package verify

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPickLocalPortPrefersTheUsersPort: the first run gets the user's
// preferred port, a run at the same time another one, and the preferred
// port is free for the next run once the first releases it.
func TestPickLocalPortPrefersTheUsersPort(t *testing.T) {
	pref := preferredPortBase + os.Getuid()%1000
	first, release, err := pickLocalPort()
	require.NoError(t, err)
	if first != pref {
		t.Skipf("port %d is taken (another verify on this machine, or another program)", pref)
	}
	second, release2, err := pickLocalPort()
	require.NoError(t, err)
	require.NotEqual(t, pref, second)
	require.GreaterOrEqual(t, second, 1024)
	release2()
	release()
	third, release3, err := pickLocalPort()
	require.NoError(t, err)
	defer release3()
	require.Equal(t, pref, third)
}
