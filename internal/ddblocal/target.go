package ddblocal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/tfenv"
)

// Default values of Options.
const (
	DefaultRegion    = "us-east-1"
	DefaultAccessKey = "tfdyn"
	DefaultSecretKey = "tfdyn"
	// DockerImage is the image Options.Docker runs.
	DockerImage = "amazon/dynamodb-local"
)

// startTimeout bounds how long Start waits for DynamoDB Local to answer
// (the context passed to Start may end it sooner).
const startTimeout = 90 * time.Second

// Options configure Start. The zero value is usable.
type Options struct {
	// JavaPath is the java binary; default $JAVA_HOME/bin/java, else java on PATH.
	JavaPath string
	// DynamoDBLocalDir holds DynamoDBLocal.jar and DynamoDBLocal_lib;
	// default tfenv.CacheDir()/dynamodb-local (installed by `tfdyn setup`).
	DynamoDBLocalDir string
	// Port is the loopback port of Endpoint (the compatibility layer);
	// 0 picks a free port. DynamoDB Local itself always listens on a free
	// loopback port of its own.
	Port int
	// Region is the region clients sign with (default "us-east-1").
	// DynamoDB Local keeps a separate namespace per access key and region.
	Region string
	// AccessKey and SecretKey are the fake credentials clients use
	// (default "tfdyn" / "tfdyn").
	AccessKey string
	SecretKey string
	// Stdout and Stderr receive DynamoDB Local's output; nil discards it
	// (the last lines are still kept for error messages).
	Stdout io.Writer
	Stderr io.Writer
	// Docker runs `docker run amazon/dynamodb-local` instead of Java. It
	// needs a reachable Docker engine. Unlike the Java process, a container
	// outlives a Go process that is killed with SIGKILL; Stop removes it.
	Docker bool
	// Trace, if set, receives one line per request the layer serves: the
	// operation, the HTTP status and who answered (layer or dynamodb-local).
	Trace io.Writer
	// Backend, when set, is the URL of a DynamoDB Local that is already
	// running (another Target's BackendEndpoint): Start starts only the
	// compatibility layer in front of it, and Stop stops only the layer,
	// never that process. Its tables are apart from those of the other
	// targets on it when Region or AccessKey differs (DynamoDB Local keeps
	// one namespace per access key and region). Not with Docker.
	Backend string
	// Namespace, when set, is the access key the layer forwards every
	// request under, whatever key its client signed with: the targets that
	// share one DynamoDB Local (Backend) keep their tables apart, and every
	// client of one target (the SDK, terraform, the tfdyn binary) sees the
	// same tables. DynamoDB Local accepts letters and digits only.
	Namespace string
}

func (o Options) withDefaults() Options {
	if o.DynamoDBLocalDir == "" {
		o.DynamoDBLocalDir = filepath.Join(tfenv.CacheDir(), "dynamodb-local")
	}
	if o.Region == "" {
		o.Region = DefaultRegion
	}
	if o.AccessKey == "" {
		o.AccessKey = DefaultAccessKey
	}
	if o.SecretKey == "" {
		o.SecretKey = DefaultSecretKey
	}
	return o
}

// Target is a running DynamoDB Local behind the compatibility layer.
// Create it with Start and release it with Stop.
type Target struct {
	opts     Options
	endpoint string
	backend  string

	cmd       *exec.Cmd
	container string
	jvmTemp   string        // the JVM's java.io.tmpdir (jvmtmp.go), removed by Stop
	exited    chan struct{} // closed when the DynamoDB Local process has exited
	waitErr   error         // set before exited is closed
	output    *tailBuffer

	proxy  *proxy
	server *http.Server

	stopOnce sync.Once
	stopErr  error
}

