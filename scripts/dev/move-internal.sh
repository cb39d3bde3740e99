#!/usr/bin/env bash
# move-internal.sh moves every Go package that is not a deliberate public API
# under internal/ (issue 13, item 4) and rewrites everything that names them.
# The only public package is hclschema; cmd/, examples/ and modules/ stay.
#
#   scripts/dev/move-internal.sh            # from any directory of a clean checkout
#   scripts/dev/move-internal.sh --dry-run  # the same in a throwaway worktree of HEAD: prints what would change
#
# It works by directory, not by a list of files, so it can run on a tree with
# more files than when it was written (new rules, tests, docs pages):
#
#   1. git mv PKG internal/PKG for each package below that still sits at the
#      top (a package already under internal/ is left alone).
#   2. Import paths: "MODULE/PKG" and "MODULE/PKG/..." become
#      "MODULE/internal/PKG..." in every tracked text file (Go and docs);
#      hclschema, cmd and internal/... are never touched.
#   3. Paths in tracked text files (in Go files: string literals and comments
#      only), each resolved before it is rewritten:
#      - a relative path ("../examples", "../../plancheck/testdata/plans",
#        Markdown links such as (../lint/td101.go)) is resolved from the file's
#        old directory; when it names something in the repository whose
#        location relative to the file changed (a moved package leaving its
#        directory, another file reaching into a moved package), it is
#        rewritten relative to the file's new directory. Paths between two
#        moved packages ("../lint/testdata" from verify) and paths inside one
#        package stay as they are. A path that names nothing in the
#        repository ("../schema" as test data) is left alone.
#      - Go calls whose first arguments are ".." literals
#        (filepath.Join("..", "examples", name)) get the same treatment; in a
#        moved package a lone ".." followed by a non-literal
#        (filepath.Join("..", r.Link())) is taken to mean the repository root
#        and gets one more "..", and filepath.Abs("..") becomes "../..".
#      - in moved packages' tests, strings.TrimPrefix(p, "../") (stripping
#        the way up to the repository root) becomes "../../".
#      - emit's SchemaPath values are data (the schema identity recorded in
#        emitted file headers), never rewritten.
#      - repository-relative paths (lint/td101.go, plancheck/testdata/plans,
#        ./emit in `go test ./emit`, ./lint/...) get the internal/ prefix when
#        the file or directory exists there (or names a file by its
#        extension, such as lint/td1NN_name.go).
#   4. Markdown: a backticked package name (`lint`) in the first cell of a
#      table row, and anywhere in docs/architecture.md, becomes `internal/lint`.
#   5. gofmt -w on the Go files (import order), then checks that no Go file
#      imports an old path and that `go vet ./...` passes.
#
# It refuses a dirty tree (exit 2) so that its diff is reviewable on its own,
# and is idempotent: on a moved tree it changes nothing and exits 0. Every
# rewrite is printed as FILE:LINE: OLD -> NEW.
set -euo pipefail

PKGS=(cost ddblocal diag doc emit lint oracle plancheck tfenv verify)

die() { echo "move-internal: $*" >&2; exit 2; }

self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
root="$(git rev-parse --show-toplevel 2>/dev/null)" || die "not inside a git checkout"
cd "$root"
[ -f go.mod ] || die "no go.mod at $root"
module="$(awk '$1 == "module" { print $2; exit }' go.mod)"
[ -n "$module" ] || die "no module line in go.mod"

if [ "${1:-}" = "--dry-run" ]; then
  tmp="$(mktemp -d)"
  trap 'git -C "$root" worktree remove --force "$tmp/wt" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
  git worktree add --quiet --detach "$tmp/wt" HEAD
  (cd "$tmp/wt" && MOVE_INTERNAL_NO_VET="${MOVE_INTERNAL_NO_VET:-}" bash "$self")
  echo "move-internal: dry run on HEAD ($(git rev-parse --short HEAD)); would change:"
  git -C "$tmp/wt" status --short | sed 's/^/  /'
  exit 0
