package hclschema

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// Document paths. An attribute of an object, list or map type is a
// document: a write, a condition, a filter or a projection can name a part
// of it, as DynamoDB does (Detail.Payments, Items[0].Sku). In expressions a
// path is an HCL traversal (Detail.Payments, attr("Shift Note").Items[0]);
// in lists of names (attributes, remove) a string names an attribute when
// one of that name is declared, else it is read as a path ("Detail.Payments").

// PathStep is one step of a document path: an attribute or map key (Name),
// or a list index (Index, IsIndex).
type PathStep struct {
	Name    string
	Index   int
	IsIndex bool
}

// Path is a document path: an attribute (its first step), then map keys
// and list indexes.
type Path []PathStep

// AttrPath is the path of a whole attribute.
func AttrPath(name string) Path { return Path{{Name: name}} }

// Attr returns the attribute the path starts from ("" for an empty path).
func (p Path) Attr() string {
	if len(p) == 0 {
		return ""
	}
	return p[0].Name
}

// Nested reports whether the path names a part of an attribute rather than
// the attribute itself.
func (p Path) Nested() bool { return len(p) > 1 }

// String writes the path as an expression reads it: Detail.Payments[0],
// attr("Shift Note").Text, Tags["a b"].
func (p Path) String() string {
	var b strings.Builder
	for i, s := range p {
		switch {
		case s.IsIndex:
			fmt.Fprintf(&b, "[%d]", s.Index)
		case i == 0:
			b.WriteString(AttrRef(s.Name))
		case IsIdentifier(s.Name):
			b.WriteString("." + s.Name)
		default:
			fmt.Fprintf(&b, "[%q]", s.Name)
		}
	}
	return b.String()
}

// PathText names a path in lists of attributes and reports: the attribute
// itself for a one-step path (State#Date), the path as an expression
// reads it for a part of one (Detail.Payments).
func PathText(p Path) string {
	if !p.Nested() {
		return p.Attr()
	}
	return p.String()
}

// Equal reports whether two paths name the same part of an item.
func (p Path) Equal(q Path) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}

// HasPrefix reports whether q is p or a part of it (p names q's
// document or q itself).
func (p Path) HasPrefix(q Path) bool {
	if len(q) > len(p) {
		return false
	}
	return p[:len(q)].Equal(q)
}

// ParsePath reads the string form of a path: names separated by dots,
// each followed by any number of list indexes ("Detail.Payments",
// "Items[0].Sku"). A name cannot hold ".", "[" or "]" in this form (an
// attribute whose name does is named by its own string when declared).
func ParsePath(s string) (Path, error) {
	if s == "" {
		return nil, fmt.Errorf("an empty path names no attribute")
	}
	var out Path
	for i, seg := range strings.Split(s, ".") {
		name, rest, _ := strings.Cut(seg, "[")
		if name == "" {
			if i == 0 {
				return nil, fmt.Errorf("the path %q does not start with an attribute name", s)
			}
			return nil, fmt.Errorf("the path %q has an empty name after a dot", s)
		}
		if strings.Contains(name, "]") {
			return nil, fmt.Errorf("the path %q has a \"]\" without \"[\"", s)
		}
		out = append(out, PathStep{Name: name})
		if rest == "" && !strings.Contains(seg, "[") {
			continue
		}
		rest = "[" + rest
		for rest != "" {
			if !strings.HasPrefix(rest, "[") {
				return nil, fmt.Errorf("the path %q has %q after a list index; write a dot before a name", s, rest)
			}
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, fmt.Errorf("the path %q has a \"[\" without \"]\"", s)
			}
			n, err := strconv.Atoi(rest[1:end])
			if err != nil || n < 0 {
				return nil, fmt.Errorf("the path %q has the list index %q; an index is a whole number from 0", s, rest[1:end])
			}
			out = append(out, PathStep{Index: n, IsIndex: true})
			rest = rest[end+1:]
		}
	}
	return out, nil
}

