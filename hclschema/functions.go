package hclschema

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// MaxValueSize bounds every value that schema expressions compute: the
// result of a function call and the value of a template, condition or
// example, measured as bytes of strings plus one per number, bool and
// collection element. It is the largest DynamoDB item (400 KB), so no value
// DynamoDB could store is refused, while nested calls such as
// replace(replace(...)) can no longer grow a value without bound.
const MaxValueSize = 400 << 10

// functions is built once: the stdlib functions, each wrapped by bounded.
// hclschema's own evaluation contexts share it (hcl only reads the map);
// Functions hands out copies.
var functions = func() map[string]function.Function {
	fs := map[string]function.Function{
		"abs":        stdlib.AbsoluteFunc,
		"ceil":       stdlib.CeilFunc,
		"coalesce":   stdlib.CoalesceFunc,
		"concat":     stdlib.ConcatFunc,
		"contains":   stdlib.ContainsFunc,
		"floor":      stdlib.FloorFunc,
		"format":     stdlib.FormatFunc,
		"formatdate": stdlib.FormatDateFunc,
		"join":       stdlib.JoinFunc,
		"length":     stdlib.LengthFunc,
		"lower":      stdlib.LowerFunc,
		"max":        stdlib.MaxFunc,
		"min":        stdlib.MinFunc,
		"regex":      stdlib.RegexFunc,
		"replace":    stdlib.ReplaceFunc,
		"reverse":    stdlib.ReverseFunc,
		"split":      stdlib.SplitFunc,
		"substr":     stdlib.SubstrFunc,
		"title":      stdlib.TitleFunc,
		"trim":       stdlib.TrimFunc,
		"trimprefix": stdlib.TrimPrefixFunc,
		"trimspace":  stdlib.TrimSpaceFunc,
		"trimsuffix": stdlib.TrimSuffixFunc,
		"upper":      stdlib.UpperFunc,
	}
	for name, f := range fs {
		fs[name] = bounded(name, f)
	}
	return fs
}()

// Functions returns the functions available in key templates, sparse
// conditions and filters: a subset of go-cty's stdlib named as in Terraform.
// Each refuses to compute a result larger than MaxValueSize, checking the
// size it would reach before it builds the result.
func Functions() map[string]function.Function {
	out := make(map[string]function.Function, len(functions))
	for k, v := range functions {
		out[k] = v
	}
	return out
}

// bounded wraps f: the arguments are checked against the result size they
// can produce before f runs, and the result after.
func bounded(name string, f function.Function) function.Function {
	return function.New(&function.Spec{
		Description: f.Description(),
		Params:      f.Params(),
		VarParam:    f.VarParam(),
		Type:        func(args []cty.Value) (cty.Type, error) { return f.ReturnTypeForValues(args) },
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if n := resultBound(name, args); n > MaxValueSize {
				return cty.NilVal, tooLargeErr(name)
			}
			v, err := f.Call(args)
			if err != nil {
				return v, err
			}
			if EvalSize(v, MaxValueSize) > MaxValueSize {
				return cty.NilVal, tooLargeErr(name)
			}
			return v, nil
		},
	})
}

func tooLargeErr(name string) error {
	return fmt.Errorf("the result of %s would be larger than %d bytes (400 KiB, the largest DynamoDB item); tfdyn stops there so that an expression cannot exhaust memory", name, MaxValueSize)
}

// EvalSize measures v as bytes of strings plus one per number, bool, null,
// unknown and collection element, stopping as soon as the count passes
// limit (the result is then only known to be larger than limit).
func EvalSize(v cty.Value, limit int64) int64 {
	var n int64
	var walk func(v cty.Value)
	walk = func(v cty.Value) {
		if n > limit {
			return
		}
		n++
		if !v.IsKnown() || v.IsNull() {
			return
		}
		v, _ = v.Unmark()
		ty := v.Type()
		switch {
		case ty == cty.String:
			n += int64(len(v.AsString()))
		case ty.IsListType() || ty.IsSetType() || ty.IsTupleType() || ty.IsMapType() || ty.IsObjectType():
			for it := v.ElementIterator(); it.Next() && n <= limit; {
				k, e := it.Element()
				if k.Type() == cty.String {
					n += int64(len(k.AsString()))
				}
				walk(e)
			}
		}
	}
	walk(v)
	return n
}

