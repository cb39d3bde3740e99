package emit_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
)

// readDir is every regular file in dir with its content.
func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, n := range dirNames(t, dir) {
		b, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		out[n] = string(b)
	}
	return out
}

func emitFiles(t *testing.T, schema string, opts emit.Options) map[string][]byte {
	t.Helper()
	files, err := emit.Emit(loadSchema(t, schema), opts)
	require.NoError(t, err)
	return files
}

const stalePrefix = "emit: the files in %s are not up to date (run tfdyn emit to refresh them):"

// TestCheckVerdicts: --check (Write with check) says for each file why it
// differs, in its own words; it writes nothing; Write then brings the
// directory to the run's files (removing leftovers) and --check passes.
func TestCheckVerdicts(t *testing.T) {
	const multiattr, provisioned = "testdata/schemas/multiattr", "testdata/schemas/provisioned"
	base := emit.Options{SchemaPath: "../schema"}
	for _, c := range []struct {
		name string
		// change edits the directory written with base from multiattr.
		change func(t *testing.T, dir string)
		// schema and opts are those of the checking run.
		schema  string
		opts    emit.Options
		lines   []string
		reasons map[string]emit.Reason
		removed []string
	}{
		{name: "missing",
			change: func(t *testing.T, dir string) {
				require.NoError(t, os.Remove(filepath.Join(dir, "dynamodb_outputs.tf")))
			},
			lines:   []string{"dynamodb_outputs.tf: missing"},
			reasons: map[string]emit.Reason{"dynamodb_outputs.tf": emit.Missing}},
		{name: "edited by hand",
			change:  func(t *testing.T, dir string) { appendTo(t, filepath.Join(dir, "dynamodb.tf"), "# my change\n") },
			lines:   []string{"dynamodb.tf: edited by hand: its content does not match the hash in its header (emit replaces it)"},
			reasons: map[string]emit.Reason{"dynamodb.tf": emit.EditedByHand}},
		{name: "schema changed", schema: provisioned,
			lines: []string{
				"dynamodb.tf: stale: the schema changed since it was generated",
				"dynamodb_outputs.tf: stale: the schema changed since it was generated",
				"dynamodb_variables.tf: stale: the schema changed since it was generated"},
			reasons: map[string]emit.Reason{"dynamodb.tf": emit.SchemaChanged, "dynamodb_outputs.tf": emit.SchemaChanged, "dynamodb_variables.tf": emit.SchemaChanged}},
		{name: "--no-versions", opts: emit.Options{SchemaPath: "../schema", NoVersions: true},
			lines: []string{
				"dynamodb.tf: stale: generated with other options (--no-versions: recorded not set, now set)",
				"dynamodb_outputs.tf: stale: generated with other options (--no-versions: recorded not set, now set)",
				"dynamodb_variables.tf: stale: generated with other options (--no-versions: recorded not set, now set)",
				"dynamodb_versions.tf: no longer generated: emitted from this schema, but this run does not write it (emit removes it)"},
			reasons: map[string]emit.Reason{"dynamodb.tf": emit.OptionsChanged, "dynamodb_outputs.tf": emit.OptionsChanged, "dynamodb_variables.tf": emit.OptionsChanged},
			removed: []string{"dynamodb_versions.tf"}},
		{name: "--provider 5 and a schema change", schema: provisioned, opts: emit.Options{SchemaPath: "../schema", ProviderMajor: 5},
			lines: []string{
				"dynamodb.tf: stale: generated with other options (--provider: recorded 6, now 5)",
				"dynamodb_outputs.tf: stale: generated with other options (--provider: recorded 6, now 5)",
				"dynamodb_variables.tf: stale: generated with other options (--provider: recorded 6, now 5)",
				"dynamodb_versions.tf: stale: generated with other options (--provider: recorded 6, now 5)"},
			reasons: map[string]emit.Reason{"dynamodb.tf": emit.OptionsChanged, "dynamodb_outputs.tf": emit.OptionsChanged, "dynamodb_variables.tf": emit.OptionsChanged, "dynamodb_versions.tf": emit.OptionsChanged}},
		{name: "another layout", opts: emit.Options{SchemaPath: "../schema", Layout: emit.LayoutModule},
			lines: []string{
				"README.md: missing", "dynamodb.tf: no longer generated: emitted from this schema, but this run does not write it (emit removes it)",
				"dynamodb_outputs.tf: no longer generated: emitted from this schema, but this run does not write it (emit removes it)",
				"dynamodb_variables.tf: no longer generated: emitted from this schema, but this run does not write it (emit removes it)",
				"dynamodb_versions.tf: no longer generated: emitted from this schema, but this run does not write it (emit removes it)",
				"main.tf: missing", "outputs.tf: missing", "variables.tf: missing", "versions.tf: missing"},
			reasons: map[string]emit.Reason{"README.md": emit.Missing, "main.tf": emit.Missing, "outputs.tf": emit.Missing, "variables.tf": emit.Missing, "versions.tf": emit.Missing},
			removed: []string{"dynamodb.tf", "dynamodb_outputs.tf", "dynamodb_variables.tf", "dynamodb_versions.tf"}},
		{name: "module call", opts: emit.Options{SchemaPath: "../schema", Layout: emit.LayoutModuleCall, ModuleSource: "./my modules/t"},
			lines: []string{
				`dynamodb.tf: stale: generated with other options (--as: recorded not set, now module-call; --module-source: recorded not set, now "./my modules/t"; --layout: recorded resources, now not set)`,
				`dynamodb_outputs.tf: stale: generated with other options (--as: recorded not set, now module-call; --module-source: recorded not set, now "./my modules/t"; --layout: recorded resources, now not set)`,
				`dynamodb_variables.tf: stale: generated with other options (--as: recorded not set, now module-call; --module-source: recorded not set, now "./my modules/t"; --layout: recorded resources, now not set)`,
				`dynamodb_versions.tf: stale: generated with other options (--as: recorded not set, now module-call; --module-source: recorded not set, now "./my modules/t"; --layout: recorded resources, now not set)`},
			reasons: map[string]emit.Reason{"dynamodb.tf": emit.OptionsChanged, "dynamodb_outputs.tf": emit.OptionsChanged, "dynamodb_variables.tf": emit.OptionsChanged, "dynamodb_versions.tf": emit.OptionsChanged}},
		{name: "older tfdyn",
			change: func(t *testing.T, dir string) {
				writeFile(t, filepath.Join(dir, "dynamodb_versions.tf"), emit.Header+"# Source: schema\n\nterraform {}\n")
			},
			lines:   []string{"dynamodb_versions.tf: stale: generated by an older tfdyn (its header records no options and no content hash)"},
			reasons: map[string]emit.Reason{"dynamodb_versions.tf": emit.OlderTfdyn}},
		{name: "unreadable header",
			change: func(t *testing.T, dir string) {
				writeFile(t, filepath.Join(dir, "dynamodb_versions.tf"), emit.Header+"# Content: sha256:123\n\nterraform {}\n")
			},
			lines:   []string{`dynamodb_versions.tf: stale: its header cannot be read (header line "Content": want sha256: and 64 lower-case hex digits, got "sha256:123")`},
			reasons: map[string]emit.Reason{"dynamodb_versions.tf": emit.UnreadableHeader}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			_, err := emit.Write(dir, emitFiles(t, multiattr, base), false)
			require.NoError(t, err)
			if c.change != nil {
				c.change(t, dir)
			}
			schema := multiattr
			if c.schema != "" {
				schema = c.schema
			}
			opts := base
			if c.opts != (emit.Options{}) {
				opts = c.opts
			}
			files := emitFiles(t, schema, opts)
			before := readDir(t, dir)

			res, err := emit.Write(dir, files, true)
			require.ErrorIs(t, err, emit.ErrStale)
			var stale *emit.StaleError
			require.ErrorAs(t, err, &stale)
			require.EqualError(t, err, strings.Join(append([]string{strings.Replace(stalePrefix, "%s", dir, 1)}, c.lines...), "\n  "))
			require.Equal(t, before, readDir(t, dir), "--check writes nothing")

			reasons := map[string]emit.Reason{}
			for _, f := range res.Changed {
				reasons[f.Name] = f.Reason
			}
			require.Equal(t, c.reasons, reasons)
			require.Equal(t, c.removed, res.Removed)

			res, err = emit.Write(dir, files, false)
			require.NoError(t, err)
			require.Equal(t, c.removed, res.Removed)
			want := map[string]string{}
			for n, b := range files {
				want[n] = string(b)
			}
			require.Equal(t, want, readDir(t, dir), "after Write the directory holds exactly the run's files")
			res, err = emit.Write(dir, files, true)
			require.NoError(t, err)
			require.Empty(t, res.Changed)
			require.Empty(t, res.Removed)
		})
	}
}

