package setup

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tfenv"
)

// installedDynamoDBLocal is the developer's DynamoDB Local (make setup).
func installedDynamoDBLocal(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("packs DynamoDB Local (skipped with -short)")
	}
	dir := DynamoDBLocalDir(tfenv.CacheDir())
	if !jarInstalled(dir) {
		t.Fatalf("DynamoDB Local is not installed in %s: run make setup", dir)
	}
	return dir
}

// tarGz packs the files under dir as AWS's download does (the jar at the
// top), plus extra entries.
func tarGz(t *testing.T, dir string, extra map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	if dir != "" {
		require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			require.NoError(t, err)
			rel, _ := filepath.Rel(dir, p)
			if rel == "." {
				return nil
			}
			st, err := os.Stat(p)
			require.NoError(t, err)
			if st.IsDir() {
				return tw.WriteHeader(&tar.Header{Name: rel + "/", Typeflag: tar.TypeDir, Mode: 0o755})
			}
			b, err := os.ReadFile(p)
			require.NoError(t, err)
			require.NoError(t, tw.WriteHeader(&tar.Header{Name: rel, Typeflag: tar.TypeReg, Mode: 0o644, Size: int64(len(b))}))
			_, err = tw.Write(b)
			return err
		}))
	}
	for name, body := range extra {
		require.NoError(t, tw.WriteHeader(&tar.Header{Name: name, Typeflag: tar.TypeReg, Mode: 0o644, Size: int64(len(body))}))
		_, err := tw.Write([]byte(body))
		require.NoError(t, err)
	}
	require.NoError(t, tw.Close())
	require.NoError(t, gz.Close())
	return buf.Bytes()
}

// serve answers the archive and its .sha256 on a loopback server.
func serve(t *testing.T, archive []byte, sum string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/dynamodb_local_latest.tar.gz":
			_, _ = w.Write(archive)
		case "/dynamodb_local_latest.tar.gz.sha256":
			_, _ = w.Write([]byte(sum + "  dynamodb_local_latest.tar.gz\n"))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/dynamodb_local_latest.tar.gz"
}

func sha(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

// withoutNPM runs the test with a PATH that has no npm.
func withoutNPM(t *testing.T) { t.Setenv("PATH", t.TempDir()) }

// TestInstallFromDownload: without npm, DynamoDB Local comes from the
// download, checked against its .sha256; the installed copy starts.
func TestInstallFromDownload(t *testing.T) {
	archive := tarGz(t, installedDynamoDBLocal(t), nil)
	url := serve(t, archive, sha(archive))
	withoutNPM(t)
	cache := t.TempDir()
	how, err := InstallDynamoDBLocal(context.Background(), cache, url, nil)
	require.NoError(t, err)
	require.Equal(t, url, how)
	require.FileExists(t, filepath.Join(cache, "dynamodb-local", "DynamoDBLocal.jar"))
	require.DirExists(t, filepath.Join(cache, "dynamodb-local", "DynamoDBLocal_lib"))
	left, _ := filepath.Glob(filepath.Join(cache, ".setup-*"))
	require.Empty(t, left, "no staging directory is left")
}

// TestInstallRefusesBadChecksum: a download whose checksum does not match
// installs nothing and says so.
func TestInstallRefusesBadChecksum(t *testing.T) {
	archive := tarGz(t, installedDynamoDBLocal(t), nil)
	url := serve(t, archive, strings.Repeat("0", 64))
	withoutNPM(t)
	cache := t.TempDir()
	_, err := InstallDynamoDBLocal(context.Background(), cache, url, nil)
	require.ErrorContains(t, err, "DynamoDB Local could not be installed (npm is not on PATH; "+url+": checksum "+sha(archive)+" does not match "+url+".sha256 (0000")
	require.NoDirExists(t, filepath.Join(cache, "dynamodb-local"))
}

// TestInstallRefusesEntriesOutsideTheDirectory: an archive entry with ".."
// is refused before anything is written outside.
func TestInstallRefusesEntriesOutsideTheDirectory(t *testing.T) {
	archive := tarGz(t, "", map[string]string{"../../evil.txt": "x", "DynamoDBLocal.jar": "x"})
	url := serve(t, archive, sha(archive))
	withoutNPM(t)
	cache := t.TempDir()
	_, err := InstallDynamoDBLocal(context.Background(), cache, url, nil)
	require.ErrorContains(t, err, `archive entry "../../evil.txt" leaves the directory`)
	require.NoFileExists(t, filepath.Join(filepath.Dir(cache), "evil.txt"))
	require.NoDirExists(t, filepath.Join(cache, "dynamodb-local"))
}

// TestCheckReportsWhatIsMissing: --check on an empty cache installs
// nothing and says what to run.
func TestCheckReportsWhatIsMissing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs java and terraform")
	}
	cache := t.TempDir()
	rep := Run(context.Background(), Options{CacheDir: cache, Check: true, SkipProvider: true})
	require.False(t, rep.OK())
	it := rep.Item("dynamodb-local")
	require.Equal(t, Item{Name: "dynamodb-local", State: Missing, Detail: "not installed in " + filepath.Join(cache, "dynamodb-local"),
		Fix: "run `tfdyn setup` to install it"}, *it)
	require.Equal(t, OK, rep.Item("terraform").State)
	require.Regexp(t, `^Java \d+ \(`, rep.Item("java").Detail)
	var out bytes.Buffer
	rep.WriteText(&out)
	require.Contains(t, out.String(), "\ndynamodb-local: run `tfdyn setup` to install it\n")
	require.NoDirExists(t, filepath.Join(cache, "dynamodb-local"))
}

