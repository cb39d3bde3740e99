package ddblocaltest_test

import (
	"fmt"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
)

// alive reports whether process pid exists (a zombie counts as gone).
func alive(pid int) bool {
	return syscall.Kill(pid, 0) == nil && !zombie(pid)
}

func waitGone(pid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if !alive(pid) {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return !alive(pid)
}

func TestStartForTestAndStop(t *testing.T) {
	target := ddblocaltest.Start(t)
	pid := target.PID()
	require.NotZero(t, pid)
	require.True(t, alive(pid))
	require.NoError(t, target.Stop())
	require.True(t, waitGone(pid, 5*time.Second), "java %d survived Stop", pid)
	require.NoError(t, target.Stop(), "Stop is idempotent")
	_, err := net.DialTimeout("tcp", strings.TrimPrefix(target.Endpoint(), "http://"), time.Second)
	require.Error(t, err, "the layer stops listening")
}

// zombie reports whether pid is a zombie (exited, not yet reaped).
func zombie(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state ...: the state follows the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] == 'Z'
}