// TestWriteRefusesAnotherSchemasFiles: a second schema emitted into the same
// directory is refused, naming both identities and the ways out; nothing is
// written or removed, with or without --check.
func TestWriteRefusesAnotherSchemasFiles(t *testing.T) {
	dir := t.TempDir()
	_, err := emit.Write(dir, emitFiles(t, "testdata/schemas/multiattr", emit.Options{SchemaPath: "../schemas/blog"}), false)
	require.NoError(t, err)
	before := readDir(t, dir)
	saas := emitFiles(t, "testdata/schemas/provisioned", emit.Options{SchemaPath: "../schemas/saas"})
	for _, check := range []bool{false, true} {
		res, err := emit.Write(dir, saas, check)
		require.Nil(t, res)
		var owner *emit.OwnerError
		require.ErrorAs(t, err, &owner)
		require.NotErrorIs(t, err, emit.ErrStale)
		require.EqualError(t, err, "emit: dynamodb.tf, dynamodb_outputs.tf, dynamodb_variables.tf, dynamodb_versions.tf in "+dir+
			` were generated from schema "../schemas/blog", not from this run's schema "../schemas/saas" (paths relative to `+dir+
			"); refusing to overwrite them. Emit this schema into another directory with -o, or give its files other names with --prefix (for example --prefix saas_), or delete them if that schema is no longer emitted here")
		require.Equal(t, before, readDir(t, dir))
		// As diagnostics: EM131 at each file's Schema line, its source for
		// the snippet.
		diags, srcs, ok := emit.RefusalDiagnostics(err)
		require.True(t, ok)
		var at []string
		for _, d := range diags {
			require.Equal(t, hcl.DiagError, d.Severity)
			require.Equal(t, emit.CodeOtherSchema, diag.CodeOf(d))
			require.Equal(t, "File of another schema", d.Summary)
			at = append(at, fmt.Sprintf("%s %d:%d-%d:%d", filepath.Base(d.Subject.Filename), d.Subject.Start.Line, d.Subject.Start.Column, d.Subject.End.Line, d.Subject.End.Column))
			src := srcs[d.Subject.Filename].Bytes
			require.Equal(t, "# Schema: ../schemas/blog", string(src[d.Subject.Start.Byte:d.Subject.End.Byte]))
		}
		require.Equal(t, []string{"dynamodb.tf 2:1-2:26", "dynamodb_outputs.tf 2:1-2:26", "dynamodb_variables.tf 2:1-2:26", "dynamodb_versions.tf 2:1-2:26"}, at)
		require.Equal(t, `dynamodb.tf was generated from schema "../schemas/blog", not from this run's schema "../schemas/saas" (paths relative to `+dir+
			"); refusing to overwrite it. Emit this schema into another directory with -o, or give its files other names with --prefix (for example --prefix saas_), or delete the files of that schema if it is no longer emitted here.", diags[0].Detail)
	}

	// The README of --layout module records its schema in an HTML comment:
	// the diagnostic points at that line.
	mod := t.TempDir()
	_, err = emit.Write(mod, emitFiles(t, "testdata/schemas/multiattr", emit.Options{SchemaPath: "../schemas/blog", Layout: emit.LayoutModule}), false)
	require.NoError(t, err)
	_, err = emit.Write(mod, emitFiles(t, "testdata/schemas/multiattr", emit.Options{SchemaPath: "../schemas/saas", Layout: emit.LayoutModule}), true)
	diags, srcs, ok := emit.RefusalDiagnostics(err)
	require.True(t, ok)
	require.Len(t, diags, 5)
	d := diags[0]
	require.Equal(t, filepath.Join(mod, "README.md")+":2:1", pos(*d.Subject))
	require.Equal(t, "<!-- Schema: ../schemas/blog -->", string(srcs[d.Subject.Filename].Bytes[d.Subject.Start.Byte:d.Subject.End.Byte]))

	// One file of another schema among the run's own: refused alone.
	dir = t.TempDir()
	blog := emitFiles(t, "testdata/schemas/multiattr", emit.Options{SchemaPath: "../schemas/blog", NoVersions: true})
	_, err = emit.Write(dir, blog, false)
	require.NoError(t, err)
	writeFile(t, filepath.Join(dir, "dynamodb_versions.tf"), string(saas["dynamodb_versions.tf"]))
	_, err = emit.Write(dir, emitFiles(t, "testdata/schemas/multiattr", emit.Options{SchemaPath: "../schemas/blog"}), false)
	require.EqualError(t, err, "emit: dynamodb_versions.tf in "+dir+` was generated from schema "../schemas/saas", not from this run's schema "../schemas/blog" (paths relative to `+dir+
		"); refusing to overwrite it. Emit this schema into another directory with -o, or give its files other names with --prefix (for example --prefix blog_), or delete it if that schema is no longer emitted here")
}

