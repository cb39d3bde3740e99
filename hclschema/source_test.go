package hclschema_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

const smallSchema = `table "t" {
  partition_key = "PK"
}
`

// oneDiag checks that diags holds exactly one diagnostic, with the code,
// the subject start (nil when line is 0) and a detail containing detail.
func oneDiag(t *testing.T, diags hcl.Diagnostics, code diag.Code, file string, line, col int, detail string) {
	t.Helper()
	if len(diags) != 1 {
		t.Fatalf("got %d diagnostics, want 1:\n%s", len(diags), list(diags))
	}
	d := diags[0]
	if got := diag.CodeOf(d); got != code {
		t.Errorf("code = %s, want %s (%s)", got, code, d.Error())
	}
	if d.Severity != hcl.DiagError {
		t.Errorf("severity = %v, want error", d.Severity)
	}
	switch {
	case line == 0 && d.Subject != nil:
		t.Errorf("subject = %s, want none", d.Subject)
	case line > 0 && d.Subject == nil:
		t.Errorf("no subject, want %s:%d:%d", file, line, col)
	case line > 0 && (d.Subject.Filename != file || d.Subject.Start.Line != line || d.Subject.Start.Column != col):
		t.Errorf("subject = %s:%d:%d, want %s:%d:%d", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column, file, line, col)
	}
	if !strings.Contains(d.Detail, detail) {
		t.Errorf("detail = %q, want it to contain %q", d.Detail, detail)
	}
}

func writeFile(t *testing.T, path, src string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLoadRefusesSpecialFiles: a FIFO named like a schema, a device given
// as a path and a directory named like a schema are reported, never read
// (reading the FIFO would block, /dev/zero would never end).
func TestLoadRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.tfdyn.hcl"), smallSchema)
	fifo := filepath.Join(dir, "pipe.tfdyn.hcl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags := hclschema.Load(dir)
	oneDiag(t, diags, hclschema.CodeNoFiles, "", 0, 0,
		fmt.Sprintf("The path %q is a named pipe, not a regular file; tfdyn reads only regular schema files.", fifo))

	_, diags = hclschema.Load(fifo)
	oneDiag(t, diags, hclschema.CodeNoFiles, "", 0, 0, "is a named pipe, not a regular file")

	_, diags = hclschema.Load("/dev/zero")
	oneDiag(t, diags, hclschema.CodeNoFiles, "", 0, 0, `The path "/dev/zero" is a character device, not a regular file`)

	if _, err := hclschema.ReadFile("/dev/zero"); err == nil || err.Error() != "/dev/zero is a character device, not a regular file; tfdyn reads only regular schema files" {
		t.Errorf("ReadFile(/dev/zero) = %v", err)
	}

	sub := t.TempDir()
	if err := os.Mkdir(filepath.Join(sub, "dir.tfdyn.hcl"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, diags = hclschema.Load(sub)
	oneDiag(t, diags, hclschema.CodeNoFiles, "", 0, 0, "dir.tfdyn.hcl\" is a directory, not a regular file")
}

// TestLoadLinks: a symbolic link to a schema is followed; a loop and a
// dangling link say why they cannot be read.
func TestLoadLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(t.TempDir(), "real.hcl")
	writeFile(t, target, smallSchema)
	if err := os.Symlink(target, filepath.Join(dir, "ok.tfdyn.hcl")); err != nil {
		t.Fatal(err)
	}
	s, diags := hclschema.Load(dir)
	if len(diags) > 0 || s.Table("t") == nil {
		t.Fatalf("link to a schema: %s", diags.Error())
	}

	loop := t.TempDir()
	a, b := filepath.Join(loop, "a.tfdyn.hcl"), filepath.Join(loop, "b.tfdyn.hcl")
	if err := os.Symlink(b, a); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(a, b); err != nil {
		t.Fatal(err)
	}
	_, diags = hclschema.Load(a)
	oneDiag(t, diags, hclschema.CodeNoFiles, "", 0, 0, fmt.Sprintf("The path %q cannot be read: too many levels of symbolic links.", a))
	_, diags = hclschema.Load(loop)
	if len(diags) != 2 || !strings.Contains(diags[0].Detail, "too many levels of symbolic links") || !strings.Contains(diags[1].Detail, "too many levels of symbolic links") {
		t.Errorf("loop in a directory:\n%s", list(diags))
	}

	dangling := filepath.Join(t.TempDir(), "gone.tfdyn.hcl")
	if err := os.Symlink(filepath.Join(dir, "missing"), dangling); err != nil {
		t.Fatal(err)
	}
	_, diags = hclschema.Load(filepath.Dir(dangling))
	oneDiag(t, diags, hclschema.CodeNoFiles, "", 0, 0,
		fmt.Sprintf("The path %q is a symbolic link to %q, which does not exist.", dangling, filepath.Join(dir, "missing")))
}

// TestLoadUnreadable: a file or directory without read permission says
// "permission denied", not "no file found".
func TestLoadUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads files without read permission")
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "a.tfdyn.hcl")
	writeFile(t, f, smallSchema)
	if err := os.Chmod(f, 0); err != nil {
		t.Fatal(err)
	}
	_, diags := hclschema.Load(dir)
	oneDiag(t, diags, hclschema.CodeNoFiles, f, 1, 1, fmt.Sprintf("The path %q cannot be read: permission denied.", f))

	locked := filepath.Join(t.TempDir(), "locked")
	if err := os.Mkdir(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })
	_, diags = hclschema.Load(locked)
	oneDiag(t, diags, hclschema.CodeNoFiles, "", 0, 0, fmt.Sprintf("The path %q is a directory that cannot be read: permission denied.", locked))
}

