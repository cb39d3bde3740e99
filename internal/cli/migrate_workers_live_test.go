package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/migrate"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// createControlTable creates a control table as migrate --emit terraform
// declares it.
func createControlTable(t testing.TB, ctx context.Context, c *dynamodb.Client, name string) {
	t.Helper()
	s := func(n string) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: types.ScalarAttributeTypeS}
	}
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(name), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{s(migrate.ControlPartitionKey), s(migrate.ControlSortKey)},
		KeySchema: []types.KeySchemaElement{{AttributeName: aws.String(migrate.ControlPartitionKey), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(migrate.ControlSortKey), KeyType: types.KeyTypeRange}}})
	require.NoError(t, err)
}

// controlSegments reads the segment records of a migration from the
// control table: segment -> (version, done, scanned).
func controlSegments(t *testing.T, ctx context.Context, c *dynamodb.Client, control, migration string) map[int][3]int64 {
	t.Helper()
	out, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(control), ConsistentRead: aws.Bool(true),
		KeyConditionExpression:    aws.String("#m = :m AND begins_with(#p, :p)"),
		ExpressionAttributeNames:  map[string]string{"#m": migrate.ControlPartitionKey, "#p": migrate.ControlSortKey},
		ExpressionAttributeValues: map[string]types.AttributeValue{":m": &types.AttributeValueMemberS{Value: migration}, ":p": &types.AttributeValueMemberS{Value: "segment#"}}})
	require.NoError(t, err)
	segs := map[int][3]int64{}
	for _, it := range out.Items {
		var seg, version, scanned int64
		fmt.Sscan(it["segment"].(*types.AttributeValueMemberN).Value, &seg)
		fmt.Sscan(it["version"].(*types.AttributeValueMemberN).Value, &version)
		fmt.Sscan(it["result"].(*types.AttributeValueMemberM).Value["scanned"].(*types.AttributeValueMemberN).Value, &scanned)
		done := int64(0)
		if it["done"].(*types.AttributeValueMemberBOOL).Value {
			done = 1
		}
		segs[int(seg)] = [3]int64{version, done, scanned}
	}
	return segs
}

// workerRun is one tfdyn process of a shared migration.
type workerRun struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
}

func startWorker(t *testing.T, bin string, args ...string) *workerRun {
	t.Helper()
	w := &workerRun{cmd: exec.Command(bin, args...)}
	w.cmd.Stdout, w.cmd.Stderr = &w.stdout, &w.stderr
	require.NoError(t, w.cmd.Start())
	t.Cleanup(func() {
		if w.cmd.ProcessState == nil {
			_ = w.cmd.Process.Kill() // the process this test started
			_ = w.cmd.Wait()
		}
	})
	return w
}

