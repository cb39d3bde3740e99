package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/exitcode"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/plancheck"
)

// Exit codes of every tfdyn command: the one exit policy, documented in the
// README ("Commands").
const (
	// ExitOK: clean (warnings allowed), nothing blocks.
	ExitOK = exitcode.OK
	// ExitFindings: the input has findings the user must fix or acknowledge:
	// lint and syntax errors, unformatted or stale files, failed verify
	// checks, a blocking plan finding, a refusal (emit --provider 5 with a
	// multi-attribute GSI, a file tfdyn did not generate).
	ExitFindings = exitcode.Findings
	// ExitUsage: a usage or environment error: a bad flag or argument, input
	// that does not exist or cannot be read, terraform, Java or the provider
	// missing, an endpoint that fails.
	ExitUsage = exitcode.Usage
	// ExitInterrupted: SIGINT or SIGTERM stopped the command (128 + SIGINT).
	ExitInterrupted = exitcode.Interrupted
)

// interruptGrace is how long a command that does not need cleanup gets to
// notice an interrupt before RunContext returns without it.
const interruptGrace = 200 * time.Millisecond

// exitError carries an exit code out of a cobra command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func exit(code int, err error) error { return &exitError{code: code, err: err} }

func exitf(code int, format string, args ...any) error {
	return &exitError{code: code, err: fmt.Errorf(format, args...)}
}

// Version, when set at build time with -ldflags "-X .../cli.Version=...",
// overrides the version read from the binary's build information.
var Version = ""

type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer

	// ctx is the command's context: cancelled by the first interrupt.
	ctx context.Context
	// abort is closed by a second interrupt: stop cleaning up.
	abort <-chan struct{}
	// cleans is set by commands that clean up after an interrupt (verify,
	// plan, local): RunContext waits for them instead of interruptGrace.
	cleans atomic.Bool
	// stopped is set by a command waiting for Ctrl-C as its documented way
	// to stop (local, verify --keep): an interrupt then is no interruption
	// and the command's own exit code stands.
	stopped atomic.Bool
	// gate serialises commits of user files with the interrupt: after an
	// interrupt no commit starts, and one under way finishes first.
	gate struct {
		sync.Mutex
		closed bool
	}
}

// errInterrupted is returned by commit after an interrupt.
var errInterrupted = errors.New("interrupted")

// commit runs fn, the step that makes a write visible to the user (a
// rename, a file set), unless the command was interrupted: then nothing is
// written. An interrupt arriving while fn runs waits for it to finish, so a
// write is never cut in the middle.
func (a *app) commit(fn func() error) error {
	a.gate.Lock()
	defer a.gate.Unlock()
	if a.gate.closed || a.ctx.Err() != nil {
		return errInterrupted
	}
	return fn()
}

// gatedWriter is a command's stdout or stderr: after an interrupt, the
// output of a command that does not clean up is dropped (it may still be
// running until tfdyn exits, and must not print a verdict); commands that
// clean up report what they did.
type gatedWriter struct {
	a *app
	w io.Writer
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	if g.a.ctx.Err() != nil && !g.a.cleans.Load() {
		return len(p), nil
	}
	return g.w.Write(p)
}

// cleansUp marks the running command as one that stops by itself after an
// interrupt, cleaning up what it started; RunContext waits for it.
func (a *app) cleansUp() { a.cleans.Store(true) }

// waitForStop marks the command as waiting for Ctrl-C to stop normally.
func (a *app) waitForStop() { a.stopped.Store(true) }

// Run executes tfdyn with args and returns the exit code. The first SIGINT
// or SIGTERM interrupts the command (exit 130 after its cleanup); a second
// one aborts the cleanup of commands that have one (verify says what it
// left behind).
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	tuneGC()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	abort := make(chan struct{})
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sigs:
			cancel()
		case <-done:
			return
		}
		select {
		case <-sigs:
			close(abort)
		case <-done:
		}
	}()
	if lambdaWorkerMode(args) {
		return lambdaWorker(ctx, stderr)
	}
	return run(ctx, abort, args, stdin, stdout, stderr)
}

// gcPercent is the garbage collector's target (GOGC) when the user sets
// none: a command reads a schema once, works on it and exits, so the heap
// may grow to 5 times what is live before a collection, not Go's 2 times.
// The collector's work over a large heap is what made validate, emit and
// doc grow faster than the schema (BenchmarkScaling). Measured on the
// 8,000-pattern schema: 28% less CPU for 40% more peak memory (413 to
// 576 MB); GOGC=100 gives Go's default back.
const gcPercent = 400

// tuneGC sets gcPercent unless the environment sets GOGC.
func tuneGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
}

// RunContext is Run with a context: cancelling it interrupts the command
// as SIGINT does (exit 130).
func RunContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(ctx, nil, args, stdin, stdout, stderr)
}