elif [ $# -gt 0 ]; then
  die "usage: $0 [--dry-run]"
fi

if [ -n "$(git status --porcelain)" ]; then
  git status --short >&2
  die "the working tree is not clean: commit or stash first (the move must be one reviewable commit)"
fi

# 1. Move the directories.
moved=()
for p in "${PKGS[@]}"; do
  if [ -z "$(git ls-files -- "$p/")" ]; then
    continue
  fi
  if [ -n "$(git ls-files -- "internal/$p/")" ]; then
    die "both $p/ and internal/$p/ hold tracked files: merge them by hand first"
  fi
  mkdir -p internal
  git mv "$p" "internal/$p"
  moved+=("$p")
done
if [ ${#moved[@]} -gt 0 ]; then
  echo "move-internal: moved ${moved[*]} under internal/"
fi

# 2-4. Rewrite imports, paths and Markdown tables with a small Go program
# (go/ast for the string literals and calls of Go files).
tmpd="$(mktemp -d)"
trap 'rm -rf "$tmpd"' EXIT
cat >"$tmpd/main.go" <<'GO'
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

var (
	root   string
	module string
	pkgs   = map[string]bool{}
)

func main() {
	var list, self string
	flag.StringVar(&root, "root", ".", "repository root")
	flag.StringVar(&module, "module", "", "module path")
	flag.StringVar(&list, "pkgs", "", "comma-separated package directories")
	flag.StringVar(&self, "self", "", "repository-relative path of the calling script (skipped)")
	flag.Parse()
	for _, p := range strings.Split(list, ",") {
		pkgs[p] = true
	}
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		fail("git ls-files: %v", err)
	}
	n := 0
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if f == "" || f == self || path.Base(f) == "move-internal.sh" || f == "go.sum" || strings.Contains(f, "/testdata/fuzz/") {
			continue
		}
		if rewriteFile(f) {
			n++
		}
	}
	fmt.Printf("move-internal: rewrote %d file(s)\n", n)
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "move-internal: "+format+"\n", a...)
	os.Exit(2)
}

type edit struct {
	start, end int
	text       string
}

func rewriteFile(f string) bool {
	full := filepath.Join(root, filepath.FromSlash(f))
	info, err := os.Lstat(full)
	if err != nil || !info.Mode().IsRegular() {
		return false
	}
	src, err := os.ReadFile(full)
	if err != nil {
		fail("%v", err)
	}
	if bytes.IndexByte(src[:min(len(src), 8000)], 0) >= 0 {
		return false // binary
	}
	text := string(src)
	var edits []edit
	switch {
	case strings.HasSuffix(f, ".go"):
		edits = goEdits(f, src)
	default:
		edits = textEdits(f, text, 0, strings.HasSuffix(f, ".md"))
		if strings.HasSuffix(f, ".md") {
			edits = append(edits, markdownEdits(f, text)...)
		}
	}
	text = apply(f, text, edits)
	text = rewriteImports(f, text)
	if text == string(src) {
		return false
	}
	if err := os.WriteFile(full, []byte(text), info.Mode().Perm()); err != nil {
		fail("%v", err)
	}
	return true
}

func apply(f, text string, edits []edit) string {
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	last := len(text) + 1
	for _, e := range edits {
		if e.end > last {
			fail("%s: overlapping rewrites at byte %d", f, e.start)
		}
		line := strings.Count(text[:e.start], "\n") + 1
		fmt.Printf("%s:%d: %s -> %s\n", f, line, text[e.start:e.end], e.text)
		text = text[:e.start] + e.text + text[e.end:]
		last = e.start
	}
	return text
}

// rewriteImports turns MODULE/PKG (and MODULE/PKG/...) into MODULE/internal/PKG.
func rewriteImports(f, text string) string {
	var alt []string
	for p := range pkgs {
		alt = append(alt, regexp.QuoteMeta(p))
	}
	sort.Strings(alt)
	re := regexp.MustCompile(regexp.QuoteMeta(module+"/") + `(` + strings.Join(alt, "|") + `)([^A-Za-z0-9_\-]|$)`)
	return re.ReplaceAllStringFunc(text, func(m string) string {
		r := strings.Replace(m, module+"/", module+"/internal/", 1)
		fmt.Printf("%s: %s -> %s\n", f, m, r)
		return r
	})
}

// ---- paths ---------------------------------------------------------------

func exists(p string) bool {
	if p == "" || p == "." || p == ".." || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") {
		return false
	}
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
	return err == nil
}

func hasGlob(c string) bool { return strings.ContainsAny(c, "*?[{%$<>") }

var fileLike = regexp.MustCompile(`^[A-Za-z0-9_\-]+\.[A-Za-z0-9]+$`)

// existsPrefix: the part of p before its first wildcard component exists.
func existsPrefix(p string) bool {
	var keep []string
	for _, c := range strings.Split(p, "/") {
		if hasGlob(c) {
			break
		}
		keep = append(keep, c)
	}
	return exists(strings.Join(keep, "/"))
}

// moved reports whether the package directory pkg has been moved (it is
// under internal/ and no longer at the top).
func moved(pkg string) bool {
	return pkgs[pkg] && exists("internal/"+pkg) && !exists(pkg)
}

// oldFile maps a file's current path to its path before the move.
func oldFile(f string) string {
	c := strings.SplitN(f, "/", 3)
	if len(c) == 3 && c[0] == "internal" && moved(c[1]) {
		return c[1] + "/" + c[2]
	}
	return f
}

