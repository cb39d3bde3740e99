package verify_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestVerifyReportsRejectedItemsAsFindings runs verify.Run (without lint,
// as a library caller may) on a schema whose example has a 3,005-byte key,
// which lint reports as TD128 and the CLI stops at. DynamoDB rejects the
// example: the run is a finding (no error, not passed) naming the entity
// and the example's file:line, not an environment error with DynamoDB's raw
// message. The generated items over the limit (Doc's, from a 2,044-byte key
// plus "-gNNN") are left out with a note instead of failing.
func TestVerifyReportsRejectedItemsAsFindings(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	u, d := strings.Repeat("u", 3000), strings.Repeat("d", 2040)
	path := filepath.Join(t.TempDir(), "app.tfdyn.hcl")
	require.NoError(t, os.WriteFile(path, []byte(`table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
  example {
    id = "alice"
  }
  example {
    id = "`+u+`"
  }
}
entity "Doc" {
  attributes = { id = string }
  key {
    PK = "DOC#${id}"
  }
  example {
    id = "`+d+`"
  }
}
`), 0o644))
	s := load(t, path)
	var codes []string
	for _, dg := range lint.Run(s) {
		if dg.Severity == hcl.DiagError {
			codes = append(codes, fmt.Sprintf("%s %d:%d", diag.CodeOf(dg), dg.Subject.Start.Line, dg.Subject.Start.Column))
		}
	}
	require.Equal(t, []string{"TD128 12:3"}, codes)

	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: path, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 3})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.False(t, rep.Passed, text.String())
	const msg = "Hash primary key values must be under 2048 bytes, and range primary key values must be under 1024 bytes"
	require.Equal(t, []verify.Rejection{
		{Code: "VF401", Table: "app", Entity: "User", Example: true, Position: path + ":12:3", Key: `PK="USER#` + u + `"`, Message: msg},
	}, unexported(rep.Rejected))
	out := text.String()
	require.Contains(t, out, "\nRejected by DynamoDB (1)\n  FAIL VF401 "+path+":12:3: DynamoDB rejected the example item {PK=\"USER#"+u+"\"} of entity User: "+msg+"\n")
	require.Contains(t, out, "\nNote: VF501 5 generated item(s) of table app were left out because DynamoDB would reject them (first: entity User: PK (partition key of the table) is 3010 bytes; DynamoDB allows 1 to 2048)")
	require.Contains(t, out, "\nFAIL: DynamoDB rejected 1 table(s) or item(s) that the schema allows; the access patterns did not run\n")
	require.Equal(t, 3, rep.Items, "alice, Doc's example and alice-g001 are stored")
	require.Empty(t, rep.Patterns)
	assertCleanedUp(t, rep)
}

// unexported returns rejections as the public fields show them.
func unexported(rs []verify.Rejection) []verify.Rejection {
	out := make([]verify.Rejection, len(rs))
	for i, r := range rs {
		out[i] = verify.Rejection{Code: r.Code, Table: r.Table, Entity: r.Entity, Example: r.Example, Position: r.Position, Key: r.Key, Message: r.Message}
	}
	return out
}