// TestLoadSizeLimits: a file over MaxFileSize and more than MaxFiles files
// are refused before they are parsed.
func TestLoadSizeLimits(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.tfdyn.hcl")
	writeFile(t, big, smallSchema+"#"+strings.Repeat("x", hclschema.MaxFileSize-len(smallSchema)))
	_, diags := hclschema.Load(big)
	oneDiag(t, diags, hclschema.CodeNoFiles, "", 0, 0, "is larger than 1048576 bytes (1 MiB)")

	// Exactly the limit is read.
	writeFile(t, big, smallSchema+"#"+strings.Repeat("x", hclschema.MaxFileSize-len(smallSchema)-1))
	if _, diags := hclschema.Load(big); len(diags) > 0 {
		t.Fatalf("file of MaxFileSize bytes: %s", diags.Error())
	}

	_, diags = hclschema.LoadSource("mem.tfdyn.hcl", make([]byte, hclschema.MaxFileSize+1))
	oneDiag(t, diags, hclschema.CodeNoFiles, "mem.tfdyn.hcl", 1, 1, "is larger than 1048576 bytes")

	many := t.TempDir()
	for i := 0; i <= hclschema.MaxFiles; i++ {
		writeFile(t, filepath.Join(many, fmt.Sprintf("f%04d.tfdyn.hcl", i)), "")
	}
	_, diags = hclschema.Load(many)
	oneDiag(t, diags, hclschema.CodeNoFiles, "", 0, 0, fmt.Sprintf("holds 1001 schema files; tfdyn loads at most %d at once", hclschema.MaxFiles))
}

