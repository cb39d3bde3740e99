package dynamo_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/shapes")

// shapeSchemas are the schemas whose request shapes are kept as goldens:
// the wire room's own (every kind of request), the examples and verify's
// write patterns.
var shapeSchemas = map[string]string{
	"wire":        "testdata/shapes/wire.tfdyn.hcl",
	"ecommerce":   "../../examples/ecommerce",
	"tournaments": "../../examples/tournaments",
	"writes":      "../verify/testdata/writes",
}

func loadSchema(t testing.TB, path string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.Load(path)
	require.False(t, diags.HasErrors(), diags.Error())
	return s
}

// TestShapesGolden renders every access and write pattern's request shape
// and compares it with testdata/shapes/<name>.golden (go test
// ./internal/dynamo -run TestShapesGolden -update rewrites them). The
// goldens are what verify sends and the generators print: review them.
func TestShapesGolden(t *testing.T) {
	for name, path := range shapeSchemas {
		t.Run(name, func(t *testing.T) {
			s := loadSchema(t, path)
			got := renderShapes(t, s)
			require.Equal(t, got, renderShapes(t, s), "rendering twice gives the same text")
			golden := filepath.Join("testdata", "shapes", name+".golden")
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test ./internal/dynamo -run TestShapesGolden -update")
			require.Equal(t, string(want), got)
		})
	}
}

func renderShapes(t *testing.T, s *hclschema.Schema) string {
	var b strings.Builder
	for _, p := range s.Patterns {
		rs, err := dynamo.Read(p)
		require.NoError(t, err, p.Name)
		writeRead(&b, rs)
	}
	for _, w := range s.WritePatterns {
		ws, err := dynamo.Write(w)
		require.NoError(t, err, w.Name)
		writeWrite(&b, ws)
	}
	return b.String()
}

func writeRead(b *strings.Builder, s *dynamo.ReadShape) {
	on := "table"
	if s.IndexName != "" {
		on = s.IndexName
	}
	fmt.Fprintf(b, "access_pattern %s: %s on %s\n", s.Pattern.Name, s.Operation, on)
	for _, k := range s.Key {
		fmt.Fprintf(b, "  key %s = %s\n", k.Attr, source(k.Source))
	}
	line := func(label, v string) {
		if v != "" {
			fmt.Fprintf(b, "  %s: %s\n", label, v)
		}
	}
	line("KeyConditionExpression", s.KeyCondition)
	line("FilterExpression", s.Filter)
	line("ProjectionExpression", s.Projection)
	writeNamesValues(b, "  ", s.Names, s.Values)
	if s.Operation == hclschema.OpQuery {
		fmt.Fprintf(b, "  ScanIndexForward: %t\n", s.ScanIndexForward)
	}
	if s.Limit > 0 {
		fmt.Fprintf(b, "  Limit: %d\n", s.Limit)
	}
	fmt.Fprintf(b, "  ConsistentRead: %t\n", s.ConsistentRead)
}

func writeWrite(b *strings.Builder, s *dynamo.WriteShape) {
	fmt.Fprintf(b, "write_pattern %s: %s\n", s.Pattern.Name, s.Operation)
	for _, is := range s.Items {
		what := string(is.Op) + " " + is.Entity.Name
		if is.Label != "" {
			what += fmt.Sprintf(" (label %s: input.%s)", is.Label, is.Label)
		}
		if is.Guard != nil {
			what += fmt.Sprintf(" (guard item of %s.%s", is.Guard.Entity.Name, is.Guard.Attr)
			if sw := is.Write.Swap; sw != nil {
				what += fmt.Sprintf(", swapped from input %q to input %q, not sent when they are equal", sw.Current, sw.New)
			}
			what += ")"
		}
		fmt.Fprintf(b, "  %s\n", what)
		for _, k := range is.Key {
			fmt.Fprintf(b, "    key %s = %s\n", k.Attr, source(k.Source))
		}
		for _, rw := range is.Rewrites {
			fmt.Fprintf(b, "    rewrites %s: set %v, remove %v, fixed %t\n", rw.Target(), rw.Set, rw.Remove, rw.Fixed)
		}
		for _, v := range is.Variants {
			ind := "    "
			if v.In != nil {
				fmt.Fprintf(b, "    variant in=%v\n", v.In)
				ind = "      "
			}
			if v.Condition != "" {
				fmt.Fprintf(b, "%sConditionExpression: %s\n", ind, v.Condition)
			}
			if v.Update != "" {
				fmt.Fprintf(b, "%sUpdateExpression: %s\n", ind, v.Update)
			}
			writeNamesValues(b, ind, v.Names, v.Values)
		}
	}
}

func writeNamesValues(b *strings.Builder, ind string, names []dynamo.Name, values []dynamo.Placeholder) {
	for _, n := range names {
		fmt.Fprintf(b, "%s%s = %s\n", ind, n.Placeholder, n.Attr)
	}
	for _, v := range values {
		fmt.Fprintf(b, "%s%s = %s\n", ind, v.Name, source(v.Source))
	}
}

func source(s dynamo.Source) string {
	out := fmt.Sprintf("%s [%s", s, s.Role)
	if s.Role == dynamo.RoleKeyCondition {
		out += fmt.Sprintf(" %d.%d", s.Condition, s.Operand)
	}
	if s.Attr != "" {
		out += " " + s.Attr
	}
	if s.Type != "" {
		out += " " + s.Type
	}
	return out + "]"
}
