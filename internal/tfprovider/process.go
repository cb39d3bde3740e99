package tfprovider

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-exec/tfexec"

	"github.com/tfdyn/tfdyn/internal/tfenv"
)

// Process is the hashicorp/aws provider started once in debug mode:
// every terraform command of a run attaches to it (TF_REATTACH_PROVIDERS,
// Reattach) instead of starting the 1 GB binary, loading it and building
// its schema again, once or more per command.
type Process struct {
	cmd    *exec.Cmd
	exited chan struct{}
	info   tfexec.ReattachInfo
	stderr tailBuffer
	once   sync.Once
	// proxy, when set, is what terraform attaches to (UseProxy).
	proxy *Proxy
	// bin is the provider binary.
	bin string
	// tmp, when set, is the provider's TMPDIR in dir (where go-plugin puts
	// its socket), removed by Stop.
	tmp string
}

// providerTempDir names the provider's TMPDIR in its directory: go-plugin
// makes its socket there (plugin<digits>) and removes it only on a clean
// exit, so the socket of a provider killed with its run goes with the
// run's directory (verify's next run removes a killed run's workspace).
const providerTempDir = ".provider-tmp"

// providerTemp makes the provider's TMPDIR in dir and returns it, or ""
// when the socket's path in it (go-plugin names it plugin<up to 10
// digits>) would not fit a Unix socket or it cannot be made: the provider
// then keeps the system's temporary directory.
func providerTemp(dir string) string {
	tmp := filepath.Join(dir, providerTempDir)
	if len(filepath.Join(tmp, "plugin4294967295")) >= maxSocketPath || os.MkdirAll(tmp, 0o700) != nil {
		return ""
	}
	return tmp
}

// reattachPrefix starts the line the provider prints in debug mode.
const reattachPrefix = "TF_REATTACH_PROVIDERS='"