func (w *workerRun) wait() int {
	err := w.cmd.Wait()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// TestLiveMigrateWorkers is issue 28's segment workers: four tfdyn
// processes, one per segment of four, finish one backfill through one
// control table on DynamoDB Local; the worker of segment 1 is killed with
// SIGKILL at a random moment after its first committed page and started
// again, and resumes where its segment's record stands. The totals are
// exact: every item scanned once (700), every item of the planned
// entities updated or found already in HEAD's shape, and the check passes.
// A worker given another number of segments, or a re-created table, is
// refused with exit 2 and writes nothing; a worker of a finished segment
// does nothing.
func TestLiveMigrateWorkers(t *testing.T) {
	tftest.Parallel(t)
	bin := tfdynBinary(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	sd, err := filepath.Abs("../schemadiff/testdata")
	require.NoError(t, err)
	baseDir, headDir := filepath.Join(sd, "base"), filepath.Join(sd, "backfill")
	base, diags := hclschema.Load(baseDir)
	require.False(t, diags.HasErrors())
	sdTable(t, ctx, client, base, "app")
	createControlTable(t, ctx, client, "ctl")
	ep := target.Endpoint()
	args := func(extra ...string) []string {
		return append([]string{"migrate", baseDir, headDir, "--table", "app", "--endpoint", ep, "--control-table", "ctl"}, extra...)
	}
	worker := func(seg int, extra ...string) *workerRun {
		return startWorker(t, bin, args(append([]string{"--segment", fmt.Sprint(seg), "--total-segments", "4", "--format", "json"}, extra...)...)...)
	}

	// Four workers at 40 updates a second each; segment 1's is killed once
	// its record shows a committed page, after a random extra moment.
	var workers [4]*workerRun
	for i := range workers {
		workers[i] = worker(i, "--rate", "40")
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		segs := controlSegments(t, ctx, client, "ctl", "app/backfill")
		if s, ok := segs[1]; ok && s[0] >= 1 {
			require.Zero(t, s[1], "segment 1 finished before it could be killed")
			break
		}
		if time.Now().After(deadline) {
			for i, w := range workers {
				t.Logf("worker %d: %s%s", i, w.stdout.String(), w.stderr.String())
			}
			t.Fatalf("segment 1 committed no page in 30 s: %v", segs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(time.Duration(rand.IntN(300)) * time.Millisecond)
	require.NoError(t, workers[1].cmd.Process.Signal(syscall.SIGKILL)) // the process this test started
	require.Equal(t, -1, workers[1].wait(), "killed")
	killedAt := controlSegments(t, ctx, client, "ctl", "app/backfill")[1]
	t.Logf("segment 1 killed at version %d, %d items scanned", killedAt[0], killedAt[2])

	// A worker that does not fit the migration: refused, nothing written.
	code, _, errOut := runTfdyn(t, args("--segment", "1", "--total-segments", "8")...)
	require.Equal(t, 2, code)
	require.Regexp(t, `Error: this worker does not fit the migration recorded in the control table: the migration app/backfill runs in 4 segments \(control table records since \S+\), this worker was given 8: give every worker the same --total-segments\n`, errOut)
	require.Equal(t, killedAt, controlSegments(t, ctx, client, "ctl", "app/backfill")[1], "nothing written")

	workers[1] = worker(1)
	var outs [4]string
	for i, w := range workers {
		require.Equal(t, 0, w.wait(), "worker %d: %s%s", i, w.stdout.String(), w.stderr.String())
		outs[i] = w.stdout.String()
	}
	segs := controlSegments(t, ctx, client, "ctl", "app/backfill")
	var scanned int64
	for i := 0; i < 4; i++ {
		require.Equal(t, int64(1), segs[i][1], "segment %d done", i)
		scanned += segs[i][2]
	}
	require.Equal(t, int64(700), scanned, "every item scanned once")
	require.Greater(t, segs[1][0], killedAt[0], "the restarted worker went on from the killed one's record")

	// A worker's report holds the whole migration's totals as recorded
	// when it ends: a worker of a finished segment, now, all of them.
	for i, out := range outs {
		require.Contains(t, out, fmt.Sprintf(`"segment": %d,`, i))
	}
	code, out, _ := runTfdyn(t, args("--segment", "2", "--total-segments", "4", "--format", "json")...)
	require.Equal(t, 0, code)
	var last struct {
		Result migrate.Result `json:"result"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &last))
	res := last.Result
	require.EqualValues(t, 700, res.Scanned)
	require.True(t, res.Complete)
	require.Equal(t, &migrate.WorkerResult{Segment: 2, Done: true, SegmentsDone: 4}, res.Worker)
	for name, want := range map[string]int64{"Customer": 300, "Order": 300, "Product": 100} {
		c := res.Entities[name]
		require.NotNil(t, c, name)
		require.Equal(t, want, c.Items, name)
		require.Equal(t, c.Items, c.Updated+c.Already, "%s: every item updated once or found in HEAD's shape", name)
		require.Zero(t, c.Failed+c.Diverged, name)
	}
	// The 150 open orders gain GSI2's keys; an update the killed worker made
	// in its last, uncommitted page (100 items at most) is found again as
	// already in HEAD's shape.
	open := res.Entities["Order"].Updated
	require.LessOrEqual(t, open, int64(150))
	require.GreaterOrEqual(t, open, int64(50))
	require.EqualValues(t, 0, res.Other+res.Unknown+res.Ambiguous)

	// A worker of a finished segment does nothing, and says so.
	code, out, _ = runTfdyn(t, args("--segment", "2", "--total-segments", "4")...)
	require.Equal(t, 0, code)
	require.Contains(t, out, "Worker of segment 2 of 4: this run scanned 0 items and updated 0; the segment is finished; 4 of 4 segments are finished (the counts above are the whole migration's).\n")
	require.Contains(t, out, "Scanned 700 items in 4 segments")

	code, out, _ = runTfdyn(t, "migrate", baseDir, headDir, "--table", "app", "--endpoint", ep, "--check")
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "  entity Customer: 300 items (300 in HEAD's shape, 0 not migrated, 0 half-migrated)\n")

	// The table deleted and created again: its identity no longer fits
	// the control table's record.
	_, err = client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("app")})
	require.NoError(t, err)
	sdTable(t, ctx, client, base, "app")
	code, _, errOut = runTfdyn(t, args("--segment", "0", "--total-segments", "4")...)
	require.Equal(t, 2, code)
	require.Regexp(t, `Error: this worker does not fit the migration recorded in the control table: it records the progress on table arn:\S+/app created \S+, but the table now is arn:\S+/app created \S+: it was deleted and created again since \(a restore, a re-seed, a new apply\), so its items are not where the control table says; remove the migration.s records \(--reset\) to start over\n`, errOut)
	code, out, _ = runTfdyn(t, args("--reset")...)
	require.Equal(t, 0, code)
	require.Equal(t, "Removed 5 records of migration app/backfill from control table ctl.\n", out)
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range codes {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			codes[i], _, _ = runTfdyn(t, args("--segment", fmt.Sprint(i), "--total-segments", "2")...)
		}(i)
	}
	wg.Wait()
	require.Equal(t, []int{0, 0}, codes, "two workers in one process after the reset")
	code, out, _ = runTfdyn(t, "migrate", baseDir, headDir, "--table", "app", "--endpoint", ep, "--check")
	require.Equal(t, 0, code, out)
	require.False(t, strings.Contains(out, "FINDING"))
}
