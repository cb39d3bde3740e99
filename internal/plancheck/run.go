package plancheck

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/terraform-exec/tfexec"
	tfjson "github.com/hashicorp/terraform-json"

	"github.com/tfdyn/tfdyn/internal/fsafe"
	"github.com/tfdyn/tfdyn/internal/tfenv"
)

// RunOptions control Run.
type RunOptions struct {
	// VarFiles are passed as -var-file (relative to the Terraform directory
	// or absolute).
	VarFiles []string
	// Vars are "name=value" assignments passed as -var.
	Vars []string
	// Destroy plans the destruction of everything (plan -destroy).
	Destroy bool
	// Log, if set, receives terraform's output while it runs.
	Log io.Writer
	// Reattach, if set, attaches plan and show to a provider already
	// running (tfprovider.Process.Reattach) instead of terraform starting
	// it; init runs as without.
	Reattach *tfexec.ReattachOption
}

// Run runs `terraform init`, `terraform plan -out` and `terraform show
// -json` in dir (the user's Terraform directory) through terraform-exec,
// and returns the plan. env is the terraform installation and CLI config;
// nil means tfenv.Load() (the user's TF_CLI_CONFIG_FILE when it exists,
// else tfdyn's offline mirror). The plan file goes to a temporary
// directory and is removed. Errors are *tfenv.EnvError (an environment problem: terraform missing, provider not installable, backend unreachable, a configuration terraform rejects, as opposed to a problem of the plan; exit 2), with a hint when the
// cause is known (terraform missing, provider not installable offline).
func Run(ctx context.Context, dir string, env *tfenv.Env, opts RunOptions) (*tfjson.Plan, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, &tfenv.EnvError{Step: "init", Err: fmt.Errorf("%s is not a directory", dir), Hint: "Pass the directory that holds the Terraform configuration (--dir)."}
	}
	if env == nil {
		var err error
		if env, err = tfenv.Load(); err != nil {
			return nil, &tfenv.EnvError{Step: "init", Err: err, Hint: "Install Terraform >= 1.5 (https://developer.hashicorp.com/terraform/install) and put it on PATH."}
		}
	}
	tf, err := env.Terraform(dir)
	if err != nil {
		return nil, &tfenv.EnvError{Step: "init", Err: err, Hint: "Install Terraform >= 1.5 (https://developer.hashicorp.com/terraform/install) and put it on PATH."}
	}
	// terraform-exec asks terraform for its version first and copies the
	// answer (JSON) to the stdout writer: ask now, before the log is set.
	tf.SetStdout(io.Discard)
	if _, _, err := tf.Version(ctx, false); err != nil {
		return nil, &tfenv.EnvError{Step: "version", Dir: dir, Err: err, Hint: "Install Terraform >= 1.5 (https://developer.hashicorp.com/terraform/install) and put it on PATH."}
	}
	// terraform's error output is kept for the error, not logged: the error
	// shows it once.
	var stderr bytes.Buffer
	tf.SetStderr(&stderr)
	if opts.Log != nil {
		tf.SetStdout(opts.Log)
	}
	fail := func(step string, err error, hint string) error {
		if ctx.Err() != nil {
			return fmt.Errorf("plancheck: terraform %s: %w", step, ctx.Err())
		}
		return &tfenv.EnvError{Step: step, Dir: dir, Output: tfenv.TrimOutput(stderr.String()), Hint: hint, Err: err}
	}

	if err := env.Init(ctx, tf, tfexec.Upgrade(false)); err != nil {
		return nil, fail("init", err, initHint(err, stderr.String()))
	}
	if env.UsingFallback() && opts.Log != nil {
		fmt.Fprintf(opts.Log, "tfdyn: providers come from %s\n", env.Describe())
	}
	tmp, err := os.MkdirTemp("", "tfdyn-plan-*")
	if err != nil {
		return nil, &tfenv.EnvError{Step: "plan", Err: err}
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "plan.tfplan")
	popts := []tfexec.PlanOption{tfexec.Out(out)}
	for _, f := range opts.VarFiles {
		popts = append(popts, tfexec.VarFile(f))
	}
	for _, v := range opts.Vars {
		popts = append(popts, tfexec.Var(v))
	}
	if opts.Destroy {
		popts = append(popts, tfexec.Destroy(true))
	}
	var sopts []tfexec.ShowOption
	if opts.Reattach != nil {
		popts = append(popts, opts.Reattach)
		sopts = append(sopts, opts.Reattach)
	}
	stderr.Reset()
	if _, err := tf.Plan(ctx, popts...); err != nil {
		return nil, fail("plan", err, "")
	}
	tf.SetStdout(io.Discard) // the JSON is read, not shown
	stderr.Reset()
	plan, err := tf.ShowPlanFile(ctx, out, sopts...)
	if err != nil {
		return nil, fail("show", err, "")
	}
	return plan, nil
}

// initHint explains common init failures.
func initHint(err error, stderr string) string {
	var pe *tfenv.ProviderError
	out := err.Error() + stderr
	switch {
	case errors.As(err, &pe):
		return pe.Help()
	case strings.Contains(out, "Backend initialization required"), strings.Contains(out, "Error configuring the backend"),
		strings.Contains(out, "Failed to get existing workspaces"):
		return "The backend could not be initialised: check its credentials and network access."
	}
	return ""
}

