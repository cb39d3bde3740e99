package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hashicorp/terraform-exec/tfexec"

	"github.com/tfdyn/tfdyn/emit"
	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/tfenv"
)

// workspace is verify's private Terraform working directory.
type workspace struct {
	env        *tfenv.Env
	dir        string
	tf         *tfexec.Terraform
	tableNames map[*hclschema.Table]string
	applied    bool
	// owned is set once verify has checked that none of its table names
	// exist: only then may it delete them.
	owned bool
}

// newWorkspace emits the schema into a new temporary directory with a
// tfvars file that sets the table names and turns deletion protection off
// (so the run can destroy what it created).
func newWorkspace(env *tfenv.Env, s *hclschema.Schema, opts Options, suffix string) (*workspace, error) {
	dir, err := os.MkdirTemp("", "tfdyn-verify-")
	if err != nil {
		return nil, fmt.Errorf("verify: workspace: %w", err)
	}
	w := &workspace{env: env, dir: dir, tableNames: map[*hclschema.Table]string{}}
	files, err := emit.Emit(s, emit.Options{Layout: emit.LayoutResources, ProviderMajor: opts.ProviderMajor, SchemaPath: opts.SchemaPath})
	if err != nil {
		w.remove()
		return nil, fmt.Errorf("verify: emit: %w", err)
	}
	if _, err := emit.Write(dir, files, false); err != nil {
		w.remove()
		return nil, err
	}
	vars := map[string]any{}
	for _, t := range s.Tables {
		name := t.Name
		if fixed, ok := opts.TableNames[t.Label]; ok {
			name = fixed
		} else if suffix != "" {
			name = truncate(name, 255-len(suffix)) + suffix
		}
		w.tableNames[t] = name
		prefix := "dynamodb_"
		if len(s.Tables) > 1 {
			prefix += t.Label + "_"
		}
		vars[prefix+"table_name"] = name
		vars[prefix+"deletion_protection"] = false
	}
	b, _ := json.MarshalIndent(vars, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, "tfdyn-verify.auto.tfvars.json"), b, 0o644); err != nil {
		w.remove()
		return nil, fmt.Errorf("verify: workspace: %w", err)
	}
	if env.PluginCacheDir == "" {
		// Each run links the provider from the cache instead of copying it.
		env.PluginCacheDir = filepath.Join(env.CacheDir, "plugin-cache")
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

func (w *workspace) setOutput(out io.Writer) {
	if out != nil {
		w.tf.SetStdout(out)
		w.tf.SetStderr(out)
	}
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
	if err := w.tf.Apply(ctx); err != nil {
		return fmt.Errorf("terraform apply: %w", err)
	}
	return nil
}

// planClean reports whether a fresh plan shows no changes.
func (w *workspace) planClean(ctx context.Context) (bool, string, error) {
	changes, err := w.tf.Plan(ctx, tfexec.Out(filepath.Join(w.dir, "recheck.tfplan")))
	if err != nil {
		return false, "", fmt.Errorf("terraform plan: %w", err)
	}
	if !changes {
		return true, "", nil
	}
	plan, err := w.tf.ShowPlanFileRaw(ctx, filepath.Join(w.dir, "recheck.tfplan"))
	if err != nil {
		return false, "", nil
	}
	return false, plan, nil
}

func (w *workspace) destroy(ctx context.Context) error {
	if !w.applied {
		return nil
	}
	if err := w.tf.Destroy(ctx); err != nil {
		return fmt.Errorf("terraform destroy: %w", err)
	}
	w.applied = false
	return nil
}

func (w *workspace) remove() {
	if w.dir != "" {
		_ = os.RemoveAll(w.dir)
	}
}

// isCanceled reports whether err comes from an interrupt.
func isCanceled(err error) bool {
	return errors.Is(err, context.Canceled)
}
