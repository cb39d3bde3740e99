//go:build unix && !linux

package tfprovider

import (
	"os/exec"
	"syscall"
)

// setProviderProcAttr puts the provider in its own process group. There is
// no parent-death signal outside Linux: cleanup stops it.
func setProviderProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func interruptProviderGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGINT) }

func killProviderGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGKILL) }
