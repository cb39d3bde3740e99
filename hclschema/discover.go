package hclschema

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// SchemaDir is one schema among the paths a command is given: the schema
// files of one directory, all of them or the ones named.
type SchemaDir struct {
	// Dir is the directory holding the schema's files, as given (cleaned).
	Dir string
	// Paths are the paths to Load: Dir itself, or the files named in it.
	Paths []string
}

// Name is the schema's name: the base name of its directory (of the
// absolute directory for "." and ".."). Commands that write one output per
// schema name it after the schema.
func (d SchemaDir) Name() string {
	dir := d.Dir
	if b := filepath.Base(dir); b != "." && b != ".." && b != string(filepath.Separator) {
		return b
	}
	if abs, err := filepath.Abs(dir); err == nil {
		return filepath.Base(abs)
	}
	return dir
}

// Discover groups paths into schemas. A schema is the *.tfdyn.hcl files of
// one directory:
//
//   - a directory holding schema files is one schema;
//   - a directory holding none is a directory of schemas: each of its
//     subdirectories (one level down, hidden ones skipped) that holds schema
//     files is one schema;
//   - a file belongs to the schema of its directory: files named in one
//     directory are one schema (only those files), files of two directories
//     two schemas, and a directory named as well takes all its files.
//
// Set reports whether the paths name a set of schemas (a directory of
// schemas, or more than one schema): commands that write one output per
// schema then write one per schema name, whatever the number found, so that
// adding a schema to a directory of schemas never moves the others' output.
// Schemas come in the order of paths, those of a directory of schemas
// sorted by name.
//
// Paths that cannot be read, and a directory without schema files in it or
// one level down, are CodeNoFiles errors without a range (exit 2).
func Discover(paths ...string) (dirs []SchemaDir, set bool, diags hcl.Diagnostics) {
	index := map[string]int{} // absolute directory -> position in dirs
	whole := map[string]bool{}
	add := func(dir string, file string) {
		key := dir
		if abs, err := filepath.Abs(dir); err == nil {
			key = abs
		}
		i, ok := index[key]
		if !ok {
			i = len(dirs)
			index[key] = i
			dirs = append(dirs, SchemaDir{Dir: dir})
		}
		switch {
		case whole[key]:
		case file == "":
			whole[key] = true
			dirs[i].Paths = []string{dir}
		default:
			for _, p := range dirs[i].Paths {
				if p == file {
					return
				}
			}
			dirs[i].Paths = append(dirs[i].Paths, file)
		}
	}
	fail := func(err error) {
		diags = append(diags, diag.Errorf(CodeNoFiles, nil, "Cannot read schema", "%s", detailOf(err)))
	}
	for _, p := range paths {
		p = filepath.Clean(p)
		st, err := os.Stat(p)
		if err != nil {
			fail(statErr(p, err))
			continue
		}
		if !st.IsDir() {
			if err := checkRegular(p, st); err != nil {
				fail(err)
				continue
			}
			add(filepath.Dir(p), p)
			continue
		}
		own, subs, err := schemaEntries(p)
		if err != nil {
			fail(err)
			continue
		}
		switch {
		case own:
			add(p, "")
		case len(subs) > 0:
			set = true
			for _, s := range subs {
				add(s, "")
			}
		default:
			diags = append(diags, diag.Errorf(CodeNoFiles, nil, "No schema files",
				"No %s file was found in %s, nor in its subdirectories (a directory of schemas holds one schema per subdirectory). Name schema files like app%s.",
				FileSuffix, p, FileSuffix))
		}
	}
	if len(dirs) > 1 {
		set = true
	}
	return dirs, set, diags
}

// schemaEntries reports whether dir holds schema files itself and, when it
// does not, which of its subdirectories (not hidden, one level down) do,
// sorted.
func schemaEntries(dir string) (own bool, subs []string, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false, nil, inputErr(dir, "is a directory that cannot be read: %s", osReason(err))
	}
	var candidates []string
	for _, ent := range entries {
		name := ent.Name()
		if strings.HasSuffix(name, FileSuffix) {
			return true, nil, nil
		}
		if strings.HasPrefix(name, ".") {
			continue
		}
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			candidates = append(candidates, p)
		}
	}
	for _, p := range candidates {
		sub, err := os.ReadDir(p)
		if err != nil {
			return false, nil, inputErr(p, "is a directory that cannot be read: %s", osReason(err))
		}
		for _, ent := range sub {
			if strings.HasSuffix(ent.Name(), FileSuffix) {
				subs = append(subs, p)
				break
			}
		}
	}
	return false, subs, nil
}
