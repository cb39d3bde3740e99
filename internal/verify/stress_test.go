package verify

import (
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

func bigs(t *testing.T, ns []*big.Int) []string {
	t.Helper()
	var out []string
	for _, n := range ns {
		out = append(out, n.String())
	}
	return out
}

// TestNumberDomainsFollowTheTemplates: format("%07d", number) and
// format("%07d", 9999999 - number) keep an issue number within
// [0, 9999999]; the stress values are that range's magnitudes.
func TestNumberDomainsFollowTheTemplates(t *testing.T) {
	s, diags := hclschema.Load("../../examples/github")
	require.False(t, diags.HasErrors(), diags.Error())
	d := numberDomains(s.Entity("Issue"))["number"]
	require.NotNil(t, d)
	require.Equal(t, "0", d.lo.String())
	require.Equal(t, "9999999", d.hi.String())
	require.True(t, d.sortKey)
	require.True(t, d.partition, "the issue's PK holds its number")
	require.Equal(t, []string{"0", "1", "9", "10", "99", "100", "999", "1000", "9999", "10000", "99999", "100000", "999999", "1000000", "9999999"}, bigs(t, d.boundaries))
	require.NotContains(t, numberDomains(s.Entity("Issue")), "title")
}

const stressSchema = `table "t" {
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
}
entity "Slot" {
  attributes = {
    day  = string
    slot = number
  }
  key {
    PK = "DAY#${day}"
    SK = "SLOT#${99 - slot}"
  }
  example "s1" {
    day  = "mon"
    slot = 1
  }
}
entity "Small" {
  attributes = {
    doc = string
    n   = number
  }
  key {
    PK = "SMALL#${doc}"
    SK = "N#${format("%02d", n + 90)}"
  }
  example "n1" {
    doc = "a"
    n   = 1
  }
}
`

// TestGeneratedNumbersStressMagnitudes: an unpadded number takes every
// magnitude; an unpadded reversed number (99 - slot) keeps its two digits;
// a padded one (format("%02d", n + 90)) keeps within its width, and once
// its range is used up further items are skipped, never repeated.
func TestGeneratedNumbersStressMagnitudes(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "s.tfdyn.hcl"), []byte(stressSchema), 0o644))
	s, diags := hclschema.Load(dir)
	require.False(t, diags.HasErrors(), diags.Error())
	build := func() *Dataset {
		ds := newDataset(s.Tables[0])
		ds.now = time.Unix(1_800_000_000, 0)
		require.NoError(t, ds.addGenerated(3, 14, 0))
		return ds
	}
	ds := build()
	values := map[string][]string{}
	for _, it := range ds.Items {
		for _, a := range []string{"version", "slot", "n"} {
			if v, ok := it.Attrs[a]; ok {
				values[it.Entity.Name] = append(values[it.Entity.Name], v.AsBigFloat().Text('f', -1))
			}
		}
	}
	require.Equal(t, []string{"0", "1", "9", "10", "99", "100", "999", "1000", "9999", "10000", "99999", "100000", "999999", "1000000"}, values["Version"])
	// 99 - slot within [10, 99]: slot within [0, 89]; after the boundaries
	// from 0 on (a range under 1000 values), skipping them.
	require.Equal(t, []string{"0", "1", "9", "10", "89", "2", "3", "4", "5", "6", "7", "8", "11", "12"}, values["Slot"])
	// n + 90 within [0, 99]: n within [0, 9]; ten values, then skipped.
	require.Equal(t, []string{"0", "1", "9", "2", "3", "4", "5", "6", "7", "8"}, values["Small"])
	require.Equal(t, 4, ds.Skipped)
	again := build()
	require.Equal(t, len(ds.AV), len(again.AV))
	for i := range ds.AV {
		require.Equal(t, dynamo.CanonItem(ds.AV[i]), dynamo.CanonItem(again.AV[i]), fmt.Sprint(i))
	}
}

