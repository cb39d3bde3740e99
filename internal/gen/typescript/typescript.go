package typescript

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// Options of the TypeScript back end.
type Options struct {
	// Schema names the schema in the documentation of index.ts (its
	// identity: the path relative to the output directory).
	Schema string
}

// Directories of the generated files.
const (
	entitiesDir   = "entities/"
	dataAccessDir = "data-access/"
)

// Print returns the bodies of the generated files by name (slash-separated
// paths relative to the output directory); the caller puts the ownership
// header on top. Its diagnostics are GN105 for two exported names or files
// that collide in TypeScript.
func Print(api *gen.API, opts Options) (map[string][]byte, hcl.Diagnostics) {
	p := &printer{api: api, opts: opts, top: gen.NewScope("TypeScript"), files: map[string]hcl.Range{}, recognised: map[string]bool{}, homes: map[string]string{}}
	p.declare("tfdyn", "the runtime", hcl.Range{})
	for _, n := range []string{"KeyError", "AttributeError"} {
		p.declare(n, "the package's "+n, hcl.Range{})
	}
	for _, n := range []string{"keys", "templates", "tfdyn"} {
		p.file(dataAccessDir+n+".ts", "the package's "+n+".ts", hcl.Range{})
	}
	for _, n := range []string{"client", "recognise"} {
		p.file(dataAccessDir+n+".ts", "the package's "+n+".ts", hcl.Range{})
	}
	var mods []*module
	records := map[*gen.Entity]*module{}
	p.recordMods = records
	for _, e := range p.api.Entities {
		records[e] = p.records(e)
		mods = append(mods, p.entity(e), records[e])
	}
	keys, templates := p.keys()
	mods = append(mods, keys)
	if p.calls() {
		mods = append(mods, p.client())
		p.recog = newModule(recogniseFile)
		for _, r := range p.api.Reads {
			p.read(records[r.Results[0].Entity], r)
		}
		for _, q := range p.api.Queries {
			p.query(records[q.Entity], q)
		}
		for _, w := range p.api.Writes {
			p.write(records[writeOwner(w)], w)
		}
		p.printRecognisers()
		if p.recog.body.Len() > 0 {
			mods = append(mods, p.recog)
		}
	}
	if templates.body.Len() > 0 {
		mods = append(mods, templates)
	}
	out := map[string][]byte{}
	// The error classes are exported whatever the package uses.
	uses := map[string]bool{"KeyError": true, "AttributeError": true}
	if p.calls() {
		for _, n := range errorClasses {
			uses[n] = true
		}
	}
	for _, m := range mods {
		for n := range m.runtime {
			uses[n] = true
		}
	}
	out[dataAccessDir+"tfdyn.ts"] = []byte(runtimeFor(uses))
	for _, m := range mods {
		out[m.path] = m.bytes()
	}
	out["index.ts"] = p.index(mods, p.calls())
	if p.diags.HasErrors() {
		return nil, p.diags
	}
	return out, nil
}

type printer struct {
	api  *gen.API
	opts Options
	// top holds every exported name (index.ts re-exports them all), files
	// every file name, for collisions.
	top   *gen.Scope
	files map[string]hcl.Range
	// recog is data-access/recognise.ts; recognisers print into it the
	// recognisers used (recognised: by name), in the order of first use.
	recog      *module
	recognised map[string]bool
	// homes are the files declaring the result types of reads and query
	// builders, by name.
	homes       map[string]string
	recognisers []func()
	// recordMods are the data-access modules of the entities, whose
	// object codecs a write of another module may import.
	recordMods map[*gen.Entity]*module
	diags      hcl.Diagnostics
}

// declare claims an exported name (index.ts re-exports them all); names
// starting with tfdyn belong to the runtime.
func (p *printer) declare(name, what string, rng hcl.Range) string {
	if d := p.top.Declare(name, what, rng); d != nil {
		p.diags = append(p.diags, d)
	} else if strings.HasPrefix(name, "tfdyn") && name != "tfdyn" {
		p.diags = append(p.diags, diag.Errorf(gen.CodeNameCollision, &rng, "Name reserved in generated code",
			"The generated TypeScript code would export %s for the %s, but names starting with tfdyn belong to the generated runtime. Rename it.", name, what))
	}
	return name
}

// file claims a file name.
func (p *printer) file(path, what string, rng hcl.Range) string {
	if prev, ok := p.files[path]; ok {
		p.diags = append(p.diags, diag.Errorf(gen.CodeNameCollision, &rng, "Names collide in generated code",
			"The generated TypeScript code would write %s twice: for the %s and for what is declared at %s. Rename one of them.", path, what, prev))
	}
	p.files[path] = rng
	return path
}

// module is a generated file being written: its body and what it imports.
type module struct {
	path string
	body bytes.Buffer
	// imports maps a module specifier to the names imported from it, and
	// whether each is a type.
	imports map[string]map[string]bool
	// runtime are the names of tfdyn.ts it uses.
	runtime map[string]bool
	// exports are the names index.ts re-exports from it, and whether
	// each is a type.
	exports map[string]bool
	order   []string
}

func newModule(path string) *module {
	return &module{path: path, imports: map[string]map[string]bool{}, runtime: map[string]bool{}, exports: map[string]bool{}}
}

// rt records a use of a runtime name and returns it.
func (m *module) rt(name string) string {
	if !runtimeNames[name] {
		panic("gen ts: " + name + " is not a runtime name")
	}
	m.runtime[name] = true
	return name
}