// TestWriteRefusesEveryFileAtOnce: hand-written files and a file of another
// schema in the way are all refused in one run, each its own diagnostic
// (EM130 per file at 1:1, EM131 at the Schema line), with or without
// --check, and nothing is written.
func TestWriteRefusesEveryFileAtOnce(t *testing.T) {
	dir := t.TempDir()
	saas := emitFiles(t, "testdata/schemas/provisioned", emit.Options{SchemaPath: "../schemas/saas"})
	writeFile(t, filepath.Join(dir, "dynamodb.tf"), string(saas["dynamodb.tf"]))
	writeFile(t, filepath.Join(dir, "dynamodb_outputs.tf"), "output \"mine\" {}\n")
	writeFile(t, filepath.Join(dir, "dynamodb_versions.tf"), "terraform {}\n")
	before := readDir(t, dir)
	for _, check := range []bool{false, true} {
		res, err := emit.Write(dir, emitFiles(t, "testdata/schemas/multiattr", emit.Options{SchemaPath: "../schemas/blog"}), check)
		require.Nil(t, res)
		diags, _, ok := emit.RefusalDiagnostics(err)
		require.True(t, ok)
		var at []string
		for _, d := range diags {
			at = append(at, fmt.Sprintf("%s %s %s", diag.CodeOf(d), filepath.Base(d.Subject.Filename), pos(*d.Subject)[len(d.Subject.Filename)+1:]))
		}
		require.Equal(t, []string{"EM130 dynamodb_outputs.tf 1:1", "EM130 dynamodb_versions.tf 1:1", "EM131 dynamodb.tf 2:1"}, at)
		require.Equal(t, before, readDir(t, dir))
	}
}

