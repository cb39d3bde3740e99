//go:build linux

package tfprovider

import (
	"os/exec"
	"syscall"
)

// setProviderProcAttr puts the provider in its own process group and has the
// kernel SIGKILL it when the process that started it dies, even by SIGKILL.
func setProviderProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

func interruptProviderGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGINT) }

func killProviderGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGKILL) }