// TestKeyFromUniqueAttrs: order_by_id reads GSI1PK = "ORDER#${orderId}",
// and orderId is part of the order's primary key; customer_by_email reads
// an email, which Customer declares unique (without the declaration,
// generated customers repeat the examples' emails); product_page reads a
// product's partition, which holds many reviews.
func TestKeyFromUniqueAttrs(t *testing.T) {
	s := loadEcommerce(t)
	require.True(t, keyFromUniqueAttrs(s.Pattern("order_by_id")))
	require.True(t, keyFromUniqueAttrs(s.Pattern("customer_by_email")))
	require.True(t, keyFromUniqueAttrs(s.Pattern("customer_by_username")))
	require.False(t, keyFromUniqueAttrs(s.Pattern("orders_by_status")))
	require.False(t, keyFromUniqueAttrs(s.Pattern("product_page")))
	src, err := os.ReadFile("../../examples/ecommerce/ecommerce.tfdyn.hcl")
	require.NoError(t, err)
	notUnique := strings.Replace(string(src), "  unique = [lower(email)] # a guard item CustomerUniqueEmail per e-mail in lower case, put in the same transaction\n", "", 1)
	require.NotEqual(t, string(src), notUnique)
	s, diags := hclschema.LoadSource("shop.tfdyn.hcl", []byte(notUnique))
	require.False(t, diags.HasErrors(), diags.Error())
	require.False(t, keyFromUniqueAttrs(s.Pattern("customer_by_email")))
}

const reversedSchema = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Score" {
  attributes = {
    game   = string
    player = string
    points = number
  }
  key {
    PK = "GAME#${game}"
    SK = "SCORE#${format("%03d", 999 - points)}#${player}"
  }
  example "ann" {
    game   = "chess"
    player = "ann"
    points = 900
  }
  example "bo" {
    game   = "chess"
    player = "bo"
    points = 1200
  }
}
access_pattern "top_scores" {
  description = "Best scores of a game first"
  entity      = entity.Score
  key {
    PK = "GAME#${game}"
  }
  limit = 1
  example {
    game = "chess"
  }
}
`

// TestPaddedWidthIntent: a reversed number past its base is negative and
// breaks the width; the check reads every candidate item, also one that
// the limit leaves out.
func TestPaddedWidthIntent(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "s.tfdyn.hcl"), []byte(reversedSchema), 0o644))
	s, diags := hclschema.Load(dir)
	require.False(t, diags.HasErrors(), diags.Error())
	ds := newDataset(s.Tables[0])
	require.NoError(t, ds.addExamples())
	p := s.Pattern("top_scores")
	b, err := hclschema.Bind(p, map[string]cty.Value{"game": cty.StringVal("chess")})
	require.NoError(t, err)
	require.Equal(t, `item {PK="GAME#chess" SK="SCORE#-201#bo"} of entity Score: format("%03d", 999 - points) in SK = "SCORE#${format("%03d", 999 - points)}#${player}" gives -201, which does not fit 3 digits; `+
		"a negative number or one with more digits breaks the fixed width, and the key then sorts in another order than the numbers "+
		"(widen the format, or change the base of a reversed number so that every value fits; lint TD138)", paddedWidthIntent(b, ds))
	other, err := hclschema.Bind(p, map[string]cty.Value{"game": cty.StringVal("go")})
	require.NoError(t, err)
	require.Empty(t, paddedWidthIntent(other, ds), "no candidate in another partition")
	// The generator keeps points within [0, 999] (999 - points within [0, 999]).
	d := numberDomains(s.Entity("Score"))["points"]
	require.Equal(t, "0", d.lo.String())
	require.Equal(t, "999", d.hi.String())
}

// TestGeneratedDataKeepsEveryExampleWithinItsWidths: for each example
// schema, the items verify writes (examples, generated items, and those of
// the --scale phase, numbered from 100000) give every format("%0Nd", ...)
// key part a value of at most N digits, never negative.
func TestGeneratedDataKeepsEveryExampleWithinItsWidths(t *testing.T) {
	dirs, err := filepath.Glob("../../examples/*")
	require.NoError(t, err)
	checked := 0
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		if files, _ := hclschema.FindFiles(dir); len(files) == 0 {
			continue
		}
		s, diags := hclschema.Load(dir)
		require.False(t, diags.HasErrors(), diags.Error())
		for _, tb := range s.Tables {
			ds := newDataset(tb)
			require.NoError(t, ds.addExamples())
			require.NoError(t, ds.addGenerated(1, 20, 0))
			require.NoError(t, ds.addGenerated(100001, 40, 100000))
			for _, it := range ds.Items {
				for _, ix := range tb.Indexes() {
					for _, kt := range it.Entity.KeyTemplatesFor(ix) {
						for _, call := range kt.Expr.PaddedNumbers() {
							if !call.Applies(it.ItemVars()) {
								continue
							}
							v, diags := call.Arg.Eval(it.ItemVars())
							if diags.HasErrors() || v.IsNull() {
								continue
							}
							n, _ := v.AsBigFloat().Int(nil)
							require.True(t, n.Sign() >= 0 && len(n.String()) <= call.Width, "%s: %s gives %s in an item of %s", dir, call.Text, n, it.Entity.Name)
							checked++
						}
					}
				}
			}
		}
	}
	require.Greater(t, checked, 100, "the github example pads issue and pull request numbers")
}

// TestPrefixIntentOnGeneratedData: the examples hide the prefix boundary
// (lint TD154 finds nothing); verify's generated comments on issues 10,
// 100, ... show it.
func TestPrefixIntentOnGeneratedData(t *testing.T) {
	s, diags := hclschema.Load(filepath.Join("testdata", "prefix"))
	require.False(t, diags.HasErrors(), diags.Error())
	for _, d := range lint.Run(s) {
		require.NotEqual(t, lint.CodePrefixBoundary, diag.CodeOf(d), "the examples do not show the boundary")
	}
	ds := newDataset(s.Tables[0])
	require.NoError(t, ds.addExamples())
	b, err := hclschema.Bind(s.Pattern("comments_for_issue"), map[string]cty.Value{"repo": cty.StringVal("rocket"), "number": cty.NumberIntVal(1)})
	require.NoError(t, err)
	require.Empty(t, prefixIntent(s, b, ds), "the example items alone")
	require.NoError(t, ds.addGenerated(1, 20, 0))
	got := prefixIntent(s, b, ds)
	require.Regexp(t, `^Comment \{PK = "REPO#rocket", SK = "ISSUE#10+#C#[^"]+"\} matches begins_with\(SK, "ISSUE#1"\) although its number is 10+, not 1: nothing follows \$\{number\} in the operand to end the value, so the prefix also matches values that begin with 1; `+
		`end the prefix with a delimiter \(begins_with\("\.\.\.\$\{number\}#"\)\) or pad numbers to a fixed width$`, got)
}

