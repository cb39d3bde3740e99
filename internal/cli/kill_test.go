package cli

import (
	"bufio"
	"os/exec"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestKilledTfdynLeavesNoJava builds the tfdyn binary, runs `tfdyn local`,
// kills it with SIGKILL (no chance to clean up) and checks that DynamoDB
// Local died with it.
func TestKilledTfdynLeavesNoJava(t *testing.T) {
	tftest.Parallel(t)
	tftest.Env(t) // skips under -short; needs make setup
	bin := tfdynBinary(t)

	cmd := exec.Command(bin, "local")
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })

	pidRE := regexp.MustCompile(`DynamoDB Local is running \(pid (\d+)\)`)
	found := make(chan int, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := pidRE.FindStringSubmatch(sc.Text()); m != nil {
				pid, _ := strconv.Atoi(m[1])
				found <- pid
			}
		}
	}()
	var java int
	select {
	case java = <-found:
	case <-time.After(2 * time.Minute):
		t.Fatal("tfdyn local did not report DynamoDB Local's pid")
	}
	require.True(t, processExists(java))

	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL)) // the tfdyn process this test started
	_ = cmd.Wait()
	deadline := time.Now().Add(30 * time.Second)
	for processExists(java) && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	require.False(t, processExists(java), "DynamoDB Local (pid %d) outlived the killed tfdyn", java)
}
