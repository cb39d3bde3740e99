package tfprovider

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-exec/tfexec"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protowire"
)

// TestProviderProxySocketPlace puts the proxy's socket into a short
// workspace, and into a directory of its own under the temporary directory
// when the workspace's path is too long for a socket; stop removes both.
// (The proxy connects to the provider at the first call: none is needed.)
func TestProviderProxySocketPlace(t *testing.T) {
	info := tfexec.ReattachInfo{"registry.terraform.io/hashicorp/aws": {Protocol: "grpc", ProtocolVersion: 5, Pid: 1, Test: true,
		Addr: tfexec.ReattachConfigAddr{Network: "unix", String: filepath.Join(t.TempDir(), "none.sock")}}}

	short, err := os.MkdirTemp("", "ws")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(short) })
	p, out, err := startProxy(short, info, nil, nil)
	require.NoError(t, err)
	want := info["registry.terraform.io/hashicorp/aws"]
	want.Addr = tfexec.ReattachConfigAddr{Network: "unix", String: filepath.Join(short, proxySocket)}
	require.Equal(t, tfexec.ReattachInfo{"registry.terraform.io/hashicorp/aws": want}, out)
	require.FileExists(t, filepath.Join(short, proxySocket))
	p.Stop()
	require.NoFileExists(t, filepath.Join(short, proxySocket))
	require.DirExists(t, short)

	long := filepath.Join(short, strings.Repeat("w", 100))
	require.NoError(t, os.Mkdir(long, 0o700))
	p, out, err = startProxy(long, info, nil, nil)
	require.NoError(t, err)
	sock := out["registry.terraform.io/hashicorp/aws"].Addr.String
	require.Equal(t, filepath.Join(os.TempDir(), filepath.Base(filepath.Dir(sock)), proxySocket), sock)
	require.True(t, strings.HasPrefix(filepath.Base(filepath.Dir(sock)), "tfdyn-provider-"), sock)
	require.Equal(t, []string(nil), dirNames(t, long))
	p.Stop()
	require.NoDirExists(t, filepath.Dir(sock))
}

// TestProviderTempPlace makes the provider's TMPDIR in a short directory,
// and none in a directory too deep for its socket.
func TestProviderTempPlace(t *testing.T) {
	short, err := os.MkdirTemp("", "ws")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(short) })
	require.Equal(t, filepath.Join(short, providerTempDir), providerTemp(short))
	require.DirExists(t, filepath.Join(short, providerTempDir))

	long := filepath.Join(short, strings.Repeat("w", 80))
	require.NoError(t, os.Mkdir(long, 0o700))
	require.Equal(t, "", providerTemp(long))
	require.Equal(t, []string(nil), dirNames(t, long))
}

func TestProviderProxyRefusesSeveralProviders(t *testing.T) {
	_, _, err := startProxy(t.TempDir(), tfexec.ReattachInfo{"a": {}, "b": {}}, nil, nil)
	require.EqualError(t, err, "provider proxy: 2 providers in the reattach information, want 1")
}

// schemaEntry encodes a map entry {key: name, value: a message holding
// version} as field num.
func schemaEntry(b []byte, num protowire.Number, name string, version int64) []byte {
	var value, entry []byte
	value = protowire.AppendTag(value, 1, protowire.VarintType)
	value = protowire.AppendVarint(value, uint64(version))
	entry = protowire.AppendTag(entry, 1, protowire.BytesType)
	entry = protowire.AppendString(entry, name)
	entry = protowire.AppendTag(entry, 2, protowire.BytesType)
	entry = protowire.AppendBytes(entry, value)
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendBytes(b, entry)
}

