// Package tablespectest checks that every consumer of hclschema.TableSpec
// reads every field of it, and every producer fills it. Mutations changes
// one field at a time; each consumer's test (emit, plancheck's DP404,
// verify's conformance, doc, diff, import's schema writer) runs on every
// mutation with Check and keeps a table of the fields it reads and the
// ones it leaves out with the reason. A producer (import reading .tf files,
// state or a live table) reads the full table from a real source, and
// CheckRead compares what it read with Full's spec field by field. A field
// added to the spec fails each of those tests until its room reads it or
// says why not: that is the walk of docs/architecture.md for a new table
// setting.
package tablespectest

import (
	_ "embed"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
)

//go:embed testdata/full.tfdyn.hcl
var fullSource []byte

// FullSource returns the text of testdata/full.tfdyn.hcl.
func FullSource() string { return string(fullSource) }

// Full returns the schema of testdata/full.tfdyn.hcl: tables that together
// set every field of the spec to something other than its default. "full"
// is provisioned: a multi-attribute GSI that inherits its write capacity,
// an LSI, INCLUDE projections, stream, TTL, PITR with a recovery period,
// deletion protection, table class, a KMS key, tags, warm throughput of
// the table and its GSI and a resource policy. "global" bills on demand:
// throughput caps of the table and its GSI, a replica with its own key,
// PITR, tag propagation and deletion protection, and multi-Region strong
// consistency with a witness.
func Full(t testing.TB) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.LoadSource("full.tfdyn.hcl", fullSource)
	if diags.HasErrors() {
		t.Fatalf("tablespectest: full.tfdyn.hcl: %s", diags.Error())
	}
	return s
}

// Specs returns the specs of Full's tables, in declaration order.
func Specs(t testing.TB) []hclschema.TableSpec {
	t.Helper()
	var out []hclschema.TableSpec
	for _, tb := range Full(t).Tables {
		out = append(out, tb.Spec())
	}
	return out
}

// Spec returns the spec of Full's table named name (its DynamoDB name).
func Spec(t testing.TB, name string) hclschema.TableSpec {
	t.Helper()
	for _, s := range Specs(t) {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("tablespectest: no full table named %q", name)
	return hclschema.TableSpec{}
}

// Mutation is a spec with one field changed.
type Mutation struct {
	// Field is the field's path: struct field names joined by ".", through
	// pointers and slices (the last element changes), e.g. "GSIs.Key.Sort.Name"
	// or "SSE.KMSKeyARN". A pointer or map field is also changed as a whole
	// ("SSE" removes the encryption block, "Tags" adds a tag).
	Field string
	Spec  hclschema.TableSpec
}

var rangeType = reflect.TypeOf(hcl.Range{})

// Mutations returns one mutation of base per field of hclschema.TableSpec
// that base sets, in field order: a field at its zero value (a nil
// pointer, an empty slice or map, "", 0, false) is what this table does
// not declare, and another full table sets it (TestFullSetsEveryField). Source ranges and fields tagged tablespec:"source"
// (where a value came from, such as KeyAttr.DeclaredType) are not settings
// and are left alone. A string gets "2" appended, unless its field is
// tagged tablespec:"values=A,B,..." (a closed set, such as a key
// attribute's type): then it takes the next value of the set, so that the
// mutation is a change a real table can have.
func Mutations(t testing.TB, base hclschema.TableSpec) []Mutation {
	t.Helper()
	var out []Mutation
	var walk func(v reflect.Value, path string, steps []int, values []string)
	apply := func(path string, steps []int, change func(reflect.Value)) {
		m := Mutation{Field: path, Spec: deepCopy(base)}
		change(follow(reflect.ValueOf(&m.Spec).Elem(), steps))
		out = append(out, m)
	}
	walk = func(v reflect.Value, path string, steps []int, values []string) {
		switch v.Kind() {
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				f := v.Type().Field(i)
				if !isSetting(f) {
					continue
				}
				walk(v.Field(i), strings.TrimPrefix(path+"."+f.Name, "."), append(append([]int{}, steps...), i), tagValues(f))
			}
		case reflect.Pointer:
			if v.IsNil() {
				return
			}
			apply(path, steps, func(p reflect.Value) { p.Set(reflect.Zero(p.Type())) })
			walk(v.Elem(), path, append(append([]int{}, steps...), -1), nil)
		case reflect.Slice:
			if v.Len() == 0 {
				return
			}
			walk(v.Index(v.Len()-1), path, append(append([]int{}, steps...), v.Len()-1), values)
		case reflect.Map:
			if v.Len() == 0 {
				return
			}
			apply(path, steps, func(m reflect.Value) {
				m.SetMapIndex(reflect.ValueOf("tfdyn-mutated"), reflect.ValueOf("yes"))
			})
		case reflect.String, reflect.Bool, reflect.Int64:
			if v.IsZero() {
				return
			}
			switch v.Kind() {
			case reflect.String:
				apply(path, steps, func(s reflect.Value) { s.SetString(next(s.String(), values)) })
			case reflect.Bool:
				apply(path, steps, func(b reflect.Value) { b.SetBool(!b.Bool()) })
			default:
				apply(path, steps, func(n reflect.Value) { n.SetInt(n.Int() + 1) })
			}
		default:
			t.Fatalf("tablespectest: %s has kind %s, which Mutations cannot change yet: add it", path, v.Kind())
		}
	}
	walk(reflect.ValueOf(base), "", nil, nil)
	return out
}

