package typescript

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tstest"
)

var (
	// wantComment is an expected error at the end of a line of errors.ts,
	// its column, code and message, for every compiler or for one: "//
	// want: 44 TS2322 Type ...", "// want(typescript5): 38 TS2345 ...".
	wantComment = regexp.MustCompile(`// want(?:\((\w+)\))?: (\d+ TS\d+) (.*?)(?:\s+// want|$)`)
	// tscError is the first line of an error tsc reports.
	tscError = regexp.MustCompile(`^src/([\w./-]+)\((\d+),(\d+)\): error (TS\d+): (.*)$`)
)

// TestTypeErrors: with the generated modules, a type error is a compile
// error, not a run-time one. testdata/typecheck/errors.ts calls them with a
// wrong enum value, a wrong attribute type, an absent optional attribute
// given as undefined, a key builder with a missing input and a
// multi-attribute key prefix that skips a sort attribute, and calls the
// access and write patterns with a missing input, a value the enum does not
// list, a multi-attribute pattern or query that skips a sort attribute, a
// put and an update with a wrong attribute type: tsc (7 and 5.9) reports
// exactly the error each line wants, at its line and column, and nothing
// else; ok.ts, the right calls of every pattern (pages, cursors, an
// AbortSignal), compiles.
func TestTypeErrors(t *testing.T) {
	src, err := os.ReadFile("testdata/typecheck/errors.ts")
	require.NoError(t, err)
	wants := func(compiler string) map[string]string {
		want := map[string]string{}
		for i, line := range strings.Split(string(src), "\n") {
			// A line's error for this compiler: its own want, else the
			// one for every compiler.
			at, mine := "", ""
			for rest := line; ; {
				m := wantComment.FindStringSubmatchIndex(rest)
				if m == nil {
					break
				}
				who, code, msg := "", rest[m[4]:m[5]], rest[m[6]:m[7]]
				if m[2] >= 0 {
					who = rest[m[2]:m[3]]
				}
				col, code, _ := strings.Cut(code, " ")
				if who == "" && at == "" || who == compiler {
					at, mine = "errors.ts:"+strconv.Itoa(i+1)+":"+col, code+" "+msg
				}
				rest = rest[m[7]:]
			}
			if at != "" {
				want[at] = mine
			}
		}
		return want
	}
	require.Len(t, wants("typescript"), 13)
	for _, c := range tstest.Compilers {
		t.Run(c.Name, func(t *testing.T) {
			dir := t.TempDir()
			gen := filepath.Join(dir, "src", "gen")
			writeTS(t, gen, generateTS(t, "testdata/typecheck/schema", gen))
			for _, f := range []string{"ok.ts", "errors.ts"} {
				b, err := os.ReadFile(filepath.Join("testdata", "typecheck", f))
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(dir, "src", f), b, 0o644))
			}
			tsPackage(t, dir, "module", `"target": "es2022", "lib": ["es2022"], "types": ["node"], "module": "nodenext", "moduleResolution": "nodenext", "noEmit": true`, "src")
			out, ok := c.Run(t, dir, "-p", ".", "--pretty", "false")
			require.False(t, ok, "errors.ts compiled:\n%s", out)
			got := map[string]string{}
			for _, line := range strings.Split(out, "\n") {
				if m := tscError.FindStringSubmatch(line); m != nil {
					got[m[1]+":"+m[2]+":"+m[3]] = m[4] + " " + m[5]
				}
			}
			require.Equal(t, wants(c.Name), got, "tsc output:\n%s", out)
		})
	}
}