// Start starts DynamoDB Local (in memory, in its own process group) and the
// compatibility layer in front of it, and returns once a ListTables call
// through the layer succeeds. Call Stop when done.
func Start(ctx context.Context, opts Options) (*Target, error) {
	opts = opts.withDefaults()
	t := &Target{opts: opts}

	ln, err := listenLoopback(opts.Port)
	if err != nil {
		return nil, fmt.Errorf("ddblocal: start: %w", err)
	}
	t.endpoint = "http://" + ln.Addr().String()

	t.proxy = newProxy(opts.Region, opts.Trace)
	t.proxy.namespace = opts.Namespace
	t.server = &http.Server{Handler: t.proxy, ReadHeaderTimeout: 30 * time.Second}
	go func() { _ = t.server.Serve(ln) }()

	if !alphanumeric(opts.Namespace) {
		t.server.Close()
		return nil, fmt.Errorf("ddblocal: start: namespace %q: DynamoDB Local accepts access keys of letters and digits only", opts.Namespace)
	}
	if opts.Backend != "" {
		if opts.Docker {
			t.server.Close()
			return nil, errors.New("ddblocal: start: Options.Backend and Options.Docker exclude each other")
		}
		t.backend = strings.TrimRight(opts.Backend, "/")
		t.proxy.setBackend(t.backend)
		if err := t.waitBackend(ctx); err != nil {
			t.server.Close()
			return nil, fmt.Errorf("ddblocal: start: %w", err)
		}
		return t, nil
	}

	// DynamoDB Local gets a port that was free a moment ago; if another
	// process takes it before the JVM binds it, try another one.
	const attempts = 3
	for attempt := 1; ; attempt++ {
		var argv []string
		if opts.Docker {
			argv, err = t.dockerCommand(ctx)
		} else {
			argv, err = t.javaCommand()
		}
		if err != nil {
			t.server.Close()
			return nil, fmt.Errorf("ddblocal: start: %w", err)
		}
		t.proxy.setBackend(t.backend)
		if err := t.startProcess(argv); err != nil {
			t.server.Close()
			t.removeJVMTemp()
			return nil, fmt.Errorf("ddblocal: start: %w", err)
		}
		err = t.waitReady(ctx)
		if err == nil {
			return t, nil
		}
		if errors.Is(err, errBackendPortInUse) && attempt < attempts {
			<-t.exited
			continue
		}
		_ = t.Stop()
		return nil, fmt.Errorf("ddblocal: start: %w", err)
	}
}

// errBackendPortInUse: DynamoDB Local could not bind its port.
var errBackendPortInUse = errors.New("port in use")

// PortInUseError is returned (wrapped) by Start when Options.Port is taken.
type PortInUseError struct {
	Port int
	Err  error
}

func (e *PortInUseError) Error() string {
	return fmt.Sprintf("port %d is in use: choose another port or 0 for a free one", e.Port)
}

func (e *PortInUseError) Unwrap() error { return e.Err }

// listenLoopback listens on 127.0.0.1:port (0 = any free port).
func listenLoopback(port int) (net.Listener, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		if port != 0 && isAddrInUse(err) {
			return nil, &PortInUseError{Port: port, Err: err}
		}
		return nil, fmt.Errorf("listen on 127.0.0.1:%d: %w", port, err)
	}
	return ln, nil
}

func isAddrInUse(err error) bool {
	return err != nil && strings.Contains(strings.ToLower(err.Error()), "address already in use")
}

// freePort returns a loopback port that was free a moment ago.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// FindJava returns the java binary that runs DynamoDB Local:
// $JAVA_HOME/bin/java when it exists, else java on PATH.
func FindJava() (string, error) {
	if home := os.Getenv("JAVA_HOME"); home != "" {
		if _, err := os.Stat(filepath.Join(home, "bin", "java")); err == nil {
			return filepath.Join(home, "bin", "java"), nil
		}
	}
	p, err := exec.LookPath("java")
	if err != nil {
		return "", errors.New("java not found on PATH: install Java 17 or newer " +
			"(Debian/Ubuntu: apt-get install openjdk-17-jre-headless; macOS: brew install openjdk@17), " +
			"set JAVA_HOME, or use Docker (--docker)")
	}
	return p, nil
}