// traversalPath converts an HCL traversal into a path: its root, attribute
// steps and index steps (a number is a list index, a string a map key).
func traversalPath(tr hcl.Traversal) (Path, bool) {
	var out Path
	for i, t := range tr {
		switch s := t.(type) {
		case hcl.TraverseRoot:
			if i != 0 {
				return nil, false
			}
			out = append(out, PathStep{Name: s.Name})
		case hcl.TraverseAttr:
			if i == 0 {
				return nil, false
			}
			out = append(out, PathStep{Name: s.Name})
		case hcl.TraverseIndex:
			if i == 0 || s.Key.IsNull() || !s.Key.IsKnown() {
				return nil, false
			}
			switch s.Key.Type() {
			case cty.String:
				out = append(out, PathStep{Name: s.Key.AsString()})
			case cty.Number:
				bf := s.Key.AsBigFloat()
				n, acc := bf.Int64()
				if !bf.IsInt() || acc != 0 || n < 0 || n > 1<<31 {
					return nil, false
				}
				out = append(out, PathStep{Index: int(n), IsIndex: true})
			default:
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}

// exprPath returns the path an expression names when it is a bare
// reference (Detail.Payments, attr("X")[0]), or false. input.NAME is not a
// path.
func exprPath(expr hcl.Expression) (Path, bool) {
	tr, ds := hcl.AbsTraversalForExpr(expr)
	if ds.HasErrors() || len(tr) == 0 || tr.RootName() == "input" {
		return nil, false
	}
	return traversalPath(tr)
}

// TypeAt returns the type of the part of a value of type t that the steps
// of p after its first name (the attribute) reach, or an error saying
// which step fails: an object attribute that t does not declare, a list
// index into something that is not a list, a name into a list.
func TypeAt(t cty.Type, p Path) (cty.Type, error) {
	for i := 1; i < len(p); i++ {
		s := p[i]
		where := p[:i].String()
		switch {
		case s.IsIndex:
			if !t.IsListType() && !t.IsTupleType() {
				return cty.NilType, fmt.Errorf("%s is %s, not a list: it has no element [%d]", where, friendly(t), s.Index)
			}
			if t.IsTupleType() {
				if s.Index >= t.Length() {
					return cty.NilType, fmt.Errorf("%s has %d elements: it has no element [%d]", where, t.Length(), s.Index)
				}
				t = t.TupleElementType(s.Index)
				continue
			}
			t = t.ElementType()
		case t.IsObjectType():
			if !t.HasAttribute(s.Name) {
				var names []string
				for n := range t.AttributeTypes() {
					names = append(names, n)
				}
				return cty.NilType, fmt.Errorf("%s is %s, which has no attribute %q (it has %s)", where, friendly(t), s.Name, quoteList(sortedStrings(names)))
			}
			t = t.AttributeType(s.Name)
		case t.IsMapType():
			t = t.ElementType()
		default:
			return cty.NilType, fmt.Errorf("%s is %s: it has no attribute %q", where, friendly(t), s.Name)
		}
	}
	return t, nil
}

func friendly(t cty.Type) string {
	switch {
	case t == cty.String:
		return "a string"
	case t == cty.Number:
		return "a number"
	case t == cty.Bool:
		return "a bool"
	}
	return t.FriendlyNameForConstraint()
}

// PathValue returns the value at path p in an item's attributes (the first
// step names the attribute), or false when the item lacks it: an absent
// or null attribute, a missing map key or object attribute, a list index
// past the end.
func PathValue(attrs map[string]cty.Value, p Path) (cty.Value, bool) {
	if len(p) == 0 {
		return cty.NilVal, false
	}
	v, ok := attrs[p[0].Name]
	if !ok {
		return cty.NilVal, false
	}
	return valueAt(v, p[1:])
}

// valueAt walks steps from v.
func valueAt(v cty.Value, steps Path) (cty.Value, bool) {
	for _, s := range steps {
		if v == cty.NilVal || v.IsNull() || !v.IsKnown() {
			return cty.NilVal, false
		}
		t := v.Type()
		switch {
		case s.IsIndex:
			if !t.IsListType() && !t.IsTupleType() {
				return cty.NilVal, false
			}
			if s.Index >= v.LengthInt() {
				return cty.NilVal, false
			}
			v = v.Index(cty.NumberIntVal(int64(s.Index)))
		case t.IsObjectType():
			if !t.HasAttribute(s.Name) {
				return cty.NilVal, false
			}
			v = v.GetAttr(s.Name)
		case t.IsMapType():
			if !v.HasIndex(cty.StringVal(s.Name)).True() {
				return cty.NilVal, false
			}
			v = v.Index(cty.StringVal(s.Name))
		default:
			return cty.NilVal, false
		}
	}
	if v == cty.NilVal || v.IsNull() {
		return cty.NilVal, false
	}
	return v, true
}

// errInvalidPath is DynamoDB's refusal of an update whose document path
// does not exist in the item (its parent is missing, or of another type):
// a ValidationException, "The document path provided in the update
// expression is invalid for update".
var errInvalidPath = fmt.Errorf("the document path provided in the update expression is invalid for update")

// withPath returns v (an attribute's value) with the part at steps
// replaced by nv, or with it removed when nv is cty.NilVal, as DynamoDB
// updates a document: the parent of the last step must exist (else
// errInvalidPath); setting a list index past the end appends; removing one
// shifts the elements after it; removing what is not there does nothing.
func withPath(v cty.Value, steps Path, nv cty.Value) (cty.Value, error) {
	if len(steps) == 0 {
		return nv, nil
	}
	if v == cty.NilVal || v.IsNull() || !v.IsKnown() {
		if nv == cty.NilVal {
			return v, nil
		}
		return cty.NilVal, errInvalidPath
	}
	s, rest := steps[0], steps[1:]
	t := v.Type()
	switch {
	case s.IsIndex:
		if !t.IsListType() && !t.IsTupleType() {
			if nv == cty.NilVal {
				return v, nil
			}
			return cty.NilVal, errInvalidPath
		}
		elems := v.AsValueSlice()
		if s.Index >= len(elems) {
			if nv == cty.NilVal {
				return v, nil
			}
			if len(rest) > 0 {
				return cty.NilVal, errInvalidPath
			}
			return listOf(t, append(elems, nv))
		}
		if len(rest) == 0 && nv == cty.NilVal {
			return listOf(t, append(elems[:s.Index:s.Index], elems[s.Index+1:]...))
		}
		inner, err := withPath(elems[s.Index], rest, nv)
		if err != nil {
			return cty.NilVal, err
		}
		out := append([]cty.Value{}, elems...)
		out[s.Index] = inner
		return listOf(t, out)
	case t.IsObjectType() || t.IsMapType():
		m := v.AsValueMap()
		if m == nil {
			m = map[string]cty.Value{}
		}
		old, has := m[s.Name]
		if len(rest) == 0 {
			if nv == cty.NilVal {
				if t.IsObjectType() && has {
					m[s.Name] = cty.NullVal(t.AttributeType(s.Name))
				} else {
					delete(m, s.Name)
				}
			} else {
				m[s.Name] = nv
			}
		} else {
			if !has || old.IsNull() {
				if nv == cty.NilVal {
					return v, nil
				}
				return cty.NilVal, errInvalidPath
			}
			inner, err := withPath(old, rest, nv)
			if err != nil {
				return cty.NilVal, err
			}
			m[s.Name] = inner
		}
		if t.IsMapType() {
			if len(m) == 0 {
				return cty.MapValEmpty(t.ElementType()), nil
			}
			return mapOf(t, m)
		}
		return cty.ObjectVal(m), nil
	}
	if nv == cty.NilVal {
		return v, nil
	}
	return cty.NilVal, errInvalidPath
}

// listOf builds a list of the elements (converted to t's element type);
// for a tuple type, a tuple.
func listOf(t cty.Type, elems []cty.Value) (cty.Value, error) {
	if t.IsTupleType() {
		return cty.TupleVal(elems), nil
	}
	if len(elems) == 0 {
		return cty.ListValEmpty(t.ElementType()), nil
	}
	out := make([]cty.Value, len(elems))
	for i, e := range elems {
		ce, err := convert.Convert(e, t.ElementType())
		if err != nil {
			return cty.NilVal, fmt.Errorf("element %d: %s", i, err)
		}
		out[i] = ce
	}
	return cty.ListVal(out), nil
}

// mapOf builds a map of the elements converted to t's element type.
func mapOf(t cty.Type, m map[string]cty.Value) (cty.Value, error) {
	out := make(map[string]cty.Value, len(m))
	for k, e := range m {
		ce, err := convert.Convert(e, t.ElementType())
		if err != nil {
			return cty.NilVal, fmt.Errorf("%q: %s", k, err)
		}
		out[k] = ce
	}
	return cty.MapVal(out), nil
}

// ProjectPaths narrows an item's attributes to the parts the paths name,
// as a ProjectionExpression does: a whole attribute for a one-step path;
// for a nested one, the attribute reduced to the named parts (a list keeps
// the named elements in their order). Parts the item lacks are left out.
func ProjectPaths(attrs map[string]cty.Value, paths []Path) map[string]cty.Value {
	out := map[string]cty.Value{}
	for _, p := range paths {
		v, ok := PathValue(attrs, p)
		if !ok {
			continue
		}
		merged, ok := mergeAt(out[p.Attr()], attrs[p.Attr()], p[1:], v)
		if ok {
			out[p.Attr()] = merged
		}
	}
	return out
}

// mergeAt adds the part v at steps (read from the whole value full) to a
// projected value acc (cty.NilVal when nothing is projected yet).
func mergeAt(acc, full cty.Value, steps Path, v cty.Value) (cty.Value, bool) {
	if len(steps) == 0 {
		return v, true
	}
	s, rest := steps[0], steps[1:]
	if full == cty.NilVal || full.IsNull() {
		return acc, false
	}
	ft := full.Type()
	switch {
	case s.IsIndex:
		// A projected list holds the named elements, in index order.
		var elems []cty.Value
		if acc != cty.NilVal && !acc.IsNull() {
			elems = acc.AsValueSlice()
		}
		inner, ok := mergeAt(cty.NilVal, full.Index(cty.NumberIntVal(int64(s.Index))), rest, v)
		if !ok {
			return acc, false
		}
		elems = append(elems, inner)
		return cty.TupleVal(elems), true
	case ft.IsObjectType() || ft.IsMapType():
		m := map[string]cty.Value{}
		if acc != cty.NilVal && !acc.IsNull() {
			for k, x := range acc.AsValueMap() {
				m[k] = x
			}
		}
		var child cty.Value
		if ft.IsObjectType() {
			child = full.GetAttr(s.Name)
		} else {
			child = full.Index(cty.StringVal(s.Name))
		}
		inner, ok := mergeAt(m[s.Name], child, rest, v)
		if !ok {
			return acc, false
		}
		m[s.Name] = inner
		return cty.ObjectVal(m), true
	}
	return acc, false
}

func sortedStrings(in []string) []string {
	out := append([]string{}, in...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