// isSetting reports whether struct field f is a table setting: exported,
// not a source range, not tagged tablespec:"source".
func isSetting(f reflect.StructField) bool {
	return f.IsExported() && f.Type != rangeType && f.Tag.Get("tablespec") != "source"
}

// tagValues returns the closed set of values of a field tagged
// tablespec:"values=A,B", or nil.
func tagValues(f reflect.StructField) []string {
	if v, ok := strings.CutPrefix(f.Tag.Get("tablespec"), "values="); ok {
		return strings.Split(v, ",")
	}
	return nil
}

// next is the mutation of string s: the value after s in values (cycling),
// or s with "2" appended.
func next(s string, values []string) string {
	for i, v := range values {
		if v == s {
			return values[(i+1)%len(values)]
		}
	}
	return s + "2"
}

// follow walks steps from v: a field index for a struct, an element index
// for a slice, -1 through a pointer.
func follow(v reflect.Value, steps []int) reflect.Value {
	for _, s := range steps {
		switch v.Kind() {
		case reflect.Pointer:
			v = v.Elem()
		case reflect.Slice:
			v = v.Index(s)
		default:
			v = v.Field(s)
		}
	}
	return v
}

// deepCopy copies s with its own slices, maps and pointers.
func deepCopy(s hclschema.TableSpec) hclschema.TableSpec {
	var out hclschema.TableSpec
	copyValue(reflect.ValueOf(&out).Elem(), reflect.ValueOf(s))
	return out
}

func copyValue(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Struct:
		for i := 0; i < src.NumField(); i++ {
			if src.Type().Field(i).IsExported() {
				copyValue(dst.Field(i), src.Field(i))
			}
		}
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		dst.Set(reflect.New(src.Type().Elem()))
		copyValue(dst.Elem(), src.Elem())
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		dst.Set(reflect.MakeSlice(src.Type(), src.Len(), src.Len()))
		for i := 0; i < src.Len(); i++ {
			copyValue(dst.Index(i), src.Index(i))
		}
	case reflect.Map:
		if src.IsNil() {
			return
		}
		dst.Set(reflect.MakeMapWithSize(src.Type(), src.Len()))
		it := src.MapRange()
		for it.Next() {
			dst.SetMapIndex(it.Key(), it.Value())
		}
	default:
		dst.Set(src)
	}
}

