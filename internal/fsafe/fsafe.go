package fsafe

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// tempInfix separates a target's name from the pid in a temporary file's
// name: ".<name>.tfdyn-tmp-<pid>-<random>-<check>".
const tempInfix = ".tfdyn-tmp-"

// tempRE matches temporary files and captures the target's name, the pid of
// their run, the random part and its check.
var tempRE = regexp.MustCompile(`^\.(.*)\.tfdyn-tmp-(\d+)-(\d+)-([0-9a-f]{12})$`)

// tempCheck is the check part of a temporary file's name: the first 6
// bytes of a SHA-256 of the other parts. A file a user named like a
// temporary file (".notes.tfdyn-tmp-4242-1") does not carry it, so CleanDir
// never takes it for the leftover of a dead run.
func tempCheck(base, pid, random string) string {
	h := sha256.Sum256([]byte("tfdyn temporary file\x00" + base + "\x00" + pid + "\x00" + random))
	return hex.EncodeToString(h[:6])
}

// TempFileName is the name of a temporary file that a run with pid stages
// target (a base name) under, with the random part r; Stage picks r.
func TempFileName(target string, pid int, r uint64) string {
	if len(target) > maxTempBase {
		target = target[:maxTempBase]
	}
	p, rs := strconv.Itoa(pid), strconv.FormatUint(r, 10)
	return "." + target + tempInfix + p + "-" + rs + "-" + tempCheck(target, p, rs)
}

// tempParts parses a temporary file's name: the pid of its run, and ok
// when the name is one tfdyn made (its check matches).
func tempParts(name string) (pid string, ok bool) {
	m := tempRE.FindStringSubmatch(name)
	if m == nil || m[4] != tempCheck(m[1], m[2], m[3]) {
		return "", false
	}
	return m[2], true
}

// StaleAge is the age after which CleanDir removes a temporary file even when
// a process with its pid is alive: no write takes that long, so the pid was
// reused by another process.
const StaleAge = time.Hour

// maxTempBase bounds the part of a target's name kept in a temporary file's
// name, so that the name stays within the file system's limit (255 bytes).
const maxTempBase = 180

// ours holds the temporary files this process is writing: CleanDir never
// removes them, although their pid is alive (a leftover with the same pid is
// from an earlier process with a reused pid, for example pid 1 in a
// container, and is removed).
var ours sync.Map

// TempName reports whether name (a base name) is a temporary file of tfdyn
// (TempFileName, its check included).
func TempName(name string) bool {
	_, ok := tempParts(name)
	return ok
}

// Staged is a file written to a temporary name next to its target, waiting
// for Commit (rename over the target) or Abort (remove).
type Staged struct {
	tmp, path string
}

// Path is the target of s.
func (s *Staged) Path() string { return s.path }

// writeData writes a staged file's content; tests replace it to fail like a
// full disk in the middle of a write.
var writeData = func(w io.Writer, data []byte) error {
	_, err := w.Write(data)
	return err
}

