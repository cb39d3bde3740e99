package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/migrate"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// rieVersion is the AWS Lambda Runtime Interface Emulator make setup
// installs (go install from the Go module proxy) into $TFDYN_CACHE/bin.
const rieVersion = "v0.0.0-20261030222936-bef5c4ba774d"

// TestLiveMigrateLambdaWorker runs the worker of migrate --emit
// stepfunctions as Lambda runs it: the tfdyn binary as the bootstrap of a
// function directory that holds BASE's and HEAD's schemas (base/, head/),
// the arguments in TFDYN_MIGRATE_ARGS as the emitted Terraform writes
// them, under AWS's Runtime Interface Emulator with a 26 s timeout (6 s of work per invocation). Like
// the state machine's item processor, the test invokes each segment again
// until the worker answers done: the first invocations stop before the
// deadline with the progress in the control table, the next ones resume
// it. Then the check passes. An event that is no Map item is an
// invocation error naming it.
func TestLiveMigrateLambdaWorker(t *testing.T) {
	tftest.Parallel(t)
	bin := tfdynBinary(t)
	rie := filepath.Join(tfenv.CacheDir(), "bin", "aws-lambda-rie-"+rieVersion)
	if _, err := os.Stat(rie); err != nil {
		t.Fatalf("the Lambda Runtime Interface Emulator is not installed (%v): run make setup", err)
	}
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	sd, err := filepath.Abs("../schemadiff/testdata")
	require.NoError(t, err)
	base, diags := hclschema.Load(filepath.Join(sd, "base"))
	require.False(t, diags.HasErrors())
	sdTable(t, ctx, client, base, "app")
	createControlTable(t, ctx, client, "ctl")

	// The function's directory, as the worker's zip unpacks.
	task := t.TempDir()
	copyFile(t, bin, filepath.Join(task, "bootstrap"))
	require.NoError(t, os.Chmod(filepath.Join(task, "bootstrap"), 0o755))
	copyFile(t, filepath.Join(sd, "base", "app.tfdyn.hcl"), filepath.Join(task, migrate.WorkerSchemaDirs[0], "app.tfdyn.hcl"))
	copyFile(t, filepath.Join(sd, "backfill", "app.tfdyn.hcl"), filepath.Join(task, migrate.WorkerSchemaDirs[1], "app.tfdyn.hcl"))
	args, err := json.Marshal([]string{"migrate", "base", "head", "--table", "app", "--control-table", "ctl", "--total-segments", "2", "--rate", "20", "--endpoint", target.Endpoint()})
	require.NoError(t, err)

	port, apiPort := freePort(t), freePort(t)
	var log bytes.Buffer
	cmd := exec.Command(rie, "--runtime-interface-emulator-address", fmt.Sprintf("127.0.0.1:%d", port), "--runtime-api-address", fmt.Sprintf("127.0.0.1:%d", apiPort), "./bootstrap")
	cmd.Dir = task
	cmd.Env = append(os.Environ(), migrate.WorkerArgsEnv+"="+string(args), "AWS_LAMBDA_FUNCTION_TIMEOUT=26", "AWS_ACCESS_KEY_ID=tfdyn", "AWS_SECRET_ACCESS_KEY=tfdyn")
	cmd.Stdout, cmd.Stderr = &log, &log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // the emulator and the bootstrap it started: this test's process group
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("emulator:\n%s", log.String())
		}
	})
	invoke := func(event string) map[string]any {
		t.Helper()
		url := fmt.Sprintf("http://127.0.0.1:%d/2015-03-31/functions/function/invocations", port)
		var resp *http.Response
		deadline := time.Now().Add(20 * time.Second)
		for {
			resp, err = http.Post(url, "application/json", strings.NewReader(event))
			if err == nil || time.Now().After(deadline) {
				break
			}
			time.Sleep(100 * time.Millisecond) // the emulator is starting
		}
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		var out map[string]any
		require.NoError(t, json.Unmarshal(b, &out), "%s", b)
		return out
	}

	out := invoke(`{"segment": "one"}`)
	require.Equal(t, "TfdynMigrateError", out["errorType"])
	require.Equal(t, `the event must be a Map item {"segment": I, "total_segments": N}, got {"segment": "one"}`, out["errorMessage"])

	for seg := 0; seg < 2; seg++ {
		var answers []map[string]any
		for len(answers) < 10 {
			a := invoke(fmt.Sprintf(`{"segment": %d, "total_segments": 2}`, seg))
			require.NotContains(t, a, "errorMessage")
			answers = append(answers, a)
			if a["done"] == true {
				break
			}
		}
		t.Logf("segment %d: %v", seg, answers)
		last := answers[len(answers)-1]
		require.Equal(t, true, last["done"])
		require.EqualValues(t, seg, last["segment"])
		require.EqualValues(t, 2, last["total_segments"])
		var scanned float64
		for _, a := range answers {
			scanned += a["scanned"].(float64)
		}
		require.EqualValues(t, controlSegments(t, ctx, client, "ctl", "app/backfill")[seg][2], scanned, "every committed page counted once, by the invocation that committed it")
		if seg == 0 {
			require.Greater(t, len(answers), 1, "the first invocation stops before its deadline and the next resumes")
			require.Equal(t, false, answers[0]["done"])
			require.Greater(t, answers[0]["scanned"].(float64), float64(0), "the first invocation committed pages")
		}
	}
	code, check, _ := runTfdyn(t, "migrate", filepath.Join(sd, "base"), filepath.Join(sd, "backfill"), "--table", "app", "--endpoint", target.Endpoint(), "--check")
	require.Equal(t, 0, code, check)
}
