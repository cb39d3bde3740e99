package doc_test

import (
	"strings"
	"testing"

	"github.com/tfdyn/tfdyn/internal/doc"
)

const conditionsSchema = `
table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByScore" {
    partition_key = ["league", "season"]
    sort_key      = "score"
  }
}
entity "E" {
  attributes = {
    id     = string
    league = string
    season = number
    score  = number
    nick   = optional(string)
  }
  key {
    PK = "E#${id}"
    SK = "E#${upper(id)}"
  }
  example {
    id     = "a"
    league = "x"
    season = 1
    score  = 3
  }
  example {
    id     = "b"
    league = "x"
    season = 1
    score  = 5
  }
}
access_pattern "get" {
  entity = entity.E
  key {
    SK = eq("E#${upper(id)}")
    PK = "E#${id}"
  }
}
access_pattern "prefix" {
  entity = entity.E
  key {
    PK = "E#${id}"
    SK = begins_with("E#")
  }
}
access_pattern "range" {
  entity = entity.E
  index  = "ByScore"
  inputs = {
    lo = number
    hi = number
  }
  key {
    league = league
    season = season
    score  = between(lo, hi)
  }
}
access_pattern "lt" {
  entity = entity.E
  index  = "ByScore"
  key {
    league = league
    season = season
    score  = lt(score)
  }
}
access_pattern "lte" {
  entity = entity.E
  index  = "ByScore"
  key {
    league = league
    season = season
    score  = lte(score)
  }
}
access_pattern "gt" {
  entity = entity.E
  index  = "ByScore"
  key {
    league = league
    season = season
    score  = gt(score)
  }
}
access_pattern "gte" {
  entity = entity.E
  index  = "ByScore"
  key {
    league = league
    season = season
    score  = gte(score)
  }
}
`

// TestKeyCondition checks the rendering of every condition operator, in key
// schema order whatever the source order, with operands as written.
func TestKeyCondition(t *testing.T) {
	s := loadSource(t, conditionsSchema)
	want := map[string]string{
		"get":    `PK = "E#${id}" AND SK = "E#${upper(id)}"`,
		"prefix": `PK = "E#${id}" AND begins_with(SK, "E#")`,
		"range":  `league = league AND season = season AND score BETWEEN lo AND hi`,
		"lt":     `league = league AND season = season AND score < score`,
		"lte":    `league = league AND season = season AND score <= score`,
		"gt":     `league = league AND season = season AND score > score`,
		"gte":    `league = league AND season = season AND score >= score`,
	}
	for name, w := range want {
		p := s.Pattern(name)
		if p == nil {
			t.Fatalf("pattern %s not loaded", name)
		}
		if got := doc.KeyCondition(s, p); got != w {
			t.Errorf("%s: got  %s\nwant %s", name, got, w)
		}
	}
}

const renderingSchema = `
table "main" {
  name           = "main-table"
  billing_mode   = "PROVISIONED"
  read_capacity  = 7
  write_capacity = 3
  partition_key  = "PK"
  sort_key       = "SK"
  tags           = { b = "2", a = "1" }
  server_side_encryption {
    kms_key_arn = "arn:aws:kms:eu-west-1:111122223333:key/k"
  }
  global_secondary_index "Sparse" {
    partition_key = "GPK"
    sort_key      = "GSK"
    projection    = "KEYS_ONLY"
  }
  global_secondary_index "Nick" {
    partition_key  = "nick"
    read_capacity  = 2
    write_capacity = 1
  }
}
entity "User" {
  attributes = {
    id     = string
    status = string
    nick   = optional(string)
  }
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
  index "Sparse" {
    when = status == "A" || status == "B"
    GPK  = "STATUS#${status}"
    GSK  = <<-EOT
      ${id}#${coalesce(nick, "-")}
    EOT
  }
  index "Nick" {}
  example {
    id     = "u1"
    status = "A"
    nick   = "n"
  }
  example {
    id     = "u2"
    status = "C"
  }
}
access_pattern "by_status" {
  description = "Users with status A or B"
  entity      = entity.User
  index       = "Sparse"
  key {
    GPK = "STATUS#${status}"
  }
  filter = status == "A" || id != "x"
  order  = "desc"
  limit  = 5
}
`

