package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCollisionsCappedPerPattern: a pattern whose condition matches the
// examples of 13 other entities gets 10 TD112 findings (in declaration
// order), the last counting the 3 left out; a schema of n such entities
// and patterns gets 10n findings, not n².
func TestCollisionsCappedPerPattern(t *testing.T) {
	var b strings.Builder
	b.WriteString("table \"t\" {\n  partition_key = \"PK\"\n  sort_key      = \"SK\"\n}\n")
	for i := 0; i < 14; i++ {
		fmt.Fprintf(&b, "entity \"E%02d\" {\n  attributes = { id = string }\n  key {\n    PK = \"X#${id}\"\n    SK = \"E%02d\"\n  }\n  example {\n    id = \"a\"\n  }\n}\n", i, i)
	}
	b.WriteString("access_pattern \"p\" {\n  entity = entity.E00\n  key {\n    PK = \"X#${id}\"\n  }\n}\n")
	s := load(t, b.String())
	diags := ruleProvenCollision.Check(s)
	require.Len(t, diags, maxCollisions)
	for i, d := range diags {
		require.Contains(t, d.Detail, fmt.Sprintf("does not return entity \"E%02d\"", i+1))
		require.Equal(t, i == maxCollisions-1, strings.Contains(d.Detail, "The pattern matches 3 more entities in the same way; they are not reported separately."), "finding %d: %s", i, d.Detail)
	}
}