// TestLoadNestingLimit: deep nesting of every kind that makes the HCL
// parser recurse is TD001 at the token past MaxNesting, without a stack
// overflow; nesting at the limit is parsed.
func TestLoadNestingLimit(t *testing.T) {
	n := 20000
	cases := []struct {
		name     string
		src      string
		line     int
		col      int
		accepted bool
	}{
		// Depth counts the file itself as 1 and every open frame as 1.
		{name: "parentheses", src: "a = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + "\n", line: 1, col: 4 + hclschema.MaxNesting},
		{name: "brackets", src: "a = " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n", line: 1, col: 4 + hclschema.MaxNesting},
		{name: "objects", src: "a = " + strings.Repeat("{b = ", n) + "1" + strings.Repeat("}", n) + "\n", line: 1, col: 4 + 5*(hclschema.MaxNesting-1) + 1},
		{name: "unary not", src: "a = " + strings.Repeat("!", n) + "true\n", line: 1, col: 4 + hclschema.MaxNesting},
		{name: "unary minus", src: "a = " + strings.Repeat("-", n) + "1\n", line: 1, col: 4 + hclschema.MaxNesting},
		{name: "conditionals", src: "a = " + strings.Repeat("true ? 1 : ", n) + "2\n", line: 1, col: 4 + 11*(hclschema.MaxNesting-1) + 6},
		{name: "interpolations", src: "a = " + strings.Repeat(`"${`, n) + "1" + strings.Repeat(`}"`, n) + "\n", line: 1, col: 4 + 3*(hclschema.MaxNesting/2-1) + 2},
		{name: "template ifs", src: "a = \"" + strings.Repeat("%{if true}", n) + strings.Repeat("%{endif}", n) + "\"\n", line: 1, col: 6 + 10*(hclschema.MaxNesting-3)},
		{name: "blocks", src: strings.Repeat("b {\n", n) + strings.Repeat("}\n", n), line: hclschema.MaxNesting, col: 3},
		{name: "at the limit", src: "a = " + strings.Repeat("(", hclschema.MaxNesting-1) + "1" + strings.Repeat(")", hclschema.MaxNesting-1) + "\n", accepted: true},
		{name: "many siblings", src: strings.Repeat("a = !!true ? -1 : -2\n", 5000), accepted: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			diags := hclschema.CheckSource("deep.tfdyn.hcl", []byte(c.src))
			if c.accepted {
				if len(diags) > 0 {
					t.Fatalf("unexpected: %s", diags.Error())
				}
				return
			}
			oneDiag(t, diags, hclschema.CodeSyntax, "deep.tfdyn.hcl", c.line, c.col, "nested more than 200 levels deep")
			_, ld := hclschema.LoadSource("deep.tfdyn.hcl", []byte(c.src))
			oneDiag(t, ld, hclschema.CodeSyntax, "deep.tfdyn.hcl", c.line, c.col, "nested more than 200 levels deep")
		})
	}
}

// TestLoadContext: a cancelled context stops the load before it reads a
// file and returns the context's error; a live one loads everything.
func TestLoadContext(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.tfdyn.hcl"), smallSchema)
	ctx, cancel := context.WithCancel(context.Background())
	s, diags, err := hclschema.LoadContext(ctx, dir)
	if err != nil || len(diags) > 0 || s.Table("t") == nil {
		t.Fatalf("live context: err %v, diags %s", err, diags.Error())
	}
	cancel()
	s, diags, err = hclschema.LoadContext(ctx, dir)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled context: err = %v, want context.Canceled", err)
	}
	if len(diags) > 0 || len(s.Tables) != 0 || len(s.Files) != 0 {
		t.Errorf("cancelled context read files: %d tables, %d files, diags %s", len(s.Tables), len(s.Files), diags.Error())
	}
}

// BenchmarkCheckSource measures the input-limit check (a pass of the HCL
// lexer) against the parse it guards, on the largest example schema.
func BenchmarkCheckSource(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "examples", "github", "github.tfdyn.hcl"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("check", func(b *testing.B) {
		for b.Loop() {
			if ds := hclschema.CheckSource("github.tfdyn.hcl", src); ds.HasErrors() {
				b.Fatal(ds.Error())
			}
		}
	})
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			if _, ds := hclschema.LoadSource("github.tfdyn.hcl", src); ds.HasErrors() {
				b.Fatal(ds.Error())
			}
		}
	})
}