// MaxPlanJSONBytes is the largest plan JSON LoadPlanJSON and
// DecodePlanJSON read (256 MiB). A larger input is refused before it
// exhausts memory: `terraform show -json` of a plan with thousands of
// resources stays far below it.
const MaxPlanJSONBytes = 256 << 20

// ErrPlanTooLarge is returned for a plan JSON over MaxPlanJSONBytes.
var ErrPlanTooLarge = fmt.Errorf("the plan JSON is larger than %d MiB (the limit of tfdyn plan)", MaxPlanJSONBytes>>20)

// ErrErroredPlan is returned for a plan that terraform could not finish
// ("errored": true): it cannot be applied and its changes are incomplete,
// so it cannot be judged. A command reports it as an environment error
// (exit 2), like a failing `terraform plan`.
var ErrErroredPlan = errors.New(`the plan is errored ("errored": true): terraform could not finish planning, so the plan is incomplete and cannot be applied; fix the error that terraform plan printed and plan again`)

// LoadPlanJSON reads a plan in JSON, as written by
// `terraform show -json plan.out > plan.json`. Only a regular file (or a
// symbolic link to one) of at most MaxPlanJSONBytes is read: it is opened
// once and checked on the handle (fsafe.OpenRegular), so a FIFO or a device
// is refused instead of blocking or streaming forever (use "-" and
// DecodePlanJSON for standard input).
func LoadPlanJSON(path string) (*tfjson.Plan, error) {
	f, err := fsafe.OpenRegular(path)
	var nr *fsafe.NotRegularError
	if errors.As(err, &nr) {
		return nil, fmt.Errorf("plancheck: read plan: %w; pass a plan JSON file, or - to read standard input", err)
	}
	if err != nil {
		return nil, fmt.Errorf("plancheck: read plan: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > MaxPlanJSONBytes {
		return nil, fmt.Errorf("plancheck: %s: %w", path, ErrPlanTooLarge)
	}
	p, err := DecodePlanJSON(f)
	if err != nil {
		return nil, fmt.Errorf("plancheck: %s: %w", path, err)
	}
	return p, nil
}

// errBinaryPlan tells a binary plan file apart from JSON.
var errBinaryPlan = errors.New("this is a binary plan file, not JSON: convert it with `terraform show -json PLANFILE > plan.json`")

// DecodePlanJSON reads a JSON plan from r (for example standard input),
// at most MaxPlanJSONBytes of it (ErrPlanTooLarge beyond). Input that
// does not start like a JSON object is refused after its first bytes. A
// plan terraform could not finish ("errored": true) is ErrErroredPlan.
func DecodePlanJSON(r io.Reader) (*tfjson.Plan, error) {
	return decodePlanJSON(r, MaxPlanJSONBytes)
}

// decodePlanJSON is DecodePlanJSON with the size limit as a parameter.
func decodePlanJSON(r io.Reader, limit int64) (*tfjson.Plan, error) {
	br := bufio.NewReaderSize(r, 4096)
	if err := checkStart(br); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(br, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read plan: %w", err)
	}
	if int64(len(b)) > limit {
		return nil, ErrPlanTooLarge
	}
	var probe struct {
		FormatVersion string          `json:"format_version"`
		Values        json.RawMessage `json:"values"`
		Changes       json.RawMessage `json:"resource_changes"`
		Planned       json.RawMessage `json:"planned_values"`
		Errored       bool            `json:"errored"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return nil, fmt.Errorf("not a JSON plan: %w", err)
	}
	if probe.Planned == nil && probe.Changes == nil && probe.Values != nil {
		return nil, errors.New("this is a state (terraform show -json without a plan file), not a plan: run terraform plan -out=plan.out, then terraform show -json plan.out")
	}
	if probe.FormatVersion == "" {
		return nil, errors.New("not a Terraform JSON plan (no format_version): make it with terraform show -json PLANFILE")
	}
	if probe.Errored {
		return nil, ErrErroredPlan
	}
	var p tfjson.Plan
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("decode plan: %w", err)
	}
	return &p, nil
}

// checkStart looks at the first bytes of a plan: a binary plan file (a
// zip archive) and anything whose first non-space byte is not '{' are
// refused without reading further.
func checkStart(br *bufio.Reader) error {
	head, err := br.Peek(4)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return fmt.Errorf("read plan: %w", err)
	}
	if bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		return errBinaryPlan
	}
	for i := 1; i <= br.Size(); i++ {
		b, err := br.Peek(i)
		if len(b) < i {
			if err == io.EOF {
				return errors.New("not a JSON plan: the input is empty")
			}
			if err != nil {
				return fmt.Errorf("read plan: %w", err)
			}
		}
		switch c := b[i-1]; c {
		case ' ', '\t', '\r', '\n':
			continue
		case '{':
			return nil
		default:
			return fmt.Errorf("not a JSON plan: it starts with byte %#02x, not '{' (make it with terraform show -json PLANFILE)", c)
		}
	}
	return errors.New("not a JSON plan: the input starts with more than 4 KiB of white space")
}
