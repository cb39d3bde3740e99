package tftest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// SlotsEnv sets how many live tests run at once on the machine (Parallel);
// the default is three times the number of CPUs.
const SlotsEnv = "TFDYN_TEST_SLOTS"

// Slots is the number of live tests that run at once on this machine.
func Slots() int {
	if n, err := strconv.Atoi(os.Getenv(SlotsEnv)); err == nil && n > 0 {
		return n
	}
	return 3 * runtime.NumCPU()
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
	holdSlot(t)
}

// Serial holds one of the machine's Slots for the rest of t, a live test
// that cannot run in parallel with its package's other tests (it sets the
// environment or the working directory, or times itself) but should not
// pile onto the live tests of other packages either. Call it in a test
// whose subtests do not call Parallel.
func Serial(t *testing.T) {
	t.Helper()
	Live()
	holdSlot(t)
}

// holders are the tests of this process that hold a slot, by name.
var holders struct {
	sync.Mutex
	names map[string]bool
}

// holdSlot takes a slot for t until it ends, unless t or a test it runs
// under holds one already (a test never waits for a second slot).
func holdSlot(t *testing.T) {
	t.Helper()
	name := t.Name()
	holders.Lock()
	for n := range holders.names {
		if name == n || strings.HasPrefix(name, n+"/") {
			holders.Unlock()
			return
		}
	}
	holders.Unlock()
	start := time.Now()
	release, err := acquireSlot(slotDir(), Slots())
	if err != nil {
		t.Fatalf("tftest: live-test slot: %v", err)
	}
	holders.Lock()
	if holders.names == nil {
		holders.names = map[string]bool{}
	}
	holders.names[name] = true
	holders.Unlock()
	t.Cleanup(func() {
		holders.Lock()
		delete(holders.names, name)
		holders.Unlock()
		release()
	})
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
