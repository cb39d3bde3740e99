package tftest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// SlotsEnv sets how many live tests run at once on the machine (Parallel);
// the default is twice the number of CPUs.
const SlotsEnv = "TFDYN_TEST_SLOTS"

// Slots is the number of live tests that run at once on this machine.
func Slots() int {
	if n, err := strconv.Atoi(os.Getenv(SlotsEnv)); err == nil && n > 0 {
		return n
	}
	return 2 * runtime.NumCPU()
}

// Parallel runs t in parallel with the other parallel tests of its package
// (t.Parallel) as a live test (Live) that holds one of the machine's Slots
// while it runs. go test runs packages in processes of their own and
// -parallel bounds only one package: the slots, file locks under the
// temporary directory, bound every test binary together, so that packages
// running side by side start no more DynamoDB Locals, providers and
// terraform runs than the machine serves in time (a JVM that gets no CPU
// misses its start deadline). Call it first in a test that does live work
// itself; a test whose parallel subtests do the work calls t.Parallel and
// its subtests call Parallel (a test holding a slot never waits for
// another, so slots cannot deadlock).
func Parallel(t *testing.T) {
	t.Helper()
	Live()
	t.Parallel()
	start := time.Now()
	release, err := acquireSlot(slotDir(), Slots())
	if err != nil {
		t.Fatalf("tftest: live-test slot: %v", err)
	}
	t.Cleanup(release)
	if waited := time.Since(start); waited > time.Second {
		t.Logf("waited %s for one of %d live-test slots", waited.Round(100*time.Millisecond), Slots())
	}
}

// slotDir holds the machine's slot files, per user.
func slotDir() string {
	return filepath.Join(os.TempDir(), fmt.Sprintf("tfdyn-test-slots-%d", os.Getuid()))
}

// acquireSlot takes the first free one of n slots in dir (an exclusive
// flock on a file; the kernel drops it when the process dies), waiting
// until one is free, and returns its release.
func acquireSlot(dir string, n int) (func(), error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	for {
		for i := 0; i < n; i++ {
			f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("slot-%d", i)), os.O_CREATE|os.O_RDWR, 0o600)
			if err != nil {
				return nil, err
			}
			if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
				return func() {
					_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
					f.Close()
				}, nil
			}
			f.Close()
		}
		time.Sleep(100 * time.Millisecond)
	}
}