func inMoved(f string) bool { return oldFile(f) != f }

// newPath maps a path before the move to its path after it.
func newPath(p string) string {
	c := strings.SplitN(p, "/", 2)
	if moved(c[0]) {
		return "internal/" + p
	}
	return p
}

// oldExists: a path before the move named something in the repository.
func oldExists(p string) bool {
	c := strings.Split(p, "/")
	if !moved(c[0]) {
		return exists(c[0])
	}
	if len(c) == 1 || c[1] == "" {
		return true
	}
	return c[1] == "..." || hasGlob(c[1]) || fileLike.MatchString(c[1]) || exists("internal/"+c[0]+"/"+c[1])
}

// resolveRel rewrites a path relative to file f's directory.
func resolveRel(f, tok string) (string, bool) {
	oldT := path.Clean(path.Join(path.Dir(oldFile(f)), tok))
	if oldT == "." || oldT == ".." || strings.HasPrefix(oldT, "../") {
		return "", false
	}
	if existsPrefix(path.Clean(path.Join(path.Dir(f), tok))) {
		return "", false // already right
	}
	if !oldExists(oldT) {
		return "", false
	}
	r, err := filepath.Rel(path.Dir(f), newPath(oldT))
	if err != nil {
		return "", false
	}
	r = filepath.ToSlash(r)
	if strings.HasPrefix(tok, ".") && r != ".." && !strings.HasPrefix(r, "../") {
		r = "./" + r
	}
	if strings.HasSuffix(tok, "/") && !strings.HasSuffix(r, "/") {
		r += "/"
	}
	return r, r != tok
}

// resolveRoot rewrites a repository-relative path (lint/x.go, ./emit).
func resolveRoot(tok string) (string, bool) {
	dot := strings.HasPrefix(tok, "./")
	p := strings.TrimPrefix(tok, "./")
	c := strings.Split(p, "/")
	if !moved(c[0]) {
		return "", false
	}
	if len(c) > 1 && c[1] != "" {
		if !oldExists(path.Clean(p)) {
			return "", false
		}
	} else if !dot {
		return "", false // a bare "lint" or "lint/" is a word, not a path
	}
	r := "internal/" + p
	if dot {
		r = "./" + r
	}
	return r, true
}

var tokenRE = regexp.MustCompile(`[A-Za-z0-9_.*/\-]+`)
var trailingDot = regexp.MustCompile(`[A-Za-z0-9_]\.$`)

// textEdits finds path tokens in text (which starts at byte base of file f).
func textEdits(f, text string, base int, md bool) []edit {
	var edits []edit
	for _, m := range tokenRE.FindAllStringIndex(text, -1) {
		s, e := m[0], m[1]
		tok := text[s:e]
		if trailingDot.MatchString(tok) && !strings.HasSuffix(tok, "...") {
			tok = tok[:len(tok)-1]
			e--
		}
		if !strings.Contains(tok, "/") || strings.HasPrefix(tok, "/") || strings.Contains(tok, "//") {
			continue
		}
		link := md && s >= 2 && text[s-2:s] == "]("
		var r string
		var ok bool
		if strings.HasPrefix(tok, "../") || link {
			r, ok = resolveRel(f, tok)
		} else if !strings.HasPrefix(tok, ".") || strings.HasPrefix(tok, "./") {
			r, ok = resolveRoot(tok)
		}
		if ok {
			edits = append(edits, edit{base + s, base + e, r})
		}
	}
	return edits
}

var cellRE = regexp.MustCompile("`([a-z]+)`")

// markdownEdits: `PKG` in a table row's first cell, and anywhere in
// docs/architecture.md (the package table and the layering).
func markdownEdits(f, text string) []edit {
	var edits []edit
	off := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		scope := ""
		if f == "docs/architecture.md" {
			scope = line
		} else if strings.HasPrefix(line, "|") {
			if i := strings.Index(line[1:], "|"); i >= 0 {
				scope = line[:i+1]
			}
		}
		for _, m := range cellRE.FindAllStringSubmatchIndex(scope, -1) {
			if name := scope[m[2]:m[3]]; moved(name) {
				edits = append(edits, edit{off + m[2], off + m[3], "internal/" + name})
			}
		}
		off += len(line)
	}
	return edits
}

// ---- Go ------------------------------------------------------------------

