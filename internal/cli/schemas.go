package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Several schemas on one command line (docs/schemas.md): PATH arguments
// name schemas by hclschema.Discover (a directory of schemas holds one per
// subdirectory). validate, fmt, doc, cost and emit take each schema in turn;
// verify, plan --schema, diff and migrate work on one schema and refuse a
// set of several, naming the command that works.

// schemaSet is what a command's PATH arguments name.
type schemaSet struct {
	// args are the arguments as given ("." when none).
	args []string
	dirs []hclschema.SchemaDir
	// set: a directory of schemas or several schemas (hclschema.Discover).
	set bool
}

// discover resolves a command's PATH arguments (default: the current
// directory) into schemas. A path that cannot be read, or a directory
// without schema files, prints as a diagnostic and returns exit 2.
func (a *app) discover(args []string, o diagOptions) (schemaSet, error) {
	if len(args) == 0 {
		args = []string{"."}
	}
	dirs, set, diags := hclschema.Discover(args...)
	if diags.HasErrors() {
		if err := a.printDiagnostics(&hclschema.Schema{Files: map[string]*hcl.File{}}, diags, o); err != nil {
			return schemaSet{}, exit(ExitUsage, err)
		}
		return schemaSet{}, exit(schemaExitCode(diags), nil)
	}
	return schemaSet{args: args, dirs: dirs, set: set}, nil
}

// one returns the only schema of ss, or refuses several: cmd runs on one
// schema at a time, and example(dir) is the command line for one of them.
func (ss schemaSet) one(cmd string, example func(dir string) string) (hclschema.SchemaDir, error) {
	if len(ss.dirs) == 1 {
		return ss.dirs[0], nil
	}
	names := make([]string, len(ss.dirs))
	for i, d := range ss.dirs {
		names[i] = d.Dir
	}
	return hclschema.SchemaDir{}, exitf(ExitUsage, "%s takes one schema, and %s names %d schemas (%s): run it once per schema, for example: %s",
		cmd, strings.Join(ss.args, " "), len(ss.dirs), strings.Join(names, ", "), example(ss.dirs[0].Dir))
}

// label is how output about schema d starts when ss names several schemas
// ("schema/shop: "), else "".
func (ss schemaSet) label(d hclschema.SchemaDir) string {
	if !ss.set {
		return ""
	}
	return d.Dir + ": "
}

// outputs maps each schema to its output under out: out itself for one
// schema, else out/<name>, or out/<name><ext> for a file per schema. Two
// schemas of one name are a usage error.
func (ss schemaSet) outputs(out, ext, flag string) ([]string, error) {
	if !ss.set {
		return []string{out}, nil
	}
	seen := map[string]string{}
	paths := make([]string, len(ss.dirs))
	for i, d := range ss.dirs {
		name := d.Name()
		if other, ok := seen[name]; ok {
			return nil, exitf(ExitUsage, "%s %s would write schemas %s and %s to the same %s: name their directories apart, or run the command once per schema",
				flag, out, other, d.Dir, filepath.Join(out, name+ext))
		}
		seen[name] = d.Dir
		paths[i] = filepath.Join(out, name+ext)
	}
	return paths, nil
}

// worst combines exit codes of several schemas: interrupted, then usage or
// environment, then findings.
func worst(codes ...int) int {
	out := ExitOK
	for _, c := range codes {
		switch {
		case c == ExitInterrupted || out == ExitInterrupted:
			out = ExitInterrupted
		case c == ExitUsage || out == ExitUsage:
			out = ExitUsage
		case c != ExitOK:
			out = c
		}
	}
	return out
}

// exitCode is the exit code an error of a command carries (0 for nil).
func exitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return ExitUsage
}

// perSchema runs fn for every schema of ss in turn and returns the worst
// exit code. With several schemas, a text output is headed by a line naming
// the schema ("== schema/shop ==") and JSON outputs (json set) are gathered
// into one array of {"schema": DIR, key: OUTPUT}, written to w at the end.
// fn writes its output to out and returns its exit error.
func (a *app) perSchema(ss schemaSet, json bool, key string, w io.Writer, fn func(d hclschema.SchemaDir, out io.Writer) error) error {
	if !ss.set {
		return fn(ss.dirs[0], w)
	}
	var (
		code    = ExitOK
		entries []jsonEntry
	)
	for i, d := range ss.dirs {
		if json {
			var buf bytes.Buffer
			err := fn(d, &buf)
			code = worst(code, exitCode(err))
			if err == nil {
				entries = append(entries, jsonEntry{Schema: d.Dir, Output: buf.Bytes()})
			}
			continue
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "== %s ==\n", d.Dir)
		code = worst(code, exitCode(fn(d, w)))
	}
	if json {
		if err := writeJSONSet(w, key, entries); err != nil {
			return exit(ExitUsage, err)
		}
	}
	if code != ExitOK {
		return exit(code, nil)
	}
	return nil
}

// jsonEntry is the JSON output of one schema among several.
type jsonEntry struct {
	Schema string
	Output []byte
}

// writeJSONSet writes the JSON outputs of several schemas as one array of
// {"schema": DIR, key: OUTPUT}, indented like the outputs themselves.
func writeJSONSet(w io.Writer, key string, entries []jsonEntry) error {
	var compact bytes.Buffer
	compact.WriteByte('[')
	for i, e := range entries {
		if i > 0 {
			compact.WriteByte(',')
		}
		dir, err := json.Marshal(e.Schema)
		if err != nil {
			return err
		}
		name, _ := json.Marshal(key)
		fmt.Fprintf(&compact, `{"schema":%s,%s:`, dir, name)
		if err := json.Compact(&compact, e.Output); err != nil {
			return err
		}
		compact.WriteByte('}')
	}
	compact.WriteByte(']')
	var out bytes.Buffer
	if err := json.Indent(&out, compact.Bytes(), "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err := w.Write(out.Bytes())
	return err
}

// eachSchema runs fn for every schema of ss. One schema's error is the
// command's; with several, each error is printed as it comes and the other
// schemas still run, and the worst exit code is returned.
func (a *app) eachSchema(ss schemaSet, fn func(i int, d hclschema.SchemaDir) error) error {
	if !ss.set {
		return fn(0, ss.dirs[0])
	}
	code := ExitOK
	for i, d := range ss.dirs {
		err := fn(i, d)
		var ee *exitError
		if errors.As(err, &ee) && ee.err != nil {
			fmt.Fprintf(a.stderr, "Error: %s\n", ee.err)
		}
		code = worst(code, exitCode(err))
		if code == ExitInterrupted {
			break
		}
	}
	if code != ExitOK {
		return exit(code, nil)
	}
	return nil
}

func init() { commandRegistry = append(commandRegistry, (*app).schemasCommand) }

func (a *app) schemasCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "schemas [PATH...]",
		Short: "List the schemas that PATHs name, one directory per line (for scripts looping over a directory of schemas)",
		Long: `schemas prints the schemas that the PATHs name (default: the current
directory), one schema directory per line, as every command reads them: a
directory holding *.tfdyn.hcl files is one schema, a directory holding none
is a directory of schemas (each subdirectory with schema files one schema,
hidden ones skipped), and files named in one directory are one schema.

  for s in $(tfdyn schemas schema/); do tfdyn verify "$s"; done

Exit code 0: at least one schema; 2: a path that cannot be read, or a
directory without schema files in it or one level down.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ss, err := a.discover(args, diagOptions{format: "text"})
			if err != nil {
				return err
			}
			for _, d := range ss.dirs {
				fmt.Fprintln(a.stdout, d.Dir)
			}
			return nil
		},
	}
}
