package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/tstest"
)

// TestLiveVerifyGenTS runs tfdyn verify --gen ts:DIR (the binary) on every
// example and published design (testdata/published) with hashicorp/aws 6
// on DynamoDB Local, DIR the modules tfdyn gen
// ts wrote into an application's package: the run passes
// (exit 0) with every step of the modules' contract passed and leaves
// nothing behind; the same copy with a key template edited by hand is
// refused before anything is provisioned (exit 2: not what gen ts writes).
func TestLiveVerifyGenTS(t *testing.T) {
	t.Parallel() // its subtests hold the live-test slots
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint)
	tstest.Dir(t)
	bin := tfdynBinary(t)
	run := func(t *testing.T, args ...string) (int, string, string) {
		return runBinary(t, env, bin, args...)
	}
	// steps is the number of steps of the schema's contract, 0 for more
	// than 20.
	type schema struct {
		path  string
		steps int
	}
	var schemas []schema
	for _, name := range []string{"ecommerce", "github", "tournaments"} {
		schemas = append(schemas, schema{filepath.Join("..", "..", "examples", name), 0})
	}
	// The published designs of issue 30: per-write inputs of a
	// transaction, an object input appended to a document, computed
	// attributes, a unique normalised e-mail, quoted key names.
	schemas = append(schemas, schema{filepath.Join(publishedDir, "online_shop"), 73},
		schema{filepath.Join(publishedDir, "equipment_versions"), 16}, schema{filepath.Join(publishedDir, "device_state_log"), 38})
	for _, sc := range schemas {
		example := sc.path
		t.Run(filepath.Base(example), func(t *testing.T) {
			tftest.Parallel(t)
			dir := tstest.Package(t, nil)
			code, stdout, stderr := run(t, "gen", "ts", example, "-o", dir)
			require.Equal(t, 0, code, "%s\n%s", stdout, stderr)
			code, stdout, stderr = run(t, "verify", "--items", "5", "--gen", "ts:"+dir, example)
			require.Equal(t, 0, code, "%s\n%s", stdout, stderr)
			i := strings.Index(stdout, "\nGenerated code ts:"+filepath.ToSlash(dir)+" (contract test, ")
			require.GreaterOrEqual(t, i, 0, stdout)
			line := stdout[i+1:]
			line = line[:strings.Index(line, "\n")]
			var passed, total int
			_, err := fmt.Sscanf(line[strings.Index(line, "(contract test, "):], "(contract test, %d of %d steps passed)", &passed, &total)
			require.NoError(t, err, line)
			require.Equal(t, total, passed, line)
			if sc.steps > 0 {
				require.Equal(t, sc.steps, total, line)
			} else {
				require.Greater(t, total, 20, line)
			}
			require.NotContains(t, stdout, "FAIL VF421")
			assertNothingLeft(t, stderr)
		})
	}
	t.Run("ecommerce-edited", func(t *testing.T) {
		tftest.Parallel(t)
		example := filepath.Join("..", "..", "examples", "ecommerce")
		dir := tstest.Package(t, nil)
		code, stdout, stderr := run(t, "gen", "ts", example, "-o", dir)
		require.Equal(t, 0, code, "%s\n%s", stdout, stderr)
		tpl := filepath.Join(dir, "data-access", "templates.ts")
		b, err := os.ReadFile(tpl)
		require.NoError(t, err)
		edited := strings.Replace(string(b), "return `ORDER#${orderDate}#${orderID}`", "return `ORDR#${orderDate}#${orderID}`", 1)
		require.NotEqual(t, string(b), edited)
		require.NoError(t, os.WriteFile(tpl, []byte(edited), 0o644))
		code, stdout, stderr = run(t, "verify", "--items", "5", "--gen", "ts:"+dir, example)
		require.Equal(t, 2, code, "%s\n%s", stdout, stderr)
		require.Contains(t, stderr, "--gen ts:"+dir+": the modules are not what tfdyn gen ts writes for this schema, so its contract test would not be the schema's")
		require.Contains(t, stderr, "data-access/templates.ts: edited by hand")
		require.Empty(t, stdout)
	})
}