// str returns a known, non-null string argument, or "" and false.
func str(v cty.Value) (string, bool) {
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
		return "", false
	}
	v, _ = v.Unmark()
	return v.AsString(), true
}

// resultBound returns an upper bound of the size of name(args) for the
// functions whose result can be much larger than their arguments (or, for
// concat, the sum of many); 0 for the others.
func resultBound(name string, args []cty.Value) int64 {
	var total int64
	for _, a := range args {
		total = satAdd(total, EvalSize(a, MaxValueSize))
	}
	switch name {
	case "replace":
		s, ok1 := str(args[0])
		sub, ok2 := str(args[1])
		rep, ok3 := str(args[2])
		if !ok1 || !ok2 || !ok3 {
			return 0
		}
		var n int64
		perMatch := int64(len(rep))
		switch {
		case len(sub) > 1 && sub[0] == '/' && sub[len(sub)-1] == '/':
			re, err := regexp.Compile(sub[1 : len(sub)-1])
			if err != nil {
				return 0 // replace reports the bad pattern
			}
			n = int64(len(re.FindAllStringIndex(s, -1)))
			// Each $1 of the replacement can expand to the whole input.
			perMatch = satAdd(perMatch, satMul(int64(strings.Count(rep, "$")), int64(len(s))))
		case sub == "":
			n = int64(utf8.RuneCountInString(s)) + 1
		default:
			n = int64(strings.Count(s, sub))
		}
		return satAdd(int64(len(s)), satMul(n, perMatch))
	case "join":
		sep, ok := str(args[0])
		if !ok {
			return 0
		}
		var n int64
		for _, l := range args[1:] {
			if l.IsKnown() && !l.IsNull() && l.CanIterateElements() {
				n += int64(l.LengthInt())
			}
		}
		return satAdd(total, satMul(n, int64(len(sep))))
	case "format":
		f, ok := str(args[0])
		if !ok {
			return 0
		}
		var biggest int64
		for _, a := range args[1:] {
			if s := EvalSize(a, MaxValueSize); s > biggest {
				biggest = s
			}
		}
		// Each verb prints at most its width or precision, or the
		// largest argument (%[1]s can repeat one), plus a number's digits.
		verbs, widths := formatVerbs(f)
		return satAdd(satAdd(int64(len(f)), widths), satMul(verbs, satAdd(biggest, 64)))
	case "formatdate":
		f, ok := str(args[0])
		if !ok {
			return 0
		}
		return satAdd(satMul(int64(len(f)), 16), 64)
	case "split":
		sep, ok1 := str(args[0])
		s, ok2 := str(args[1])
		if !ok1 || !ok2 {
			return 0
		}
		n := int64(strings.Count(s, sep)) + 1
		if sep == "" {
			n = int64(utf8.RuneCountInString(s)) + 1
		}
		return satAdd(int64(len(s)), n)
	case "concat":
		return total
	}
	// The other functions build a result at most a few times their
	// arguments' size: the check after the call suffices.
	return 0
}

// formatVerbs counts the % verbs of a format string and sums their widths
// and precisions.
func formatVerbs(f string) (verbs, widths int64) {
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		verbs++
	verb:
		for i < len(f) {
			c := f[i]
			switch {
			case c == '[':
				for i < len(f) && f[i] != ']' {
					i++
				}
				i++
				continue
			case c >= '0' && c <= '9':
				var n int64
				for i < len(f) && f[i] >= '0' && f[i] <= '9' {
					n = satAdd(satMul(n, 10), int64(f[i]-'0'))
					i++
				}
				widths = satAdd(widths, n)
				continue
			case strings.IndexByte("+- #.", c) >= 0:
				i++
				continue
			}
			break verb
		}
	}
	return verbs, widths
}

const satMax = int64(1) << 60

func satAdd(a, b int64) int64 {
	if a > satMax-b {
		return satMax
	}
	return a + b
}

func satMul(a, b int64) int64 {
	if a != 0 && b > satMax/a {
		return satMax
	}
	return a * b
}