// TestWriteRemovesOnlyItsOwnLeftovers: Write removes the files of this
// schema it no longer writes, and nothing else: not another schema's
// generated files, not a hand-written file, not a file of an older tfdyn
// (whose identity is unknown), not doc's output, not a link to one of its
// own files.
func TestWriteRemovesOnlyItsOwnLeftovers(t *testing.T) {
	dir := t.TempDir()
	opts := emit.Options{SchemaPath: "../schema"}
	full := emitFiles(t, "testdata/schemas/multiattr", opts)
	other := emitFiles(t, "testdata/schemas/provisioned", emit.Options{SchemaPath: "../other"})
	kept := map[string]string{
		"other_dynamodb.tf": string(other["dynamodb.tf"]),
		"main.tf":           "resource \"aws_s3_bucket\" \"b\" {}\n",
		"old_dynamodb.tf":   emit.Header + "# Source: ../schema\n\nresource {}\n",
		"DESIGN.md":         "<!-- Code generated by tfdyn doc. DO NOT EDIT. -->\n# Design\n",
	}
	for n, c := range kept {
		writeFile(t, filepath.Join(dir, n), c)
	}
	_, err := emit.Write(dir, full, false)
	require.NoError(t, err)
	// A renamed copy of one of this schema's files is a leftover too (a
	// file of an earlier --prefix); a link to one is not.
	writeFile(t, filepath.Join(dir, "blog_dynamodb_outputs.tf"), string(full["dynamodb_outputs.tf"]))
	require.NoError(t, os.Symlink("dynamodb.tf", filepath.Join(dir, "link.tf")))

	opts.NoVersions = true
	res, err := emit.Write(dir, emitFiles(t, "testdata/schemas/multiattr", opts), false)
	require.NoError(t, err)
	require.Equal(t, []string{"blog_dynamodb_outputs.tf", "dynamodb_versions.tf"}, res.Removed)
	require.Equal(t, []string{"DESIGN.md", "dynamodb.tf", "dynamodb_outputs.tf", "dynamodb_variables.tf", "link.tf", "main.tf", "old_dynamodb.tf", "other_dynamodb.tf"}, dirNames(t, dir))
	for n, c := range kept {
		got, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		require.Equal(t, c, string(got), n)
	}
}

