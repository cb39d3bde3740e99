//go:build unix && !linux

package ddblocal

import (
	"os/exec"
	"syscall"
)

// setProcAttr puts the child in its own process group. There is no
// parent-death signal outside Linux: call Stop (Serve and ddblocaltest.Start do).
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func terminateGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGTERM) }

func killGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGKILL) }
