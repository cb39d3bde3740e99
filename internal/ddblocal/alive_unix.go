//go:build unix

package ddblocal

import (
	"errors"
	"syscall"
)

// processRuns reports whether a process pid exists (signal 0 reaches it, or
// it exists but belongs to another user).
func processRuns(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
