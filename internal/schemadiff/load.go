package schemadiff

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// GitPrefix starts a side of the diff read from Git: git:REV:PATH, for
// example git:origin/main:schema or git:HEAD~1:schema/app.tfdyn.hcl.
const GitPrefix = "git:"

// Ref is one side of a diff: a path on disk or a path at a Git revision.
type Ref struct {
	// Rev is the Git revision ("" for a path on disk).
	Rev string
	// Path is the file or directory (relative to the working directory).
	Path string
}

// String renders the reference as it is written on the command line.
func (r Ref) String() string {
	if r.Rev == "" {
		return r.Path
	}
	return GitPrefix + r.Rev + ":" + r.Path
}

// ParseRef parses a side of the diff: PATH, or git:REV:PATH. REV is
// anything `git rev-parse` accepts that contains no ":" (a branch, a tag, a
// commit, HEAD~2); PATH is relative to the working directory and may be
// empty or "." for the current directory.
func ParseRef(s string) (Ref, error) {
	if s == "" {
		return Ref{}, errors.New("empty schema reference: give a path or git:REV:PATH")
	}
	if !strings.HasPrefix(s, GitPrefix) {
		return Ref{Path: s}, nil
	}
	rest := s[len(GitPrefix):]
	rev, p, ok := strings.Cut(rest, ":")
	if !ok {
		return Ref{}, fmt.Errorf("invalid schema reference %q: use git:REV:PATH, for example git:origin/main:schema", s)
	}
	if rev == "" || strings.ContainsAny(rev, " \t\n\x00") || strings.HasPrefix(rev, "-") {
		return Ref{}, fmt.Errorf("invalid schema reference %q: the revision %q is not a Git revision (use git:REV:PATH, for example git:origin/main:schema)", s, rev)
	}
	if strings.ContainsRune(p, 0) {
		return Ref{}, fmt.Errorf("invalid schema reference %q: the path holds a NUL byte", s)
	}
	if p == "" {
		p = "."
	}
	return Ref{Rev: rev, Path: p}, nil
}

// Load reads the schema a reference names. A path is read by hclschema.Load;
// a Git reference reads the *.tfdyn.hcl files of PATH at REV (a directory
// contributes its own files, not its subdirectories, as on disk) with
// `git cat-file` into memory, under the same limits, and names them
// REV:PATH/FILE in diagnostics. err is an environment error (git missing,
// not a repository, an unknown revision or path): the caller exits 2.
func Load(ctx context.Context, r Ref) (*hclschema.Schema, hcl.Diagnostics, error) {
	if r.Rev == "" {
		s, diags, err := hclschema.LoadContext(ctx, r.Path)
		return s, diags, err
	}
	srcs, err := gitFiles(ctx, r)
	if err != nil {
		return nil, nil, err
	}
	return LoadSources(srcs)
}

// Source is one schema file held in memory.
type Source struct {
	Filename string
	Bytes    []byte
}

// LoadSources decodes schema files held in memory as one schema, with the
// limits of hclschema.Load (file size, nesting, number of files).
func LoadSources(srcs []Source) (*hclschema.Schema, hcl.Diagnostics, error) {
	parser := hclparse.NewParser()
	if len(srcs) == 0 {
		return &hclschema.Schema{Files: parser.Files()}, hcl.Diagnostics{diag.Errorf(hclschema.CodeNoFiles, nil, "No schema files",
			"No %s file was found.", hclschema.FileSuffix)}, nil
	}
	if len(srcs) > hclschema.MaxFiles {
		return &hclschema.Schema{Files: parser.Files()}, hcl.Diagnostics{diag.Errorf(hclschema.CodeNoFiles, nil, "Too many schema files",
			"%d schema files were found; tfdyn reads at most %d at once.", len(srcs), hclschema.MaxFiles)}, nil
	}
	var diags hcl.Diagnostics
	var files []*hcl.File
	for _, src := range srcs {
		if ds := hclschema.CheckSource(src.Filename, src.Bytes); ds.HasErrors() {
			diags = append(diags, ds...)
			continue
		}
		f, ds := parser.ParseHCL(src.Bytes, src.Filename)
		diags = append(diags, diag.WithCode(ds, hclschema.CodeSyntax)...)
		if f != nil {
			files = append(files, f)
		}
	}
	if diags.HasErrors() {
		return &hclschema.Schema{Files: parser.Files()}, diags, nil
	}
	s, ds := hclschema.Decode(files...)
	s.Files = parser.Files()
	return s, append(diags, ds...), nil
}

// gitFiles reads the schema files of r from Git.
func gitFiles(ctx context.Context, r Ref) ([]Source, error) {
	obj := r.Rev + ":" + gitPath(r.Path)
	kind, err := git(ctx, "cat-file", "-t", obj)
	if err != nil {
		return nil, fmt.Errorf("schemadiff: %s: %w", r, err)
	}
	name := func(p string) string { return r.Rev + ":" + path.Clean(p) }
	switch strings.TrimSpace(string(kind)) {
	case "blob":
		b, err := gitBlob(ctx, obj)
		if err != nil {
			return nil, fmt.Errorf("schemadiff: %s: %w", r, err)
		}
		return []Source{{Filename: name(r.Path), Bytes: b}}, nil
	case "tree":
	default:
		return nil, fmt.Errorf("schemadiff: %s is a %s, not a file or directory", r, strings.TrimSpace(string(kind)))
	}
	out, err := git(ctx, "ls-tree", "-z", "--full-tree", "--format=%(objecttype) %(path)", obj)
	if err != nil {
		return nil, fmt.Errorf("schemadiff: %s: %w", r, err)
	}
	var names []string
	for _, line := range strings.Split(string(out), "\x00") {
		typ, p, ok := strings.Cut(line, " ")
		if ok && typ == "blob" && strings.HasSuffix(p, hclschema.FileSuffix) {
			names = append(names, p)
		}
	}
	sort.Strings(names)
	if len(names) > hclschema.MaxFiles {
		names = names[:hclschema.MaxFiles+1] // LoadSources reports the limit
	}
	var srcs []Source
	for _, n := range names {
		b, err := gitBlob(ctx, obj+"/"+n)
		if err != nil {
			return nil, fmt.Errorf("schemadiff: %s: %w", r, err)
		}
		srcs = append(srcs, Source{Filename: name(path.Join(r.Path, n)), Bytes: b})
	}
	return srcs, nil
}

// gitPath makes a working-directory relative path one git resolves from the
// working directory (REV:./PATH), whatever the repository root is.
func gitPath(p string) string {
	p = path.Clean(strings.ReplaceAll(p, "\\", "/"))
	if path.IsAbs(p) {
		return p // git reports that it is outside the repository
	}
	return "./" + p
}

// gitBlob reads a blob of at most MaxFileSize bytes (a larger one is read
// to MaxFileSize+1, and CheckSource refuses it).
func gitBlob(ctx context.Context, obj string) ([]byte, error) {
	size, err := git(ctx, "cat-file", "-s", obj)
	if err != nil {
		return nil, err
	}
	var n int64
	if _, err := fmt.Sscan(strings.TrimSpace(string(size)), &n); err != nil {
		return nil, fmt.Errorf("git cat-file -s %s: %q is not a size", obj, size)
	}
	if n > hclschema.MaxFileSize {
		return make([]byte, hclschema.MaxFileSize+1), nil
	}
	return git(ctx, "cat-file", "blob", obj)
}

// git runs git with args and returns its output; an error carries git's
// own message.
func git(ctx context.Context, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return stdout.Bytes(), nil
}
