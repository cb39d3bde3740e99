package tfprovider

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// storedMethods are the pure calls whose answers a schemaStore keeps
// across runs: they depend on the provider binary and the request alone
// (the schema calls take an empty request; the provider block's check takes
// the block, kept with the port of its loopback endpoint masked, so that
// concurrent runs on DynamoDB Local share it: maskPort). hashicorp/aws spends 2-4 s of CPU on each of the
// schema and the check, in every run. (The provider's schema has no default
// read from the environment: the check's answer does not depend on it.)
var storedMethods = map[string]bool{
	"/tfplugin5.Provider/GetSchema":                  true,
	"/tfplugin5.Provider/PrepareProviderConfig":      true,
	"/tfplugin5.Provider/GetMetadata":                true,
	"/tfplugin5.Provider/GetResourceIdentitySchemas": true,
	"/tfplugin5.Provider/GetFunctions":               true,
	"/tfplugin6.Provider/GetProviderSchema":          true,
	"/tfplugin6.Provider/ValidateProviderConfig":     true,
	"/tfplugin6.Provider/GetMetadata":                true,
	"/tfplugin6.Provider/GetResourceIdentitySchemas": true,
	"/tfplugin6.Provider/GetFunctions":               true,
}

// maxStored bounds the files of one store directory: a new answer replaces
// the oldest one beyond it (provider blocks that differ in more than a
// loopback port: other regions, credentials or endpoints).
const maxStored = 64

// schemaStore keeps the answers of storedMethods of one provider binary in
// a directory of tfdyn's cache: provider-schemas/<key>, where key hashes the
// binary's real path, size and modification time (a rebuilt or upgraded
// provider gets a new directory), one file per method and request hash. Files are written to a temporary name and
// renamed: a reader sees a whole answer or none, and two runs that write
// the same answer at once need no lock (the answers are equal; the last
// rename wins).
type schemaStore struct {
	dir     string
	pending sync.WaitGroup
}

// newSchemaStore returns the store for the provider binary bin under
// cacheDir.
func newSchemaStore(cacheDir, bin string) (*schemaStore, error) {
	real, err := filepath.EvalSymlinks(bin)
	if err != nil {
		return nil, fmt.Errorf("provider store: %w", err)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, fmt.Errorf("provider store: %w", err)
	}
	h := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%d", real, fi.Size(), fi.ModTime().UnixNano()))
	return &schemaStore{dir: filepath.Join(cacheDir, "provider-schemas", hex.EncodeToString(h[:12]))}, nil
}

// file is where the answer to method and req is kept.
func (s *schemaStore) file(method string, req []byte) string {
	h := sha256.Sum256(req)
	return filepath.Join(s.dir, strings.ReplaceAll(strings.TrimPrefix(method, "/"), "/", ".")+"-"+hex.EncodeToString(h[:8])+".bin")
}

// load returns the kept answer to method and req, if any.
func (s *schemaStore) load(method string, req []byte) ([]byte, bool) {
	b, err := os.ReadFile(s.file(method, req))
	return b, err == nil
}

// save keeps the answer to method and req in the background; wait waits
// for it.
func (s *schemaStore) save(method string, req, resp []byte) {
	s.pending.Add(1)
	go func() {
		defer s.pending.Done()
		if err := os.MkdirAll(s.dir, 0o755); err != nil {
			return
		}
		es, err := os.ReadDir(s.dir)
		if err != nil {
			return
		}
		s.evict(es)
		f, err := os.CreateTemp(s.dir, ".tmp-*")
		if err != nil {
			return
		}
		_, werr := f.Write(resp)
		if cerr := f.Close(); werr != nil || cerr != nil {
			_ = os.Remove(f.Name())
			return
		}
		if err := os.Rename(f.Name(), s.file(method, req)); err != nil {
			_ = os.Remove(f.Name())
		}
	}()
}

// evict removes the oldest answers of es, the store directory's entries,
// so that a new one keeps it within maxStored files. Two runs evicting at
// once may remove one answer more than needed: it is asked again.
func (s *schemaStore) evict(es []os.DirEntry) {
	if len(es) < maxStored {
		return
	}
	type answer struct {
		name string
		mod  time.Time
	}
	var as []answer
	for _, e := range es {
		fi, err := e.Info()
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		as = append(as, answer{e.Name(), fi.ModTime()})
	}
	sort.Slice(as, func(i, j int) bool { return as[i].mod.Before(as[j].mod) })
	for _, a := range as[:max(0, len(as)-maxStored+1)] {
		_ = os.Remove(filepath.Join(s.dir, a.name))
	}
}

// wait waits for the answers being saved.
func (s *schemaStore) wait() { s.pending.Wait() }
