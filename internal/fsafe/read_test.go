package fsafe

import (
	"bytes"
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// readRegular runs ReadRegular and fails the test when it blocks: the
// defect it guards against is a hang (a named pipe without a writer).
func readRegular(t *testing.T, path string, max int64) ([]byte, error) {
	t.Helper()
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		b, err := ReadRegular(path, max)
		done <- result{b, err}
	}()
	select {
	case r := <-done:
		return r.b, r.err
	case <-time.After(20 * time.Second):
		t.Fatalf("ReadRegular(%s) blocked", path)
		return nil, nil
	}
}

func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "prices.json")
	require.NoError(t, os.WriteFile(file, []byte("{}\n"), 0o644))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink("prices.json", link))
	fifo := filepath.Join(dir, "fifo.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	sock := filepath.Join(dir, "sock.json")
	l, err := net.Listen("unix", sock)
	require.NoError(t, err)
	t.Cleanup(func() { l.Close() })

	b, err := readRegular(t, file, 3)
	require.NoError(t, err)
	require.Equal(t, "{}\n", string(b))
	b, err = readRegular(t, link, 3)
	require.NoError(t, err, "a symbolic link to a regular file is followed")
	require.Equal(t, "{}\n", string(b))

	_, err = readRegular(t, file, 2)
	require.EqualError(t, err, file+" is larger than 2 bytes")
	var large *TooLargeError
	require.ErrorAs(t, err, &large)
	big := filepath.Join(dir, "big.json")
	require.NoError(t, os.WriteFile(big, bytes.Repeat([]byte(" "), 2<<20+1), 0o644))
	_, err = readRegular(t, big, 2<<20)
	require.EqualError(t, err, big+" is larger than 2 MiB")

	for path, kind := range map[string]string{fifo: "a named pipe", dir: "a directory", sock: "a socket", "/dev/zero": "a character device"} {
		_, err := readRegular(t, path, 1<<20)
		require.EqualError(t, err, path+" is "+kind+", not a regular file")
		var nr *NotRegularError
		require.ErrorAs(t, err, &nr)
	}

	_, err = readRegular(t, filepath.Join(dir, "missing.json"), 1)
	require.True(t, errors.Is(err, fs.ErrNotExist), "%v", err)
}

// TestReadRegularChecksWhatItReads: the check and the read use one handle,
// so a path swapped for a named pipe after a caller's own check (the race of
// stat, then open) is still refused, not read.
func TestReadRegularChecksWhatItReads(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	require.NoError(t, os.WriteFile(path, []byte("{}"), 0o644))
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.True(t, st.Mode().IsRegular())
	require.NoError(t, os.Remove(path))
	require.NoError(t, syscall.Mkfifo(path, 0o644))
	_, err = readRegular(t, path, 1<<20)
	require.EqualError(t, err, path+" is a named pipe, not a regular file")
}