// Check runs the test of one consumer: for every mutation of every full
// table's spec, changed reports whether the consumer's output differs from
// its output for the unchanged spec (base, the full table mutated). reads
// lists every field: "" when the consumer reads it (the output must change
// for at least one full table that sets the field: a value a source cannot
// show for one table, such as the default table class in a plan that
// creates the table, is read from another), else the reason it does not
// (the output must stay the same for every table, so the reason stays
// true). A field missing from reads, or listed but no longer in the spec,
// fails the test.
func Check(t *testing.T, consumer string, reads map[string]string, changed func(t *testing.T, base, mutated hclschema.TableSpec) bool) {
	t.Helper()
	fields := map[string]bool{}
	for _, f := range Fields(t) {
		fields[f] = true
		if _, ok := reads[f]; !ok {
			t.Errorf("%s: the table spec has a new field %s: read it in %s, or add it to this test's table with the reason %s leaves it out", consumer, f, consumer, consumer)
		}
	}
	caught := map[string]bool{}
	var unread []string
	var tables = map[string][]string{}
	for _, base := range Specs(t) {
		for _, m := range Mutations(t, base) {
			why, ok := reads[m.Field]
			if !ok {
				continue
			}
			got := changed(t, base, m.Spec)
			switch {
			case why == "" && got:
				caught[m.Field] = true
			case why == "" && !got:
				if len(tables[m.Field]) == 0 {
					unread = append(unread, m.Field)
				}
				tables[m.Field] = append(tables[m.Field], base.Name)
			case why != "" && got:
				t.Errorf("%s reads %s now (table %q), which this test says it leaves out (%s): remove the reason", consumer, m.Field, base.Name, why)
			}
		}
	}
	for _, f := range unread {
		if !caught[f] {
			t.Errorf("%s does not read %s: changing it in table %s changes nothing", consumer, f, strings.Join(tables[f], ", "))
		}
	}
	var stale []string
	for f := range reads {
		if !fields[f] {
			stale = append(stale, f)
		}
	}
	sort.Strings(stale)
	for _, f := range stale {
		t.Errorf("%s: %s is not a field of the table spec (any more): remove it from this test's table", consumer, f)
	}
}

// CheckRead is the test of one producer of the spec: got holds what it
// read from a real source of full tables (Full's Terraform, state or live
// description), matched to Full's tables by name. Every field must equal
// the full table's, unless excused lists it with the reason the producer
// cannot read it (then it must differ in some table that sets it, so the
// reason stays true). Source ranges and fields tagged tablespec:"source"
// are not compared. A field of excused that is not in the spec fails the
// test.
func CheckRead(t *testing.T, producer string, excused map[string]string, got ...hclschema.TableSpec) {
	t.Helper()
	differs := map[string]string{}
	set := map[string]bool{}
	for _, g := range got {
		want := Spec(t, g.Name)
		for _, m := range Mutations(t, want) {
			set[m.Field] = true
		}
		for f, d := range Differences(want, g) {
			if _, seen := differs[f]; !seen {
				differs[f] = fmt.Sprintf("%s (table %q)", d, g.Name)
			}
		}
	}
	for _, f := range Fields(t) {
		d, isDiff := differs[f]
		why, isExcused := excused[f]
		switch {
		case isDiff && !isExcused:
			t.Errorf("%s does not read %s of the full tables: %s", producer, f, d)
		case !isDiff && isExcused && set[f]:
			t.Errorf("%s reads %s now, which this test says it cannot (%s): remove the reason", producer, f, why)
		}
	}
	fields := map[string]bool{}
	for _, f := range Fields(t) {
		fields[f] = true
	}
	var stale []string
	for f := range excused {
		if !fields[f] {
			stale = append(stale, f)
		}
	}
	sort.Strings(stale)
	for _, f := range stale {
		t.Errorf("%s: %s is not a field of the table spec (any more): remove it from this test's table", producer, f)
	}
}

