package verify_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestVerifyFilterSemantics runs filters that compare two attributes and
// negate a comparison on items where the attributes are missing, live on
// DynamoDB Local: the oracle (hclschema's evaluator) and DynamoDB must
// agree on every input set, and each declared result must hold live. A
// comparison with a missing attribute is false, so its negation holds,
// except != which holds, also when both attributes are missing.
func TestVerifyFilterSemantics(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	path := filepath.Join(t.TempDir(), "app.tfdyn.hcl")
	require.NoError(t, os.WriteFile(path, []byte(`table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Member" {
  attributes = {
    team     = string
    id       = string
    username = string
    nick     = optional(string)
    alias    = optional(string)
    age      = optional(number)
  }
  key {
    PK = "TEAM#${team}"
    SK = "M#${id}"
  }
  example "same" {
    team     = "t"
    id       = "1"
    username = "al"
    nick     = "al"
    age      = 2
  }
  example "other" {
    team     = "t"
    id       = "2"
    username = "al"
    nick     = "bo"
    alias    = "x"
    age      = 5
  }
  example "bare" {
    team     = "t"
    id       = "3"
    username = "cy"
  }
}
access_pattern "nick_is_username" {
  entity = entity.Member
  key {
    PK = "TEAM#${team}"
  }
  filter = nick == username
  example {
    team    = "t"
    returns = [entity.Member.example["same"]]
  }
}
access_pattern "nick_is_not_alias" {
  entity = entity.Member
  key {
    PK = "TEAM#${team}"
  }
  filter = nick != alias
  example {
    team    = "t"
    returns = [entity.Member.example["same"], entity.Member.example["other"], entity.Member.example["bare"]]
  }
}
access_pattern "not_older" {
  entity = entity.Member
  inputs = { lo = number }
  key {
    PK = "TEAM#${team}"
  }
  filter = !(age > input.lo)
  example {
    team    = "t"
    lo      = 3
    returns = [entity.Member.example["same"], entity.Member.example["bare"]]
  }
}
`), 0o644))
	s := load(t, path)
	require.False(t, lint.Run(s).HasErrors(), lint.Run(s).Error())
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: path, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 3})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.True(t, rep.Passed, text.String())
	declared := map[string]int{}
	for _, p := range rep.Patterns {
		require.True(t, p.OK, "%s: %s", p.Name, text.String())
		for _, r := range p.Runs {
			if r.Declared {
				declared[p.Name] = r.Returned
			}
		}
	}
	require.Equal(t, map[string]int{"nick_is_username": 1, "nick_is_not_alias": 3, "not_older": 2}, declared, text.String())
	assertCleanedUp(t, rep)
}
