package lint

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// deviceLogs: logs of a device with timestamps, by time in an LSI and in
// the table's sort key after "LOG#" (lines 1-24).
const deviceLogs = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByAt" {
    sort_key = "at"
  }
}
entity "Log" {
  attributes = { device = string, at = string, seq = string }
  key {
    PK = "DEVICE#${device}"
    SK = "LOG#${at}#${seq}"
  }
  example "a" {
    device = "d1"
    at     = "2020-06-21T10:00:00Z"
    seq    = "1"
  }
  example "b" {
    device = "d1"
    at     = "2020-06-22T08:30:00Z"
    seq    = "2"
  }
}
`

// logsByAt is a pattern on the LSI with the key condition cond on at
// (with inputs from and to when it names them) and the pattern example's
// inputs (none when inputs is "").
func logsByAt(cond, inputs string) string {
	src := deviceLogs + `access_pattern "logs" {
  entity = entity.Log
  index  = "ByAt"
`
	if regexp.MustCompile(`\b(from|to)\b`).MatchString(cond) {
		src += "  inputs = { from = string, to = string }\n"
	}
	src += `  key {
    PK = "DEVICE#${device}"
    at = ` + cond + `
  }
`
	if inputs != "" {
		src += "  example {\n    device = \"d1\"\n" + inputs + "  }\n"
	}
	return src + "}\n"
}

// logsUntil is a pattern on the table's sort key with the condition cond
// on SK (lines 25-31).
func logsUntil(cond string) string {
	return deviceLogs + `access_pattern "until" {
  entity = entity.Log
  key {
    PK = "DEVICE#${device}"
    SK = ` + cond + `
  }
}
`
}

// logsBetween is a pattern on the table's sort key between "LOG#${from}"
// and upper, with one day as its example's inputs (lines 25-37).
func logsBetween(upper string) string {
	return deviceLogs + `access_pattern "until" {
  entity = entity.Log
  inputs = { from = string, to = string }
  key {
    PK = "DEVICE#${device}"
    SK = between("LOG#${from}", ` + upper + `)
  }
  example {
    device = "d1"
    from   = "2020-06-21"
    to     = "2020-06-21"
  }
}
`
}

const (
	dates      = "    from   = \"2020-06-21\"\n    to     = \"2020-06-21\"\n"
	timestamps = "    from   = \"2020-06-21T00:00:00Z\"\n    to     = \"2020-06-21T23:59:59Z\"\n"
)

func TestRangeBoundPrefix(t *testing.T) {
	runRuleCases(t, ruleRangeBoundPrefix, []ruleCase{
		// The example's date bounds a timestamp key.
		{name: "between two dates", src: logsByAt("between(from, to)", dates), want: []string{"TD159 warning 31:24-31:26 `to`"}},
		{name: "lte a date", src: logsByAt("lte(to)", dates), want: []string{"TD159 warning 31:14-31:16 `to`"}},
		{name: "gt a date", src: logsByAt("gt(from)", dates), want: []string{"TD159 warning 31:13-31:17 `from`"}},
		{name: "literal dates", src: logsByAt(`between("2020-06-21", "2020-06-21")`, ""), want: []string{"TD159 warning 30:32-30:44 `\"2020-06-21\"`"}},
		{name: "a month", src: logsByAt(`lte("2020-06")`, ""), want: []string{"TD159 warning 30:14-30:23 `\"2020-06\"`"}},
		// A prefix is what the user means: from that day on, before it.
		{name: "gte a date", src: logsByAt("gte(from)", dates)},
		{name: "lt a date", src: logsByAt("lt(to)", dates)},
		// The fixes.
		{name: "upper bound with ~", src: logsByAt(`between(from, "${to}~")`, dates)},
		{name: "gt with ~", src: logsByAt(`gt("${from}~")`, dates)},
		{name: "timestamps", src: logsByAt("between(from, to)", timestamps)},
		// An input whose values nothing says: no finding.
		{name: "no example", src: logsByAt("between(from, to)", "")},
		// The template proves it: the bound names the attribute the key
		// interpolates and stops before "#${seq}".
		{name: "template", src: logsUntil(`lte("LOG#${at}")`), want: []string{"TD159 warning 29:14-29:25 `\"LOG#${at}\"`"}},
		{name: "template with a separator and ~", src: logsUntil(`lte("LOG#${at}#~")`)},
		{name: "template, the whole key", src: logsUntil(`lte("LOG#${at}#${seq}")`)},
		// The ecommerce form: "${to}#~" ends after the date's separator.
		{name: "date and separator with ~", src: logsBetween(`"LOG#${to}#~"`)},
		{name: "date after a literal", src: logsBetween(`"LOG#${to}"`), want: []string{"TD159 warning 30:33-30:44 `\"LOG#${to}\"`"}},
	})
}

