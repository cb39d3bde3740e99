package verify

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/tfenv"
)

// deadPID returns the pid of a process that has exited and been waited for.
func deadPID(t *testing.T) int {
	t.Helper()
	c := exec.Command("true")
	require.NoError(t, c.Run())
	return c.Process.Pid
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

// makeWorkspace creates root/name with a marker (nil: none) and a
// terraform.tfstate.
func makeWorkspace(t *testing.T, root, name string, m *marker) string {
	t.Helper()
	dir := filepath.Join(root, name)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "terraform.tfstate"), []byte(`{"resources":[{"type":"aws_dynamodb_table"}]}`), 0o644))
	if m != nil {
		b, err := json.Marshal(m)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, markerFile), b, 0o644))
	}
	return dir
}

func TestCleanWorkspacesRemovesOnlyDeadRunsWithNothingToDestroy(t *testing.T) {
	root := t.TempDir()
	dead := strconv.Itoa(deadPID(t))
	sleeper := exec.Command("sleep", "60")
	require.NoError(t, sleeper.Start())
	t.Cleanup(func() { _ = sleeper.Process.Kill(); _ = sleeper.Wait() })
	alive := strconv.Itoa(sleeper.Process.Pid)
	self := strconv.Itoa(os.Getpid())
	host := hostname()
	started := time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)

	makeWorkspace(t, root, dead+"-local", &marker{PID: 1, Host: host, Target: TargetLocal, Applied: true, Tables: []string{"shop"}})
	makeWorkspace(t, root, dead+"-nomarker", nil)
	makeWorkspace(t, root, dead+"-awsnotapplied", &marker{Host: host, Target: TargetAWS, Tables: []string{"shop-tfdyn-abc"}})
	endpoint := makeWorkspace(t, root, dead+"-endpoint", &marker{Host: host, Target: TargetEndpoint, Endpoint: "http://db:8000",
		Applied: true, Tables: []string{"shop-tfdyn-0a1b2c", "audit-tfdyn-0a1b2c"}, Started: started})
	makeWorkspace(t, root, dead+"-otherhost", &marker{Host: host + "-elsewhere", Target: TargetLocal})
	makeWorkspace(t, root, alive+"-running", &marker{Host: host, Target: TargetLocal})
	makeWorkspace(t, root, self+"-reused", &marker{Host: host, Target: TargetLocal}) // this pid, not this process's
	mine := makeWorkspace(t, root, self+"-mine", &marker{Host: host, Target: TargetLocal})
	live.Store(mine, true)
	t.Cleanup(func() { live.Delete(mine) })
	makeWorkspace(t, root, "notes", nil)
	require.NoError(t, os.WriteFile(filepath.Join(root, dead+"-file"), nil, 0o644))

	removed, kept, err := CleanWorkspaces(root)
	require.NoError(t, err)
	sort.Strings(removed)
	want := []string{
		filepath.Join(root, dead+"-awsnotapplied"), filepath.Join(root, dead+"-local"),
		filepath.Join(root, dead+"-nomarker"), filepath.Join(root, self+"-reused"),
	}
	sort.Strings(want)
	require.Equal(t, want, removed)
	pid, _ := strconv.Atoi(dead)
	require.Equal(t, []Leftover{{Dir: endpoint, PID: pid, Target: TargetEndpoint, Endpoint: "http://db:8000",
		Tables: []string{"shop-tfdyn-0a1b2c", "audit-tfdyn-0a1b2c"}, Started: started}}, kept)
	require.Equal(t, "the workspace "+endpoint+" of an earlier verify run (pid "+dead+", started 2026-11-23T03:00:00Z) holds the terraform state "+
		"of table(s) shop-tfdyn-0a1b2c, audit-tfdyn-0a1b2c on http://db:8000: the run was killed before it destroyed them, or kept them with --keep. "+
		"Destroy them with `terraform -chdir="+endpoint+" destroy` (or delete the tables), then remove the directory", kept[0].Advice())
	wantLeft := []string{dead + "-endpoint", dead + "-file", dead + "-otherhost", alive + "-running", self + "-mine", "notes"}
	sort.Strings(wantLeft)
	require.Equal(t, wantLeft, dirNames(t, root))
	// The kept workspace keeps its state.
	_, err = os.Stat(filepath.Join(endpoint, "terraform.tfstate"))
	require.NoError(t, err)

	removed, kept, err = CleanWorkspaces(filepath.Join(root, "missing"))
	require.NoError(t, err)
	require.Empty(t, removed)
	require.Empty(t, kept)
}

// TestNewWorkspaceLivesUnderTheCacheAndCleansUp: a workspace is
// <cache>/verify/<pid>-<random> with a marker naming this run; creating one
// removes a dead local run's workspace and reports a dead endpoint run's.
func TestNewWorkspaceLivesUnderTheCacheAndCleansUp(t *testing.T) {
	tf, err := exec.LookPath("terraform")
	if err != nil {
		t.Skip("terraform is not on PATH")
	}
	cache := t.TempDir()
	env := &tfenv.Env{TerraformPath: tf, CacheDir: cache}
	root := filepath.Join(cache, "verify")
	require.Equal(t, root, WorkspaceRoot(env))
	dead := strconv.Itoa(deadPID(t))
	makeWorkspace(t, root, dead+"-killed", &marker{Host: hostname(), Target: TargetLocal, Applied: true})
	kept := makeWorkspace(t, root, dead+"-aws", &marker{Host: hostname(), Target: TargetAWS, Applied: true, Tables: []string{"app-tfdyn-123456"},
		Started: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)})

	s, diags := hclschema.LoadSource("app.tfdyn.hcl", []byte(`table "app" {
  partition_key = "PK"
}
`))
	require.False(t, diags.HasErrors(), diags.Error())
	var progress bytes.Buffer
	w, err := newWorkspace(env, s, Options{Target: TargetLocal, ProviderMajor: 6, Progress: &progress}.withDefaults(), "")
	require.NoError(t, err)
	require.Equal(t, root, filepath.Dir(w.dir))
	require.Regexp(t, `^`+strconv.Itoa(os.Getpid())+`-\d+$`, filepath.Base(w.dir))
	require.Equal(t, "removed the workspace of a killed run: "+filepath.Join(root, dead+"-killed")+"\n"+
		"the workspace "+kept+" of an earlier verify run (pid "+dead+", started 2026-01-02T03:04:05Z) holds the terraform state of table(s) app-tfdyn-123456 on aws: "+
		"the run was killed before it destroyed them, or kept them with --keep. Destroy them with `terraform -chdir="+kept+" destroy` (or delete the tables), then remove the directory\n",
		progress.String())

	var m marker
	b, err := os.ReadFile(filepath.Join(w.dir, markerFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &m))
	require.Equal(t, os.Getpid(), m.PID)
	require.Equal(t, TargetLocal, m.Target)
	require.Equal(t, []string{"app"}, m.Tables)
	require.False(t, m.Applied)
	require.Equal(t, []string{"dynamodb.tf", "dynamodb_outputs.tf", "dynamodb_variables.tf", "dynamodb_versions.tf", "tfdyn-verify.auto.tfvars.json", markerFile}, dirNames(t, w.dir))

	// This run's workspace survives another cleanup (same pid, alive).
	removed, _, err := CleanWorkspaces(root)
	require.NoError(t, err)
	require.Empty(t, removed)
	w.remove()
	require.Equal(t, []string{dead + "-aws"}, dirNames(t, root))
}
