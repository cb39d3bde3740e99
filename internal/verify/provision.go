package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-exec/tfexec"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/fsafe"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tfprovider"
)

// workspace is verify's private Terraform working directory.
type workspace struct {
	dir string
	tf  *tfexec.Terraform
	env *tfenv.Env
	// reattach, when set, attaches terraform to the provider process the
	// run started (local target).
	reattach   *tfexec.ReattachOption
	tableNames map[*hclschema.Table]string
	applied    bool
	// owned is set once verify has checked that none of its table names
	// exist: only then may it delete them.
	owned bool
	// marker is what the workspace's marker file says.
	marker marker
	// types are the resource types and data sources of the emitted files.
	types map[string]bool
}

// newWorkspace emits the schema into a new working directory under
// WorkspaceRoot with a tfvars file that sets the table names and turns
// deletion protection off (so the run can destroy what it created). First it
// removes the workspaces that killed runs left behind (CleanWorkspaces).
func newWorkspace(env *tfenv.Env, s *hclschema.Schema, opts Options, suffix string) (*workspace, error) {
	root := WorkspaceRoot(env)
	if err := os.MkdirAll(root, 0o700); err != nil {
		return nil, fmt.Errorf("verify: workspace: %w", err)
	}
	removed, kept, err := CleanWorkspaces(root)
	if opts.Progress != nil {
		for _, d := range removed {
			fmt.Fprintf(opts.Progress, "removed the workspace of a killed run: %s\n", d)
		}
		for _, l := range kept {
			fmt.Fprintf(opts.Progress, "%s\n", l.Advice())
		}
	}
	if err != nil {
		return nil, fmt.Errorf("verify: workspace: %w", err)
	}
	w := &workspace{tableNames: map[*hclschema.Table]string{}, env: env}
	emitOpts := emit.Options{Layout: emit.LayoutResources, ProviderMajor: opts.ProviderMajor, SchemaPath: opts.SchemaPath,
		SingleRegion: opts.Target != TargetAWS}
	vars := map[string]any{}
	m := marker{PID: os.Getpid(), Host: hostname(), Target: opts.Target, Endpoint: opts.Endpoint, Region: opts.Region, Started: time.Now().UTC()}
	for _, t := range s.Tables {
		name := t.Name
		if fixed, ok := opts.TableNames[t.Label]; ok {
			name = fixed
		} else if suffix != "" {
			name = truncate(name, 255-len(suffix)) + suffix
		}
		w.tableNames[t] = name
		m.Tables = append(m.Tables, name)
		n := emit.NamesFor(t, emitOpts)
		vars[n.TableNameVar] = name
		vars[n.DeletionProtectionVar] = false
	}
	creating.Lock()
	dir, err := os.MkdirTemp(root, strconv.Itoa(os.Getpid())+"-")
	if err == nil {
		live.Store(dir, true)
	}
	creating.Unlock()
	if err != nil {
		return nil, fmt.Errorf("verify: workspace: %w", err)
	}
	w.dir = dir
	w.marker = m
	if err := w.writeMarker(); err != nil {
		w.remove()
		return nil, err
	}
	files, err := emit.Emit(s, emitOpts)
	if err != nil {
		w.remove()
		return nil, fmt.Errorf("verify: emit: %w", err)
	}
	if _, err := emit.Write(dir, files, false); err != nil {
		w.remove()
		return nil, err
	}
	if w.types, err = tfprovider.ConfigTypes(files); err != nil {
		w.remove()
		return nil, fmt.Errorf("verify: read the emitted %w", err)
	}
	b, _ := json.MarshalIndent(vars, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, "tfdyn-verify.auto.tfvars.json"), b, 0o644); err != nil {
		w.remove()
		return nil, fmt.Errorf("verify: workspace: %w", err)
	}
	w.tf, err = env.Terraform(dir)
	if err != nil {
		w.remove()
		return nil, err
	}
	return w, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func (w *workspace) writeProvider(block string) error {
	return os.WriteFile(filepath.Join(w.dir, "provider.tf"), []byte(block), 0o644)
}

