package ddblocal

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// helperEnv makes the test binary act as a program that owns a target:
// it starts one, prints "pid <java pid>" and waits to be killed.
const helperEnv = "TFDYN_DDBLOCAL_HELPER"

func runHelper() int {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	t, err := Start(ctx, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("pid %d\n", t.PID())
	time.Sleep(10 * time.Minute) // until killed; Stop is never called
	return 0
}

// alive reports whether pid is a live process (not gone, not a zombie).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state ...: the state follows the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
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

func TestJavaDiesWithKilledOwner(t *testing.T) {
	tftest.Serial(t)
	if testing.Short() {
		t.Skip("starts DynamoDB Local; skipped with -short")
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs Linux /proc")
	}
	exe, err := os.Executable()
	require.NoError(t, err)
	helper := exec.Command(exe, "-test.run=^$")
	helper.Env = append(os.Environ(), helperEnv+"=1")
	var stderr syncBuffer
	helper.Stderr = &stderr
	stdout, err := helper.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, helper.Start())
	helperDone := false
	t.Cleanup(func() {
		if !helperDone {
			_ = helper.Process.Kill()
			_ = helper.Wait()
		}
	})

	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err, "helper output: %s", stderr.String())
	pid, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "pid ")))
	require.NoError(t, err, "helper said %q", line)
	require.True(t, alive(pid), "java %d must run while its owner runs", pid)
	t.Cleanup(func() {
		if alive(pid) { // the test failed: end the Java process we caused
			_ = syscall.Kill(-pid, syscall.SIGKILL)
		}
	})
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	require.NoError(t, err)
	require.Contains(t, string(cmdline), "DynamoDBLocal.jar")

	require.NoError(t, helper.Process.Signal(syscall.SIGKILL))
	_ = helper.Wait()
	helperDone = true
	require.True(t, waitGone(pid, 15*time.Second), "java %d outlived its owner, killed with SIGKILL", pid)
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestServe(t *testing.T) {
	tftest.Serial(t)
	if testing.Short() {
		t.Skip("starts DynamoDB Local; skipped with -short")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncBuffer
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, Options{}, &out) }()

	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(out.String(), "Stop with Ctrl-C") {
		select {
		case err := <-done:
			t.Fatalf("Serve returned early: %v\n%s", err, out.String())
		default:
		}
		require.True(t, time.Now().Before(deadline), "Serve printed no banner:\n%s", out.String())
		time.Sleep(50 * time.Millisecond)
	}
	text := out.String()
	for _, want := range []string{"endpoint    http://127.0.0.1:", "region      us-east-1", "access key  tfdyn",
		`provider "aws" {`, "skip_requesting_account_id", "dynamodb = \"http://127.0.0.1:", "WarmThroughput"} {
		require.Contains(t, text, want)
	}
	var pid int
	_, err := fmt.Sscanf(text, "DynamoDB Local is running (pid %d)", &pid)
	require.NoError(t, err)
	require.True(t, alive(pid))

	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("Serve did not return after cancel")
	}
	require.True(t, waitGone(pid, 5*time.Second), "java %d survived Serve", pid)
	require.Contains(t, out.String(), "DynamoDB Local stopped.")
}
