package fsafe

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// names lists the entries of dir, sorted.
func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

func TestWriteFileKeepsModeAndLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.tfdyn.hcl")
	require.NoError(t, os.WriteFile(p, []byte("old"), 0o600))
	require.NoError(t, os.Chmod(p, 0o640))

	require.NoError(t, WriteFile(p, []byte("new content"), 0o644))
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	require.Equal(t, "new content", string(b))
	st, err := os.Stat(p)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o640), st.Mode().Perm())
	require.Equal(t, []string{"s.tfdyn.hcl"}, names(t, dir))

	// A new file gets perm.
	q := filepath.Join(dir, "new.md")
	require.NoError(t, WriteFile(q, []byte("x"), 0o644))
	st, err = os.Stat(q)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o644), st.Mode().Perm())
}

func TestStageNamesTempAfterTargetAndPid(t *testing.T) {
	dir := t.TempDir()
	s, err := Stage(filepath.Join(dir, "dynamodb.tf"), []byte("x"), 0o644)
	require.NoError(t, err)
	n := names(t, dir)
	require.Len(t, n, 1)
	require.Regexp(t, `^\.dynamodb\.tf\.tfdyn-tmp-`+strconv.Itoa(os.Getpid())+`-\d+-[0-9a-f]{12}$`, n[0])
	require.True(t, TempName(n[0]))
	require.False(t, TempName(".dynamodb.tf.tfdyn-tmp-"+strconv.Itoa(os.Getpid())+"-1"), "a name without its check")
	require.False(t, TempName(n[0][:len(n[0])-1]+"x"), "a check that does not match")
	s.Abort()
	require.Empty(t, names(t, dir))
}

// failAfter makes writeData write n bytes and then fail with ENOSPC, as a
// full disk does.
func failAfter(t *testing.T, n int) {
	t.Helper()
	orig := writeData
	writeData = func(w io.Writer, data []byte) error {
		if len(data) > n {
			_, _ = w.Write(data[:n])
			return syscall.ENOSPC
		}
		_, err := w.Write(data)
		return err
	}
	t.Cleanup(func() { writeData = orig })
}

func TestWriteSetFailedWriteChangesNothing(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.tf"), filepath.Join(dir, "b.tf")
	require.NoError(t, os.WriteFile(a, []byte("old a"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("old b"), 0o644))
	failAfter(t, 10) // "new a" fits, the long b does not

	err := WriteSet(map[string][]byte{a: []byte("new a"), b: []byte("new b, longer than ten bytes")}, 0o644)
	require.ErrorIs(t, err, syscall.ENOSPC)
	require.EqualError(t, err, "write "+b+": no space left on device")
	for p, want := range map[string]string{a: "old a", b: "old b"} {
		got, err := os.ReadFile(p)
		require.NoError(t, err)
		require.Equal(t, want, string(got))
	}
	require.Equal(t, []string{"a.tf", "b.tf"}, names(t, dir))
}

// TestWriteSetOnFullTmpfs fills a real 64 KiB tmpfs (needs root to mount;
// skipped otherwise).
func TestWriteSetOnFullTmpfs(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs (needs root): %v: %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", dir).Run() })
	a, b := filepath.Join(dir, "a.tf"), filepath.Join(dir, "b.tf")
	require.NoError(t, os.WriteFile(a, []byte("old a"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("old b"), 0o644))
	big := make([]byte, 128<<10)

	err := WriteSet(map[string][]byte{a: []byte("new a"), b: big}, 0o644)
	require.ErrorIs(t, err, syscall.ENOSPC)
	for p, want := range map[string]string{a: "old a", b: "old b"} {
		got, err := os.ReadFile(p)
		require.NoError(t, err)
		require.Equal(t, want, string(got))
	}
	require.Equal(t, []string{"a.tf", "b.tf"}, names(t, dir))

	// WriteFile on the full disk keeps the old content too.
	err = WriteFile(a, big, 0o644)
	require.ErrorIs(t, err, syscall.ENOSPC)
	got, err := os.ReadFile(a)
	require.NoError(t, err)
	require.Equal(t, "old a", string(got))
	require.Equal(t, []string{"a.tf", "b.tf"}, names(t, dir))
}

func TestCleanDirRemovesOnlyDeadRuns(t *testing.T) {
	dir := t.TempDir()
	// A process that has exited and been waited for: its pid is dead.
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	deadPid := dead.Process.Pid
	require.False(t, Alive(deadPid))
	// A live process this test started.
	live := exec.Command("sleep", "60")
	require.NoError(t, live.Start())
	t.Cleanup(func() { _ = live.Process.Kill(); _ = live.Wait() })
	livePid := live.Process.Pid

	write := func(name string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o600))
	}
	deadTmp := TempFileName("a.tf", deadPid, 123)
	liveTmp := TempFileName("a.tf", livePid, 456)
	oldLiveTmp := TempFileName("b.tf", livePid, 789)
	reusedTmp := TempFileName("c.tf", os.Getpid(), 1) // our pid, not ours
	// Files a user named like temporary files, with a dead pid: not
	// tfdyn's (no check part, or a check of other parts), never removed
	// (issue 27: any ".X.tfdyn-tmp-<dead pid>-<n>" was).
	userLike := ".notes.md.tfdyn-tmp-" + strconv.Itoa(deadPid) + "-1"
	forged := strings.Replace(TempFileName("d.tf", deadPid, 5), "-5-", "-6-", 1)
	for _, n := range []string{deadTmp, liveTmp, oldLiveTmp, reusedTmp, "a.tf", ".hidden.tfdyn-tmp-x-1", userLike, forged} {
		write(n)
	}
	old := time.Now().Add(-2 * StaleAge)
	require.NoError(t, os.Chtimes(filepath.Join(dir, oldLiveTmp), old, old))
	mine, err := Stage(filepath.Join(dir, "d.tf"), []byte("x"), 0o644) // in flight in this process
	require.NoError(t, err)
	defer mine.Abort()

	removed, err := CleanDir(dir)
	require.NoError(t, err)
	sort.Strings(removed)
	want := []string{deadTmp, oldLiveTmp, reusedTmp}
	sort.Strings(want)
	require.Equal(t, want, removed)
	left := names(t, dir)
	require.Contains(t, left, liveTmp)
	require.Contains(t, left, filepath.Base(mine.tmp))
	require.Contains(t, left, "a.tf")
	require.Contains(t, left, ".hidden.tfdyn-tmp-x-1")
	require.Contains(t, left, userLike)
	require.Contains(t, left, forged)
	require.Len(t, left, 6)

	removed, err = CleanDir(filepath.Join(dir, "missing"))
	require.NoError(t, err)
	require.Empty(t, removed)
}

