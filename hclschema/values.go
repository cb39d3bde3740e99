package hclschema

import (
	"math/big"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// Helpers that read literal argument values with precise diagnostics.

func (d *decoder) constValue(attr *hcl.Attribute) (cty.Value, bool) {
	if bd := CheckBound(attr.Expr, nil, CodeInvalidValue); bd != nil {
		d.diags = append(d.diags, bd)
		return cty.NilVal, false
	}
	v, ds := attr.Expr.Value(nil)
	if ds.HasErrors() {
		d.errorf(CodeInvalidValue, attr.Expr.Range(), "Invalid value for "+attr.Name,
			"The argument %q must be a constant value: it cannot use variables or functions here.", attr.Name)
		return cty.NilVal, false
	}
	if v.IsNull() {
		d.errorf(CodeInvalidValue, attr.Expr.Range(), "Invalid value for "+attr.Name, "The argument %q must not be null.", attr.Name)
		return cty.NilVal, false
	}
	if !v.IsWhollyKnown() {
		d.errorf(CodeInvalidValue, attr.Expr.Range(), "Invalid value for "+attr.Name, "The argument %q must be a constant value.", attr.Name)
		return cty.NilVal, false
	}
	return v, true
}

func (d *decoder) stringValue(attr *hcl.Attribute, allowed ...string) (string, bool) {
	v, ok := d.constValue(attr)
	if !ok {
		return "", false
	}
	s, err := convert.Convert(v, cty.String)
	if err != nil || !s.IsKnown() {
		d.errorf(CodeInvalidValue, attr.Expr.Range(), "Invalid value for "+attr.Name, "The argument %q must be a string.", attr.Name)
		return "", false
	}
	str := s.AsString()
	if len(allowed) > 0 {
		for _, a := range allowed {
			if str == a {
				return str, true
			}
		}
		hint := ""
		for _, a := range allowed {
			if strings.EqualFold(a, str) {
				hint = " Values are case-sensitive: write \"" + a + "\"."
			}
		}
		d.errorf(CodeInvalidValue, attr.Expr.Range(), "Unsupported value for "+attr.Name,
			"The argument %q must be one of %s; got %q.%s", attr.Name, quoteList(allowed), str, hint)
		return "", false
	}
	if str == "" {
		d.errorf(CodeInvalidValue, attr.Expr.Range(), "Empty value for "+attr.Name, "The argument %q must not be empty.", attr.Name)
		return "", false
	}
	return str, true
}

func (d *decoder) boolValue(attr *hcl.Attribute) (bool, bool) {
	v, ok := d.constValue(attr)
	if !ok {
		return false, false
	}
	b, err := convert.Convert(v, cty.Bool)
	if err != nil {
		d.errorf(CodeInvalidValue, attr.Expr.Range(), "Invalid value for "+attr.Name, "The argument %q must be true or false.", attr.Name)
		return false, false
	}
	return b.True(), true
}

func (d *decoder) intValue(attr *hcl.Attribute, min, max int64) (int64, bool) {
	v, ok := d.constValue(attr)
	if !ok {
		return 0, false
	}
	n, err := convert.Convert(v, cty.Number)
	if err == nil {
		bf := n.AsBigFloat()
		if bf.IsInt() {
			i, acc := bf.Int64()
			if acc == big.Exact && i >= min && i <= max {
				return i, true
			}
		}
	}
	d.errorf(CodeInvalidValue, attr.Expr.Range(), "Invalid value for "+attr.Name,
		"The argument %q must be a whole number from %d to %d.", attr.Name, min, max)
	return 0, false
}

func (d *decoder) stringList(attr *hcl.Attribute) ([]string, bool) {
	v, ok := d.constValue(attr)
	if !ok {
		return nil, false
	}
	if v.Type() == cty.String {
		return []string{v.AsString()}, true
	}
	l, err := convert.Convert(v, cty.List(cty.String))
	if err != nil || !l.IsWhollyKnown() {
		d.errorf(CodeInvalidValue, attr.Expr.Range(), "Invalid value for "+attr.Name,
			"The argument %q must be a string or a list of strings.", attr.Name)
		return nil, false
	}
	var out []string
	elems := l.AsValueSlice()
	ranges := elementRanges(attr.Expr, len(elems))
	for i, e := range elems {
		if e.IsNull() || e.AsString() == "" {
			d.errorf(CodeInvalidValue, ranges[i], "Invalid value for "+attr.Name,
				"The argument %q must not contain empty or null strings.", attr.Name)
			return nil, false
		}
		out = append(out, e.AsString())
	}
	return out, true
}

func (d *decoder) stringMap(attr *hcl.Attribute) (map[string]string, bool) {
	v, ok := d.constValue(attr)
	if !ok {
		return nil, false
	}
	m, err := convert.Convert(v, cty.Map(cty.String))
	if err != nil || !m.IsWhollyKnown() {
		d.errorf(CodeInvalidValue, attr.Expr.Range(), "Invalid value for "+attr.Name,
			"The argument %q must be a map of strings, like { team = \"shop\" }.", attr.Name)
		return nil, false
	}
	out := map[string]string{}
	for k, e := range m.AsValueMap() {
		if e.IsNull() {
			continue
		}
		out[k] = e.AsString()
	}
	return out, true
}

func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = "\"" + s + "\""
	}
	if len(q) <= 1 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}
