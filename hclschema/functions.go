package hclschema

import (
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// Functions returns the functions available in key templates, sparse
// conditions and filters: a subset of go-cty's stdlib named as in Terraform.
func Functions() map[string]function.Function {
	return map[string]function.Function{
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
}