// abortWait bounds how long RunContext waits for a command whose cleanup a
// second interrupt aborted.
const abortWait = 10 * time.Second

func run(ctx context.Context, abort <-chan struct{}, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, ctx: ctx, abort: abort}
	a.stdout, a.stderr = &gatedWriter{a: a, w: stdout}, &gatedWriter{a: a, w: stderr}
	root := a.rootCommand()
	root.SetArgs(normalizeFlags(args))
	root.SetIn(stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	name := commandName(a.rootCommand(), args) // (a tree of its own: root runs concurrently)
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		err = a.waitAfterInterrupt(done)
	}
	if ctx.Err() != nil && !a.stopped.Load() {
		// Never a verdict after an interrupt: the work did not run to its end.
		var ee *exitError
		if errors.As(err, &ee) && ee.err != nil && !errors.Is(ee.err, errInterrupted) && !isCanceled(ee.err) {
			fmt.Fprintf(stderr, "Error: %s\n", ee.err)
		}
		fmt.Fprintf(stderr, "%s: interrupted\n", name)
		return ExitInterrupted
	}
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(stderr, "Error: %s\n", ee.err)
		}
		return ee.code
	}
	// cobra's own usage errors (unknown flag, wrong arg count).
	fmt.Fprintf(stderr, "Error: %s\nRun 'tfdyn --help' for usage.\n", err)
	return ExitUsage
}

// waitAfterInterrupt waits for the interrupted command: until it returns
// for a command that cleans up (a second interrupt cuts that to abortWait),
// else for interruptGrace. Then it closes the commit gate.
func (a *app) waitAfterInterrupt(done <-chan error) error {
	var err error
	grace := time.NewTimer(interruptGrace)
	defer grace.Stop()
	abort, aborted := a.abort, false
wait:
	for {
		select {
		case err = <-done:
			break wait
		case <-grace.C:
			if aborted || !a.cleans.Load() {
				break wait
			}
		case <-abort:
			abort, aborted = nil, true
			grace.Reset(abortWait)
		}
	}
	a.gate.Lock()
	a.gate.closed = true
	a.gate.Unlock()
	return err
}

// commandName is "tfdyn CMD" for the subcommand args name.
func commandName(root *cobra.Command, args []string) string {
	if c, _, err := root.Find(normalizeFlags(args)); err == nil && c != root {
		return "tfdyn " + c.Name()
	}
	return "tfdyn"
}

// isCanceled reports whether err comes from a cancelled context.
func isCanceled(err error) bool { return errors.Is(err, context.Canceled) }

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "tfdyn",
		Short: "DynamoDB single-table design as code: validate, document, emit Terraform, check plans, verify live",
		Long: `tfdyn reads a DynamoDB single-table design written in HCL (*.tfdyn.hcl),
checks that every access pattern is served by a key or an index, documents it,
and writes the Terraform for it.

Exit codes (every command): 0 clean; 1 findings (syntax or lint errors,
stale or unformatted files, failed verify checks, a blocking plan finding,
a refusal); 2 usage or environment error (bad flag, input that cannot be
read, terraform or Java missing); 130 interrupted (Ctrl-C or SIGTERM).`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
	}
	root.AddCommand(a.validateCommand(), a.fmtCommand(), a.docCommand(), a.emitCommand())
	for _, c := range a.extraCommands() {
		root.AddCommand(c)
	}
	return root
}

// extraCommands lists commands defined in other files of this package.
func (a *app) extraCommands() []*cobra.Command {
	var out []*cobra.Command
	for _, f := range commandRegistry {
		out = append(out, f(a))
	}
	return out
}

// commandRegistry lets other files of the package add commands.
var commandRegistry []func(*app) *cobra.Command

// diagOptions are the output options shared by commands that print diagnostics.
type diagOptions struct {
	format string
	// ci offers the CI formats (validate): github, junit, sarif, markdown.
	ci bool
}

func (o *diagOptions) register(c *cobra.Command) {
	if o.ci {
		registerFormat(c, &o.format)
		return
	}
	c.Flags().StringVar(&o.format, "format", "text", "output format: text, json")
}

func (o *diagOptions) check() error {
	if o.ci {
		return checkReportFormat(o.format)
	}
	return checkFormat(o.format, "text", "json")
}

// loadSchema loads and lints a schema; it prints diagnostics and returns an
// exit error when there are errors.
func (a *app) loadSchema(paths []string, o diagOptions, printClean bool) (*hclschema.Schema, hcl.Diagnostics, error) {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	s, diags := lintedSchema(paths)
	if err := a.printSchemaDiagnostics(s, diags, paths, o); err != nil {
		return nil, diags, exit(ExitUsage, err)
	}
	if code := schemaExitCode(diags); code != ExitOK {
		return s, diags, exit(code, nil)
	}
	_ = printClean
	return s, diags, nil
}

