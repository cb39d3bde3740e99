package diag_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
)

// hclText is what hcl's own text writer prints, with WriteText's prefix.
func hclText(t *testing.T, files map[string]*hcl.File, diags hcl.Diagnostics, width uint, color bool) string {
	var buf bytes.Buffer
	tw := hcl.NewDiagnosticTextWriter(&buf, files, width, color)
	for _, d := range diags {
		cp := *d
		prefix := ""
		if d.Subject != nil {
			prefix = fmt.Sprintf("%s:%d:%d: ", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column)
		}
		if c := diag.CodeOf(d); c != "" {
			prefix += fmt.Sprintf("[%s] ", c)
		}
		cp.Summary = prefix + d.Summary
		require.NoError(t, tw.WriteDiagnostic(&cp))
	}
	return buf.String()
}

// TestWriteTextMatchesHCLLayout prints the diagnostics of every invalid
// schema of testdata/invalid (and the warning cases) with WriteText and
// with hcl's writer: the output is the same, byte for byte, in plain text,
// in colour and with wrapping — except for schemas with lines longer than
// WriteText prints whole (TestWriteTextCutsLongLines covers those).
func TestWriteTextMatchesHCLLayout(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "invalid", "*"+hclschema.FileSuffix))
	require.NoError(t, err)
	warn, err := filepath.Glob(filepath.Join("..", "..", "testdata", "invalid", "warnings", "*"+hclschema.FileSuffix))
	require.NoError(t, err)
	files = append(files, warn...)
	require.Greater(t, len(files), 100)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			for _, line := range strings.Split(string(src), "\n") {
				if len(line) > 240 {
					t.Skip("has a line longer than a snippet shows")
				}
			}
			s, diags := hclschema.Load(f)
			diags = append(diags, lint.Run(s)...)
			require.NotEmpty(t, diags)
			for _, mode := range []struct {
				width uint
				color bool
			}{{0, false}, {100, true}, {40, false}} {
				var got bytes.Buffer
				require.NoError(t, diag.WriteText(&got, s.Files, diags, mode.width, mode.color))
				require.Equal(t, hclText(t, s.Files, diags, mode.width, mode.color), got.String())
			}
		})
	}
}

// TestWriteTextCutsLongLines: a subject on a 10,000-byte line prints a
// window around the highlight, marked with "…" on the sides cut.
func TestWriteTextCutsLongLines(t *testing.T) {
	long := strings.Repeat("a", 5000)
	src := "x = \"" + long + "\" + tabel.x + \"" + long + "\"\n"
	p := hclparse.NewParser()
	_, ds := p.ParseHCL([]byte(src), "long.tfdyn.hcl")
	require.False(t, ds.HasErrors())
	start := strings.Index(src, "tabel")
	rng := hcl.Range{Filename: "long.tfdyn.hcl",
		Start: hcl.Pos{Line: 1, Column: start + 1, Byte: start},
		End:   hcl.Pos{Line: 1, Column: start + 8, Byte: start + 7}}
	d := diag.Errorf("TD004", &rng, "Unknown table", "No table named %q is declared.", "tabel")
	var out bytes.Buffer
	require.NoError(t, diag.WriteText(&out, p.Files(), hcl.Diagnostics{d}, 0, false))
	lines := strings.Split(out.String(), "\n")
	require.Equal(t, fmt.Sprintf("Error: long.tfdyn.hcl:1:%d: [TD004] Unknown table", start+1), lines[0])
	require.Equal(t, "  on long.tfdyn.hcl line 1:", lines[2])
	snippet := lines[3]
	require.True(t, strings.HasPrefix(snippet, "   1: …"+strings.Repeat("a", 60-6)), snippet)
	require.Contains(t, snippet, `" + tabel.x + "`)
	require.True(t, strings.HasSuffix(snippet, "a…"), snippet)
	require.Equal(t, len("   1: ")+240+2*len("…"), len(snippet))
}

// TestWriteTextUnknownFile: a subject in a file that is not in files says
// the source is not available, as hcl's writer does.
func TestWriteTextUnknownFile(t *testing.T) {
	rng := hcl.Range{Filename: "gone.tfdyn.hcl", Start: hcl.Pos{Line: 3, Column: 1, Byte: 20}, End: hcl.Pos{Line: 3, Column: 4, Byte: 23}}
	d := diag.Warnf("TD110", &rng, "Unpadded number", "Pad it.")
	var got bytes.Buffer
	require.NoError(t, diag.WriteText(&got, map[string]*hcl.File{}, hcl.Diagnostics{d}, 0, false))
	require.Equal(t, "Warning: gone.tfdyn.hcl:3:1: [TD110] Unpadded number\n\n  on gone.tfdyn.hcl line 3:\n  (source code not available)\n\nPad it.\n\n", got.String())
}