// TestPrefixIntentIgnoresGeneratedStrings: a month prefix without a
// delimiter reads one month (all months have the same width). verify's
// generated months extend the examples' ("2024-01-g003") and would match
// it; VF256 counts only the examples' strings and generated numbers.
func TestPrefixIntentIgnoresGeneratedStrings(t *testing.T) {
	s, diags := hclschema.Load(filepath.Join("testdata", "prefix-month"))
	require.False(t, diags.HasErrors(), diags.Error())
	ds := newDataset(s.Tables[0])
	require.NoError(t, ds.addExamples())
	require.NoError(t, ds.addGenerated(1, 20, 0))
	b, err := hclschema.Bind(s.Pattern("orders_in_month"), map[string]cty.Value{"customer": cty.StringVal("alice"), "month": cty.StringVal("2024-01")})
	require.NoError(t, err)
	bd, bad := oracle.PrefixBoundary(b, ds.Items)
	require.True(t, bad, "the generated data holds a longer month that the prefix matches")
	require.Regexp(t, `^2024-01.+`, bd.Item.Attrs["month"].AsString())
	require.Empty(t, prefixIntent(s, b, ds))
}

// TestPrefixIntentHonoursAcceptedTD154: a deliberate prefix search ("Ann"
// finds Anna) whose TD154 the schema accepts is not a VF256 failure; the
// same schema without the acceptance is.
func TestPrefixIntentHonoursAcceptedTD154(t *testing.T) {
	s, diags := hclschema.Load(filepath.Join("testdata", "prefix-accepted"))
	require.False(t, diags.HasErrors(), diags.Error())
	ds := newDataset(s.Tables[0])
	require.NoError(t, ds.addExamples())
	b, err := hclschema.Bind(s.Pattern("users_by_name_prefix"), map[string]cty.Value{"org": cty.StringVal("acme"), "name": cty.StringVal("Ann")})
	require.NoError(t, err)
	require.Empty(t, prefixIntent(s, b, ds))

	s.Workload.Accepts = nil
	require.Equal(t, `User["anna"] matches begins_with(SK, "NAME#Ann") although its name is "Anna", not "Ann": nothing follows ${name} in the operand to end the value, so the prefix also matches values that begin with "Ann"; `+
		`end the prefix with a delimiter (begins_with("...${name}#")) or pad numbers to a fixed width`, prefixIntent(s, b, ds))
}
