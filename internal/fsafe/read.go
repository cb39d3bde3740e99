package fsafe

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// NotRegularError is a path ReadRegular refuses because it is not a
// regular file: a named pipe, a device, a socket or a directory.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

// Error returns "PATH is a named pipe, not a regular file".
func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file", e.Path, Kind(e.Mode))
}

// TooLargeError is a file ReadRegular refuses because it holds more than
// Max bytes.
type TooLargeError struct {
	Path string
	Max  int64
}

// Error returns "PATH is larger than N bytes".
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %s", e.Path, byteSize(e.Max))
}

// byteSize renders a limit in the largest binary unit that divides it.
func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadRegular reads the regular file at path (a symbolic link to one is
// followed), of at most max bytes, for every file a user names on the
// command line. It opens path once, without waiting (O_NONBLOCK: a named
// pipe without a writer opens at once instead of blocking), checks what it
// opened (fstat on the handle, never a second lookup of the path) and reads
// from that same handle, so a file swapped for a pipe or a device between
// a check and the read cannot make it block or stream forever. A named
// pipe, a device, a socket or a directory is a *NotRegularError; a file over
// max bytes a *TooLargeError (reading stops at max+1 bytes, so a file that
// grows meanwhile is caught too); an error of the OS is its *fs.PathError.
func ReadRegular(path string, max int64) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > max {
		return nil, &TooLargeError{Path: path, Max: max}
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if int64(len(b)) > max {
		return nil, &TooLargeError{Path: path, Max: max}
	}
	return b, nil
}

// OpenRegular opens the regular file at path for reading as ReadRegular
// does (once, without waiting, checked on the handle), for a caller that
// streams it with its own bound. The caller closes the file.
func OpenRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if errors.Is(err, syscall.ENXIO) {
		// A socket cannot be opened: name it rather than the OS's "no
		// such device or address".
		if st, serr := os.Stat(path); serr == nil && !st.Mode().IsRegular() {
			return nil, &NotRegularError{Path: path, Mode: st.Mode()}
		}
	}
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	return f, nil
}
