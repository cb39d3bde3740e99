package ddblocaltest_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
)

// alive reports whether process pid exists (a zombie counts as gone).
func alive(pid int) bool {
	return syscall.Kill(pid, 0) == nil && !zombie(pid)
}

func waitGone(pid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if !alive(pid) {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return !alive(pid)
}

func TestStartForTestAndStop(t *testing.T) {
	target := ddblocaltest.StartProcess(t)
	pid := target.PID()
	require.NotZero(t, pid)
	require.True(t, alive(pid))
	require.NoError(t, target.Stop())
	require.True(t, waitGone(pid, 5*time.Second), "java %d survived Stop", pid)
	require.NoError(t, target.Stop(), "Stop is idempotent")
	_, err := net.DialTimeout("tcp", strings.TrimPrefix(target.Endpoint(), "http://"), time.Second)
	require.Error(t, err, "the layer stops listening")
}

// zombie reports whether pid is a zombie (exited, not yet reaped).
func zombie(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state ...: the state follows the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] == 'Z'
}

// TestStartSharesOneProcess: two targets of Start share one DynamoDB Local
// process, each under a namespace of its own: a table created through one
// is not in the other, a client that signs with any key through a target's
// endpoint sees that target's tables, and stopping a target leaves the
// process to the other.
func TestStartSharesOneProcess(t *testing.T) {
	ctx := context.Background()
	a, b := ddblocaltest.Start(t), ddblocaltest.Start(t)
	require.Equal(t, a.BackendEndpoint(), b.BackendEndpoint())
	require.NotEqual(t, a.Endpoint(), b.Endpoint())
	require.Zero(t, a.PID(), "the process is not the target's")
	ca, err := a.NewClient(ctx)
	require.NoError(t, err)
	cb, err := b.NewClient(ctx)
	require.NoError(t, err)
	spec := hclschema.TableSpec{Key: hclschema.Key{Partition: []hclschema.KeyAttr{{Name: "PK", Type: "S"}}}}
	ddblocaltest.CreateTable(t, ctx, ca, spec, "shared")
	tables := func(c *dynamodb.Client) []string {
		out, err := c.ListTables(ctx, &dynamodb.ListTablesInput{})
		require.NoError(t, err)
		return out.TableNames
	}
	require.Equal(t, []string{"shared"}, tables(ca))
	require.Empty(t, tables(cb))
	other, _, err := dynamo.NewClient(ctx, dynamo.Config{Endpoint: a.Endpoint(), AccessKey: "someone-else", SecretKey: "x"})
	require.NoError(t, err)
	require.Equal(t, []string{"shared"}, tables(other), "the layer forwards every client under its namespace")
	require.NoError(t, a.Stop())
	require.Empty(t, tables(cb), "the process outlives a target that stops")
}
