package plancheck

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
)

// value walks a JSON value of a plan (change.before or change.after)
// together with its unknown marks (change.after_unknown): where the plan
// says a value is known only after apply, unknown is true there. A value
// built from nothing (missing attribute, null, wrong shape) is null, never
// a panic.
type value struct {
	v any
	// unk is the matching part of after_unknown: true, a map, a slice or nil.
	unk any
}

// Unknown reports whether the value is unknown until apply.
func (v value) Unknown() bool {
	b, ok := v.unk.(bool)
	return ok && b
}

// Null reports whether the value is null or absent (and not unknown).
func (v value) Null() bool { return v.v == nil && !v.Unknown() }

// Get returns attribute name of an object value.
func (v value) Get(name string) value {
	out := value{}
	if m, ok := v.v.(map[string]any); ok {
		out.v = m[name]
	}
	switch u := v.unk.(type) {
	case bool:
		out.unk = u // an unknown object has unknown attributes
	case map[string]any:
		out.unk = u[name]
	}
	return out
}

// List returns the elements of a list or set value (sets are rendered as
// JSON arrays, with after_unknown in the same order). A single-block
// attribute that is null gives no elements.
func (v value) List() []value {
	items, _ := v.v.([]any)
	unks, _ := v.unk.([]any)
	out := make([]value, len(items))
	for i, it := range items {
		out[i].v = it
		if i < len(unks) {
			out[i].unk = unks[i]
		}
	}
	return out
}

// First returns the first element of a list (a MaxItems: 1 block such as
// ttl or point_in_time_recovery), or a null value. If the whole list is
// unknown, so is the element.
func (v value) First() value {
	if v.Unknown() {
		return value{unk: true}
	}
	l := v.List()
	if len(l) == 0 {
		return value{}
	}
	return l[0]
}

// strVal is a string that may be unknown until apply.
type strVal struct {
	// Value is the string; "" when null or unknown.
	Value string
	// Unknown is true when the plan knows the value only after apply.
	Unknown bool
}

// String prints the value quoted, or "(known after apply)".
func (s strVal) String() string {
	if s.Unknown {
		return "(known after apply)"
	}
	return strconv.Quote(s.Value)
}

// strVal returns the value as a string: numbers and bools are formatted,
// null is "".
func (v value) strVal() strVal {
	if v.Unknown() {
		return strVal{Unknown: true}
	}
	switch x := v.v.(type) {
	case string:
		return strVal{Value: x}
	case json.Number:
		return strVal{Value: x.String()}
	case float64:
		return strVal{Value: strconv.FormatFloat(x, 'f', -1, 64)}
	case bool:
		return strVal{Value: strconv.FormatBool(x)}
	case nil:
		return strVal{}
	}
	return strVal{Value: fmt.Sprint(v.v)}
}

// boolVal is a boolean that may be unknown until apply.
type boolVal struct {
	Value   bool
	Unknown bool
}

// boolVal returns the value as a boolean (null and other types are false).
func (v value) boolVal() boolVal {
	if v.Unknown() {
		return boolVal{Unknown: true}
	}
	switch x := v.v.(type) {
	case bool:
		return boolVal{Value: x}
	case string:
		b, _ := strconv.ParseBool(x)
		return boolVal{Value: b}
	}
	return boolVal{}
}

// Strings returns a list of strings, sorted when sorted is set (for sets),
// and whether any part is unknown.
func (v value) Strings(sorted bool) ([]string, bool) {
	if v.Unknown() {
		return nil, true
	}
	var out []string
	unknown := false
	for _, e := range v.List() {
		s := e.strVal()
		if s.Unknown {
			unknown = true
			continue
		}
		out = append(out, s.Value)
	}
	if sorted {
		sort.Strings(out)
	}
	return out, unknown
}

// intVal is a whole number that may be unknown until apply.
type intVal struct {
	Value   int64
	Unknown bool
}

// intVal returns the value as a whole number (null and other types are 0).
func (v value) intVal() intVal {
	if v.Unknown() {
		return intVal{Unknown: true}
	}
	switch x := v.v.(type) {
	case json.Number:
		n, _ := x.Int64()
		return intVal{Value: n}
	case float64:
		return intVal{Value: int64(x)}
	case string:
		n, _ := strconv.ParseInt(x, 10, 64)
		return intVal{Value: n}
	}
	return intVal{}
}