func (t *Target) javaCommand() ([]string, error) {
	java := t.opts.JavaPath
	if java == "" {
		p, err := FindJava()
		if err != nil {
			return nil, err
		}
		java = p
	} else if _, err := exec.LookPath(java); err != nil {
		return nil, fmt.Errorf("java %q is not executable: %w", java, err)
	}
	dir := t.opts.DynamoDBLocalDir
	jar := filepath.Join(dir, "DynamoDBLocal.jar")
	if _, err := os.Stat(jar); err != nil {
		return nil, fmt.Errorf("DynamoDB Local is not installed: %w (missing %s)", tfenv.ErrNotSetUp, jar)
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	t.backend = "http://127.0.0.1:" + strconv.Itoa(port)
	if t.jvmTemp == "" {
		if t.jvmTemp, err = newJVMTempDir(); err != nil {
			return nil, err
		}
	}
	argv := append([]string{java}, JVMFlags...)
	return append(argv,
		"-Djava.io.tmpdir="+t.jvmTemp,
		"-Djava.library.path="+filepath.Join(dir, "DynamoDBLocal_lib"),
		"-jar", jar, "-inMemory", "-port", strconv.Itoa(port)), nil
}

// JVMFlags are the JVM options DynamoDB Local runs with: a 256 MB heap
// (its tables live in SQLite's memory, not on the heap), the client
// compiler only and the serial collector. DynamoDB Local is started for
// one run of short requests; C2's compilations and the parallel
// collector's threads cost it about twice the CPU at start and over the
// first thousands of requests for no gain in their speed (measured on 2
// CPUs: 3.1 -> 1.7 CPU-s to start and serve 200 puts, 5.3-5.8 -> 2.6-3.0
// CPU-s for 1,500 puts, the same wall time).
var JVMFlags = []string{"-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"}

func (t *Target) dockerCommand(ctx context.Context) ([]string, error) {
	docker, err := exec.LookPath("docker")
	if err != nil {
		return nil, errors.New("docker not found on PATH: install Docker or leave Options.Docker off to run DynamoDB Local with Java")
	}
	pctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if out, err := exec.CommandContext(pctx, docker, "info", "--format", "{{.ServerVersion}}").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("no reachable Docker engine (docker info: %s): start Docker or leave Options.Docker off: %w",
			strings.TrimSpace(string(out)), err)
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	t.backend = "http://127.0.0.1:" + strconv.Itoa(port)
	t.container = fmt.Sprintf("tfdyn-ddblocal-%d-%d", os.Getpid(), port)
	argv := []string{docker, "run", "--rm", "--name", t.container,
		"-p", fmt.Sprintf("127.0.0.1:%d:8000", port), DockerImage}
	argv = append(argv, JVMFlags...)
	return append(argv, "-jar", "DynamoDBLocal.jar", "-inMemory", "-port", "8000"), nil
}

// startProcess starts argv in its own process group. The process is started
// and waited for on one locked OS thread, so that Linux's parent-death
// signal (sent when the creating thread exits) fires only when this Go
// process dies, never earlier.
func (t *Target) startProcess(argv []string) error {
	t.output = newTailBuffer(8 << 10)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = t.opts.DynamoDBLocalDir
	if t.opts.Docker {
		cmd.Dir = ""
	}
	cmd.Stdout = io.MultiWriter(t.output, writerOrDiscard(t.opts.Stdout))
	cmd.Stderr = io.MultiWriter(t.output, writerOrDiscard(t.opts.Stderr))
	setProcAttr(cmd)
	t.cmd = cmd
	t.exited = make(chan struct{})
	t.waitErr = nil

	started := make(chan error, 1)
	exited := t.exited
	go func() {
		// The parent-death signal is tied to the thread that forks Java: the
		// goroutine keeps that thread while Java runs, and unlocks it at the
		// end instead of exiting locked, which would end the thread and
		// SIGKILL every other child it forked before (terraform-exec's
		// commands carry the same signal: a terraform run of another verify
		// in this process died that way).
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			close(exited)
			return
		}
		started <- nil
		t.waitErr = cmd.Wait()
		close(exited)
	}()
	if err := <-started; err != nil {
		return fmt.Errorf("run %s: %w", argv[0], err)
	}
	return nil
}

func writerOrDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}

// waitReady polls ListTables through the layer until it answers.
func (t *Target) waitReady(ctx context.Context) error {
	deadline := time.Now().Add(startTimeout)
	client := &http.Client{Timeout: 5 * time.Second}
	for {
		if err := t.ping(ctx, client); err == nil {
			select {
			case <-t.exited: // someone else answered on our port
			default:
				return nil
			}
		}
		select {
		case <-t.exited:
			out := t.output.String()
			if strings.Contains(out, "Address already in use") || strings.Contains(out, "BindException") ||
				strings.Contains(out, "port is already allocated") {
				return fmt.Errorf("DynamoDB Local could not bind %s (%w): %v\n%s", t.backend, errBackendPortInUse, t.waitErr, indent(out))
			}
			return fmt.Errorf("DynamoDB Local exited before it was ready: %v\n%s", t.waitErr, indent(out))
		case <-ctx.Done():
			return fmt.Errorf("waiting for DynamoDB Local: %w\n%s", ctx.Err(), indent(t.output.String()))
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("DynamoDB Local did not answer ListTables within %s; its output ends with:\n%s",
				startTimeout, indent(t.output.String()))
		}
	}
}

// waitBackend polls ListTables through the layer until the running
// DynamoDB Local of Options.Backend answers, for at most backendTimeout.
func (t *Target) waitBackend(ctx context.Context) error {
	deadline := time.Now().Add(backendTimeout)
	client := &http.Client{Timeout: 5 * time.Second}
	for {
		err := t.ping(ctx, client)
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("DynamoDB Local at %s did not answer ListTables within %s: %w", t.backend, backendTimeout, err)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for DynamoDB Local at %s: %w", t.backend, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// alphanumeric reports whether s has letters and digits only.
func alphanumeric(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// backendTimeout bounds the wait for a running DynamoDB Local
// (Options.Backend) to answer.
const backendTimeout = 10 * time.Second

func (t *Target) ping(ctx context.Context, client *http.Client) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.endpoint+"/", strings.NewReader(`{}`))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810.ListTables")
	req.Header.Set("Authorization", fmt.Sprintf(
		"AWS4-HMAC-SHA256 Credential=%s/20240101/%s/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
		t.opts.AccessKey, t.opts.Region))
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("ListTables: HTTP %d", resp.StatusCode)
	}
	return nil
}

func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return "    (no output)"
	}
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

// Endpoint is the URL clients use (the compatibility layer), for example
// "http://127.0.0.1:40123".
func (t *Target) Endpoint() string { return t.endpoint }

// BackendEndpoint is the URL of DynamoDB Local itself, without the
// compatibility layer. Use Endpoint unless you want to see DynamoDB Local's
// own behaviour.
func (t *Target) BackendEndpoint() string { return t.backend }

// Region is the region clients must sign with.
func (t *Target) Region() string { return t.opts.Region }

// AccessKey is the fake access key clients must use.
func (t *Target) AccessKey() string { return t.opts.AccessKey }

// SecretKey is the fake secret key clients must use.
func (t *Target) SecretKey() string { return t.opts.SecretKey }

// PID is the process id of DynamoDB Local (of the docker CLI with
// Options.Docker); it leads its own process group.
func (t *Target) PID() int {
	if t.cmd == nil || t.cmd.Process == nil {
		return 0
	}
	return t.cmd.Process.Pid
}

// ProviderBlock returns a Terraform `provider "aws"` block that points the
// AWS provider at the target. The kms endpoint is included because the
// provider looks up the AWS managed key alias/aws/dynamodb when it reads a
// table with server-side encryption; the layer answers that one lookup.
func (t *Target) ProviderBlock() string {
	return ProviderBlock(t.opts.Region, t.opts.AccessKey, t.opts.SecretKey, t.endpoint)
}

