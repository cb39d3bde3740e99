package typescript

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/gen"
	"github.com/tfdyn/tfdyn/internal/gen/gentest"
	"github.com/tfdyn/tfdyn/internal/tstest"
)

// keySchemas are the schemas whose generated writers the key-equivalence
// tests hold to hclschema's evaluator: the key test schema (every
// construct the generators reproduce) and the examples.
var keySchemas = []string{
	"../golang/testdata/keys",
	"../../../examples/ecommerce",
	"../../../examples/github",
	"../../../examples/tournaments",
}

// harnessSource reads a JSON line per entity value ({"fn", "values"}),
// calls the generated toXxxRecord and writes a JSON line: the record's
// attributes (a key attribute's value as {"S"} or {"N"}) or the error.
const harnessSource = `import { createInterface } from "node:readline";
import { NumberValue } from "@aws-sdk/lib-dynamodb";
import * as api from "./out/index.js";

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  const { fn, values } = JSON.parse(line);
  let out;
  try {
    const record = api[fn](values);
    const attrs = {};
    for (const [k, v] of Object.entries(record)) {
      attrs[k] = v instanceof NumberValue ? { N: v.value } : typeof v === "string" ? { S: v } : null;
    }
    out = { attrs };
  } catch (e) {
    out = { error: String(e && e.message), name: String(e && e.name) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
`

// harness is a node process running the generated writers of a schema.
type harness struct{ *tstest.Lines }

type harnessResult struct {
	Attrs map[string]*struct{ S, N *string } `json:"attrs"`
	Error string                             `json:"error"`
	Name  string                             `json:"name"`
}

// startHarness compiles the schema's modules and starts the harness.
func startHarness(t testing.TB, schema string) *harness {
	t.Helper()
	dir := compileTS(t, schema)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "harness.mjs"), []byte(harnessSource), 0o644))
	return &harness{tstest.StartLines(t, dir, "harness.mjs")}
}

// request is the harness's input line for the writer of e on values (a
// JSON object of plain values).
func request(t testing.TB, e *hclschema.Entity, values map[string]any) []byte {
	return tstest.Line(t, map[string]any{"fn": funcName(gen.Join(gen.Name{"to"}, gen.NameOf(e.Name), gen.Name{"record"})), "values": values})
}

// call runs the writer of entity e on values and returns the item's
// attributes and its error.
func (h *harness) call(t testing.TB, e *hclschema.Entity, values map[string]any) (map[string]*gentest.Key, error) {
	t.Helper()
	_, err := h.Write(request(t, e, values))
	require.NoError(t, err)
	return h.result(t, e)
}

// result reads the harness's answer for entity e.
func (h *harness) result(t testing.TB, e *hclschema.Entity) (map[string]*gentest.Key, error) {
	t.Helper()
	var res harnessResult
	h.Receive(t, &res)
	if res.Attrs == nil {
		require.Contains(t, []string{"KeyError", "AttributeError"}, res.Name, "%s: the writer failed with %s: %s", e.Name, res.Name, res.Error)
		return nil, fmt.Errorf("%s: %s", res.Name, res.Error)
	}
	got := map[string]*gentest.Key{}
	for n, v := range res.Attrs {
		switch {
		case v == nil:
			got[n] = nil
		case v.S != nil:
			got[n] = &gentest.Key{S: *v.S}
		case v.N != nil:
			got[n] = &gentest.Key{N: *v.N, IsNumber: true}
		}
	}
	return got, nil
}

// TestKeyEquivalence holds every generated key template and sparse
// condition of the TypeScript writers byte-identical to hclschema's
// evaluator, over the random values the Go back end's test draws (gentest:
// padding, lower and upper of non-ASCII letters, format, conditionals,
// coalesce, arithmetic at go-cty's precision, nulls, multi-attribute keys),
// run under node.
func TestKeyEquivalence(t *testing.T) {
	rounds := 1000
	if testing.Short() {
		rounds = 200
	}
	r := rand.New(rand.NewSource(1))
	for _, schema := range keySchemas {
		t.Run(schemaName(schema), func(t *testing.T) {
			s, diags := hclschema.Load(schema)
			require.False(t, diags.HasErrors(), "%s", diags)
			h := startHarness(t, schema)
			// Every request is written at once (by a goroutine), then the
			// answers read in order: one pipe round trip, not one per value.
			type drawn struct {
				e    *hclschema.Entity
				vals map[string]cty.Value
			}
			var draws []drawn
			var input []byte
			for _, e := range gentest.Entities(s) {
				for i := 0; i < rounds; i++ {
					vals, plain := gentest.Values(r, e)
					draws = append(draws, drawn{e, vals})
					input = append(input, request(t, e, plain)...)
				}
			}
			written := make(chan error, 1)
			go func() {
				_, err := h.Write(input)
				written <- err
			}()
			for _, d := range draws {
				got, gerr := h.result(t, d.e)
				gentest.Check(t, d.e, d.vals, got, gerr)
			}
			require.NoError(t, <-written)
		})
	}
}

// TestKeyEquivalenceNFC: go-cty normalizes strings to NFC, and so does the
// generated TypeScript (the Go back end's documented limit does not apply):
// decomposed input gives the evaluator's keys.
func TestKeyEquivalenceNFC(t *testing.T) {
	s, diags := hclschema.Load(keySchemas[0])
	require.False(t, diags.HasErrors(), "%s", diags)
	h := startHarness(t, keySchemas[0])
	var issue *hclschema.Entity
	for _, e := range s.Entities {
		if e.Name == "Issue" {
			issue = e
		}
	}
	require.NotNil(t, issue)
	for _, owner := range []string{"e\u0301cole", "A\u030a", "\u1e9b\u0323", "Ǆ\u0301", "I\u0307stanbul", "\u0041\u0308\u0304"} {
		plain := map[string]any{"owner": owner, "repo": "r\u0301", "number": 7.0, "status": "OPEN", "title": "The x\u0327", "nick": " N\u0303ICK ", "score": 20.0, "pinned": true}
		vals := map[string]cty.Value{}
		for _, a := range issue.Attributes {
			switch v := plain[a.Name].(type) {
			case string:
				vals[a.Name] = cty.StringVal(v)
			case float64:
				vals[a.Name] = cty.NumberFloatVal(v)
			case bool:
				vals[a.Name] = cty.BoolVal(v)
			default:
				vals[a.Name] = cty.NullVal(a.Type)
			}
		}
		got, gerr := h.call(t, issue, plain)
		require.NoError(t, gerr, owner)
		gentest.Check(t, issue, vals, got, gerr)
	}
}

// FuzzKeyEquivalence draws the random values from the fuzzer's seed and
// runs them through one node process.
func FuzzKeyEquivalence(f *testing.F) {
	for _, seed := range []int64{1, 2, 3, 42, math.MaxInt64} {
		f.Add(seed)
	}
	s, diags := hclschema.Load(keySchemas[0])
	require.False(f, diags.HasErrors(), "%s", diags)
	tstest.Dir(f)
	h := startHarness(f, keySchemas[0])
	f.Fuzz(func(t *testing.T, seed int64) {
		r := rand.New(rand.NewSource(seed))
		for _, e := range s.Entities {
			vals, plain := gentest.Values(r, e)
			got, gerr := h.call(t, e, plain)
			gentest.Check(t, e, vals, got, gerr)
		}
	})
}
