package typescript

import (
	_ "embed"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/tfdyn/tfdyn/internal/gen"
)

// runtimeSource is tfdyn.ts: the runtime of every generated package, of
// which Print copies the declarations the package uses.
//
//go:embed tfdyn.ts
var runtimeSource string

// runtimeDecl is one top-level declaration of the runtime, with its doc
// comment.
type runtimeDecl struct {
	names []string
	uses  map[string]bool
	// imports are the SDK names it uses (runtimeImports).
	imports map[string]bool
	text    string
}

var (
	runtimePreamble string
	runtimeDecls    []runtimeDecl
	// runtimeNames are the names the runtime declares; runtimeTypes those
	// of them that are types (imported with "import type").
	runtimeNames = map[string]bool{}
	runtimeTypes = map[string]bool{}
)

var (
	declStart  = regexp.MustCompile(`(?m)^export (?:async function\*?|function\*?|const|let|interface|type|class) ([A-Za-z_$][\w$]*)`)
	typeDecl   = regexp.MustCompile(`^export (?:interface|type) `)
	jsComment  = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
	jsIdent    = regexp.MustCompile(`[A-Za-z_$][\w$]*`)
	caseTables = map[string]func() string{
		`export const tfdynCaseLower = "";`: func() string { return caseTable(unicode.ToLower) },
		`export const tfdynCaseUpper = "";`: func() string { return caseTable(unicode.ToUpper) },
	}
)

func init() {
	src := runtimeSource
	for line, table := range caseTables {
		if !strings.Contains(src, line) {
			panic("gen ts: the runtime lacks " + line)
		}
		src = strings.Replace(src, line, strings.TrimSuffix(line, `"";`)+strconv.Quote(table())+";", 1)
	}
	lines := strings.SplitAfter(src, "\n")
	var chunks []string
	var cur strings.Builder
	for i, l := range lines {
		next := ""
		if i+1 < len(lines) {
			next = lines[i+1]
		}
		if strings.TrimSpace(l) == "" && (strings.HasPrefix(next, "/**") || strings.HasPrefix(next, "export ")) {
			chunks = append(chunks, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteString(l)
	}
	chunks = append(chunks, cur.String())
	runtimePreamble = chunks[0]
	for _, c := range chunks[1:] {
		d := runtimeDecl{uses: map[string]bool{}, imports: map[string]bool{}, text: strings.TrimRight(c, "\n")}
		for _, m := range declStart.FindAllStringSubmatch(c, -1) {
			d.names = append(d.names, m[1])
			runtimeNames[m[1]] = true
		}
		if len(d.names) == 0 {
			panic("gen ts: a runtime declaration without a name:\n" + c)
		}
		body := strings.TrimSpace(jsComment.ReplaceAllString(c, ""))
		if typeDecl.MatchString(body) {
			runtimeTypes[d.names[0]] = true
		}
		runtimeDecls = append(runtimeDecls, d)
	}
	for i := range runtimeDecls {
		d := &runtimeDecls[i]
		for _, id := range jsIdent.FindAllString(jsComment.ReplaceAllString(d.text, ""), -1) {
			if runtimeNames[id] {
				d.uses[id] = true
			}
			if _, ok := runtimeImports[id]; ok {
				d.imports[id] = true
			}
		}
	}
}

// runtimeImport is a name the runtime imports from a package of the AWS
// SDK.
type runtimeImport struct {
	spec   string
	isType bool
}

// runtimeImports are the SDK names the runtime's declarations use: each
// kept declaration that names one imports it (tfdyn.ts itself has no
// import lines, so that a package imports only what its runtime uses).
var runtimeImports = map[string]runtimeImport{
	"AttributeValue":    {"@aws-sdk/client-dynamodb", true},
	"QueryCommandInput": {"@aws-sdk/client-dynamodb", true},
	"NumberValue":       {"@aws-sdk/lib-dynamodb", false},
}

// runtimeFor returns tfdyn.ts with the declarations of names and those
// they use, transitively, in the runtime's order, and the imports of the
// SDK names they use: the package holds no code it does not run.
func runtimeFor(names map[string]bool) string {
	decls := make([]gen.Decl, len(runtimeDecls))
	for i, d := range runtimeDecls {
		decls[i] = gen.Decl{Names: d.names, Uses: d.uses}
	}
	keep := gen.Keep(decls, names)
	m := newModule(dataAccessDir + "tfdyn.ts")
	var parts []string
	for i, d := range runtimeDecls {
		if !keep[i] {
			continue
		}
		parts = append(parts, d.text)
		for n := range d.imports {
			imp := runtimeImports[n]
			m.use(imp.spec, n, imp.isType)
		}
	}
	var imports string
	if len(m.imports) > 0 {
		imports = strings.TrimRight(string(m.bytes()), "\n") + "\n\n"
	}
	return strings.TrimRight(runtimePreamble, "\n") + "\n\n" + imports + strings.Join(parts, "\n\n") + "\n"
}

// caseTable encodes Go's simple case mapping f (unicode.ToLower or
// unicode.ToUpper) for the runtime: runs of code points with the same
// delta, each "start,length,delta,stride" in base 36, joined by ";". The
// generated code maps exactly what tfdyn's evaluator maps, whatever Unicode
// version the JavaScript engine has.
func caseTable(f func(rune) rune) string {
	type run struct{ start, n, delta, stride int }
	var runs []run
	for r := 0; r <= unicode.MaxRune; r++ {
		d := int(f(rune(r))) - r
		if d == 0 {
			continue
		}
		if k := len(runs) - 1; k >= 0 && runs[k].delta == d {
			last := &runs[k]
			switch {
			case last.n == 1 && (r-last.start == 1 || r-last.start == 2):
				last.stride = r - last.start
				last.n++
				continue
			case last.n > 1 && r == last.start+last.n*last.stride:
				last.n++
				continue
			}
		}
		runs = append(runs, run{start: r, n: 1, delta: d, stride: 1})
	}
	var parts []string
	for _, x := range runs {
		parts = append(parts, strconv.FormatInt(int64(x.start), 36)+","+strconv.FormatInt(int64(x.n), 36)+","+
			strconv.FormatInt(int64(x.delta), 36)+","+strconv.FormatInt(int64(x.stride), 36))
	}
	return strings.Join(parts, ";")
}
