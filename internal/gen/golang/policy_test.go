package golang_test

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// TestPolicyIsTheCalls: the IAM policy tfdyn emit --app-policy writes for
// the application grants exactly the calls the generated methods make (the
// operations of their request shapes, on the table or index each reads or
// writes), for every committed package's schema. TestContractLive checks
// the same live: the calls the package made equal the policy's.
func TestPolicyIsTheCalls(t *testing.T) {
	for _, g := range generated {
		t.Run(g.pkg, func(t *testing.T) {
			s, diags := hclschema.Load(g.schema)
			require.False(t, diags.HasErrors(), diags.Error())
			api, diags := gen.Build(s)
			require.False(t, diags.HasErrors(), diags.Error())
			var granted []gen.Call
			for _, tb := range s.Tables {
				for _, c := range emit.AppCalls(s, tb) {
					granted = append(granted, gen.Call{Operation: c.Operation, Table: tb.Label, Index: c.Index})
				}
			}
			sort.Slice(granted, func(i, j int) bool { return granted[i].Less(granted[j]) })
			made := api.Calls()
			if len(made) == 0 {
				made = nil
			}
			require.Equal(t, granted, made)
		})
	}
}