// Start starts the hashicorp/aws binary that terraform init installed in
// dir, in debug mode, in its own process group (on Linux, the kernel kills
// it when this process dies), and waits for its reattach information.
func Start(ctx context.Context, dir string) (*Process, error) {
	bins, err := filepath.Glob(filepath.Join(dir, ".terraform", "providers", "registry.terraform.io", "hashicorp", "aws", "*", "*", "terraform-provider-aws*"))
	if err == nil && len(bins) > 1 {
		// An init that upgraded the provider leaves the old one: the
		// dependency lock file names the one terraform uses.
		bins = lockedBinaries(dir, bins)
	}
	if err != nil || len(bins) != 1 {
		return nil, fmt.Errorf("find the hashicorp/aws binary terraform init installed: %d match(es)", len(bins))
	}
	cmd := exec.Command(bins[0], "-debug")
	cmd.Dir = dir
	tmp := providerTemp(dir)
	for _, kv := range os.Environ() {
		// The provider wraps its HTTP client for a CA bundle on every
		// configure and refuses the second time; the local target is plain
		// HTTP.
		if strings.HasPrefix(kv, "AWS_CA_BUNDLE=") || (tmp != "" && strings.HasPrefix(kv, "TMPDIR=")) {
			continue
		}
		cmd.Env = append(cmd.Env, kv)
	}
	if tmp != "" {
		cmd.Env = append(cmd.Env, "TMPDIR="+tmp)
	}
	p := &Process{cmd: cmd, exited: make(chan struct{}), bin: bins[0], tmp: tmp}
	cmd.Stderr = &p.stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start provider: %w", err)
	}
	setProviderProcAttr(cmd)
	started := make(chan error, 1)
	go func() {
		// The parent-death signal is tied to the thread that forks the
		// provider: the goroutine keeps that thread while the provider runs,
		// and unlocks it at the end instead of exiting locked, which would
		// end the thread and SIGKILL every other child it forked before
		// (terraform-exec's commands carry the same signal: a terraform run
		// of another verify in this process died that way).
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			close(p.exited)
			return
		}
		started <- nil
		_ = cmd.Wait()
		close(p.exited)
	}()
	if err := <-started; err != nil {
		p.removeTemp()
		return nil, fmt.Errorf("start provider %s: %w", bins[0], err)
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if rest, ok := strings.CutPrefix(line, reattachPrefix); ok {
				found <- strings.TrimSuffix(rest, "'")
				break
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	timer := time.NewTimer(2 * time.Minute)
	defer timer.Stop()
	select {
	case js := <-found:
		if err := json.Unmarshal([]byte(js), &p.info); err != nil || len(p.info) == 0 {
			p.Stop()
			return nil, fmt.Errorf("provider printed reattach information verify cannot read: %q", js)
		}
		return p, nil
	case <-p.exited:
		p.removeTemp()
		return nil, fmt.Errorf("provider %s exited at start: %s", bins[0], strings.TrimSpace(p.stderr.String()))
	case <-ctx.Done():
		p.Stop()
		return nil, ctx.Err()
	case <-timer.C:
		p.Stop()
		return nil, fmt.Errorf("provider %s printed no reattach information in 2 minutes", bins[0])
	}
}

// Reattach is the reattach option for terraform commands: the proxy when
// UseProxy put one in front, else the provider.
func (p *Process) Reattach() *tfexec.ReattachOption {
	return tfexec.Reattach(p.info)
}

// UseProxy puts a Proxy (its socket in workdir) between terraform
// and the provider: Reattach then points at the proxy. The proxy keeps the
// provider's schema in cacheDir ("": it does not) and answers it with the
// given resource types and data sources only (nil: all; a name ending in
// "*" keeps every name it is a prefix of: Keeps).
func (p *Process) UseProxy(workdir, cacheDir string, types map[string]bool) error {
	var store *schemaStore
	if cacheDir != "" {
		var err error
		if store, err = newSchemaStore(cacheDir, p.bin); err != nil {
			return err
		}
	}
	proxy, info, err := startProxy(workdir, p.info, store, types)
	if err != nil {
		return err
	}
	p.proxy, p.info = proxy, info
	return nil
}

// Stop ends the proxy and the provider's process group: SIGINT (it
// removes its socket), then SIGKILL after 5 seconds; then it removes the
// provider's TMPDIR. It is idempotent.
func (p *Process) Stop() {
	p.once.Do(func() {
		defer p.removeTemp()
		if p.proxy != nil {
			p.proxy.Stop()
		}
		if p.cmd.Process == nil {
			return
		}
		select {
		case <-p.exited:
			return
		default:
		}
		interruptProviderGroup(p.cmd.Process.Pid)
		select {
		case <-p.exited:
		case <-time.After(5 * time.Second):
			killProviderGroup(p.cmd.Process.Pid)
			<-p.exited
		}
	})
}

// removeTemp removes the provider's TMPDIR, if it has one of its own.
func (p *Process) removeTemp() {
	if p.tmp != "" {
		_ = os.RemoveAll(p.tmp)
	}
}

// PID is the provider's process id.
func (p *Process) PID() int { return p.cmd.Process.Pid }

// Proxy is the proxy UseProxy started, or nil.
func (p *Process) Proxy() *Proxy { return p.proxy }

// tailBuffer keeps the last 4 KiB written to it.
type tailBuffer struct {
	mu sync.Mutex
	b  []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > 4096 {
		t.b = t.b[len(t.b)-4096:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

// ReattachEnv is the TF_REATTACH_PROVIDERS=... variable that makes a
// terraform command attach to the proxy (when UseProxy put one in front)
// or to the provider, for terraform commands that tfexec does not run.
func (p *Process) ReattachEnv() (string, error) {
	b, err := json.Marshal(p.info)
	if err != nil {
		return "", fmt.Errorf("reattach information: %w", err)
	}
	return "TF_REATTACH_PROVIDERS=" + string(b), nil
}

// lockedBinaries returns the binaries of bins (paths under
// .terraform/providers/registry.terraform.io/hashicorp/aws/VERSION/) whose
// version the dependency lock file in dir selects; bins when it names none.
func lockedBinaries(dir string, bins []string) []string {
	v, err := tfenv.LockedVersion(filepath.Join(dir, ".terraform.lock.hcl"), tfenv.AWSProvider)
	if err != nil {
		return bins
	}
	var out []string
	for _, bin := range bins {
		if filepath.Base(filepath.Dir(filepath.Dir(bin))) == v {
			out = append(out, bin)
		}
	}
	return out
}