func (w *workspace) init(ctx context.Context) error {
	if err := w.env.Init(ctx, w.tf, tfexec.Upgrade(false)); err != nil {
		var pe *tfenv.ProviderError
		if errors.As(err, &pe) {
			return fmt.Errorf("%w\n%s", err, pe.Help())
		}
		return fmt.Errorf("terraform init: %w", err)
	}
	return nil
}

func (w *workspace) apply(ctx context.Context) error {
	w.applied = true // from here on, destroy is due (a failed apply may leave a table)
	// The marker says so too: a run killed from here on may leave tables
	// that a later run must not forget (CleanWorkspaces).
	w.marker.Applied = true
	if err := w.writeMarker(); err != nil {
		return err
	}
	var opts []tfexec.ApplyOption
	if w.reattach != nil {
		opts = append(opts, w.reattach)
	}
	if err := w.tf.Apply(ctx, opts...); err != nil {
		return fmt.Errorf("terraform apply: %w", err)
	}
	return nil
}

// planClean reports whether a fresh plan shows no changes.
func (w *workspace) planClean(ctx context.Context) (bool, string, error) {
	changes, err := w.tf.Plan(ctx, w.planOptions(tfexec.Out(filepath.Join(w.dir, "recheck.tfplan")))...)
	if err != nil {
		return false, "", fmt.Errorf("terraform plan: %w", err)
	}
	if !changes {
		return true, "", nil
	}
	var sopts []tfexec.ShowOption
	if w.reattach != nil {
		sopts = append(sopts, w.reattach)
	}
	plan, err := w.tf.ShowPlanFileRaw(ctx, filepath.Join(w.dir, "recheck.tfplan"), sopts...)
	if err != nil {
		return false, "", nil
	}
	return false, plan, nil
}

// planOptions adds the reattach option, if any, to opts.
func (w *workspace) planOptions(opts ...tfexec.PlanOption) []tfexec.PlanOption {
	if w.reattach != nil {
		opts = append(opts, w.reattach)
	}
	return opts
}

func (w *workspace) destroy(ctx context.Context) error {
	if !w.applied {
		return nil
	}
	var opts []tfexec.DestroyOption
	if w.reattach != nil {
		opts = append(opts, w.reattach)
	}
	if err := w.tf.Destroy(ctx, opts...); err != nil {
		return fmt.Errorf("terraform destroy: %w", err)
	}
	w.applied = false
	return nil
}

func (w *workspace) remove() {
	if w.dir != "" {
		_ = os.RemoveAll(w.dir)
		live.Delete(w.dir)
	}
}

// isCanceled reports whether err comes from an interrupt.
func isCanceled(err error) bool {
	return errors.Is(err, context.Canceled)
}

// markerFile names the file in each workspace that says which run owns it.
const markerFile = "tfdyn-verify.json"

// marker is the content of markerFile.
type marker struct {
	PID      int       `json:"pid"`
	Host     string    `json:"host"`
	Target   Target    `json:"target"`
	Endpoint string    `json:"endpoint,omitempty"`
	Region   string    `json:"region,omitempty"`
	Tables   []string  `json:"tables"`
	Started  time.Time `json:"started"`
	// Applied is set before terraform apply starts: from then on the run may
	// have created tables.
	Applied bool `json:"applied"`
}

// live holds the workspaces of this process: CleanWorkspaces never removes
// them although their pid is this process's (a workspace with this pid that
// is not in live is from an earlier process with a reused pid).
var live sync.Map

// creating orders a workspace's creation and its entry in live against
// CleanWorkspaces in this process: without it a concurrent run's cleanup
// could remove a workspace between os.MkdirTemp and live.Store (seen with
// parallel verify tests on a loaded machine: "write .../tfdyn-verify.json:
// no such file or directory").
var creating sync.Mutex

