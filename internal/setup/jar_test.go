package setup

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// copyDynamoDBLocal copies the developer's DynamoDB Local into cache.
func copyDynamoDBLocal(t *testing.T, cache string) string {
	t.Helper()
	src := installedDynamoDBLocal(t)
	dest := DynamoDBLocalDir(cache)
	require.NoError(t, os.CopyFS(dest, os.DirFS(src)))
	return dest
}

// TestCheckFindsADamagedJar (issue 27): setup --check called a corrupt
// DynamoDBLocal.jar ok. A truncated jar, one with a flipped byte inside
// an entry, garbage, and a jar without DynamoDBLocal_lib are each reported
// as damaged with what to run; the whole copy is ok. Without --check,
// setup installs it again.
func TestCheckFindsADamagedJar(t *testing.T) {
	cache := t.TempDir()
	dir := copyDynamoDBLocal(t, cache)
	jar := filepath.Join(dir, "DynamoDBLocal.jar")
	whole, err := os.ReadFile(jar)
	require.NoError(t, err)
	check := func() Item {
		return dynamoDBLocal(context.Background(), Options{CacheDir: cache, Check: true})
	}
	require.Equal(t, Item{Name: "dynamodb-local", State: OK, Detail: dir}, check())

	flipped := append([]byte(nil), whole...)
	flipped[len(flipped)/2] ^= 0xff // inside an entry's compressed data
	for name, c := range map[string]struct {
		content []byte
		want    string
	}{
		"truncated": {whole[:len(whole)/2], "DynamoDBLocal.jar is not a jar (zip: not a valid zip file)"},
		"garbage":   {[]byte("<html>404 Not Found</html>"), "DynamoDBLocal.jar is not a jar (zip: not a valid zip file)"},
		"flipped":   {flipped, "DynamoDBLocal.jar: entry "},
	} {
		require.NoError(t, os.WriteFile(jar, c.content, 0o644))
		it := check()
		require.Equal(t, Missing, it.State, name)
		require.Contains(t, it.Detail, "damaged in "+dir+": "+c.want, name)
		require.Equal(t, "run `tfdyn setup` to install it again", it.Fix, name)
	}
	require.NoError(t, os.WriteFile(jar, whole, 0o644))
	require.NoError(t, os.Rename(filepath.Join(dir, "DynamoDBLocal_lib"), filepath.Join(cache, "lib")))
	require.Equal(t, "damaged in "+dir+": DynamoDBLocal_lib is missing next to DynamoDBLocal.jar", check().Detail)
	require.NoError(t, os.Rename(filepath.Join(cache, "lib"), filepath.Join(dir, "DynamoDBLocal_lib")))

	// setup (not --check) replaces a damaged copy.
	require.NoError(t, os.WriteFile(jar, whole[:1000], 0o644))
	it := dynamoDBLocal(context.Background(), Options{CacheDir: cache})
	require.Equal(t, Installed, it.State, it.Fix)
	require.Equal(t, "", jarProblem(dir))
}
