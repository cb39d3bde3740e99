package typescript

import (
	"strings"

	"github.com/tfdyn/tfdyn/internal/gen"
)

// tsType is the TypeScript type of a value of type t. Enum and object
// types are named; use imports them into m when m is not their file.
func (p *printer) tsType(m *module, t *gen.Type) string {
	switch t.Kind {
	case gen.TString:
		return "string"
	case gen.TNumber:
		return "number"
	case gen.TBool:
		return "boolean"
	case gen.TEnum:
		return p.named(m, typeName(t.Enum.Name), t.Enum.Name)
	case gen.TList, gen.TSet:
		return p.tsType(m, t.Elem) + "[]"
	case gen.TMap:
		return "{ [key: string]: " + p.tsType(m, t.Elem) + " }"
	case gen.TObject:
		if e := t.Object.Entity; e != nil {
			return m.use(entityFile(e), typeName(e.Name), true)
		}
		return p.named(m, typeName(t.Object.Name), t.Object.Name)
	}
	return "unknown"
}

// named imports the type name declared by the entity whose name starts
// the type's (types are declared in their entity's file).
func (p *printer) named(m *module, name string, n gen.Name) string {
	if e := p.ownerOf(n); e != nil {
		if f := entityFile(e); f != m.path {
			m.use(f, name, true)
		}
	}
	return name
}

// ownerOf is the entity that declares an enum or object type.
func (p *printer) ownerOf(n gen.Name) *gen.Entity {
	for _, e := range p.api.Entities {
		for _, en := range e.Enums {
			if en.Name.Key() == n.Key() {
				return e
			}
		}
		for _, o := range e.Objects {
			if o.Name.Key() == n.Key() {
				return e
			}
		}
	}
	return nil
}

func entityFile(e *gen.Entity) string { return entitiesDir + fileName(e.Name) + ".ts" }

func recordsFile(e *gen.Entity) string { return dataAccessDir + fileName(e.Name) + ".ts" }

// maxAlternatives bounds the union a template's type spells out; a
// template with more alternatives is typed string.
const maxAlternatives = 16

// keyType is the TypeScript type of a key attribute's value: its field's
// type, NumberValue for a number template, and for a string template a
// template-literal type of its literal parts (`ORDER#${string}`), a union
// for a conditional.
func (p *printer) keyType(m *module, kv *gen.KeyValue) string {
	switch {
	case kv.Field != nil:
		return p.tsType(m, kv.Field.Type)
	case kv.Type == gen.KeyN:
		return m.use("@aws-sdk/lib-dynamodb", "NumberValue", true)
	}
	alts := p.alternatives(m, kv.Expr)
	if len(alts) == 0 || len(alts) > maxAlternatives {
		return "string"
	}
	var out []string
	for _, a := range alts {
		switch {
		case a == "${string}":
			return "string"
		case strings.HasPrefix(a, "${") && strings.HasSuffix(a, "}") && strings.Count(a, "${") == 1:
			out = append(out, a[2:len(a)-1]) // ${OrderStatus}: the enum itself
		default:
			out = append(out, "`"+a+"`")
		}
	}
	return strings.Join(out, " | ")
}

// alternatives are the template-literal type bodies a string expression
// may give; nil for none (null), more than maxAlternatives when too many.
func (p *printer) alternatives(m *module, e *gen.Expr) []string {
	switch e.Op {
	case gen.OpString:
		return []string{escape(e.Str, '`')}
	case gen.OpNull:
		return nil
	case gen.OpField:
		switch e.Field.Type.Kind {
		case gen.TEnum:
			return []string{"${" + p.tsType(m, e.Field.Type) + "}"}
		case gen.TBool:
			return []string{"${boolean}"}
		}
	case gen.OpConcat:
		out := []string{""}
		for _, a := range e.Args {
			var alts []string
			if a.Type == gen.TypeString {
				alts = p.alternatives(m, a)
			}
			if a.Type != gen.TypeString || len(alts) == 0 || len(alts) > maxAlternatives {
				alts = []string{"${string}"}
			}
			var next []string
			for _, o := range out {
				for _, x := range alts {
					next = append(next, o+x)
				}
			}
			if len(next) > maxAlternatives {
				return []string{"${string}"}
			}
			out = next
		}
		return out
	case gen.OpCond:
		var out []string
		seen := map[string]bool{}
		for _, branch := range e.Args[1:] {
			alts := p.alternatives(m, branch)
			if len(alts) > maxAlternatives {
				return []string{"${string}"}
			}
			for _, a := range alts {
				if !seen[a] {
					seen[a] = true
					out = append(out, a)
				}
			}
		}
		return out
	}
	return []string{"${string}"}
}

// canBeAbsent reports whether a key template may give no value: it reads
// an optional attribute or holds null.
func canBeAbsent(kv *gen.KeyValue) bool {
	if kv.Field != nil {
		return kv.Field.Optional
	}
	for _, f := range kv.Reads {
		if f.Optional {
			return true
		}
	}
	var null func(*gen.Expr) bool
	null = func(e *gen.Expr) bool {
		if e.Op == gen.OpNull {
			return true
		}
		for _, a := range e.Args {
			if null(a) {
				return true
			}
		}
		return false
	}
	return null(kv.Expr)
}
