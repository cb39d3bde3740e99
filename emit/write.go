package emit

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// Generated reports whether content starts with a tfdyn generated-code
// header (Terraform or Markdown): whether emit may replace the file. doc -o
// applies the same rule.
func Generated(content []byte) bool { return fsafe.Generated(content) }

// ErrStale is returned by Write in check mode when files differ.
var ErrStale = errors.New("emitted files are stale")

// ForeignFileError reports a file in the output directory that emit refuses
// to replace: one without the generated-code header, a symbolic link or a
// file that is not regular. Write wraps it with how to fix it.
type ForeignFileError = fsafe.ForeignFileError

// legacyTempRE matches the temporary files of tfdyn versions before
// package fsafe (".dynamodb.tf.tmp123456"): Write removes those of its own
// file names.
var legacyTempRE = regexp.MustCompile(`^\.(.+)\.tmp\d+$`)

// Write writes files into dir. It never replaces a file that lacks the
// generated-code header, nor a symbolic link. With check set, it writes
// nothing and returns an error wrapping ErrStale that names every file that
// is missing or differs.
//
// The set is written all or nothing: every changed file is staged (written
// and synced under a temporary name in dir) before the first is renamed over
// its target, so a failed write (a full disk) leaves every file as it was.
// Before writing, Write removes the temporary files that killed runs left in
// dir (package fsafe).
func Write(dir string, files map[string][]byte, check bool) (changed []string, err error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		path := filepath.Join(dir, n)
		old, exists, err := fsafe.Inspect(path)
		var foreign *ForeignFileError
		switch {
		case errors.As(err, &foreign):
			return nil, fmt.Errorf("emit: %w. %s", err, fixForeign(foreign))
		case err != nil:
			return nil, fmt.Errorf("emit: %w", err)
		case !exists, !bytes.Equal(old, files[n]):
			changed = append(changed, n)
		}
	}
	if check {
		if len(changed) > 0 {
			return changed, fmt.Errorf("%w: %s in %s (run tfdyn emit to refresh)", ErrStale, strings.Join(changed, ", "), dir)
		}
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("emit: %w", err)
	}
	if _, err := fsafe.CleanDir(dir); err != nil {
		return nil, fmt.Errorf("emit: %w", err)
	}
	removeLegacyTemps(dir, files)
	set := make(map[string][]byte, len(changed))
	for _, n := range changed {
		set[filepath.Join(dir, n)] = files[n]
	}
	if err := fsafe.WriteSet(set, 0o644); err != nil {
		return nil, fmt.Errorf("emit: %w (no file in %s was changed)", err, dir)
	}
	return changed, nil
}

// fixForeign says how to get past a refused file.
func fixForeign(e *ForeignFileError) string {
	if e.Reason == fsafe.Symlink {
		return "Replace the link with the file, or emit into another directory with -o"
	}
	return "Move or rename it, or emit into another directory with -o"
}

// removeLegacyTemps removes ".<name>.tmpNNN" files of the names in files,
// left by killed runs of tfdyn versions that named temporary files so.
func removeLegacyTemps(dir string, files map[string][]byte) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		m := legacyTempRE.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		if _, ok := files[m[1]]; ok {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
