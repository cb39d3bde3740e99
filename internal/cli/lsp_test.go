package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/oracle"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// lspPos is an LSP position.
type lspPos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start lspPos `json:"start"`
	End   lspPos `json:"end"`
}

// posAt is the LSP position of byte offset off of text (UTF-16 columns).
func posAt(text string, off int) lspPos {
	var p lspPos
	for i := 0; i < off; {
		r, n := utf8.DecodeRuneInString(text[i:])
		if r == '\n' {
			p.Line++
			p.Character = 0
		} else {
			p.Character += len(utf16.Encode([]rune{r}))
		}
		i += n
	}
	return p
}

func rangeOf(text string, r hcl.Range) lspRange {
	return lspRange{Start: posAt(text, r.Start.Byte), End: posAt(text, r.End.Byte)}
}

// published is a textDocument/publishDiagnostics notification.
type published struct {
	URI         string `json:"uri"`
	Version     int    `json:"version"`
	Diagnostics []struct {
		Range    lspRange `json:"range"`
		Severity int      `json:"severity"`
		Code     string   `json:"code"`
		Message  string   `json:"message"`
	} `json:"diagnostics"`
}

// codesAt lists a publication's diagnostics as "CODE line:col-line:col".
func (p published) codesAt() []string {
	out := []string{}
	for _, d := range p.Diagnostics {
		out = append(out, d.Code+" "+rangeString(d.Range))
	}
	sort.Strings(out)
	return out
}

func rangeString(r lspRange) string {
	b, _ := json.Marshal([]int{r.Start.Line, r.Start.Character, r.End.Line, r.End.Character})
	return string(b)
}

// loaderCodes is what tfdyn validate reports for file of the schema made
// of srcs, in the same form.
func loaderCodes(t *testing.T, srcs map[string][]byte, file string) []string {
	t.Helper()
	s, diags := hclschema.LoadSources(srcs)
	if !diags.HasErrors() {
		diags = append(diags, lint.Run(s)...)
	}
	out := []string{}
	for _, d := range diags {
		if d.Subject != nil && d.Subject.Filename == file {
			out = append(out, string(diag.CodeOf(d))+" "+rangeString(rangeOf(string(srcs[file]), *d.Subject)))
		}
	}
	sort.Strings(out)
	return out
}

// lspClient returns the command that runs tools/lspclient/drive.mjs (which
// make setup installs into $TFDYN_CACHE/lspclient); without it the test
// fails (it is skipped under -short).
func lspClient(t *testing.T) []string {
	t.Helper()
	tftest.Live() // node reads the cache's install and runs the built binary
	dir := filepath.Join(tfenv.CacheDir(), "lspclient")
	problem := ""
	node, err := exec.LookPath("node")
	if err != nil {
		problem = "node is not on PATH"
	}
	for _, f := range []string{"drive.mjs", "tokenize.mjs", "package-lock.json"} {
		want, err := os.ReadFile(filepath.Join("..", "..", "tools", "lspclient", f))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(dir, f))
		if problem == "" && (err != nil || !bytes.Equal(got, want)) {
			problem = dir + "/" + f + " is missing or differs from tools/lspclient/" + f
		}
	}
	if problem != "" {
		if testing.Short() {
			t.Skip(problem + " (run make setup)")
		}
		t.Fatal(problem + ": run make setup")
	}
	return []string{node, filepath.Join(dir, "drive.mjs")}
}

