//go:build !unix

package ddblocal

import (
	"os"
	"os/exec"
)

// setProcAttr does nothing where process groups do not exist.
func setProcAttr(cmd *exec.Cmd) {}

func terminateGroup(pid int) { killGroup(pid) }

func killGroup(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}