func TestGenerated(t *testing.T) {
	for _, tc := range []struct {
		content string
		want    bool
	}{
		{"# Code generated by tfdyn emit; DO NOT EDIT.\nresource {}", true},
		{"<!-- Code generated by tfdyn emit; DO NOT EDIT. -->\n# Module", true},
		{"<!-- Code generated by tfdyn doc. DO NOT EDIT. -->\n\n# DynamoDB design", true},
		{"<!-- Code generated by tfdyn doc. DO NOT EDIT. -->", true},
		{"# Code generated by tfdyn emit; DO NOT EDIT.\r\nx", true},
		{"# My README\n<!-- Code generated by tfdyn doc. DO NOT EDIT. -->\n", false},
		{"# Code generated by terraform-docs; DO NOT EDIT.\n", false},
		{"", false},
		{"resource \"aws_dynamodb_table\" \"legacy\" {}\n", false},
		{" # Code generated by tfdyn emit; DO NOT EDIT.\n", false},
	} {
		require.Equal(t, tc.want, Generated([]byte(tc.content)), "%q", tc.content)
	}
}

func TestInspect(t *testing.T) {
	dir := t.TempDir()
	gen := "<!-- Code generated by tfdyn doc. DO NOT EDIT. -->\nbody\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "gen.md"), []byte(gen), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mine.md"), []byte("# mine\n"), 0o644))
	require.NoError(t, os.Symlink("gen.md", filepath.Join(dir, "link.md")))
	require.NoError(t, os.Symlink("/nowhere/x.md", filepath.Join(dir, "dangling.md")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "fifo.md"), 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub.md"), 0o755))

	b, exists, err := Inspect(filepath.Join(dir, "gen.md"))
	require.NoError(t, err)
	require.True(t, exists)
	require.Equal(t, gen, string(b))

	b, exists, err = Inspect(filepath.Join(dir, "none.md"))
	require.NoError(t, err)
	require.False(t, exists)
	require.Nil(t, b)

	for _, tc := range []struct {
		name   string
		reason Refusal
		msg    string
	}{
		{"mine.md", NotGenerated, "mine.md exists and was not generated by tfdyn (it does not start with a \"Code generated by tfdyn\" header); refusing to overwrite it"},
		{"link.md", Symlink, "link.md is a symbolic link (to gen.md); tfdyn does not write through links"},
		{"dangling.md", Symlink, "dangling.md is a symbolic link (to /nowhere/x.md); tfdyn does not write through links"},
		{"fifo.md", NotRegular, "fifo.md exists and is not a regular file"},
		{"sub.md", NotRegular, "sub.md exists and is not a regular file"},
	} {
		_, exists, err := Inspect(filepath.Join(dir, tc.name))
		require.True(t, exists, tc.name)
		var fe *ForeignFileError
		require.True(t, errors.As(err, &fe), "%s: %v", tc.name, err)
		require.Equal(t, tc.reason, fe.Reason, tc.name)
		require.Equal(t, filepath.Join(dir, tc.msg), err.Error())
	}
}