// Stage writes data to a new temporary file in the directory of path and
// syncs it. The file gets the permission bits (and, when allowed, the owner)
// of the file it will replace, or perm for a new file. On error nothing is
// left behind.
func Stage(path string, data []byte, perm os.FileMode) (*Staged, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	mode := perm.Perm()
	uid, gid := -1, -1
	if st, err := os.Lstat(path); err == nil && st.Mode().IsRegular() {
		mode = st.Mode().Perm()
		if sys, ok := st.Sys().(*syscall.Stat_t); ok {
			uid, gid = int(sys.Uid), int(sys.Gid)
		}
	}
	var f *os.File
	var err error
	for range 100 {
		f, err = os.OpenFile(filepath.Join(dir, TempFileName(base, os.Getpid(), rand.Uint64())), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary name means nothing to the user
		}
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	ours.Store(tmp, true)
	fail := func(err error) (*Staged, error) {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary name means nothing to the user
		}
		_ = f.Close()
		_ = os.Remove(tmp)
		ours.Delete(tmp)
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	if err := writeData(f, data); err != nil {
		return fail(err)
	}
	if err := f.Chmod(mode); err != nil {
		return fail(err)
	}
	if uid >= 0 && (uid != os.Getuid() || gid != os.Getgid()) {
		_ = f.Chown(uid, gid) // best effort: keep the owner when root formats a user's file
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	return &Staged{tmp: tmp, path: path}, nil
}

// Commit renames the staged file over its target. The caller syncs the
// directory (SyncDir) once all files of a set are committed.
func (s *Staged) Commit() error {
	defer ours.Delete(s.tmp)
	if err := os.Rename(s.tmp, s.path); err != nil {
		_ = os.Remove(s.tmp)
		return fmt.Errorf("write %s: %w", s.path, err)
	}
	return nil
}

// Abort removes the staged file; the target is left as it was.
func (s *Staged) Abort() {
	_ = os.Remove(s.tmp)
	ours.Delete(s.tmp)
}

// SyncDir flushes a directory, so that renames in it survive a crash.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}

// WriteFile replaces path with data atomically: a reader, a crash or a kill
// sees the old content or the new one, never a part. An existing file keeps
// its permission bits; a new one gets perm. A symbolic link at path is
// replaced by the file (callers that must not do that check with Inspect).
func WriteFile(path string, data []byte, perm os.FileMode) error {
	s, err := Stage(path, data, perm)
	if err != nil {
		return err
	}
	if err := s.Commit(); err != nil {
		return err
	}
	return SyncDir(filepath.Dir(path))
}

// WriteSet writes several files all or nothing as far as the file system
// allows: every file is staged (written and synced) before the first rename,
// so that a failed write (a full disk) removes the staged files and leaves
// every target as it was. Only a kill or a failed rename between the renames,
// a window of microseconds, can leave some targets old and some new; each
// target is then still either complete old or complete new content.
func WriteSet(files map[string][]byte, perm os.FileMode) error {
	staged := make([]*Staged, 0, len(files))
	abort := func() {
		for _, s := range staged {
			s.Abort()
		}
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		s, err := Stage(p, files[p], perm)
		if err != nil {
			abort()
			return err
		}
		staged = append(staged, s)
	}
	dirs := map[string]bool{}
	for i, s := range staged {
		if err := s.Commit(); err != nil {
			for _, rest := range staged[i+1:] {
				rest.Abort()
			}
			return err
		}
		dirs[filepath.Dir(s.path)] = true
	}
	for d := range dirs {
		if err := SyncDir(d); err != nil {
			return err
		}
	}
	return nil
}

// CleanDir removes the temporary files that runs which died (SIGKILL, power
// loss) left in dir, and returns their names. A file is removed when no
// process with its pid is alive, when its pid is this process's but this
// process did not create it (a reused pid), or when it is older than
// StaleAge; the files of live runs stay. A missing directory is not an error.
func CleanDir(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("clean %s: %w", dir, err)
	}
	var removed []string
	var errs []error
	for _, e := range entries {
		pid, ok := tempParts(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if !abandoned(path, pid) {
			continue
		}
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, fmt.Errorf("clean %s: %w", path, err))
			continue
		}
		removed = append(removed, e.Name())
	}
	return removed, errors.Join(errs...)
}

// abandoned reports whether the temporary file at path, written by the
// process pid, belongs to a run that is gone.
func abandoned(path, pid string) bool {
	n, err := strconv.Atoi(pid)
	if err != nil {
		return false
	}
	if n == os.Getpid() {
		_, mine := ours.Load(path)
		return !mine
	}
	if !Alive(n) {
		return true
	}
	st, err := os.Lstat(path)
	return err == nil && time.Since(st.ModTime()) > StaleAge
}

// Alive reports whether a process with this pid runs on this machine (a
// zombie, dead but not yet waited for, is not alive).
func Alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no procfs: trust kill
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// Kind names the type of a file that is not regular, for messages: "a
// directory", "a named pipe", "a socket", "a character device", "a
// device", "a symbolic link", else "a special file".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}
