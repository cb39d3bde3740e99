package hclschema

import (
	"context"
	"errors"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// FileSuffix is the suffix of schema files.
const FileSuffix = ".tfdyn.hcl"

// FindFiles expands paths into schema files: a directory contributes its
// *.tfdyn.hcl files (not recursively), a directory of schemas those of each
// schema (Discover), a file is taken as it is. The result is sorted and free
// of duplicates. Only regular files qualify (symbolic links to them are
// followed): a missing path, an unreadable directory, a directory without
// schema files, a dangling link, a named pipe or a device is an error that
// gives the reason, and so are more than MaxFiles files.
func FindFiles(paths ...string) ([]string, error) {
	dirs, _, diags := Discover(paths...)
	if diags.HasErrors() {
		var errs []error
		for _, d := range diags {
			errs = append(errs, errors.New(d.Detail))
		}
		return nil, errors.Join(errs...)
	}
	var expanded []string
	for _, d := range dirs {
		expanded = append(expanded, d.Paths...)
	}
	files, errs := findFiles(expanded)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return files, nil
}

// Load reads every schema file under paths (files or directories) as one
// schema. It returns the model (possibly partial when there are errors), the
// parser's files for printing diagnostics, and the diagnostics. A path or
// file that cannot be read (missing, unreadable, not a regular file, over
// MaxFileSize, more than MaxFiles) is TD012 with the OS reason; nesting
// deeper than MaxNesting is TD001 where it happens.
func Load(paths ...string) (*Schema, hcl.Diagnostics) {
	s, diags, _ := LoadContext(context.Background(), paths...)
	return s, diags
}

// LoadContext is Load that stops early when ctx is done: it checks ctx
// before reading each file and before decoding each top-level block, and
// then returns ctx's error with the (partial) schema and diagnostics so far.
// The error is nil when the load ran to its end.
func LoadContext(ctx context.Context, paths ...string) (*Schema, hcl.Diagnostics, error) {
	files, errs := findFiles(paths)
	if len(errs) > 0 {
		var diags hcl.Diagnostics
		for _, err := range errs {
			diags = append(diags, diag.Errorf(CodeNoFiles, nil, "Cannot read schema", "%s", detailOf(err)))
		}
		return &Schema{Files: map[string]*hcl.File{}}, diags, nil
	}
	if len(files) == 0 {
		return &Schema{Files: map[string]*hcl.File{}}, hcl.Diagnostics{diag.Errorf(CodeNoFiles, nil, "No schema files",
			"No %s file was found in %s. Name schema files like app%s.", FileSuffix, strings.Join(paths, ", "), FileSuffix)}, nil
	}
	parser := hclparse.NewParser()
	var diags hcl.Diagnostics
	var parsed []*hcl.File
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return &Schema{Files: parser.Files()}, diags, err
		}
		src, err := ReadFile(f)
		if err != nil {
			rng := hcl.Range{Filename: f, Start: hcl.InitialPos, End: hcl.InitialPos}
			diags = append(diags, diag.Errorf(CodeNoFiles, &rng, "Cannot read schema file", "%s", detailOf(err)))
			continue
		}
		if ds := CheckSource(f, src); ds.HasErrors() {
			diags = append(diags, ds...)
			continue
		}
		file, ds := parser.ParseHCL(src, f)
		diags = append(diags, diag.WithCode(ds, CodeSyntax)...)
		if file != nil {
			parsed = append(parsed, file)
		}
	}
	if diags.HasErrors() {
		// Syntax errors first: decoding a half-parsed file only adds noise.
		return &Schema{Files: parser.Files()}, diags, nil
	}
	s, ds, err := decode(ctx, parsed)
	s.Files = parser.Files()
	diags = append(diags, ds...)
	return s, diags, err
}

// LoadSource parses one schema held in memory (for tests and fuzzing), with
// the same input limits as Load.
func LoadSource(filename string, src []byte) (*Schema, hcl.Diagnostics) {
	parser := hclparse.NewParser()
	if ds := CheckSource(filename, src); ds.HasErrors() {
		return &Schema{Files: parser.Files()}, ds
	}
	file, diags := parser.ParseHCL(src, filename)
	diag.WithCode(diags, CodeSyntax)
	if file == nil || diags.HasErrors() {
		return &Schema{Files: parser.Files()}, diags
	}
	s, ds := Decode(file)
	s.Files = parser.Files()
	return s, append(diags, ds...)
}

// detailOf renders a read error as a diagnostic's Detail.
func detailOf(err error) string {
	var ie *InputError
	if errors.As(err, &ie) {
		return ie.sentence()
	}
	return err.Error() + "."
}

var rootSchema = &hcl.BodySchema{
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "table", LabelNames: []string{"name"}},
		{Type: "entity", LabelNames: []string{"name"}},
		{Type: "access_pattern", LabelNames: []string{"name"}},
		{Type: "accept", LabelNames: []string{"code"}},
		{Type: "write_pattern", LabelNames: []string{"name"}},
	},
}

// Decode builds the model from parsed files.
func Decode(files ...*hcl.File) (*Schema, hcl.Diagnostics) {
	s, diags, _ := decode(context.Background(), files)
	return s, diags
}

