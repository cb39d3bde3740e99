package emit_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// changedNames are the names of the files Write wrote (or would write).
func changedNames(res *emit.Result) []string {
	var out []string
	for _, c := range res.Changed {
		out = append(out, c.Name)
	}
	return out
}

func dirNames(t *testing.T, dir string) []string {
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

// TestWriteOnFullDiskChangesNothing emits into a real 64 KiB tmpfs that is
// nearly full: the write fails with ENOSPC and the previous file set stays
// exactly as it was, without temporary files, and a leftover of the schema
// is not removed either. Mounting needs root; the test
// skips otherwise (package fsafe's own tests inject the failure instead).
func TestWriteOnFullDiskChangesNothing(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs (needs root): %v: %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", dir).Run() })

	files, err := emit.Emit(loadSchema(t, "../../examples/ecommerce"), emit.Options{})
	require.NoError(t, err)
	old := map[string]string{}
	for n := range files {
		old[n] = emit.Header + "# old " + n + "\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte(old[n]), 0o644))
	}
	// A file of this schema that the run no longer writes (the name of an
	// earlier --prefix): removed only once every file is written.
	leftover := filepath.Join(dir, "blog_dynamodb_versions.tf")
	require.NoError(t, os.WriteFile(leftover, files["dynamodb_versions.tf"], 0o644))
	// Fill the disk but for two blocks: the first two files (in name order)
	// are staged, the third fails.
	var st syscall.Statfs_t
	require.NoError(t, syscall.Statfs(dir, &st))
	free := int(st.Bavail) * int(st.Bsize)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "filler"), make([]byte, free-2*int(st.Bsize)), 0o644))

	res, err := emit.Write(dir, files, false)
	require.ErrorIs(t, err, syscall.ENOSPC)
	require.Nil(t, res)
	require.Regexp(t, `^emit: write `+dir+`/dynamodb_variables.tf: no space left on device \(no file in `+dir+` was changed\)$`, err.Error())
	for n, want := range old {
		got, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		require.Equal(t, want, string(got), n)
	}
	require.Equal(t, []string{"blog_dynamodb_versions.tf", "dynamodb.tf", "dynamodb_outputs.tf", "dynamodb_variables.tf", "dynamodb_versions.tf", "filler"}, dirNames(t, dir))

	// With room again, the whole set is written.
	require.NoError(t, os.Remove(filepath.Join(dir, "filler")))
	res, err = emit.Write(dir, files, false)
	require.NoError(t, err)
	require.Equal(t, []string{"dynamodb.tf", "dynamodb_outputs.tf", "dynamodb_variables.tf", "dynamodb_versions.tf"}, changedNames(res))
	require.Equal(t, []string{"blog_dynamodb_versions.tf"}, res.Removed)
	require.Equal(t, []string{"dynamodb.tf", "dynamodb_outputs.tf", "dynamodb_variables.tf", "dynamodb_versions.tf"}, dirNames(t, dir))
	for n, want := range files {
		got, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), n)
	}
}

// TestWriteRemovesLeftoversOfDeadRuns: the temporary files a killed emit
// left (this version's and the ".name.tmpNNN" of earlier versions) are gone
// after the next Write, also when nothing changed; a live run's stay.
func TestWriteRemovesLeftoversOfDeadRuns(t *testing.T) {
	dir := t.TempDir()
	files, err := emit.Emit(loadSchema(t, "../../examples/ecommerce"), emit.Options{})
	require.NoError(t, err)
	_, err = emit.Write(dir, files, false)
	require.NoError(t, err)

	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	live := exec.Command("sleep", "60")
	require.NoError(t, live.Start())
	t.Cleanup(func() { _ = live.Process.Kill(); _ = live.Wait() })
	liveTmp := fsafe.TempFileName("dynamodb.tf", live.Process.Pid, 2)
	// Files of the user named like temporary files (issue 27: emit removed
	// any ".X.tfdyn-tmp-<dead pid>-<n>"), and like an earlier version's
	// temporary file of an emitted name but holding the user's text.
	userLike := ".dynamodb.tf.tfdyn-tmp-" + strconv.Itoa(dead.Process.Pid) + "-1"
	userLegacy := ".dynamodb_variables.tf.tmp7"
	for n, content := range map[string]string{
		fsafe.TempFileName("dynamodb.tf", dead.Process.Pid, 1): "partial",
		liveTmp:                          "partial",
		".dynamodb_outputs.tf.tmp123456": emit.Header + "# Sch", // an earlier version's, cut
		".notes.md.tmp1":                 "partial",             // not a name emit writes: kept
		userLike:                         "my notes",
		userLegacy:                       "my notes",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte(content), 0o600))
	}

	res, err := emit.Write(dir, files, false)
	require.NoError(t, err)
	require.Empty(t, res.Changed)
	require.Empty(t, res.Removed)
	require.ElementsMatch(t, []string{liveTmp, userLike, userLegacy, ".notes.md.tmp1", "dynamodb.tf", "dynamodb_outputs.tf", "dynamodb_variables.tf", "dynamodb_versions.tf"}, dirNames(t, dir))
}

// TestWriteRefusesSymlink: a link in the output directory is neither
// followed nor replaced, even when it points at a generated file.
func TestWriteRefusesSymlink(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	files, err := emit.Emit(loadSchema(t, "../../examples/ecommerce"), emit.Options{})
	require.NoError(t, err)
	target := filepath.Join(elsewhere, "dynamodb.tf")
	gen := emit.Header + "# elsewhere\n"
	require.NoError(t, os.WriteFile(target, []byte(gen), 0o644))
	require.NoError(t, os.Symlink(target, filepath.Join(dir, "dynamodb.tf")))

	_, err = emit.Write(dir, files, false)
	require.EqualError(t, err, "emit: "+dir+"/dynamodb.tf is a symbolic link (to "+target+"); tfdyn does not write through links. Replace the link with the file, or emit into another directory with -o")
	var foreign *emit.ForeignFileError
	require.ErrorAs(t, err, &foreign)
	diags, srcs, ok := emit.RefusalDiagnostics(err)
	require.True(t, ok)
	require.Len(t, diags, 1)
	require.Equal(t, emit.CodeNotGenerated, diag.CodeOf(diags[0]))
	require.Equal(t, dir+"/dynamodb.tf:1:1", pos(*diags[0].Subject))
	require.Equal(t, "Symbolic link in the way", diags[0].Summary)
	require.Empty(t, srcs, "a link's target is not shown")
	got, err := os.ReadFile(target)
	require.NoError(t, err)
	require.Equal(t, gen, string(got))
	require.Equal(t, []string{"dynamodb.tf"}, dirNames(t, dir))
}
