package verify_test

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
)

// brokenWriteEdits turn examples/ecommerce into the broken copies of its
// write patterns under testdata/writes-broken/<name>/ecommerce.tfdyn.hcl:
// each is the example with one change (one or more exact replacements).
// go test ./internal/verify -run TestBrokenWriteCopies -update-copies rewrites the copies
// after the example changed.
var brokenWriteEdits = map[string][][2]string{
	// place_order without its condition: a retried request puts the
	// order again (a duplicate the condition prevented).
	"no_duplicate_check": {
		{"    entity    = entity.Order\n    condition = attribute_not_exists(PK)\n", "    entity    = entity.Order\n"},
	},
	// update_order_status without the version check: an update with a
	// stale version overwrites another writer's change (a lost update).
	"no_version_check": {
		{"    add       = { version = 1 }\n    condition = version == input.expected_version\n", "    add       = { version = 1 }\n"},
	},
	// The e-mail is no longer declared unique: no guard item, a plain put.
	"email_not_unique": {
		{"  unique = [lower(email)] # a guard item CustomerUniqueEmail per e-mail in lower case, put in the same transaction\n", ""},
	},
	// The guard item of the e-mail written by hand, in a second put beside
	// the customer's instead of in one transaction with it: a customer
	// with a taken e-mail is stored before the e-mail's put fails.
	"email_split": {
		{"  unique = [lower(email)] # a guard item CustomerUniqueEmail per e-mail in lower case, put in the same transaction\n", ""},
		{"entity \"Category\" {\n", `entity "CustomerEmail" {
  table      = table.shop
  attributes = { email = string }
  key {
    PK = "EMAIL#${email}"
    SK = "EMAIL#${email}"
  }
  example "alice" {
    email = "Alice@example.com"
  }
  example "bob" {
    email = "bob@example.com"
  }
}

entity "Category" {
`},
		{`write_pattern "register_customer" {
  description = "Sign up: the username and the e-mail must not be taken"
  repeat      = "fails"
  put {
    entity = entity.Customer
  }
  workload {
    rate      = 0.5 # every new customer (Customer's writes)
    peak_rate = 5
  }
}
`, `write_pattern "register_customer" {
  description = "Sign up: the username must not be taken"
  repeat      = "fails"
  put {
    entity    = entity.Customer
    condition = attribute_not_exists(PK)
  }
  workload {
    rate      = 0.5 # every new customer (Customer's writes)
    peak_rate = 5
  }
}

write_pattern "claim_email" {
  description = "Sign up, second request: the e-mail must not be taken"
  repeat      = "fails"
  put {
    entity    = entity.CustomerEmail
    condition = attribute_not_exists(PK)
  }
}
`},
	},
}

// updateCopies rewrites the broken copies from the example and their edits.
var updateCopies = flag.Bool("update-copies", false, "rewrite testdata/writes-broken from examples/ecommerce and brokenWriteEdits")

// brokenWriteCopy returns the directory of the broken copy name.
func brokenWriteCopy(name string) string {
	return filepath.Join("testdata", "writes-broken", name)
}

// TestBrokenWriteCopies: every copy under testdata/writes-broken is
// examples/ecommerce with exactly its edits, so the copies follow the
// example (-update-copies rewrites them).
func TestBrokenWriteCopies(t *testing.T) {
	var names []string
	for name, edits := range brokenWriteEdits {
		names = append(names, name)
		text := editedExample(t, name, edits)
		path := filepath.Join(brokenWriteCopy(name), "ecommerce.tfdyn.hcl")
		if *updateCopies {
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		}
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		require.Equal(t, text, string(got), "%s is not examples/ecommerce with its edits (go test ./internal/verify -run TestBrokenWriteCopies -update-copies)", path)
	}
	dirs, err := os.ReadDir(filepath.Join("testdata", "writes-broken"))
	require.NoError(t, err)
	var have []string
	for _, d := range dirs {
		have = append(have, d.Name())
	}
	sort.Strings(names)
	require.Equal(t, names, have, "every copy under testdata/writes-broken has its edits")
}
