// Package golang is the Go back end of tfdyn's generators: it prints the
// API model of package gen as a Go package that depends only on
// aws-sdk-go-v2/service/dynamodb. It decides nothing about the schema: names
// are cased here, everything else comes from the model.
package golang

import (
	"bytes"
	"fmt"
	"go/format"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// Options of the Go back end.
type Options struct {
	// Package is the package clause's name.
	Package string
	// Schema names the schema in the package documentation (its identity:
	// the path relative to the output directory).
	Schema string
	// Contract is the contract printed as contract_test.go (behind the
	// build tag tfdyn_contract); nil for none.
	Contract *gen.Contract
}

// Print returns the bodies of the generated files by name, gofmt'd; the
// caller puts the ownership header on top. Its diagnostics are GN105 for
// two top-level names that collide in Go.
func Print(api *gen.API, opts Options) (map[string][]byte, hcl.Diagnostics) {
	p := &printer{api: api, opts: opts, top: map[string]hcl.Range{}, methods: map[string]hcl.Range{}, recognisers: map[string]func(*bytes.Buffer){}}
	files := map[string]func(*bytes.Buffer){
		"doc.go":    p.doc,
		"models.go": p.models,
		"keys.go":   p.keys,
		"client.go": p.client,
	}
	if len(api.Reads) > 0 {
		files["reads.go"] = p.reads
	}
	if len(api.Queries) > 0 {
		files["queries.go"] = p.queries
	}
	if len(api.Reads) > 0 || len(api.Queries) > 0 {
		// After reads.go and queries.go: the recognisers they use.
		files["recognise.go"] = p.recognise
	}
	if len(api.Writes) > 0 {
		files["writes.go"] = p.writes
	}
	out := map[string][]byte{}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	emit := func(n string, fn func(*bytes.Buffer)) {
		var buf bytes.Buffer
		fn(&buf)
		src, err := format.Source(buf.Bytes())
		if err != nil {
			// A bug of this printer, not of the schema: show the source.
			panic(fmt.Sprintf("gen go: %s does not parse: %v\n%s", n, err, buf.String()))
		}
		out[n] = src
	}
	for _, n := range names {
		emit(n, files[n])
	}
	// The runtime: only what the other files use.
	emit("tfdyn.go", func(b *bytes.Buffer) { p.runtime(b, runtimeFor(out)) })
	// The contract test last: its helpers are its own.
	if opts.Contract != nil {
		p.contractOf = opts.Contract
		emit("contract_test.go", p.contract)
	}
	if p.diags.HasErrors() {
		return nil, p.diags
	}
	return out, nil
}

type printer struct {
	api  *gen.API
	opts Options
	// top maps every top-level identifier to the schema position it comes
	// from, for collisions.
	top map[string]hcl.Range
	// methods maps every method of Queries to the schema position it
	// comes from (a namespace of its own).
	methods map[string]hcl.Range
	// contractOf is the contract contract_test.go runs (nil: none).
	contractOf *gen.Contract
	// recognisers are the recognisers the readers and query builders use,
	// printed into recognise.go.
	recognisers map[string]func(*bytes.Buffer)
	diags       hcl.Diagnostics
}

// declareMethod claims a method name of Queries.
func (p *printer) declareMethod(name, what string, rng hcl.Range) string {
	if prev, ok := p.methods[name]; ok {
		p.diags = append(p.diags, diag.Errorf(gen.CodeNameCollision, &rng, "Names collide in generated code",
			"The generated Go code would declare the method %s of Queries twice: for the %s and for what is declared at %s. Rename one of them.", name, what, prev))
	}
	p.methods[name] = rng
	return name
}

// declare claims a top-level identifier.
func (p *printer) declare(name, what string, rng hcl.Range) string {
	if prev, ok := p.top[name]; ok {
		p.diags = append(p.diags, diag.Errorf(gen.CodeNameCollision, &rng, "Names collide in generated code",
			"The generated Go code would declare %s twice: for the %s and for what is declared at %s. Rename one of them.", name, what, prev))
	}
	p.top[name] = rng
	return name
}

func (p *printer) header(b *bytes.Buffer, imports ...string) {
	fmt.Fprintf(b, "package %s\n\n", p.opts.Package)
	if len(imports) > 0 {
		// The standard library first, then the SDK, as goimports groups them.
		var std, other []string
		for _, im := range imports {
			if strings.Contains(strings.SplitN(im, "/", 2)[0], ".") {
				other = append(other, im)
			} else {
				std = append(std, im)
			}
		}
		sort.Strings(std)
		sort.Strings(other)
		b.WriteString("import (\n")
		for _, im := range std {
			fmt.Fprintf(b, "\t%q\n", im)
		}
		if len(std) > 0 && len(other) > 0 {
			b.WriteString("\n")
		}
		for _, im := range other {
			fmt.Fprintf(b, "\t%q\n", im)
		}
		b.WriteString(")\n\n")
	}
}

func (p *printer) doc(b *bytes.Buffer) {
	var tables []string
	for _, t := range p.api.Tables {
		tables = append(tables, fmt.Sprintf("%s (DynamoDB table %q, set in Terraform by output %s)", t.Label, t.TableName, t.NameOutput))
	}
	comment(b, "", fmt.Sprintf("Package %s is the data-access layer of the tfdyn schema %s, generated by tfdyn gen go: one struct per entity with MarshalXxx and UnmarshalXxx (the item's key and index attributes computed from the schema's templates, sparse conditions included), enum types, and one key builder per entity and index. Tables: %s.",
		p.opts.Package, p.opts.Schema, strings.Join(tables, "; ")))
	b.WriteString("//\n")
	comment(b, "", "Regenerate it with tfdyn gen go; tfdyn gen go --check fails when it is stale or edited.")
	fmt.Fprintf(b, "package %s\n", p.opts.Package)
}

func (p *printer) runtime(b *bytes.Buffer, src string) {
	fmt.Fprintf(b, "package %s\n\n%s", p.opts.Package, src)
}

// goType is the Go type of a field (without the pointer of an optional
// scalar).
func goType(t *gen.Type) string {
	switch t.Kind {
	case gen.TString:
		return "string"
	case gen.TNumber:
		return "float64"
	case gen.TBool:
		return "bool"
	case gen.TEnum:
		return exported(t.Enum.Name)
	case gen.TList, gen.TSet:
		return "[]" + goType(t.Elem)
	case gen.TMap:
		return "map[string]" + goType(t.Elem)
	case gen.TObject:
		return exported(t.Object.Name)
	}
	return "any"
}

// fieldType is the Go type of a field: optional scalars and objects are
// pointers (nil: absent); an optional list, set or map is nil when absent.
func fieldType(f *gen.Field) string {
	t := goType(f.Type)
	if f.Optional && (f.Type.Scalar() || f.Type.Kind == gen.TObject) {
		return "*" + t
	}
	return t
}

func quote(s string) string { return strconv.Quote(s) }

// comment writes text as // lines, wrapped at about 76 columns.
func comment(b *bytes.Buffer, indent, text string) {
	words := strings.Fields(text)
	line := indent + "//"
	for _, w := range words {
		if len(line)+1+len(w) > 78 && line != indent+"//" {
			b.WriteString(line + "\n")
			line = indent + "//"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
}
