//go:build linux

package ddblocal

import (
	"os/exec"
	"syscall"
)

// setProcAttr puts the child in its own process group and has the kernel
// SIGKILL it when this process dies, even by SIGKILL.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

func terminateGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGTERM) }

func killGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGKILL) }
