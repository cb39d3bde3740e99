package cost

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"
)

// TestUnitsSeeds pins the seeds' cases (seed 004, "Cost Multipliers"): a 20 KB
// read is 5 read units, a 10 KB write 10 write units, and writing the same
// item into a GSI another 10.
func TestUnitsSeeds(t *testing.T) {
	cases := []struct {
		name string
		got  float64
		want float64
	}{
		{"20 KB strongly consistent read", GetItemUnits(20*1024, true), 5},
		{"20 KB eventually consistent read", GetItemUnits(20*1024, false), 2.5},
		{"20 KB + 1 byte read rounds up", GetItemUnits(20*1024+1, true), 6},
		{"1 byte read is one step", GetItemUnits(1, true), 1},
		{"empty GetItem costs the minimum", GetItemUnits(0, false), 0.5},
		{"Query of 3 items of 1.5 KB sums before rounding", QueryUnits(3*1536, true), 2},
		{"Query of nothing costs the minimum", QueryUnits(0, true), 1},
		{"10 KB write", WriteUnits(10 * 1024), 10},
		{"10 KB write with one GSI", WriteUnits(10*1024) + WriteUnits(10*1024), 20},
		{"10 KB + 1 byte write", WriteUnits(10*1024 + 1), 11},
		{"100 byte write", WriteUnits(100), 1},
		{"transactional 10 KB write", TransactionFactor * WriteUnits(10*1024), 20},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s = %g, want %g", c.name, c.got, c.want)
		}
	}
}

// TestDocumentBytes: a document's assumed size follows its type: members
// by name and value, one element per list, DynamoDB's 3 bytes per
// document and 1 per element.
func TestDocumentBytes(t *testing.T) {
	payment := cty.Object(map[string]cty.Type{"Type": cty.String, "Amount": cty.Number})
	detail := cty.Object(map[string]cty.Type{"Payments": cty.List(payment), "Note": cty.String})
	require.Equal(t, 35, documentBytes(payment, 0))
	require.Equal(t, 72, documentBytes(detail, 0))
	require.Equal(t, 3+1+3+16, documentBytes(cty.Map(cty.String), 0))
	require.Equal(t, assumedCollectionBytes, documentBytes(cty.Tuple([]cty.Type{cty.String}), 0))
}