// ProviderBlock is the provider "aws" block that points terraform at a
// local target at endpoint (the compatibility layer) with the given region
// and fake credentials; verify writes it before the target has started.
func ProviderBlock(region, accessKey, secretKey, endpoint string) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "provider \"aws\" {\n")
	fmt.Fprintf(&b, "  region     = %q\n", region)
	fmt.Fprintf(&b, "  access_key = %q\n", accessKey)
	fmt.Fprintf(&b, "  secret_key = %q\n", secretKey)
	fmt.Fprintf(&b, "\n")
	fmt.Fprintf(&b, "  skip_credentials_validation = true\n")
	fmt.Fprintf(&b, "  skip_metadata_api_check     = true\n")
	fmt.Fprintf(&b, "  skip_requesting_account_id  = true\n")
	fmt.Fprintf(&b, "  skip_region_validation      = true\n")
	fmt.Fprintf(&b, "\n")
	fmt.Fprintf(&b, "  endpoints {\n")
	fmt.Fprintf(&b, "    dynamodb = %q\n", endpoint)
	fmt.Fprintf(&b, "    kms      = %q\n", endpoint)
	fmt.Fprintf(&b, "  }\n")
	fmt.Fprintf(&b, "}\n")
	return b.String()
}

// Emulated lists, in words, what the compatibility layer answers or adds
// itself instead of DynamoDB Local, for reports.
func (t *Target) Emulated() []string { return Emulated() }

// NewClient returns an aws-sdk-go-v2 DynamoDB client for Endpoint with the
// target's region and credentials. Response checksum validation is off
// (DynamoDB Local's error answers carry no x-amz-crc32); optFns may change
// any option.
func (t *Target) NewClient(ctx context.Context, optFns ...func(*dynamodb.Options)) (*dynamodb.Client, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("ddblocal: new client: %w", err)
	}
	c, _, err := dynamo.NewClient(ctx, dynamo.Config{Endpoint: t.endpoint, Region: t.opts.Region,
		AccessKey: t.opts.AccessKey, SecretKey: t.opts.SecretKey, RetryMaxAttempts: 3}, optFns...)
	if err != nil {
		return nil, fmt.Errorf("ddblocal: new client: %w", err)
	}
	return c, nil
}

// Stop stops the compatibility layer and DynamoDB Local (its whole process
// group) and waits for them. It is safe to call more than once.
func (t *Target) Stop() error {
	t.stopOnce.Do(func() { t.stopErr = t.stop() })
	return t.stopErr
}

func (t *Target) stop() error {
	var errs []error
	if t.server != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		if err := t.server.Shutdown(ctx); err != nil {
			t.server.Close()
		}
		cancel()
	}
	if t.container != "" {
		rctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if out, err := exec.CommandContext(rctx, "docker", "rm", "-f", t.container).CombinedOutput(); err != nil &&
			!strings.Contains(string(out), "No such container") {
			errs = append(errs, fmt.Errorf("docker rm -f %s: %s: %w", t.container, strings.TrimSpace(string(out)), err))
		}
		cancel()
	}
	if t.cmd != nil && t.cmd.Process != nil {
		select {
		case <-t.exited:
		default:
			terminateGroup(t.cmd.Process.Pid)
			select {
			case <-t.exited:
			case <-time.After(3 * time.Second):
				killGroup(t.cmd.Process.Pid)
				select {
				case <-t.exited:
				case <-time.After(10 * time.Second):
					errs = append(errs, fmt.Errorf("process %d did not exit after SIGKILL", t.cmd.Process.Pid))
				}
			}
		}
	}
	t.removeJVMTemp()
	if len(errs) > 0 {
		return fmt.Errorf("ddblocal: stop: %w", errors.Join(errs...))
	}
	return nil
}

// removeJVMTemp removes the JVM's temp dir (what a JVM ended by SIGKILL
// left in it too).
func (t *Target) removeJVMTemp() {
	if t.jvmTemp != "" {
		_ = os.RemoveAll(t.jvmTemp)
	}
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func newTailBuffer(max int) *tailBuffer { return &tailBuffer{max: max} }

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > b.max {
		b.buf = append([]byte(nil), b.buf[len(b.buf)-b.max:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}