// TestJavaTooOld: a java that says it is 11 is refused with the fix.
func TestJavaTooOld(t *testing.T) {
	home := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(home, "bin"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(home, "bin", "java"),
		[]byte("#!/bin/sh\necho 'openjdk version \"11.0.2\" 2019-01-15' >&2\n"), 0o755))
	t.Setenv("JAVA_HOME", home)
	it := checkJava(context.Background())
	require.Equal(t, Missing, it.State)
	require.Equal(t, "Java 11 ("+filepath.Join(home, "bin", "java")+")", it.Detail)
	require.Contains(t, it.Fix, "DynamoDB Local needs Java 17 or newer")
}

// fakeTool writes an executable shell script called name into a new
// directory and returns its path.
func fakeTool(t *testing.T, name, script string) string {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\n"+script+"\n"), 0o755))
	return p
}

// withinMinute fails the test when fn has not returned after a minute: the
// defect these tests guard against is a check that waits forever.
func withinMinute(t *testing.T, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); fn() }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the check did not return: it waits for a tool that hangs")
	}
}

// TestTerraformThatHangs: `setup --check` with a terraform whose `version`
// never answers (and ignores the interrupt) reports it as missing, with
// what to do, once toolTimeout has passed (issue 27: setup hung).
func TestTerraformThatHangs(t *testing.T) {
	tf := fakeTool(t, "terraform", "trap '' INT TERM\nexec /bin/sleep 600")
	t.Setenv("PATH", filepath.Dir(tf))
	defer func(d time.Duration) { toolTimeout = d }(toolTimeout)
	toolTimeout = 300 * time.Millisecond
	var it Item
	withinMinute(t, func() { _, it = checkTerraform(context.Background(), Options{CacheDir: t.TempDir()}) })
	require.Equal(t, Item{Name: "terraform", State: Missing, Detail: tf,
		Fix: "`" + tf + " version` did not answer within 300ms: run it in a shell to see what it waits for, or put a terraform 1.5.0 or newer first on PATH"}, it)
}

// TestJavaThatFails: a java -version that fails, prints nothing or hangs is
// reported with what happened, never with empty parentheses.
func TestJavaThatFails(t *testing.T) {
	defer func(d time.Duration) { toolTimeout = d }(toolTimeout)
	toolTimeout = 300 * time.Millisecond
	for _, c := range []struct{ name, script, fix string }{
		{"silent failure", "exit 3", "`JAVA -version` failed (exit status 3) and printed nothing"},
		{"failure", "echo 'Error: could not create the Java Virtual Machine.' >&2\nexit 1", "`JAVA -version` failed (exit status 1): Error: could not create the Java Virtual Machine."},
		{"no version", "echo hello", "`JAVA -version` printed no version: hello"},
		{"hang", "trap '' INT TERM\nexec /bin/sleep 600", "`JAVA -version` did not answer within 300ms"},
	} {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			require.NoError(t, os.MkdirAll(filepath.Join(home, "bin"), 0o755))
			java := filepath.Join(home, "bin", "java")
			require.NoError(t, os.WriteFile(java, []byte("#!/bin/sh\n"+c.script+"\n"), 0o755))
			t.Setenv("JAVA_HOME", home)
			var it Item
			withinMinute(t, func() { it = checkJava(context.Background()) })
			require.Equal(t, Item{Name: "java", State: Missing, Detail: java,
				Fix: strings.ReplaceAll(c.fix, "JAVA", java) + ": install Java 17 or newer, or set JAVA_HOME to one"}, it)
		})
	}
}
