package verify_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
)

// TestBrokenCopiesFailValidate: every broken copy of the examples, and
// seed 000's "latest version" over unpadded numbers, fails validate
// statically, at the declared expectation (or cardinality, or the padded
// number), with the expected and the returned items and the reason.
func TestBrokenCopiesFailValidate(t *testing.T) {
	cases := map[string]struct {
		// errors are the lint errors as "CODE line:col".
		errors []string
		// detail holds parts of the TD136, TD137 or TD138 finding's detail.
		detail []string
	}{
		"prefix_collision": {
			errors: []string{"TD112 309:5", "TD136 319:16"},
			detail: []string{
				`Expected Order["o-1002"], Order["o-1001"]; the pattern returns OrderItem["o-1001-2"], OrderItem["o-1001-1"], Order["o-1002"], Order["o-1001"].`,
				`OrderItem["o-1001-2"] is returned but not expected: it is an item of entity OrderItem, which the pattern does not declare, and its key matches PK = "CUSTOMER#alice" AND begins_with(SK, "ORDER") (another entity's prefix).`,
			},
		},
		"unpadded_number": {
			errors: []string{"TD136 316:16"},
			detail: []string{
				`Expected Order["o-1002"], Order["o-1001"]; the pattern returns Order["o-1001"], Order["o-1002"].`,
				`Order["o-1001"] comes before Order["o-1002"] in descending order because SK "ORDER#42.5#o-1001" > "ORDER#12#o-1002" (strings compare byte by byte).`,
			},
		},
		"wrong_sparse_condition": {
			errors: []string{"TD136 502:15"},
			detail: []string{
				`Expected Order["o-1002"], Order["o-1003"]; the pattern returns no item.`,
				`Order["o-1002"] is not returned: it is not in GSI GSI2: the sparse condition of entity Order (at `,
			},
		},
		"wrong_index": {
			errors: []string{"TD124 326:5", "TD136 334:15", "TD145 520:17", "TD145 535:19"},
			detail: []string{
				`Expected Order["o-1001"]; the pattern returns no item. Order["o-1001"] is not returned: its GSI2PK "STATUS#SHIPPED" does not satisfy GSI2PK = "ORDER#o-1001".`,
			},
		},
		"email_not_unique": {
			errors: []string{"TD145 508:14", "TD153 285:17"},
		},
		"reversed_width": {
			errors: []string{"TD136 658:15", "TD138 228:47"},
			detail: []string{
				`pads 105 - number to 2 digits, but Issue["rocket-2"] gives 103.`,
				`Expected Issue["rocket-10"], Issue["rocket-2"]; the pattern returns Issue["rocket-2"], Issue["rocket-10"]. ` +
					`Issue["rocket-2"] comes before Issue["rocket-10"] in ascending order because GSI4SK "ISSUE#OPEN#103" < "ISSUE#OPEN#95" (strings compare byte by byte, so "103" sorts before "95" although 103 > 95 as numbers).`,
			},
		},
		"non_unique_lookup": {
			errors: []string{"TD136 297:15", "TD137 286:17"},
			detail: []string{
				`Expected Customer["alice"]; the pattern returns Customer["alice"], Customer["bob"]. Customer["bob"] is returned but not expected`,
				`its key matches 2 items: Customer["alice"], Customer["bob"].`,
			},
		},
	}
	require.Len(t, cases, len(brokenEdits), "every broken copy has a validate case")
	cases["latest_version"] = struct {
		errors []string
		detail []string
	}{
		errors: []string{"TD136 37:15", "TD139 34:11"},
		detail: []string{
			`Expected Version["v10"]; the pattern returns Version["v2"]. ` +
				`Version["v10"] is not returned: limit = 1 ends the read before it: Version["v2"] come(s) first; Version["v2"] comes before Version["v10"] in descending order because SK "v2" > "v10" (strings compare byte by byte, so "10" sorts before "2" although 10 > 2 as numbers).`,
			`it keeps Version["v2"] and leaves out Version["v10"], which comes first by the sort key's own values, ("v", 10) against ("v", 2)`,
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if name == "latest_version" {
				require.NoError(t, os.WriteFile(filepath.Join(dir, "docs.tfdyn.hcl"), []byte(latestVersion), 0o644))
			} else {
				dir = brokenCopy(t, name)
			}
			s, diags := hclschema.Load(dir)
			require.False(t, diags.HasErrors(), "%s", diags)
			var errors []string
			details := ""
			for _, d := range lint.Run(s) {
				if d.Severity != hcl.DiagError {
					continue
				}
				errors = append(errors, fmt.Sprintf("%s %d:%d", diag.CodeOf(d), d.Subject.Start.Line, d.Subject.Start.Column))
				if code := diag.CodeOf(d); code == lint.CodeExpectedResult || code == lint.CodeCardinalityOne || code == lint.CodeFormatWidth || code == lint.CodeLimitOrder {
					details += d.Detail + "\n"
				}
			}
			sort.Strings(errors)
			require.Equal(t, c.errors, errors)
			for _, w := range c.detail {
				require.Contains(t, details, w)
			}
		})
	}
}

// latestVersion is seed 000's versioning pattern as a new user writes it:
// SK = "v${version}" with items v1, v2 and v10, and "the latest version"
// read with order = "desc" and limit = 1.
const latestVersion = `table "docs" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Version" {
  attributes = {
    doc     = string
    version = number
  }
  key {
    PK = "DOC#${doc}"
    SK = "v${version}"
  }
  example "v1" {
    doc     = "readme"
    version = 1
  }
  example "v2" {
    doc     = "readme"
    version = 2
  }
  example "v10" {
    doc     = "readme"
    version = 10
  }
}
access_pattern "latest_version" {
  description = "The latest version of a document"
  entity      = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  order = "desc"
  limit = 1
  example {
    doc     = "readme"
    returns = [entity.Version.example["v10"]]
  }
}
`
