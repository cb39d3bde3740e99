package typescript

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// avLiteral is a constant as an attribute value literal: { S: "OPEN" }.
func avLiteral(v cty.Value) string {
	switch {
	case v == cty.NilVal || v.IsNull():
		return "{ NULL: true }"
	case v.Type() == cty.String:
		return "{ S: " + str(v.AsString()) + " }"
	case v.Type() == cty.Number:
		return "{ N: " + str(hclschema.NumberText(v.AsBigFloat())) + " }"
	case v.Type() == cty.Bool:
		return fmt.Sprintf("{ BOOL: %t }", v.True())
	case v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType():
		var els []string
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			els = append(els, avLiteral(e))
		}
		return "{ L: [" + strings.Join(els, ", ") + "] }"
	default:
		var els []string
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			if e.IsNull() {
				continue
			}
			els = append(els, str(k.AsString())+": "+avLiteral(e))
		}
		return "{ M: { " + strings.Join(els, ", ") + " } }"
	}
}

// jsNumber is a number as a JavaScript number literal: the float64 nearest
// the decimal text, written as the shortest text that reads back.
func jsNumber(text string) string {
	f, _, err := big.ParseFloat(text, 10, 53, big.ToNearestEven)
	if err != nil {
		return "0"
	}
	v, _ := f.Float64()
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// literal is a literal of the schema as a TypeScript value of field type t
// (an enum's value cast to its type).
func (p *printer) literal(m *module, x *gen.Expr, t *gen.Type) string {
	switch x.Op {
	case gen.OpString:
		if t.Kind == gen.TEnum {
			return str(x.Str) + " as " + p.tsType(m, t)
		}
		return str(x.Str)
	case gen.OpNumber:
		return jsNumber(x.Num)
	case gen.OpBool:
		return strconv.FormatBool(x.Bool)
	}
	return "undefined"
}

// argExpr is the value of a key template's argument, of the field's type:
// a parameter (ref gives its value), a literal or undefined (absent).
func (p *printer) argExpr(m *module, a *gen.Arg, ref func(*gen.Field) string) string {
	f := a.Field
	switch {
	case a.Absent:
		return "undefined"
	case a.Const != nil:
		return p.literal(m, a.Const, f.Type)
	case a.Param != nil:
		v := ref(a.Param)
		if f.Type.Kind == gen.TEnum && a.Param.Type.Kind == gen.TString {
			v += " as " + p.tsType(m, f.Type)
		}
		if !f.Optional && a.Param.Optional {
			v += "!"
		}
		return v
	}
	return "undefined"
}

// valueText is how the schema writes a value, for an InputError.
func valueText(v *gen.Value) string {
	switch {
	case v.Source.Template != nil:
		return v.Source.Template.Text
	case v.Param != nil:
		return v.Param.Attr
	case v.Key != nil:
		return v.Key.Text
	}
	return v.Attr
}

// valueExpr is the expression of a value of a request (an attribute
// value): a constant, a parameter marshalled with its type, a template over
// the parameters or an entity's key template; what can fail is an
// InputError of the pattern. ref gives a parameter's value.
func (p *printer) valueExpr(m *module, v *gen.Value, pattern string, ref func(*gen.Field) string) string {
	wrap := func(compute string) string {
		return fmt.Sprintf("%s(%s, %s, %s, () => %s)", m.rt("tfdynInput"), str(pattern), str(v.Attr), str(valueText(v)), compute)
	}
	switch {
	case v.Key != nil:
		var args []string
		for _, a := range v.Args {
			args = append(args, p.argExpr(m, a, ref))
		}
		call := m.use(dataAccessDir+"templates.ts", templateName(v.KeyEntity, v.Key), false) + "(" + strings.Join(args, ", ") + ")"
		return wrap(m.rt("tfdynKeyAV") + "(" + call + ")")
	case v.Expr != nil:
		return wrap(fmt.Sprintf("%s(%s, %s)", m.rt("tfdynValue"), p.expr(m, v.Expr, ref), str(v.Type)))
	case v.Param != nil:
		src := ref(v.Param)
		switch v.Param.Type.Kind {
		case gen.TString, gen.TEnum:
			if !v.Param.Optional {
				return "{ S: " + src + " }"
			}
		case gen.TBool:
			if !v.Param.Optional {
				return "{ BOOL: " + src + " }"
			}
		case gen.TNumber:
			if !v.Param.Optional {
				return wrap("({ N: " + m.rt("tfdynNumText") + "(" + src + ") })")
			}
		}
		return wrap(m.rt("tfdynAV") + "(" + p.writeValue(m, src, v.Param.Type, pattern, v.Param.Attr, 0) + ")")
	case v.Elems != nil:
		// A list the schema constructs, from its elements.
		var els []string
		for _, el := range v.Elems {
			els = append(els, p.valueExpr(m, el, pattern, ref))
		}
		return "{ L: [" + strings.Join(els, ", ") + "] }"
	}
	return avLiteral(v.Const)
}

// isIndexKey reports whether a value is a rewritten index key attribute.
func isIndexKey(v *gen.Value) bool { return v.Source.Role == dynamo.RoleIndexKey }

// namesLiteral is the ExpressionAttributeNames object literal of names.
func namesLiteral(names []dynamo.Name) string {
	var parts []string
	for _, n := range names {
		parts = append(parts, str(n.Placeholder)+": "+str(n.Attr))
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// units prints read or write units.
func units(u float64) string {
	return strconv.FormatFloat(u, 'f', -1, 64)
}
