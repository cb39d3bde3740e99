package ddblocal

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
// it starts one, prints "pid <java pid> <the JVM's temp dir>" and waits to
// be killed.
const helperEnv = "TFDYN_DDBLOCAL_HELPER"

func runHelper() int {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	t, err := Start(ctx, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("pid %d %s\n", t.PID(), t.jvmTemp)
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
	fields := strings.Fields(line)
	require.Len(t, fields, 3, "helper said %q", line)
	pid, err := strconv.Atoi(fields[1])
	require.NoError(t, err, "helper said %q", line)
	jvmTemp := fields[2]
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

	// The JVM died by SIGKILL: its SQLite library is left in its temp dir
	// until the next Start (newJVMTempDir) finds the owner gone.
	left, err := filepath.Glob(filepath.Join(jvmTemp, "*libsqlite4java*"))
	require.NoError(t, err)
	require.Len(t, left, 1, "DynamoDB Local extracts its SQLite library into its java.io.tmpdir %s", jvmTemp)
	require.Equal(t, jvmTempRoot(), filepath.Dir(jvmTemp))
	next, err := newJVMTempDir()
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(next) })
	require.NoDirExists(t, jvmTemp, "the temp dir of a JVM whose owner is gone")
	require.DirExists(t, next)
}

func TestJVMTempDirs(t *testing.T) {
	// A dir whose owner runs (this process) survives another's sweep; a
	// dir whose owner is gone does not; a name tfdyn did not make is left.
	mine, err := newJVMTempDir()
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(mine) })
	require.True(t, strings.HasPrefix(filepath.Base(mine), strconv.Itoa(os.Getpid())+"-"), mine)
	gone := exec.Command("true")
	require.NoError(t, gone.Run())
	dead := filepath.Join(jvmTempRoot(), strconv.Itoa(gone.ProcessState.Pid())+"-123")
	other := filepath.Join(jvmTempRoot(), "notes")
	for _, d := range []string{dead, other} {
		require.NoError(t, os.MkdirAll(d, 0o700))
		require.NoError(t, os.WriteFile(filepath.Join(d, "f"), []byte("x"), 0o600))
	}
	t.Cleanup(func() { _ = os.RemoveAll(other) })
	next, err := newJVMTempDir()
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(next) })
	require.DirExists(t, mine)
	require.DirExists(t, other)
	require.NoDirExists(t, dead)
}

func TestStopRemovesTheJVMTempDir(t *testing.T) {
	tftest.Serial(t)
	if testing.Short() {
		t.Skip("starts DynamoDB Local; skipped with -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tg, err := Start(ctx, Options{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = tg.Stop() })
	lib, err := filepath.Glob(filepath.Join(tg.jvmTemp, "*libsqlite4java*"))
	require.NoError(t, err)
	require.Len(t, lib, 1, "DynamoDB Local extracts its SQLite library into %s", tg.jvmTemp)
	require.NoError(t, tg.Stop())
	require.NoDirExists(t, tg.jvmTemp)
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