// TestMarkdownRendering checks settings, pipes escaped in table cells,
// multi-line expressions flattened, sparse conditions and optional key
// attributes in the index charts.
func TestMarkdownRendering(t *testing.T) {
	got := markdown(t, loadSource(t, renderingSchema))
	for _, want := range []string{
		doc.Header + "\n",
		"| Table name | `main-table` |",
		"| Billing mode | PROVISIONED (7 RCU, 3 WCU) |",
		"| Encryption | customer managed key `arn:aws:kms:eu-west-1:111122223333:key/k` |",
		"| Tags | `a = 1`, `b = 2` |",
		"| Stream | off |",
		"| TTL attribute | off |",
		"| table | base table | `PK` (S) | `SK` (S) | ALL | 7 RCU, 3 WCU |",
		"| Sparse | GSI | `GPK` (S) | `GSK` (S) | KEYS_ONLY | same as the table |",
		"| Nick | GSI | `nick` (S) | — | ALL | 2 RCU, 1 WCU |",
		"| User | `USER#${id}` | `PROFILE` |",
		"| User | `STATUS#${status}` | `<<-EOT ${id}#${coalesce(nick, \"-\")} EOT` | when `status == \"A\" \\|\\| status == \"B\"`; only items with `nick` |",
		"| User | `nick` (attribute) | only items with `nick` |",
		"| by_status | Users with status A or B | User | Query | Sparse | `GPK = \"STATUS#${status}\"` | `status` string | desc | 5 | `status == \"A\" \\|\\| id != \"x\"` | all |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing line %q in:\n%s", want, got)
		}
	}
}

// TestMarkdownEnum: the attribute table shows an enum with its values, and
// the pattern table an input named like an enum attribute as the enum.
func TestMarkdownEnum(t *testing.T) {
	got := markdown(t, loadSource(t, `table "t" { partition_key = "PK" }
entity "Account" {
  attributes = {
    id     = string
    status = enum("active", "suspended")
    tier   = optional(enum("gold"))
  }
  key {
    PK = "ACCOUNT#${id}"
  }
  example {
    id     = "a1"
    status = "active"
  }
}
access_pattern "account" {
  entity = entity.Account
  key {
    PK = "ACCOUNT#${id}"
  }
  filter = status == input.status
  inputs = { status = string }
}
`))
	for _, want := range []string{
		"| Account | `id` string, `status` enum(\"active\", \"suspended\"), `tier` optional(enum(\"gold\")) | 1 |",
		"| `id` string, `status` enum(\"active\", \"suspended\") |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

// TestMarkdownEmptyTable covers a table without entities or patterns.
func TestMarkdownEmptyTable(t *testing.T) {
	got := markdown(t, loadSource(t, `table "t" { partition_key = "id" }`))
	for _, want := range []string{
		"| Sort key | — |",
		"No entity is stored in this table.",
		"No entity writes the keys of this index.",
		"No access pattern reads this table.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

// TestExampleCalls: each input set of a pattern is shown as a call with the
// items the oracle returns for it, named by label or by position.
func TestExampleCalls(t *testing.T) {
	s := loadSource(t, `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Version" {
  attributes = { doc = string, version = number }
  key {
    PK = "DOC#${doc}"
    SK = "v${version}"
  }
  example "v1" {
    doc     = "readme"
    version = 1
  }
  example {
    doc     = "readme"
    version = 2
  }
  example "v10" {
    doc     = "readme"
    version = 10
  }
}
access_pattern "latest_version" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  order = "desc"
  limit = 1
  example {
    doc = "readme"
  }
  example {
    doc     = "guide"
    returns = []
  }
}
access_pattern "no_examples" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
}
`)
	md := markdown(t, s)
	want := "### Example calls\n\n" +
		"Each input set of a pattern's `example` blocks, and what the pattern returns for it over the example items above, in order.\n\n" +
		"| Pattern | Call | Result |\n| --- | --- | --- |\n" +
		"| latest_version | `latest_version(doc = \"readme\")` | `Version#2` |\n" +
		"| latest_version | `latest_version(doc = \"guide\")` | nothing |\n\n"
	if !strings.Contains(md, want) {
		t.Errorf("missing example calls:\n%s\n--- in ---\n%s", want, md)
	}
}
