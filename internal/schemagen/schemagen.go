// Package schemagen generates large, valid tfdyn schemas for benchmarks and
// for tests that need a command to run for a while (interrupt tests).
package schemagen

import (
	"fmt"
	"strings"
)

// Large generates a realistic schema: one table with 15 GSIs (one of them
// multi-attribute), entities in item collections of five sharing a
// partition template, each in three GSIs (one sparse), with an example; and
// patterns access patterns (GetItem, a begins_with collection query, a GSI
// begins_with query and a GSI between query), cycling over the entities.
func Large(entities, patterns int) []byte {
	return []byte(strings.Join(blocks(entities, patterns), ""))
}

// LargeFiles is Large split over files of at most maxBytes each (the
// table, entity and access_pattern blocks in order, a block never split),
// named large-01.tfdyn.hcl, large-02.tfdyn.hcl, ...: a schema too large
// for one file (hclschema.MaxFileSize) loaded as a directory.
func LargeFiles(entities, patterns, maxBytes int) map[string][]byte {
	out := map[string][]byte{}
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out[fmt.Sprintf("large-%02d.tfdyn.hcl", len(out)+1)] = []byte(cur.String())
			cur.Reset()
		}
	}
	for _, blk := range blocks(entities, patterns) {
		if cur.Len() > 0 && cur.Len()+len(blk) > maxBytes {
			flush()
		}
		cur.WriteString(blk)
	}
	flush()
	return out
}

// blocks returns Large's top-level blocks, each a string ending in a
// newline.
func blocks(entities, patterns int) []string {
	var out []string
	var b strings.Builder
	next := func() {
		out = append(out, b.String())
		b.Reset()
	}
	b.WriteString(`table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  ttl           = "expiresAt"
`)
	for g := 1; g <= 14; g++ {
		fmt.Fprintf(&b, "  global_secondary_index \"GSI%d\" {\n    partition_key = \"GSI%dPK\"\n    sort_key      = \"GSI%dSK\"\n  }\n", g, g, g)
	}
	b.WriteString(`  global_secondary_index "ByTenant" {
    partition_key = ["tenant", "region"]
    sort_key      = ["day", "id"]
    projection    = "INCLUDE"
    include       = ["status"]
  }
}
`)
	next()
	gsi := func(n, k int) int { return (n*3+k)%14 + 1 }
	for n := 0; n < entities; n++ {
		group := n / 5
		fmt.Fprintf(&b, `entity "E%d" {
  attributes = {
    parent    = string
    id        = string
    day       = string
    status    = string
    amount    = number
    tenant    = string
    region    = string
    expiresAt = optional(number)
  }
  key {
    PK = "G%d#${parent}"
    SK = "E%d#${day}#${id}"
  }
`, n, group, n)
		for k := 0; k < 3; k++ {
			g := gsi(n, k)
			fmt.Fprintf(&b, "  index \"GSI%d\" {\n", g)
			if k == 2 {
				// aligned with the key attributes, as tfdyn fmt writes it
				fmt.Fprintf(&b, "    %-*s = status == \"OPEN\"\n", len(fmt.Sprintf("GSI%dPK", g)), "when")
			}
			fmt.Fprintf(&b, "    GSI%dPK = \"E%d#${status}\"\n    GSI%dSK = \"${day}#${format(\"%%012d\", amount)}#${id}\"\n  }\n", g, n, g)
		}
		fmt.Fprintf(&b, `  example {
    parent = "p-%d"
    id     = "i-%d"
    day    = "2024-05-%02d"
    status = "OPEN"
    amount = %d
    tenant = "t-%d"
    region = "eu"
  }
}
`, group, n, n%28+1, n*7, n%10)
		next()
	}
	for i := 0; i < patterns; i++ {
		n := i % entities
		group := n / 5
		switch (i / entities) % 4 {
		case 0:
			fmt.Fprintf(&b, `access_pattern "get_%d" {
  entity = entity.E%d
  key {
    PK = "G%d#${parent}"
    SK = "E%d#${day}#${id}"
  }
}
`, i, n, group, n)
		case 1:
			var ents []string
			for m := group * 5; m < group*5+5 && m < entities; m++ {
				ents = append(ents, fmt.Sprintf("entity.E%d", m))
			}
			fmt.Fprintf(&b, `access_pattern "collection_%d" {
  entities = [%s]
  key {
    PK = "G%d#${parent}"
    SK = begins_with("E")
  }
  limit = 50
}
`, i, strings.Join(ents, ", "), group)
		case 2:
			g := gsi(n, 0)
			fmt.Fprintf(&b, `access_pattern "by_status_%d" {
  entity = entity.E%d
  index  = "GSI%d"
  inputs = { month = string }
  key {
    GSI%dPK = "E%d#${status}"
    GSI%dSK = begins_with(month)
  }
  order = "desc"
}
`, i, n, g, g, n, g)
		default:
			g := gsi(n, 1)
			fmt.Fprintf(&b, `access_pattern "range_%d" {
  entity = entity.E%d
  index  = "GSI%d"
  inputs = { from = string, to = string }
  key {
    GSI%dPK = "E%d#${status}"
    GSI%dSK = between(from, to)
  }
}
`, i, n, g, g, n, g)
		}
		next()
	}
	return out
}