func appendTo(t *testing.T, path, s string) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	writeFile(t, path, string(b)+s)
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(s), 0o644))
}

// TestCheckAcceptsCRLFCheckout: files whose line ends a checkout turned into
// CRLF (git's core.autocrlf) are up to date, not edited by hand.
func TestCheckAcceptsCRLFCheckout(t *testing.T) {
	dir := t.TempDir()
	files := emitFiles(t, "testdata/schemas/multiattr", emit.Options{SchemaPath: "../schema"})
	for n, b := range files {
		writeFile(t, filepath.Join(dir, n), strings.ReplaceAll(string(b), "\n", "\r\n"))
	}
	res, err := emit.Write(dir, files, true)
	require.NoError(t, err)
	require.Empty(t, res.Changed)
	require.Empty(t, res.Removed)

	h, err := emit.ParseFileHeader([]byte(strings.ReplaceAll(string(files["dynamodb.tf"]), "\n", "\r\n")))
	require.NoError(t, err)
	require.False(t, h.Edited())
}

// TestWriteKeepsAnEditedCopy (issue 27): a copy of a generated file that the
// user edited (its content no longer matches the hash in its header) is not
// a leftover to remove: Write refuses (EM132), writes nothing and removes
// nothing, with and without --check. Once the copy loses the header (the
// user's own file), emit runs.
func TestWriteKeepsAnEditedCopy(t *testing.T) {
	dir := t.TempDir()
	opts := emit.Options{SchemaPath: "../schema"}
	full := emitFiles(t, "testdata/schemas/multiattr", opts)
	_, err := emit.Write(dir, full, false)
	require.NoError(t, err)
	copied := string(full["dynamodb_outputs.tf"]) + "\noutput \"mine\" {\n  value = 1\n}\n"
	writeFile(t, filepath.Join(dir, "my_outputs.tf"), copied)
	before := readDir(t, dir)

	opts.NoVersions = true
	next := emitFiles(t, "testdata/schemas/multiattr", opts)
	for _, check := range []bool{false, true} {
		_, err := emit.Write(dir, next, check)
		var edited *emit.EditedLeftoverError
		require.ErrorAs(t, err, &edited, "check %v", check)
		require.Equal(t, "emit: my_outputs.tf in "+dir+" was generated from this schema and edited by hand since (its content does not match the hash in its header), "+
			"and this run no longer writes it; emit does not remove hand edits, so nothing was written. Move what you need out of it (into the schema, or into a file of "+
			"your own without the generated-code header) and delete it, then run emit again", err.Error())
		require.Equal(t, before, readDir(t, dir), "nothing written, nothing removed")
		diags, srcs, ok := emit.RefusalDiagnostics(err)
		require.True(t, ok)
		require.Len(t, diags, 1)
		require.Equal(t, emit.CodeEditedLeftover, diag.CodeOf(diags[0]))
		require.Equal(t, filepath.Join(dir, "my_outputs.tf"), diags[0].Subject.Filename)
		require.Contains(t, srcs, filepath.Join(dir, "my_outputs.tf"))
	}

	// Without the generated-code header the file is the user's: kept, and
	// the run goes on (removing dynamodb_versions.tf, its own leftover).
	writeFile(t, filepath.Join(dir, "my_outputs.tf"), strings.SplitN(copied, "\n\n", 2)[1])
	res, err := emit.Write(dir, next, false)
	require.NoError(t, err)
	require.Equal(t, []string{"dynamodb_versions.tf"}, res.Removed)
	require.FileExists(t, filepath.Join(dir, "my_outputs.tf"))
}