// TestTrimSchemaKeepsWhatTheConfigurationNames trims a GetProviderSchema
// answer: the provider's own schema, the server capabilities and a field
// this code does not know stay as they are, in order; of the resource
// types, data sources, functions, ephemeral, list and action schemas only
// the entries named stay.
func TestTrimSchemaKeepsWhatTheConfigurationNames(t *testing.T) {
	var in, want []byte
	provider := protowire.AppendTag(nil, 1, protowire.BytesType)
	provider = protowire.AppendBytes(provider, []byte{0x08, 0x05})
	in = append(in, provider...)
	want = append(want, provider...)
	in = schemaEntry(in, 2, "aws_s3_bucket", 1)
	in = schemaEntry(in, 2, "aws_dynamodb_table", 2)
	want = schemaEntry(want, 2, "aws_dynamodb_table", 2)
	in = schemaEntry(in, 3, "aws_caller_identity", 3)
	in = schemaEntry(in, 3, "aws_dynamodb_table", 4)
	want = schemaEntry(want, 3, "aws_dynamodb_table", 4)
	caps := protowire.AppendTag(nil, 6, protowire.BytesType)
	caps = protowire.AppendBytes(caps, []byte{0x08, 0x01})
	in = append(in, caps...)
	want = append(want, caps...)
	for _, num := range []protowire.Number{7, 8, 9, 11} {
		in = schemaEntry(in, num, "arn_parse", 5)
	}
	unknown := protowire.AppendTag(nil, 99, protowire.VarintType)
	unknown = protowire.AppendVarint(unknown, 7)
	in = append(in, unknown...)
	want = append(want, unknown...)

	got, err := trimSchema(in, map[string]bool{"aws_dynamodb_table": true})
	require.NoError(t, err)
	require.Equal(t, want, got)

	_, err = trimSchema(in[:len(in)-1], map[string]bool{})
	require.EqualError(t, err, "provider schema: unexpected EOF")
}

func TestConfigTypesReadsResourceAndDataBlocks(t *testing.T) {
	got, err := ConfigTypes(map[string][]byte{
		"main.tf":    []byte("resource \"aws_dynamodb_table\" \"a\" {}\ndata \"aws_region\" \"r\" {}\nvariable \"x\" {}\n"),
		"README.md":  []byte("resource \"not_hcl\" {"),
		"outputs.tf": []byte("output \"o\" { value = 1 }\n"),
	})
	require.NoError(t, err)
	require.Equal(t, map[string]bool{"aws_dynamodb_table": true, "aws_region": true}, got)

	_, err = ConfigTypes(map[string][]byte{"bad.tf": []byte("resource {")})
	require.ErrorContains(t, err, "bad.tf: bad.tf:1,")
}

// FuzzTrimSchema: trimSchema never panics, and what it keeps of any input
// is a well-formed message whose trimmed maps name only what it keeps;
// trimming again changes nothing.
func FuzzTrimSchema(f *testing.F) {
	f.Add(schemaEntry(schemaEntry(nil, 2, "aws_dynamodb_table", 1), 3, "aws_region", 2))
	f.Add([]byte{0x0a, 0x02, 0x08, 0x05, 0x32, 0x02, 0x08, 0x01})
	keep := map[string]bool{"aws_dynamodb_table": true}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := trimSchema(in, keep)
		if err != nil {
			return
		}
		again, err := trimSchema(out, keep)
		require.NoError(t, err)
		require.Equal(t, out, again)
		for b := out; len(b) > 0; {
			num, typ, n := protowire.ConsumeTag(b)
			m := protowire.ConsumeFieldValue(num, typ, b[n:])
			if trimmedFields[num] && typ == protowire.BytesType {
				entry, _ := protowire.ConsumeBytes(b[n:])
				name, err := mapKey(entry)
				require.NoError(t, err)
				require.True(t, keep[name], "kept %q", name)
			}
			b = b[n+m:]
		}
	})
}

// dirNames lists the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// TestKeeps: a name is kept when named, or when a name ending in "*" is a
// prefix of it.
func TestKeeps(t *testing.T) {
	keep := map[string]bool{"aws_region": true, "aws_dynamodb_*": true}
	for name, want := range map[string]bool{
		"aws_region": true, "aws_dynamodb_table": true, "aws_dynamodb_global_secondary_index": true,
		"aws_dynamodb_": true, "aws_dynamodb": false, "aws_regions": false, "aws_s3_bucket": false, "aws_dynamodb_*": true,
	} {
		require.Equal(t, want, Keeps(keep, name), name)
	}
	in := schemaEntry(schemaEntry(schemaEntry(nil, 2, "aws_dynamodb_table", 1), 2, "aws_s3_bucket", 2), 3, "aws_dynamodb_table_item", 3)
	got, err := trimSchema(in, map[string]bool{"aws_dynamodb_*": true})
	require.NoError(t, err)
	require.Equal(t, schemaEntry(schemaEntry(nil, 2, "aws_dynamodb_table", 1), 3, "aws_dynamodb_table_item", 3), got)
}