// TestLSPSession drives tfdyn lsp with Microsoft's LSP client library over
// stdio on every example: initialize; didOpen (the diagnostics are what
// tfdyn validate reports, code and range); didChange breaking an entity
// reference (the loader's error at its range) and fixing it (back to the
// first diagnostics); completion of attribute names inside ${...}; hover
// on a key template (the key of each example); definition of entity.X;
// formatting of an edit that breaks the indentation (one edit giving
// tfdyn fmt's text); shutdown and exit (exit code 0).
func TestLSPSession(t *testing.T) {
	client := lspClient(t)
	bin := tfdynBinary(t)
	for _, dir := range exampleDirs(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			tmp := t.TempDir()
			files, err := filepath.Glob(filepath.Join(dir, "*"+hclschema.FileSuffix))
			require.NoError(t, err)
			srcs := map[string][]byte{}
			for _, f := range files {
				b, err := os.ReadFile(f)
				require.NoError(t, err)
				to := filepath.Join(tmp, filepath.Base(f))
				require.NoError(t, os.WriteFile(to, b, 0o644))
				srcs[to] = b
			}
			file := filepath.Join(tmp, filepath.Base(files[0]))
			text := string(srcs[file])
			uri := "file://" + file
			s, diags := hclschema.LoadSources(srcs)
			require.False(t, diags.HasErrors(), diags.Error())

			// Places in the file: the first pattern's entity reference, the
			// first entity's first key template.
			p := s.Patterns[0]
			ref := p.EntityRanges[0]
			e := p.Entities[0]
			tpl := e.Key.Templates[0]
			inTpl := tpl.Range.Start.Byte + strings.Index(rangeText(text, tpl.Range), "${") + 2
			broken := text[:ref.Start.Byte] + "entity.Nope" + text[ref.End.Byte:]
			lines := strings.SplitAfter(text, "\n")
			badIndent := strings.Join(append(append([]string{}, lines[:1]...), append([]string{"    " + lines[1]}, lines[2:]...)...), "")

			whole := func(old string) lspRange { return lspRange{End: posAt(old, len(old))} }
			script := []map[string]any{
				{"request": "initialize", "params": map[string]any{"processId": nil, "rootUri": "file://" + tmp, "capabilities": map[string]any{}}},
				{"notify": "initialized", "params": map[string]any{}},
				{"notify": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "tfdyn", "version": 1, "text": text}}},
				{"diagnostics": uri, "version": 1},
				{"notify": "textDocument/didChange", "params": map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
					"contentChanges": []any{map[string]any{"range": rangeOf(text, ref), "text": "entity.Nope"}}}},
				{"diagnostics": uri, "version": 2},
				{"notify": "textDocument/didChange", "params": map[string]any{"textDocument": map[string]any{"uri": uri, "version": 3},
					"contentChanges": []any{map[string]any{"range": whole(broken), "text": text}}}},
				{"diagnostics": uri, "version": 3},
				{"request": "textDocument/completion", "params": map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posAt(text, inTpl)}},
				{"request": "textDocument/hover", "params": map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posAt(text, tpl.Range.Start.Byte+1)}},
				{"request": "textDocument/definition", "params": map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posAt(text, ref.Start.Byte+len("entity.")+1)}},
				{"request": "textDocument/formatting", "params": map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}},
				{"notify": "textDocument/didChange", "params": map[string]any{"textDocument": map[string]any{"uri": uri, "version": 4},
					"contentChanges": []any{map[string]any{"text": badIndent}}}},
				{"request": "textDocument/formatting", "params": map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}},
				{"request": "shutdown"},
				{"notify": "exit"},
			}
			sb, err := json.Marshal(script)
			require.NoError(t, err)
			scriptPath := filepath.Join(t.TempDir(), "script.json")
			require.NoError(t, os.WriteFile(scriptPath, sb, 0o644))
			cmd := exec.Command(client[0], client[1], scriptPath, bin, "lsp")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			require.NoError(t, err, stderr.String())
			var res struct {
				Results []json.RawMessage `json:"results"`
				Exit    int               `json:"exit"`
			}
			require.NoError(t, json.Unmarshal(out, &res), string(out))
			require.Equal(t, 0, res.Exit, "tfdyn lsp exit code after shutdown and exit")
			require.Equal(t, 10, len(res.Results), "one result per request and diagnostics step")
			require.Equal(t, "null", string(res.Results[9]), "shutdown")

			var initRes struct {
				Capabilities map[string]any `json:"capabilities"`
				ServerInfo   struct{ Name string }
			}
			require.NoError(t, json.Unmarshal(res.Results[0], &initRes))
			require.Equal(t, "tfdyn", initRes.ServerInfo.Name)
			for _, c := range []string{"completionProvider", "hoverProvider", "definitionProvider", "documentFormattingProvider", "codeActionProvider"} {
				require.Contains(t, initRes.Capabilities, c)
			}

			var d1, d2, d3 published
			require.NoError(t, json.Unmarshal(res.Results[1], &d1))
			require.NoError(t, json.Unmarshal(res.Results[2], &d2))
			require.NoError(t, json.Unmarshal(res.Results[3], &d3))
			require.Equal(t, 1, d1.Version)
			require.Equal(t, loaderCodes(t, srcs, file), d1.codesAt())
			brokenSrcs := map[string][]byte{}
			for f, b := range srcs {
				brokenSrcs[f] = b
			}
			brokenSrcs[file] = []byte(broken)
			want := loaderCodes(t, brokenSrcs, file)
			require.Equal(t, want, d2.codesAt())
			at := posAt(broken, ref.Start.Byte)
			found := false
			for _, d := range d2.Diagnostics {
				if d.Severity == 1 && d.Range.Start == at {
					found = true
				}
			}
			require.True(t, found, "an error at the broken reference %v: %v", at, d2.codesAt())
			require.Equal(t, 3, d3.Version)
			require.Equal(t, d1.codesAt(), d3.codesAt())

			var completion []struct{ Label string }
			require.NoError(t, json.Unmarshal(res.Results[4], &completion))
			var labels []string
			for _, c := range completion {
				labels = append(labels, c.Label)
			}
			require.Equal(t, e.AttributeNames(), labels)

			var hover struct {
				Contents struct{ Kind, Value string }
				Range    lspRange
			}
			require.NoError(t, json.Unmarshal(res.Results[5], &hover))
			require.Equal(t, rangeOf(text, tpl.Range), hover.Range)
			require.Contains(t, hover.Contents.Value, "**"+tpl.Attr+"**")
			for _, ex := range e.Examples {
				it, err := e.Item(ex.Values)
				require.NoError(t, err)
				require.Contains(t, hover.Contents.Value, "| "+ex.Name()+" | `"+oracle.Render(it.Attrs[tpl.Attr])+"` |")
			}

			var def struct {
				URI   string
				Range lspRange
			}
			require.NoError(t, json.Unmarshal(res.Results[6], &def))
			require.Equal(t, "file://"+e.DeclRange.Filename, def.URI)
			require.Equal(t, rangeOf(string(srcs[e.DeclRange.Filename]), e.DeclRange), def.Range)

			var none, edits []struct {
				Range   lspRange
				NewText string
			}
			require.NoError(t, json.Unmarshal(res.Results[7], &none))
			require.Empty(t, none, "the example is formatted")
			require.NoError(t, json.Unmarshal(res.Results[8], &edits))
			require.Len(t, edits, 1)
			formatted, ds := hclschema.Format(file, []byte(badIndent))
			require.False(t, ds.HasErrors())
			require.Equal(t, string(formatted), edits[0].NewText)
			require.Equal(t, text, edits[0].NewText)
			require.Equal(t, lspRange{End: posAt(badIndent, len(badIndent))}, edits[0].Range)
		})
	}
}