// TestRangeBoundPrefixShapes: a bound of the stored values' own shape is
// no prefix, also where some values of a collection go on (an item of
// another entity keyed by the same date and more); a shape of other digit
// widths is no prefix either.
func TestRangeBoundPrefixShapes(t *testing.T) {
	for _, c := range []struct {
		bound, stored string
		prefix        bool
	}{
		{"2020-06-21", "2020-06-21T10:00:00Z", true},
		{"2020-06", "2020-06-21", true},
		{"2020-06-21", "2020-06-21", false},
		{"2020-06-21~", "2020-06-21T10:00:00Z", false},
		{"2020-6-21", "2020-06-21T10:00:00Z", false},
		{"ORDER#2024-05-31", "ORDER#2024-05-01#o-1001", true},
		{"bob", "ann", false},
		{"Zoë", "Zoë-2", true},
	} {
		n, ok := shapeOf(c.bound).prefixOf(shapeOf(c.stored))
		got := ok && n < len(shapeOf(c.stored))
		require.Equal(t, c.prefix, got, "%s against %s", c.bound, c.stored)
	}
	// Orders of a day and their lines: the bound has the orders' shape.
	src := `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = { customer = string, day = string }
  key {
    PK = "C#${customer}"
    SK = "${day}"
  }
  example "o1" {
    customer = "c1"
    day      = "2020-06-21"
  }
}
entity "Line" {
  attributes = { customer = string, day = string, n = string }
  key {
    PK = "C#${customer}"
    SK = "${day}#${n}"
  }
  example "l1" {
    customer = "c1"
    day      = "2020-06-21"
    n        = "1"
  }
}
access_pattern "until" {
  entities = [entity.Order, entity.Line]
  inputs   = { to = string }
  key {
    PK = "C#${customer}"
    SK = lte(to)
  }
  example {
    customer = "c1"
    to       = "2020-06-21"
  }
}
`
	require.Empty(t, ruleRangeBoundPrefix.Check(load(t, src)))
}

func TestRangeBoundPrefixDetail(t *testing.T) {
	require.Equal(t, `Access pattern "logs" reads at BETWEEN from AND to. With inputs {device = "d1", from = "2020-06-21", to = "2020-06-21"} (from example 1 of access pattern "logs"), the bound to is "2020-06-21", and stored values go on after values of that shape: Log["a"] has at = "2020-06-21T10:00:00Z". `+
		`A string sorts before every longer string that starts with it ("2020-06-21T10:00:00Z" is greater than "2020-06-21"), so the upper bound leaves out every value that goes on after it (on a timestamp key, between("2020-06-21", "2020-06-21") finds nothing of that day and lte("2020-06-21") misses that day). `+
		`To include them, append "~" (above every printable ASCII character; "\uffff" for keys beyond ASCII) to the upper bound, as in between(from, "${to}~"), or bound with the next value (the next day) and lt; for one value, use begins_with.`,
		detailOf(t, ruleRangeBoundPrefix, logsByAt("between(from, to)", dates)))
	require.Equal(t, `Access pattern "logs" reads at > from. With inputs {device = "d1", from = "2020-06-21", to = "2020-06-21"} (from example 1 of access pattern "logs"), the bound from is "2020-06-21", and stored values go on after values of that shape: Log["a"] has at = "2020-06-21T10:00:00Z". `+
		`A string sorts before every longer string that starts with it ("2020-06-21T10:00:00Z" is greater than "2020-06-21"), so gt takes in every value that goes on after its bound (on a timestamp key, gt("2020-06-21") includes that day). `+
		`To start after them, append "~" (above every printable ASCII character) to the bound, as in gt("${from}~"), or use gte with the next value (the next day).`,
		detailOf(t, ruleRangeBoundPrefix, logsByAt("gt(from)", dates)))
	require.Equal(t, `Access pattern "until" reads SK <= "LOG#${at}". Entity "Log" writes SK = "LOG#${at}#${seq}": where a stored value starts with the bound's value ("LOG#${at}"), it goes on after it with "#${seq}". `+
		`A string sorts before every longer string that starts with it, so the upper bound leaves out every value that goes on after it (on a timestamp key, between("2020-06-21", "2020-06-21") finds nothing of that day and lte("2020-06-21") misses that day). `+
		`To include them, append "~" (above every printable ASCII character; "\uffff" for keys beyond ASCII) to the upper bound, as in between(from, "${to}~"), or bound with the next value (the next day) and lt; for one value, use begins_with.`,
		detailOf(t, ruleRangeBoundPrefix, logsUntil(`lte("LOG#${at}")`)))
}

// TestRangeBoundPrefixAccepted: an accept block on the pattern takes the
// finding out of lint's run, and is not stale (TD144).
func TestRangeBoundPrefixAccepted(t *testing.T) {
	s := load(t, logsByAt("between(from, to)", dates)+`accept "TD159" {
  target = access_pattern.logs
  reason = "from and to are instants: a day's end is given as the next midnight"
}
`)
	require.Len(t, ruleRangeBoundPrefix.Check(s), 1)
	for _, d := range Run(s) {
		require.NotContains(t, []diag.Code{CodeRangeBoundPrefix, CodeStaleAcceptance}, diag.CodeOf(d), d.Error())
	}
}