func (w *workspace) writeMarker() error {
	b, _ := json.MarshalIndent(w.marker, "", "  ")
	if err := fsafe.WriteFile(filepath.Join(w.dir, markerFile), b, 0o644); err != nil {
		return fmt.Errorf("verify: workspace: %w", err)
	}
	return nil
}

func hostname() string {
	h, _ := os.Hostname()
	return h
}

// WorkspaceRoot is the directory that holds verify's working directories,
// one per run, named <pid>-<random>: "verify" in tfdyn's cache directory
// (~/.cache/tfdyn/verify, $TFDYN_CACHE/verify), which outlives a reboot, so
// that the terraform state of a run killed against a persistent endpoint is
// not lost with /tmp.
func WorkspaceRoot(env *tfenv.Env) string {
	return filepath.Join(cacheDir(env), "verify")
}

// cacheDir is tfdyn's cache directory of env.
func cacheDir(env *tfenv.Env) string {
	if env != nil && env.CacheDir != "" {
		return env.CacheDir
	}
	return tfenv.CacheDir()
}

// Leftover is the workspace of a dead run that CleanWorkspaces kept because
// tables of that run may still exist on a persistent endpoint (--endpoint or
// --target aws): killed after apply had started, or left with --keep.
type Leftover struct {
	Dir      string
	PID      int
	Target   Target
	Endpoint string
	Tables   []string
	Started  time.Time
}

// Advice says where the leftover is and how to destroy it.
func (l Leftover) Advice() string {
	where := string(l.Target)
	if l.Endpoint != "" {
		where = l.Endpoint
	}
	return fmt.Sprintf("the workspace %s of an earlier verify run (pid %d, started %s) holds the terraform state of table(s) %s on %s: "+
		"the run was killed before it destroyed them, or kept them with --keep. Destroy them with `terraform -chdir=%s destroy` "+
		"(or delete the tables), then remove the directory",
		l.Dir, l.PID, l.Started.Format(time.RFC3339), strings.Join(l.Tables, ", "), where, l.Dir)
}

// CleanWorkspaces removes the workspaces in root of runs that are no longer
// alive on this machine and returns their paths, and the workspaces it kept
// for the user to destroy. A dead run's workspace is removed when its target
// was DynamoDB Local (the local process died with the run and kept its
// tables in memory) or when the run never reached terraform apply; it is
// kept, with its terraform state, when the run applied to an endpoint or AWS
// (its tables may still exist there). Workspaces of live runs, of other
// hosts (a shared home directory) and entries that are not workspaces are
// left alone.
func CleanWorkspaces(root string) (removed []string, kept []Leftover, err error) {
	creating.Lock()
	defer creating.Unlock()
	entries, err := os.ReadDir(root)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("clean %s: %w", root, err)
	}
	var errs []error
	host := hostname()
	for _, e := range entries {
		pidText, _, ok := strings.Cut(e.Name(), "-")
		pid, perr := strconv.Atoi(pidText)
		if !ok || perr != nil || !e.IsDir() {
			continue
		}
		dir := filepath.Join(root, e.Name())
		var m marker
		b, rerr := os.ReadFile(filepath.Join(dir, markerFile))
		hasMarker := rerr == nil && json.Unmarshal(b, &m) == nil
		if hasMarker && m.Host != "" && m.Host != host {
			continue
		}
		if pid == os.Getpid() {
			if _, mine := live.Load(dir); mine {
				continue
			}
		} else if fsafe.Alive(pid) {
			continue
		}
		if hasMarker && m.Applied && m.Target != TargetLocal && m.Target != "" {
			kept = append(kept, Leftover{Dir: dir, PID: pid, Target: m.Target, Endpoint: m.Endpoint, Tables: m.Tables, Started: m.Started})
			continue
		}
		if err := os.RemoveAll(dir); err != nil {
			errs = append(errs, fmt.Errorf("remove %s: %w", dir, err))
			continue
		}
		removed = append(removed, dir)
	}
	return removed, kept, errors.Join(errs...)
}