// decode is Decode that checks ctx before each top-level block.
func decode(ctx context.Context, files []*hcl.File) (*Schema, hcl.Diagnostics, error) {
	d := &decoder{schema: &Schema{}, src: map[string][]byte{}}
	var tables, entities, patterns, accepts, writes []*hcl.Block
	for _, f := range files {
		if f.Body != nil {
			d.src[f.Body.MissingItemRange().Filename] = f.Bytes
			d.diags = append(d.diags, rewriteAttrRefs(f.Body)...)
		}
		content, ds := f.Body.Content(rootSchema)
		d.diags = append(d.diags, diag.WithCode(ds, CodeSyntax)...)
		if content == nil {
			continue
		}
		for _, b := range content.Blocks {
			switch b.Type {
			case "table":
				tables = append(tables, b)
			case "entity":
				entities = append(entities, b)
			case "access_pattern":
				patterns = append(patterns, b)
			case "accept":
				accepts = append(accepts, b)
			case "write_pattern":
				writes = append(writes, b)
			}
		}
	}
	for _, b := range tables {
		if err := ctx.Err(); err != nil {
			return d.schema, d.diags, err
		}
		d.table(b)
	}
	for _, b := range entities {
		if err := ctx.Err(); err != nil {
			return d.schema, d.diags, err
		}
		d.entity(b)
	}
	d.resolveKeyTypes()
	for _, b := range patterns {
		if err := ctx.Err(); err != nil {
			return d.schema, d.diags, err
		}
		d.pattern(b)
	}
	for _, b := range writes {
		if err := ctx.Err(); err != nil {
			return d.schema, d.diags, err
		}
		d.writePattern(b)
	}
	d.accepts(accepts, tables, entities, patterns, writes)
	return d.schema, d.diags, nil
}

type decoder struct {
	schema *Schema
	// src holds the bytes of every file by name, for source texts.
	src   map[string][]byte
	diags hcl.Diagnostics
	// broken holds, per entity, names whose declaration or assignment
	// already failed, so that follow-on diagnostics are not reported.
	broken map[*Entity]map[string]bool
	// brokenIndexes holds, per table, the names of index declarations that
	// failed to load (already reported).
	brokenIndexes map[*Table]map[string]bool
	// brokenExamples holds, per entity, the labels of examples that failed
	// to load (already reported).
	brokenExamples map[*Entity]map[string]bool
	// entities and patterns index the schema's entities and access
	// patterns by name as they are decoded (Schema.Entity and
	// Schema.Pattern scan: once per reference, that grew quadratically).
	entities map[string]*Entity
	patterns map[string]*AccessPattern
}

// addEntity adds e to the schema.
func (d *decoder) addEntity(e *Entity) {
	d.schema.Entities = append(d.schema.Entities, e)
	if d.entities == nil {
		d.entities = map[string]*Entity{}
	}
	if _, dup := d.entities[e.Name]; !dup {
		d.entities[e.Name] = e
	}
}

// entityNamed returns the decoded entity with the given name, or nil.
func (d *decoder) entityNamed(name string) *Entity { return d.entities[name] }

// addPattern adds p to the schema.
func (d *decoder) addPattern(p *AccessPattern) {
	d.schema.Patterns = append(d.schema.Patterns, p)
	if d.patterns == nil {
		d.patterns = map[string]*AccessPattern{}
	}
	if _, dup := d.patterns[p.Name]; !dup {
		d.patterns[p.Name] = p
	}
}

func (d *decoder) markBroken(e *Entity, name string) {
	if d.broken == nil {
		d.broken = map[*Entity]map[string]bool{}
	}
	if d.broken[e] == nil {
		d.broken[e] = map[string]bool{}
	}
	d.broken[e][name] = true
	e.Incomplete = true
}

// markBrokenIndex records an index of t whose declaration failed to load,
// so that references to it are not reported as unknown.
func (d *decoder) markBrokenIndex(t *Table, name string) {
	if d.brokenIndexes == nil {
		d.brokenIndexes = map[*Table]map[string]bool{}
	}
	if d.brokenIndexes[t] == nil {
		d.brokenIndexes[t] = map[string]bool{}
	}
	d.brokenIndexes[t][name] = true
}

func (d *decoder) isBroken(e *Entity, name string) bool { return d.broken[e][name] }

// errorCount returns the number of error diagnostics so far.
func (d *decoder) errorCount() int {
	n := 0
	for _, x := range d.diags {
		if x.Severity == hcl.DiagError {
			n++
		}
	}
	return n
}

func (d *decoder) errorf(code diag.Code, rng hcl.Range, summary, detail string, args ...any) {
	d.diags = append(d.diags, diag.Errorf(code, &rng, summary, detail, args...))
}

func (d *decoder) add(ds hcl.Diagnostics, code diag.Code) {
	d.diags = append(d.diags, diag.WithCode(ds, code)...)
}

// checkLabel validates a block label used as a name.
func (d *decoder) checkLabel(b *hcl.Block, what string) bool {
	name := b.Labels[0]
	if !validName(name) {
		d.errorf(CodeInvalidValue, b.LabelRanges[0], "Invalid "+what+" name",
			"The %s name %q must start with a letter and contain only letters, digits, \"_\" and \"-\".", what, name)
		return false
	}
	return true
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '_' || r == '-'):
		default:
			return false
		}
	}
	return true
}