func rangeText(text string, r hcl.Range) string { return text[r.Start.Byte:r.End.Byte] }

// frame is one LSP message with its header.
func lspFrame(body string) string {
	return "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}

// TestLSPExitCodes: tfdyn lsp exits 0 after shutdown and exit, 1 when its
// input ends without them, and answers a request for a method it does
// not know with an error, not a crash.
func TestLSPExitCodes(t *testing.T) {
	session := lspFrame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`) +
		lspFrame(`{"jsonrpc":"2.0","id":2,"method":"textDocument/unknown","params":{}}`) +
		lspFrame(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`) +
		lspFrame(`{"jsonrpc":"2.0","method":"exit"}`)
	var stdout, stderr bytes.Buffer
	code := RunContext(context.Background(), []string{"lsp"}, strings.NewReader(session), &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	require.Contains(t, stdout.String(), `"id":2,"error":{"code":-32601,"message":"tfdyn lsp does not support textDocument/unknown"}`)
	require.Contains(t, stdout.String(), `"id":3,"result":null`)

	stdout.Reset()
	stderr.Reset()
	code = RunContext(context.Background(), []string{"lsp"}, strings.NewReader(lspFrame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)), &stdout, &stderr)
	require.Equal(t, 1, code)
	require.Contains(t, stderr.String(), "lsp: the client closed the connection without shutdown")
}

