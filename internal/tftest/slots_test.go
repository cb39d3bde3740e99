package tftest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSlotsBoundConcurrency: of 8 holders of 3 slots, never more than 3
// hold one at once, and all get one in the end.
func TestSlotsBoundConcurrency(t *testing.T) {
	t.Setenv(SlotsEnv, "3")
	require.Equal(t, 3, Slots())
	var holding, most, done atomic.Int32
	dir := t.TempDir()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			release, err := acquireSlot(dir, 3)
			require.NoError(t, err)
			n := holding.Add(1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			time.Sleep(50 * time.Millisecond)
			holding.Add(-1)
			release()
			done.Add(1)
		}()
	}
	wg.Wait()
	require.Equal(t, int32(8), done.Load())
	require.LessOrEqual(t, most.Load(), int32(3))
	require.GreaterOrEqual(t, most.Load(), int32(2), "slots were not used side by side")
}

// TestSlotIsHeldOncePerTest: a test that holds a slot takes no second one,
// nor do its subtests, so that a helper calling Serial inside a Parallel
// test cannot wait for itself.
func TestSlotIsHeldOncePerTest(t *testing.T) {
	t.Setenv(SlotsEnv, "1")
	t.Setenv("TMPDIR", t.TempDir())
	Serial(t)
	Serial(t) // would wait forever for the one slot
	t.Run("sub", func(t *testing.T) { Serial(t) })
}
