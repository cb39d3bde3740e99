package verify_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/lint"
	"github.com/tfdyn/tfdyn/verify"
)

// writeSchema writes src as app.tfdyn.hcl in a temporary directory, checks
// that lint finds no error in it and returns the path and the schema.
func writeSchema(t *testing.T, src string) (string, *hclschema.Schema) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "app.tfdyn.hcl")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	s := load(t, path)
	require.False(t, lint.Run(s).HasErrors(), "the schema must pass lint: verify sees what lint cannot know")
	return path, s
}

// TestVerifyReportsRejectedItemsAsFindings: the example's 2,044-byte key
// fits, the items verify generates from it (the id plus "-g000"...) do
// not. The run is a finding (no error, not passed) that names the entity
// and its position, not an environment error with DynamoDB's raw message.
func TestVerifyReportsRejectedItemsAsFindings(t *testing.T) {
	env := tftest.Env(t)
	path, s := writeSchema(t, `table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = { id = string }
  key {
    PK = "DOC#${id}"
  }
  example {
    id = "`+strings.Repeat("d", 2040)+`"
  }
}
`)
	rep, err := verify.Run(context.Background(), verify.Options{Schema: s, SchemaPath: path, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 2})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.False(t, rep.Passed, text.String())
	const msg = "Hash primary key values must be under 2048 bytes, and range primary key values must be under 1024 bytes"
	key := `PK="DOC#` + strings.Repeat("d", 2040)
	require.Equal(t, []verify.Rejection{
		{Table: "app", Entity: "Doc", Position: path + ":4:1", Key: key + `-g000"`, Message: msg},
		{Table: "app", Entity: "Doc", Position: path + ":4:1", Key: key + `-g001"`, Message: msg},
	}, unexported(rep.Rejected))
	require.Contains(t, text.String(), "\nRejected by DynamoDB (2)\n  FAIL "+path+":4:1: DynamoDB rejected a generated item (values drawn from its examples) {"+key+"-g000\"} of entity Doc: "+msg+"\n")
	require.Contains(t, text.String(), "\nFAIL: DynamoDB rejected 2 table(s) or item(s) that the schema allows; the access patterns did not run\n")
	require.Equal(t, 1, rep.Items, "the example item is written")
	assertCleanedUp(t, rep)
}

// unexported returns rejections as the public fields show them.
func unexported(rs []verify.Rejection) []verify.Rejection {
	out := make([]verify.Rejection, len(rs))
	for i, r := range rs {
		out[i] = verify.Rejection{Table: r.Table, Entity: r.Entity, Example: r.Example, Position: r.Position, Key: r.Key, Message: r.Message}
	}
	return out
}
