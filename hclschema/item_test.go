package hclschema_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

const itemSchema = `
table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
    projection    = "KEYS_ONLY"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
    projection    = "INCLUDE"
    include       = ["status", "nick"]
  }
  global_secondary_index "ByNick" {
    partition_key = "nick"
  }
  global_secondary_index "Multi" {
    partition_key = ["org", "region"]
    sort_key      = ["level", "name"]
  }
}
entity "User" {
  attributes = {
    name   = string
    org    = string
    region = optional(string)
    level  = number
    status = string
    nick   = optional(string)
  }
  key {
    PK = "USER#${lower(name)}"
    SK = format("LEVEL#%03d#%s", level, upper(org))
  }
  index "GSI1" {
    when   = status == "OPEN"
    GSI1PK = status == "OPEN" ? "OPEN#${org}" : "CLOSED"
    GSI1SK = 9999 - level * 10
  }
  index "GSI2" {
    GSI2PK = "NICK#${nick}"
    GSI2SK = "${substr(name, 0, 2)}#${level + 0.5}"
  }
}
`

func userItem(t *testing.T, s *hclschema.Schema, vals map[string]cty.Value) hclschema.Item {
	t.Helper()
	it, err := s.Entity("User").Item(cty.ObjectVal(vals))
	if err != nil {
		t.Fatal(err)
	}
	return it
}

func str(v cty.Value) string {
	switch {
	case v == cty.NilVal:
		return "<absent>"
	case v.IsNull():
		return "<null>"
	case v.Type() == cty.String:
		return "S:" + v.AsString()
	case v.Type() == cty.Number:
		return "N:" + v.AsBigFloat().Text('g', -1)
	}
	return v.GoString()
}

func attrs(it hclschema.Item) map[string]string {
	out := map[string]string{}
	for k, v := range it.Attrs {
		out[k] = str(v)
	}
	return out
}

// TestItemTemplates computes items by hand: format, lower, upper, substr,
// conditionals, arithmetic, sparse when, and optional attributes.
func TestItemTemplates(t *testing.T) {
	s := mustLoad(t, itemSchema)
	cases := []struct {
		name string
		vals map[string]cty.Value
		want map[string]string
	}{
		{
			name: "open_with_nick",
			vals: map[string]cty.Value{"name": cty.StringVal("Alice"), "org": cty.StringVal("acme"),
				"level": cty.NumberIntVal(7), "status": cty.StringVal("OPEN"), "nick": cty.StringVal("al")},
			want: map[string]string{
				"name": "S:Alice", "org": "S:acme", "level": "N:7", "status": "S:OPEN", "nick": "S:al",
				"PK": "S:USER#alice", "SK": "S:LEVEL#007#ACME",
				"GSI1PK": "S:OPEN#acme", "GSI1SK": "N:9929",
				"GSI2PK": "S:NICK#al", "GSI2SK": "S:Al#7.5",
			},
		},
		{
			// when is false: no GSI1 keys; nick is null: no GSI2 keys.
			name: "closed_without_nick",
			vals: map[string]cty.Value{"name": cty.StringVal("BOB"), "org": cty.StringVal("x"),
				"level": cty.NumberIntVal(120), "status": cty.StringVal("CLOSED")},
			want: map[string]string{
				"name": "S:BOB", "org": "S:x", "level": "N:120", "status": "S:CLOSED",
				"PK": "S:USER#bob", "SK": "S:LEVEL#120#X",
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			vals := map[string]cty.Value{"region": cty.NullVal(cty.String), "nick": cty.NullVal(cty.String)}
			for k, v := range tc.vals {
				vals[k] = v
			}
			it := userItem(t, s, vals)
			if got := attrs(it); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("item attributes\n got %v\nwant %v", got, tc.want)
			}
			if it.Entity != s.Entity("User") {
				t.Errorf("Entity = %v", it.Entity)
			}
		})
	}
}

// TestItemFromMap accepts a map of strings where the object type converts.
func TestItemFromMap(t *testing.T) {
	s := mustLoad(t, itemSchema)
	it, err := s.Entity("User").Item(cty.MapVal(map[string]cty.Value{
		"name": cty.StringVal("c"), "org": cty.StringVal("o"), "level": cty.StringVal("2"), "status": cty.StringVal("OPEN"),
	}))
	if err != nil {
		t.Fatal(err)
	}
	if got := str(it.Attrs["SK"]); got != "S:LEVEL#002#O" {
		t.Errorf("SK = %s, want S:LEVEL#002#O", got)
	}
	if got := str(it.Attrs["level"]); got != "N:2" {
		t.Errorf("level = %s, want the number 2", got)
	}
}