// lintedSchema loads the schema of paths and lints it; the diagnostics of
// both come sorted.
func lintedSchema(paths []string) (*hclschema.Schema, hcl.Diagnostics) {
	s, diags := hclschema.Load(paths...)
	if !hasCode(diags, hclschema.CodeSyntax, hclschema.CodeNoFiles) {
		// Lint works on partial models too: report everything at once.
		diags = append(diags, lint.Run(s)...)
	}
	diag.Sort(diags)
	return s, diags
}

// printSchemaDiagnostics prints the diagnostics of a command other than
// validate that loads a schema (paths): in text, the schema's warnings (TD
// codes) are left out, for they are validate's to show and would repeat on
// every run of emit, doc or cost; one line after the rest says how many and
// how to see them. Errors always print, and the machine formats get
// everything.
func (a *app) printSchemaDiagnostics(s *hclschema.Schema, diags hcl.Diagnostics, paths []string, o diagOptions) error {
	if o.format != "text" {
		return a.printDiagnostics(s, diags, o)
	}
	var shown hcl.Diagnostics
	n := 0
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning && strings.HasPrefix(string(diag.CodeOf(d)), "TD") {
			n++
			continue
		}
		shown = append(shown, d)
	}
	if err := a.printDiagnostics(s, shown, o); err != nil {
		return err
	}
	if n > 0 {
		them := "them"
		if n == 1 {
			them = "it"
		}
		fmt.Fprintf(a.stderr, "%s (tfdyn validate %s shows %s)\n", plural(n, "lint warning"), strings.Join(paths, " "), them)
	}
	return nil
}

// schemaExitCode is the exit code for the diagnostics of loading a schema,
// the same for every command that loads one: ExitOK without errors;
// ExitUsage when the input could not be read at all (no schema files, a
// path that does not exist, a file that cannot be read: errors with no
// position in a schema); ExitFindings for every error in the schema's text
// (syntax and lint errors, which have a position and are the user's to fix).
func schemaExitCode(diags hcl.Diagnostics) int {
	if !diags.HasErrors() {
		return ExitOK
	}
	for _, d := range diags {
		if d.Severity == hcl.DiagError && d.Subject == nil && unreadableCode(diag.CodeOf(d)) {
			return ExitUsage
		}
	}
	return ExitFindings
}

// unreadableCode reports whether a position-less diagnostic with code c
// means the input could not be read (hcl reports a file it cannot read as a
// syntax error without a range; an acknowledgement file that cannot be read
// is a DP001 without a range).
func unreadableCode(c diag.Code) bool {
	return c == hclschema.CodeNoFiles || c == hclschema.CodeSyntax || c == plancheck.CodeInvalidAck
}

// printDiagnostics writes the diagnostics of a schema in o's format: as
// text on stderr (the data a command writes goes to stdout), in any other
// format of the findings pipeline on stdout.
func (a *app) printDiagnostics(s *hclschema.Schema, diags hcl.Diagnostics, o diagOptions) error {
	width, color := terminal(a.stderr)
	r := schemaOutput(s, diags, width, color)
	if o.format == "text" || o.format == "" {
		return findings.Write(a.stderr, "text", r)
	}
	return findings.Write(a.stdout, o.format, r)
}

// printText prints diagnostics on stderr with their source and the counts,
// which label ("schema/shop: ") starts when there are several schemas.
func (a *app) printText(files map[string]*hcl.File, diags hcl.Diagnostics, label string) error {
	width, color := terminal(a.stderr)
	return writeDiagnosticsText(a.stderr, &hclschema.Schema{Files: files}, diags, width, color, label)
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// terminal reports a width and whether to use color: only for a terminal,
// and never when NO_COLOR is set.
func terminal(w io.Writer) (uint, bool) {
	if g, ok := w.(*gatedWriter); ok {
		w = g.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return 0, false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return 0, false
	}
	return 100, os.Getenv("NO_COLOR") == ""
}

// normalizeFlags accepts Go- and Terraform-style single-dash long flags
// (-check, -format=json) by rewriting them to --check, --format=json. What
// follows "--" is arguments, never flags, and stays as it is (a schema
// directory called -schema).
func normalizeFlags(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "--" {
			copy(out[i:], args[i:])
			break
		}
		name := strings.SplitN(a, "=", 2)[0]
		if len(name) > 2 && name[0] == '-' && name[1] != '-' && isWord(name[1:]) {
			a = "-" + a
		}
		out[i] = a
	}
	return out
}

func isWord(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r == '-') {
			return false
		}
	}
	return true
}

func hasCode(diags hcl.Diagnostics, codes ...diag.Code) bool {
	for _, d := range diags {
		for _, c := range codes {
			if diag.CodeOf(d) == c {
				return true
			}
		}
	}
	return false
}
