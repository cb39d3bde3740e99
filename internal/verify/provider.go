package verify

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
)

// providerProcess is the hashicorp/aws provider started once in debug mode:
// every terraform command of the run attaches to it (TF_REATTACH_PROVIDERS)
// instead of starting the 1 GB binary, loading it and building its schema
// again, once or more per command.
type providerProcess struct {
	cmd    *exec.Cmd
	exited chan struct{}
	info   tfexec.ReattachInfo
	stderr tailBuffer
	once   sync.Once
	// proxy, when set, is what terraform attaches to (providerProxy).
	proxy *providerProxy
	// bin is the provider binary.
	bin string
}

// reattachPrefix starts the line the provider prints in debug mode.
const reattachPrefix = "TF_REATTACH_PROVIDERS='"

// startProvider starts the hashicorp/aws binary that terraform init
// installed in dir, in debug mode, and waits for its reattach information.
func startProvider(ctx context.Context, dir string) (*providerProcess, error) {
	bins, err := filepath.Glob(filepath.Join(dir, ".terraform", "providers", "registry.terraform.io", "hashicorp", "aws", "*", "*", "terraform-provider-aws*"))
	if err != nil || len(bins) != 1 {
		return nil, fmt.Errorf("find the hashicorp/aws binary terraform init installed: %d match(es)", len(bins))
	}
	cmd := exec.Command(bins[0], "-debug")
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		// The provider wraps its HTTP client for a CA bundle on every
		// configure and refuses the second time; the local target is plain
		// HTTP.
		if !strings.HasPrefix(kv, "AWS_CA_BUNDLE=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	p := &providerProcess{cmd: cmd, exited: make(chan struct{}), bin: bins[0]}
	cmd.Stderr = &p.stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start provider: %w", err)
	}
	setProviderProcAttr(cmd)
	started := make(chan error, 1)
	go func() {
		// The thread stays locked: the parent-death signal is tied to it.
		runtime.LockOSThread()
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
			p.stop()
			return nil, fmt.Errorf("provider printed reattach information verify cannot read: %q", js)
		}
		return p, nil
	case <-p.exited:
		return nil, fmt.Errorf("provider %s exited at start: %s", bins[0], strings.TrimSpace(p.stderr.String()))
	case <-ctx.Done():
		p.stop()
		return nil, ctx.Err()
	case <-timer.C:
		p.stop()
		return nil, fmt.Errorf("provider %s printed no reattach information in 2 minutes", bins[0])
	}
}

// option is the reattach option for terraform commands.
func (p *providerProcess) option() *tfexec.ReattachOption {
	return tfexec.Reattach(p.info)
}

// useProxy puts a providerProxy (its socket in workdir) between terraform
// and the provider: option then points at the proxy. The proxy keeps the
// provider's schema in cacheDir ("": it does not) and answers it with the
// given resource types and data sources only (nil: all).
func (p *providerProcess) useProxy(workdir, cacheDir string, types map[string]bool) error {
	var store *providerStore
	if cacheDir != "" {
		var err error
		if store, err = newProviderStore(cacheDir, p.bin); err != nil {
			return err
		}
	}
	proxy, info, err := startProviderProxy(workdir, p.info, store, types)
	if err != nil {
		return err
	}
	p.proxy, p.info = proxy, info
	return nil
}

// stop ends the provider's process group: SIGINT (it removes its socket),
// then SIGKILL after 5 seconds.
func (p *providerProcess) stop() {
	p.once.Do(func() {
		if p.proxy != nil {
			p.proxy.stop()
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

// attachProvider starts the provider once for the run on the local target
// and has every later terraform command attach to it. When it cannot start
// in debug mode, terraform starts the provider itself as usual.
func (r *runner) attachProvider(ctx context.Context) error {
	if r.opts.Target != TargetLocal {
		return nil
	}
	return r.step("start provider", func() error {
		p, err := startProvider(ctx, r.ws.dir)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			r.progress("terraform starts the provider itself: %v", err)
			return nil
		}
		r.mu.Lock()
		r.provider = p
		r.report.ProviderPID = p.cmd.Process.Pid
		r.mu.Unlock()
		if err := p.useProxy(r.ws.dir, cacheDir(r.ws.env), r.ws.types); err != nil {
			r.progress("terraform attaches to the provider without the schema cache: %v", err)
		}
		r.ws.reattach = p.option()
		r.progress("provider pid %d: terraform attaches to it", p.cmd.Process.Pid)
		return nil
	})
}

// stopProvider stops the provider process of the run, if any.
func (r *runner) stopProvider() {
	r.mu.Lock()
	p := r.provider
	r.mu.Unlock()
	if p != nil {
		if p.proxy != nil {
			_, _, stored := p.proxy.counts()
			from := "asked from the provider"
			if len(stored) > 0 {
				from = "read from " + p.proxy.store.dir
			}
			r.progress("provider schema %s; %d repeated schema and provider-block checks answered by the proxy", from, p.proxy.cacheHits())
		}
		p.stop()
	}
}