func TestItemInIndex(t *testing.T) {
	s := mustLoad(t, itemSchema)
	tb := s.Table("t")
	base := map[string]cty.Value{"name": cty.StringVal("a"), "org": cty.StringVal("acme"),
		"level": cty.NumberIntVal(3), "status": cty.StringVal("OPEN"),
		"region": cty.NullVal(cty.String), "nick": cty.NullVal(cty.String)}
	with := func(k string, v cty.Value) map[string]cty.Value {
		out := map[string]cty.Value{}
		for a, b := range base {
			out[a] = b
		}
		out[k] = v
		return out
	}
	cases := []struct {
		name string
		vals map[string]cty.Value
		want map[string]bool
	}{
		{"open_no_region_no_nick", base,
			map[string]bool{"table": true, "GSI1": true, "GSI2": false, "ByNick": false, "Multi": false}},
		{"closed", with("status", cty.StringVal("CLOSED")),
			map[string]bool{"table": true, "GSI1": false, "GSI2": false, "ByNick": false, "Multi": false}},
		{"with_nick", with("nick", cty.StringVal("n")),
			map[string]bool{"table": true, "GSI1": true, "GSI2": true, "ByNick": true, "Multi": false}},
		// Every part of a multi-attribute key present: in the index.
		{"with_region", with("region", cty.StringVal("eu")),
			map[string]bool{"table": true, "GSI1": true, "GSI2": false, "ByNick": false, "Multi": true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			it := userItem(t, s, tc.vals)
			for _, ix := range tb.Indexes() {
				if got := it.InIndex(ix); got != tc.want[ix.Name] {
					t.Errorf("InIndex(%s) = %v, want %v", ix.Name, got, tc.want[ix.Name])
				}
			}
		})
	}
	// A key attribute of the wrong type keeps an item out.
	it := userItem(t, s, with("region", cty.StringVal("eu")))
	it.Attrs["level"] = cty.StringVal("3")
	if it.InIndex(tb.Index("Multi")) {
		t.Error("InIndex(Multi) with a string level = true, want false (level is N)")
	}
}

func TestItemPrimaryKeyAndProject(t *testing.T) {
	s := mustLoad(t, itemSchema)
	tb := s.Table("t")
	it := userItem(t, s, map[string]cty.Value{"name": cty.StringVal("a"), "org": cty.StringVal("o"),
		"level": cty.NumberIntVal(1), "status": cty.StringVal("OPEN"), "nick": cty.StringVal("n"), "region": cty.StringVal("eu")})
	var pk []string
	for _, v := range it.PrimaryKey() {
		pk = append(pk, str(v))
	}
	if want := []string{"S:USER#a", "S:LEVEL#001#O"}; !reflect.DeepEqual(pk, want) {
		t.Errorf("PrimaryKey = %v, want %v", pk, want)
	}
	cases := map[string][]string{
		// KEYS_ONLY: table keys plus the index keys.
		"GSI1": {"GSI1PK", "GSI1SK", "PK", "SK"},
		// INCLUDE: plus the listed attributes.
		"GSI2": {"GSI2PK", "GSI2SK", "PK", "SK", "nick", "status"},
		// ALL: everything.
		"Multi": it.AttrNames(),
	}
	for name, want := range cases {
		if got := it.Project(tb.Index(name)).AttrNames(); !reflect.DeepEqual(got, want) {
			t.Errorf("Project(%s) = %v, want %v", name, got, want)
		}
	}
	if n := len(it.AttrNames()); n != 12 {
		t.Errorf("item has %d attributes (%v), want 12", n, it.AttrNames())
	}
}

func TestItemErrors(t *testing.T) {
	s := mustLoad(t, `
table "t" {
  partition_key = "PK"
  sort_key      = "id"
}
entity "E" {
  attributes = {
    id   = optional(string)
    tag  = optional(string)
    pad  = string
  }
  key {
    PK = "${pad}${tag}"
  }
}`)
	e := s.Entity("E")
	cases := []struct {
		name string
		vals cty.Value
		want string
	}{
		{"null_native_key", cty.ObjectVal(map[string]cty.Value{"pad": cty.StringVal("x"), "tag": cty.StringVal("t")}),
			`key attribute "id" is null`},
		{"template_uses_null", cty.ObjectVal(map[string]cty.Value{"pad": cty.StringVal("x"), "id": cty.StringVal("1")}),
			"template uses a null attribute"},
		{"empty_string_key", cty.ObjectVal(map[string]cty.Value{"pad": cty.StringVal(""), "tag": cty.StringVal(""), "id": cty.StringVal("1")}),
			"empty string"},
		{"wrong_type", cty.ObjectVal(map[string]cty.Value{"pad": cty.ListValEmpty(cty.String), "id": cty.StringVal("1")}),
			`entity "E"`},
		{"unknown_value", cty.ObjectVal(map[string]cty.Value{"pad": cty.UnknownVal(cty.String), "id": cty.StringVal("1"), "tag": cty.StringVal("t")}),
			"must be known"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.Item(tc.vals)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Item error = %v, want one containing %q", err, tc.want)
			}
		})
	}
	if it, err := e.Item(cty.ObjectVal(map[string]cty.Value{"pad": cty.StringVal("x"), "tag": cty.StringVal("t"), "id": cty.StringVal("1")})); err != nil {
		t.Errorf("valid item: %v", err)
	} else if got := str(it.Attrs["PK"]); got != "S:xt" {
		t.Errorf("PK = %s, want S:xt", got)
	}
}
