package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/diag"
	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/lint"
)

// Exit codes.
const (
	ExitOK       = 0
	ExitFindings = 1
	ExitUsage    = 2
	// ExitInterrupted: stopped by SIGINT or SIGTERM.
	ExitInterrupted = 130
)

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
}

// Run executes tfdyn with args and returns the exit code.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return RunContext(ctx, args, stdin, stdout, stderr)
}

// RunContext is Run with a context that cancels long-running commands.
func RunContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr}
	root := a.rootCommand()
	root.SetArgs(normalizeFlags(args))
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
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

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "tfdyn",
		Short: "DynamoDB single-table design as code: validate, document, emit Terraform, check plans, verify live",
		Long: `tfdyn reads a DynamoDB single-table design written in HCL (*.tfdyn.hcl),
checks that every access pattern is served by a key or an index, documents it,
and writes the Terraform for it.`,
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
}

func (o *diagOptions) register(c *cobra.Command) {
	c.Flags().StringVar(&o.format, "format", "text", "output format: text or json")
}

func (o *diagOptions) check() error {
	if o.format != "text" && o.format != "json" {
		return exitf(ExitUsage, "--format must be text or json, got %q", o.format)
	}
	return nil
}

// loadSchema loads and lints a schema; it prints diagnostics and returns an
// exit error when there are errors.
func (a *app) loadSchema(paths []string, o diagOptions, printClean bool) (*hclschema.Schema, hcl.Diagnostics, error) {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	s, diags := hclschema.Load(paths...)
	if !hasCode(diags, hclschema.CodeSyntax, hclschema.CodeNoFiles) {
		// Lint works on partial models too: report everything at once.
		diags = append(diags, lint.Run(s)...)
	}
	diag.Sort(diags)
	if err := a.printDiagnostics(s, diags, o); err != nil {
		return nil, diags, exit(ExitUsage, err)
	}
	if diags.HasErrors() {
		code := ExitFindings
		for _, d := range diags {
			if c := diag.CodeOf(d); c == hclschema.CodeSyntax || c == hclschema.CodeNoFiles {
				code = ExitUsage
			}
		}
		return s, diags, exit(code, nil)
	}
	_ = printClean
	return s, diags, nil
}

func (a *app) printDiagnostics(s *hclschema.Schema, diags hcl.Diagnostics, o diagOptions) error {
	if o.format == "json" {
		return diag.WriteJSON(a.stdout, diags)
	}
	if len(diags) == 0 {
		return nil
	}
	width, color := terminal(a.stderr)
	if err := diag.WriteText(a.stderr, s.Files, diags, width, color); err != nil {
		return err
	}
	errs, warns := 0, 0
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			errs++
		} else {
			warns++
		}
	}
	fmt.Fprintf(a.stderr, "%s, %s\n", plural(errs, "error"), plural(warns, "warning"))
	return nil
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
// (-check, -format=json) by rewriting them to --check, --format=json.
func normalizeFlags(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
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