// TestLockedBinaries: after an init that upgraded the provider, the lock
// file picks the binary terraform runs.
func TestLockedBinaries(t *testing.T) {
	dir := t.TempDir()
	bin := func(v string) string {
		return filepath.Join(dir, ".terraform", "providers", "registry.terraform.io", "hashicorp", "aws", v, "linux_amd64", "terraform-provider-aws_v"+v+"_x5")
	}
	bins := []string{bin("5.100.0"), bin("6.48.0")}
	require.Equal(t, bins, lockedBinaries(dir, bins), "no lock file: all")
	lock := `provider "registry.terraform.io/hashicorp/aws" {
  version     = "6.48.0"
  constraints = ">= 6.37.0"
  hashes = ["h1:x"]
}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".terraform.lock.hcl"), []byte(lock), 0o644))
	require.Equal(t, []string{bin("6.48.0")}, lockedBinaries(dir, bins))
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".terraform.lock.hcl"), []byte("provider {"), 0o644))
	require.Equal(t, bins, lockedBinaries(dir, bins), "a lock file that does not parse: all")
}

// TestMaskPort masks the port of a request's loopback URL, the same in
// every place, keeping every length, and puts it back into an answer; a
// request without one, or with two different ports, is kept as it is.
func TestMaskPort(t *testing.T) {
	req := []byte("\xa8dynamodb\xb6http://127.0.0.1:45678\xa3sts\xb6http://127.0.0.1:45678")
	key, m := maskPort(req)
	require.NotNil(t, m)
	require.Equal(t, "\xa8dynamodb\xb6http://127.0.0.1:00000\xa3sts\xb6http://127.0.0.1:00000", string(key))
	other, m2 := maskPort([]byte(strings.ReplaceAll(string(req), "45678", "38001")))
	require.Equal(t, key, other, "requests that differ only in the port share a key")
	answer := m.mask([]byte("\x0aprepared http://127.0.0.1:45678"))
	require.Equal(t, "\x0aprepared http://127.0.0.1:00000", string(answer))
	require.Equal(t, "\x0aprepared http://127.0.0.1:38001", string(m2.unmask(answer)))

	for _, r := range []string{"http://127.0.0.1:45678 http://127.0.0.1:45679", "https://dynamodb.us-east-1.amazonaws.com", ""} {
		k, m := maskPort([]byte(r))
		require.Nil(t, m, r)
		require.Equal(t, r, string(k))
		require.Equal(t, r, string(m.unmask(m.mask([]byte(r)))))
	}
	k, m := maskPort([]byte("http://localhost:8000 http://[::1]:8000"))
	require.Nil(t, m, "two URLs")
	require.Equal(t, "http://localhost:8000 http://[::1]:8000", string(k))
	k, m = maskPort([]byte("endpoint=http://localhost:8000;"))
	require.NotNil(t, m)
	require.Equal(t, "endpoint=http://localhost:0000;", string(k))
}

// TestStoreReplacesTheOldestAnswer fills a store directory to maxStored
// answers: a new answer is kept and replaces the oldest, so that a store
// filled by earlier runs still learns (before, a full store kept nothing
// new, and every later run asked the provider again).
func TestStoreReplacesTheOldestAnswer(t *testing.T) {
	s := &schemaStore{dir: t.TempDir()}
	base := time.Now().Add(-time.Hour)
	for i := 0; i < maxStored; i++ {
		name := filepath.Join(s.dir, fmt.Sprintf("old-%02d.bin", i))
		require.NoError(t, os.WriteFile(name, []byte{byte(i)}, 0o600))
		require.NoError(t, os.Chtimes(name, base, base.Add(time.Duration(i)*time.Second)))
	}
	method := "/tfplugin5.Provider/PrepareProviderConfig"
	s.save(method, []byte("block"), []byte("answer"))
	s.wait()
	got, ok := s.load(method, []byte("block"))
	require.True(t, ok)
	require.Equal(t, "answer", string(got))
	es, err := os.ReadDir(s.dir)
	require.NoError(t, err)
	require.Len(t, es, maxStored)
	require.NoFileExists(t, filepath.Join(s.dir, "old-00.bin"))
	require.FileExists(t, filepath.Join(s.dir, "old-01.bin"))
}
