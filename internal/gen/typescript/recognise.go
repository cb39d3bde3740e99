package typescript

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// recogniseFile is the module of the recognisers the readers and query
// builders share (not re-exported by index.ts).
const recogniseFile = dataAccessDir + "recognise.ts"

// local refuses a function name that is a parameter name of the generated
// functions (db, input, options...): a call of it from another function
// would reach the parameter instead.
func (p *printer) local(name, what string, rng hcl.Range) {
	if localNames[name] {
		p.diags = append(p.diags, diag.Errorf(gen.CodeNameCollision, &rng, "Name reserved in generated code",
			"The generated TypeScript code would name the function of the %s %s, a name its functions give a parameter. Rename it.", what, name))
	}
}

// recogniser is the name of the function that reads a stored item as res
// (of read r), imported into m.
func (p *printer) recogniser(m *module, r *gen.Read, res *gen.Result) string {
	return m.use(recogniseFile, p.recogniserName(typeName(r.Name), res), false)
}

// recogniserName names the recogniser of res, one per entity when it reads
// whole items and recomputes every key attribute, else one per reader
// (prefix names it); the first use prints it into recognise.ts.
func (p *printer) recogniserName(prefix string, res *gen.Result) string {
	all := true
	for _, c := range res.Checks {
		all = all && (c.Recompute || c.Value.Field != nil)
	}
	fn := "tfdynAs" + prefix + typeName(res.Entity.Name)
	if !res.Projected() && all {
		fn = "tfdynAs" + typeName(res.Entity.Name)
	}
	if !p.recognised[fn] {
		p.recognised[fn] = true
		p.recognisers = append(p.recognisers, func() { p.printRecogniser(p.recog, res, fn) })
	}
	return fn
}

// printRecognisers prints the recognisers used, in the order of first use.
func (p *printer) printRecognisers() {
	for i := 0; i < len(p.recognisers); i++ {
		p.recognisers[i]()
	}
}

// printRecogniser prints the function that reads a stored item as res's
// type when its key is res.Entity's: the literal prefixes of the key
// templates, then the item read and its key recomputed from it; undefined
// when it is not one, an AttributeError when it has the entity's prefixes
// but does not read as one.
func (p *printer) printRecogniser(m *module, res *gen.Result, fn string) {
	b := &m.body
	e := res.Entity
	t := p.resultType(m, res)
	item := m.rt("tfdynItem")
	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s reads a stored item as %s when it is one: its primary key is the one %s's templates compute from it; undefined otherwise.", fn, gen.Article(t), e.SchemaName))
	b.WriteString(" *\n")
	doc(b, "", "@throws {AttributeError} when the item has the entity's key prefixes but does not read as one")
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export function %s(item: %s): %s | undefined {\n", fn, item, t)
	for _, c := range res.Checks {
		if c.Prefix != "" {
			fmt.Fprintf(b, "  if (!%s(item[%s], %s, %t)) {\n    return undefined;\n  }\n", m.rt("tfdynHasPrefix"), str(c.Value.Attr), str(c.Prefix), c.Exact)
		}
	}
	if res.Projected() {
		fmt.Fprintf(b, "  const m = %s(item);\n", m.rt("tfdynFromItem"))
		p.readFields(m, res.Fields, "m", "x", t, e.SchemaName)
	} else {
		fmt.Fprintf(b, "  const x = %s(%s(item));\n", m.use(recordsFile(e), funcName(gen.Join(gen.Name{"from"}, e.Name, gen.Name{"record"})), false), m.rt("tfdynFromItem"))
	}
	var checks []string
	for _, c := range res.Checks {
		if !c.Recompute || c.Value.Expr == nil {
			continue
		}
		checks = append(checks, fmt.Sprintf("!%s(item[%s], () => %s)", m.rt("tfdynSameKey"), str(c.Value.Attr), p.templateCall(m, e, c.Value, "x")))
	}
	if len(checks) > 0 {
		fmt.Fprintf(b, "  if (%s) {\n    return undefined;\n  }\n", strings.Join(checks, " || "))
	}
	b.WriteString("  return x;\n}\n\n")
}