// TestTextMateGrammar tokenizes every example with the TextMate grammar of
// editors/vscode as VS Code does (vscode-textmate, Oniguruma): block types,
// labels, arguments, references, condition functions, interpolations in
// key templates and comments get their scopes.
func TestTextMateGrammar(t *testing.T) {
	client := lspClient(t)
	tokenize := filepath.Join(filepath.Dir(client[1]), "tokenize.mjs")
	grammar := filepath.Join(repoRoot(t), "editors", "vscode", "syntaxes", "tfdyn.tmLanguage.json")
	var files []string
	for _, dir := range exampleDirs(t) {
		fs, _ := filepath.Glob(filepath.Join(dir, "*"+hclschema.FileSuffix))
		files = append(files, fs...)
	}
	out, err := exec.Command(client[0], append([]string{tokenize, grammar}, files...)...).Output()
	require.NoError(t, err)
	type token struct {
		File   string
		Line   int
		Text   string
		Scopes []string
	}
	var toks []token
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var tk token
		require.NoError(t, json.Unmarshal([]byte(l), &tk))
		toks = append(toks, tk)
	}
	// scopeOf returns the innermost scope of the first token text on the
	// first line of file containing line.
	scopeOf := func(file, line, text string) string {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		n := 0
		for i, l := range strings.Split(string(src), "\n") {
			if strings.Contains(l, line) {
				n = i + 1
				break
			}
		}
		require.NotZero(t, n, "%s has no line with %q", file, line)
		for _, tk := range toks {
			if tk.File == file && tk.Line == n && tk.Text == text {
				return tk.Scopes[len(tk.Scopes)-1]
			}
		}
		t.Fatalf("%s:%d has no token %q", file, n, text)
		return ""
	}
	ecommerce := filepath.Join(repoRoot(t), "examples", "ecommerce", "ecommerce.tfdyn.hcl")
	for _, c := range []struct{ line, text, scope string }{
		{`entity "Customer" {`, "entity", "storage.type.block.tfdyn"},
		{`entity "Customer" {`, `"Customer"`, "entity.name.type.tfdyn"},
		{`global_secondary_index "GSI1" {`, "global_secondary_index", "storage.type.block.tfdyn"},
		{`  partition_key          = "PK"`, "partition_key", "variable.other.property.tfdyn"},
		{`    PK = "CUSTOMER#${username}"`, "username", "meta.interpolation.tfdyn"},
		{`    PK = "CUSTOMER#${username}"`, "${", "punctuation.section.interpolation.begin.tfdyn"},
		{`    SK = begins_with("ORDER#")`, "begins_with", "support.function.condition.tfdyn"},
		{`  entity      = entity.Customer`, "Customer", "variable.other.reference.tfdyn"},
		{`# E-commerce shop`, "# E-commerce shop: the complete example of seed 001, section 8.1.", "comment.line.number-sign.tfdyn"},
		{`  limit = 20`, "20", "constant.numeric.tfdyn"},
	} {
		require.Equal(t, c.scope, scopeOf(ecommerce, c.line, c.text), "%q in %q", c.text, c.line)
	}
}