// use imports a name from another generated module (by its path relative
// to the output directory) or from a package.
func (m *module) use(from, name string, isType bool) string {
	spec := from
	if from == m.path {
		return name
	}
	if strings.HasSuffix(from, ".ts") {
		spec = relative(m.path, from)
	}
	if m.imports[spec] == nil {
		m.imports[spec] = map[string]bool{}
	}
	if prev, ok := m.imports[spec][name]; !ok || prev {
		m.imports[spec][name] = isType
	}
	return name
}

// export records a name index.ts re-exports.
func (m *module) export(name string, isType bool) {
	if _, ok := m.exports[name]; !ok {
		m.order = append(m.order, name)
	}
	m.exports[name] = isType
}

// relative is the module specifier of file to from file from: "./keys.js",
// "../entities/order.js".
func relative(from, to string) string {
	fromDir := from[:strings.LastIndex(from, "/")+1]
	js := strings.TrimSuffix(to, ".ts") + ".js"
	if strings.HasPrefix(js, fromDir) {
		return "./" + strings.TrimPrefix(js, fromDir)
	}
	up := strings.Repeat("../", strings.Count(fromDir, "/"))
	return up + js
}

// bytes is the file: its imports, then its body.
func (m *module) bytes() []byte {
	var b bytes.Buffer
	for n := range m.runtime {
		m.use(dataAccessDir+"tfdyn.ts", n, runtimeTypes[n])
	}
	specs := make([]string, 0, len(m.imports))
	for s := range m.imports {
		specs = append(specs, s)
	}
	// Packages first, then the generated modules, each sorted.
	sort.Slice(specs, func(i, j int) bool {
		pi, pj := strings.HasPrefix(specs[i], "."), strings.HasPrefix(specs[j], ".")
		if pi != pj {
			return pj
		}
		return specs[i] < specs[j]
	})
	for _, s := range specs {
		names := make([]string, 0, len(m.imports[s]))
		allTypes := true
		for n, isType := range m.imports[s] {
			names = append(names, n)
			allTypes = allTypes && isType
		}
		sort.Strings(names)
		if allTypes {
			b.WriteString(list("import type", names, "from "+str(s)+";"))
			continue
		}
		for i, n := range names {
			if m.imports[s][n] {
				names[i] = "type " + n
			}
		}
		b.WriteString(list("import", names, "from "+str(s)+";"))
	}
	if len(specs) > 0 {
		b.WriteString("\n")
	}
	b.Write(bytes.TrimRight(m.body.Bytes(), "\n"))
	b.WriteString("\n")
	return b.Bytes()
}

// index prints index.ts: the package documentation and the re-export of
// every public name.
func (p *printer) index(mods []*module, calls bool) []byte {
	var b bytes.Buffer
	var tables []string
	for _, t := range p.api.Tables {
		tables = append(tables, fmt.Sprintf("%s (DynamoDB table %q, set in Terraform by output %s)", t.Label, t.TableName, t.NameOutput))
	}
	b.WriteString("/**\n")
	text := fmt.Sprintf("The data-access layer of the tfdyn schema %s, generated by tfdyn gen ts: per entity, its attributes (entities/<entity>.ts: the domain type and the record type, whose key and index attributes are computed from the schema's templates, sparse conditions included) and its records (data-access/<entity>.ts: toXxxRecord and fromXxxRecord), and one key builder per entity and index (data-access/keys.ts).", p.opts.Schema)
	if calls {
		text += " Every access pattern and write pattern is a function of its entity's data-access module, called with the Db of createDb (data-access/client.ts) and an AbortSignal; a GSI with a multi-attribute key has a query builder per entity."
	}
	doc(&b, "", text+" Tables: "+strings.Join(tables, "; ")+".")
	b.WriteString(" *\n")
	doc(&b, "", "Regenerate it with tfdyn gen ts; tfdyn gen ts --check fails when it is stale or edited.")
	b.WriteString(" *\n * @module\n */\n\n")
	for _, m := range mods {
		if len(m.order) == 0 {
			continue
		}
		var values, types []string
		for _, n := range m.order {
			if m.exports[n] {
				types = append(types, n)
			} else {
				values = append(values, n)
			}
		}
		spec := "./" + strings.TrimSuffix(m.path, ".ts") + ".js"
		if len(types) > 0 {
			b.WriteString(list("export type", types, "from "+str(spec)+";"))
		}
		if len(values) > 0 {
			b.WriteString(list("export", values, "from "+str(spec)+";"))
		}
	}
	errs := []string{"AttributeError", "KeyError"}
	if calls {
		errs = append(errs, errorClasses...)
		sort.Strings(errs)
	}
	b.WriteString(list("export", errs, "from "+str("./"+dataAccessDir+"tfdyn.js")+";"))
	return b.Bytes()
}

// list prints an import or export statement of names: on one line, or
// one name per line when that line would be longer than 100 columns.
func list(keyword string, names []string, tail string) string {
	line := keyword + " { " + strings.Join(names, ", ") + " } " + tail + "\n"
	if len(line) <= 101 {
		return line
	}
	return keyword + " {\n  " + strings.Join(names, ",\n  ") + ",\n} " + tail + "\n"
}

// doc writes text as the lines of a /** */ comment (" * "), wrapped at
// about 80 columns; "*/" in the text cannot end the comment.
func doc(b *bytes.Buffer, indent, text string) {
	text = strings.ReplaceAll(text, "*/", "*\\/")
	line := indent + " *"
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > 80 && line != indent+" *" {
			b.WriteString(line + "\n")
			line = indent + " *"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
}

// docLine writes a preformatted line of a /** */ comment.
func docLine(b *bytes.Buffer, indent, text string) {
	if text == "" {
		b.WriteString(indent + " *\n")
		return
	}
	b.WriteString(indent + " * " + strings.ReplaceAll(text, "*/", "*\\/") + "\n")
}
