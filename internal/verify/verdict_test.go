package verify

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVerdictFollowsFindings: tfdyn verify exits on the findings of its
// report (the one exit policy of the cli), so every way a run fails
// (Report.Passed false) must give an error finding, and a passed run none.
func TestVerdictFollowsFindings(t *testing.T) {
	failedRun := RunResult{Inputs: "a=1", Message: "differs", Codes: []string{vfResultDiffers}}
	for name, rep := range map[string]*Report{
		"environment":    {Error: "terraform: not found"},
		"conformance":    {Conformance: []Check{{Code: vfTableKeySchema, Name: "key schema", Detail: "PK differs"}}},
		"pattern run":    {Patterns: []PatternReport{{Name: "p", Runs: []RunResult{failedRun}}}},
		"pattern inputs": {Patterns: []PatternReport{{Name: "p", Code: vfNoInputs, Message: "no inputs"}}},
		"scale":          {Scale: []ScaleReport{{Pattern: "p", Code: vfScaleResult, Message: "grows"}}},
		"rejected":       {Rejected: []Rejection{{Code: vfItemRejected, Table: "t", Entity: "E"}}},
		"write case":     {Writes: []WriteReport{{Name: "w", Cases: []WriteCase{{Case: "success", Expected: "ok", Got: "error"}}}}},
		"write call capacity": {Writes: []WriteReport{{Name: "w", Cases: []WriteCase{{Case: "success", OK: true}},
			Capacity: &WriteCheck{Item: "w (success case)"}}}},
		"write capacity": {WriteCapacity: []WriteCheck{{Item: "E {a}"}}},
		"after writes":   {AfterWrites: []PatternReport{{Name: "p", Runs: []RunResult{failedRun}}}},
	} {
		t.Run(name, func(t *testing.T) {
			rep.finish()
			require.False(t, rep.Passed)
			require.True(t, rep.Output().Blocks(), "%+v", rep.Findings())
		})
	}
	passed := &Report{Conformance: []Check{{Code: vfTableKeySchema, OK: true}},
		Patterns: []PatternReport{{Name: "p", OK: true, Runs: []RunResult{{OK: true}}, Code: vfOnlyEmpty, Warning: "only empty"}},
		Writes:   []WriteReport{{Name: "w", OK: true, Cases: []WriteCase{{OK: true}}, Capacity: &WriteCheck{OK: true}}}}
	passed.finish()
	require.True(t, passed.Passed)
	require.False(t, passed.Output().Blocks())
}