func goEdits(f string, src []byte) []edit {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, f, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		fmt.Fprintf(os.Stderr, "move-internal: %s does not parse (%v): only its import paths are rewritten\n", f, err)
		return nil
	}
	tf := fset.File(file.Pos())
	off := func(p token.Pos) int { return tf.Offset(p) }
	isStr := func(x ast.Expr, v string) bool {
		l, ok := x.(*ast.BasicLit)
		if !ok || l.Kind != token.STRING {
			return false
		}
		s, err := strconv.Unquote(l.Value)
		return err == nil && s == v
	}
	movedFile := inMoved(f)
	// Guesses about what a path means (a non-literal after "..", Abs(".."),
	// TrimPrefix) only in moved packages' tests, never in product code.
	movedTest := movedFile && strings.HasSuffix(f, "_test.go")
	handled := map[*ast.BasicLit]bool{}
	var edits []edit
	mark := func(xs ...ast.Expr) {
		for _, x := range xs {
			if l, ok := x.(*ast.BasicLit); ok {
				handled[l] = true
			}
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			// emit.Options{SchemaPath: "../examples/x"}: the identity recorded
			// in headers, data rather than a path to open.
			if id, ok := n.Key.(*ast.Ident); ok && id.Name == "SchemaPath" {
				mark(n.Value)
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if s, ok := l.(*ast.SelectorExpr); ok && s.Sel.Name == "SchemaPath" {
					mark(n.Rhs...)
				}
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "TrimPrefix" && len(n.Args) == 2 &&
				movedTest && isStr(n.Args[1], "../") {
				mark(n.Args[1])
				edits = append(edits, edit{off(n.Args[1].Pos()), off(n.Args[1].End()), `"../../"`})
				return true
			}
			k := 0
			for k < len(n.Args) && isStr(n.Args[k], "..") {
				k++
			}
			if k == 0 {
				return true
			}
			mark(n.Args[:k]...)
			if k < len(n.Args) {
				l, ok := n.Args[k].(*ast.BasicLit)
				if ok && l.Kind == token.STRING {
					y, err := strconv.Unquote(l.Value)
					if err != nil || y == "" || strings.HasPrefix(y, ".") {
						return true
					}
					mark(l)
					r, ok := resolveRel(f, strings.Repeat("../", k)+y)
					if !ok {
						return true
					}
					var parts []string
					for strings.HasPrefix(r, "../") {
						parts = append(parts, `".."`)
						r = r[3:]
					}
					if strings.Contains(y, "/") {
						parts = append(parts, strconv.Quote(r))
					} else {
						for _, c := range strings.Split(r, "/") {
							parts = append(parts, strconv.Quote(c))
						}
					}
					edits = append(edits, edit{off(n.Args[0].Pos()), off(l.End()), strings.Join(parts, ", ")})
				} else if movedTest && k == 1 {
					// filepath.Join("..", r.Link()): the repository root.
					edits = append(edits, edit{off(n.Args[0].Pos()), off(n.Args[0].End()), `"..", ".."`})
				}
			} else if movedTest && k == 1 {
				// filepath.Abs(".."): the repository root.
				edits = append(edits, edit{off(n.Args[0].Pos()), off(n.Args[0].End()), `"../.."`})
			}
		}
		return true
	})
	ast.Inspect(file, func(n ast.Node) bool {
		if l, ok := n.(*ast.BasicLit); ok && l.Kind == token.STRING && !handled[l] {
			s, e := off(l.Pos()), off(l.End())
			edits = append(edits, textEdits(f, string(src[s:e]), s, false)...)
		}
		return true
	})
	for _, g := range file.Comments {
		for _, c := range g.List {
			s, e := off(c.Pos()), off(c.End())
			edits = append(edits, textEdits(f, string(src[s:e]), s, false)...)
		}
	}
	return edits
}
GO
(cd "$tmpd" && go mod init moveinternal >/dev/null 2>&1 && go build -o rewrite .) || die "cannot build the rewriter"
pkglist="$(IFS=,; echo "${PKGS[*]}")"
selfrel="${self#"$root"/}"
"$tmpd/rewrite" -root "$root" -module "$module" -pkgs "$pkglist" -self "$selfrel"

# 5. gofmt (import order) and checks.
git ls-files -z '*.go' | { grep -zv '/testdata/' || true; } | xargs -0 -r gofmt -l | while read -r f; do
  echo "move-internal: gofmt -w $f"
  gofmt -w "$f"
done
alt="$(IFS='|'; echo "${PKGS[*]}")"
if git grep -nE "\"${module//./\\.}/($alt)(/[^\"]*)?\"" -- '*.go'; then
  die "Go files above still import a package at its old path"
fi
if [ -z "$(git status --porcelain)" ]; then
  echo "move-internal: nothing to do (already moved)"
  exit 0
fi
if [ -z "${MOVE_INTERNAL_NO_VET:-}" ]; then
  go vet ./... || die "go vet ./... fails after the move: see above"
fi
echo "move-internal: done; review with git status and git diff -M, then run go test -short ./..."