// Differences compares two specs field by field and returns, per field
// path (as Mutations names them), how they differ: "got X, want Y". Slices
// are compared element by element; when their lengths differ, every field
// below the slice differs. Source ranges and fields tagged
// tablespec:"source" are not compared.
func Differences(want, got hclschema.TableSpec) map[string]string {
	out := map[string]string{}
	var walk func(w, g reflect.Value, path string)
	leaves := func(v reflect.Value, path string, msg string) {
		var mark func(t reflect.Type, path string)
		mark = func(t reflect.Type, path string) {
			switch t.Kind() {
			case reflect.Struct:
				for i := 0; i < t.NumField(); i++ {
					if f := t.Field(i); isSetting(f) {
						mark(f.Type, strings.TrimPrefix(path+"."+f.Name, "."))
					}
				}
			case reflect.Pointer:
				out[path] = msg
				mark(t.Elem(), path)
			case reflect.Slice:
				mark(t.Elem(), path)
			default:
				out[path] = msg
			}
		}
		mark(v.Type(), path)
	}
	walk = func(w, g reflect.Value, path string) {
		switch w.Kind() {
		case reflect.Struct:
			for i := 0; i < w.NumField(); i++ {
				if f := w.Type().Field(i); isSetting(f) {
					walk(w.Field(i), g.Field(i), strings.TrimPrefix(path+"."+f.Name, "."))
				}
			}
		case reflect.Pointer:
			if w.IsNil() != g.IsNil() {
				leaves(w, path, fmt.Sprintf("got %s, want %s", show(g), show(w)))
				return
			}
			if !w.IsNil() {
				walk(w.Elem(), g.Elem(), path)
			}
		case reflect.Slice:
			if w.Len() != g.Len() {
				leaves(w, path, fmt.Sprintf("got %d elements, want %d", g.Len(), w.Len()))
				return
			}
			for i := 0; i < w.Len(); i++ {
				walk(w.Index(i), g.Index(i), path)
			}
		default:
			if !reflect.DeepEqual(w.Interface(), g.Interface()) {
				if _, seen := out[path]; !seen {
					out[path] = fmt.Sprintf("got %s, want %s", show(g), show(w))
				}
			}
		}
	}
	walk(reflect.ValueOf(want), reflect.ValueOf(got), "")
	return out
}

func show(v reflect.Value) string {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return "nil"
		}
		return fmt.Sprintf("%+v", v.Elem().Interface())
	}
	return fmt.Sprintf("%#v", v.Interface())
}

// Fields returns the path of every setting of hclschema.TableSpec, in
// field order: the rows every consumer's table has.
func Fields(t testing.TB) []string {
	t.Helper()
	var out []string
	var walk func(ty reflect.Type, path string)
	walk = func(ty reflect.Type, path string) {
		switch ty.Kind() {
		case reflect.Struct:
			for i := 0; i < ty.NumField(); i++ {
				if f := ty.Field(i); isSetting(f) {
					walk(f.Type, strings.TrimPrefix(path+"."+f.Name, "."))
				}
			}
		case reflect.Pointer:
			out = append(out, path)
			walk(ty.Elem(), path)
		case reflect.Slice:
			walk(ty.Elem(), path)
		default:
			out = append(out, path)
		}
	}
	walk(reflect.TypeOf(hclschema.TableSpec{}), "")
	return out
}

// Recording returns path, the real recording of Full's tables a test
// checks its consumer or producer against, or skips t when it is not
// there yet: recordings are made by a live test (command, with -update)
// that needs hashicorp/aws 6 (multi-attribute GSIs, warm throughput,
// multi-Region strong consistency), which a machine without the provider
// cannot run.
func Recording(t testing.TB, path, command string) string {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no recording of the full tables at %s: %s -update makes it (needs hashicorp/aws 6 in the provider mirror)", path, command)
	}
	return path
}
