package verify

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/hashicorp/terraform-exec/tfexec"
)

// destroyCheckName names the conformance check that proves destroy on the
// local target.
const destroyCheckName = "terraform plan -destroy deletes every resource"

// proveDestroyByPlan reports whether this run proves destroy with
// `terraform plan -destroy` instead of running `terraform destroy`: only on
// the local target without --keep, where DynamoDB Local (in memory) takes the
// table with it when verify stops it. On an endpoint or AWS the tables
// outlive the run and terraform destroy removes them.
func (r *runner) proveDestroyByPlan() bool {
	return r.opts.Target == TargetLocal && !r.opts.Keep
}

// destroyPlan runs `terraform plan -destroy` and checks that it deletes every
// managed resource in the state and that no table has deletion protection on
// (what makes a real destroy fail). It records the outcome as a conformance
// check; r.destroyProven is set when the check passed, and cleanup then
// skips terraform destroy.
func (r *runner) destroyPlan(ctx context.Context) error {
	ws := r.ws
	// A Terraform of its own: this plan runs next to the second plan, and
	// tfexec's output writers are per Terraform value.
	tf, err := ws.env.Terraform(ws.dir)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	// -lock=false: the second plan reads the same state at the same time;
	// neither writes it. -refresh=false: the second plan refreshes, and
	// deletion protection is read from the table below.
	_, perr := tf.PlanJSON(ctx, &out, ws.planOptions(tfexec.Destroy(true), tfexec.Lock(false), tfexec.Refresh(false),
		tfexec.Out(filepath.Join(ws.dir, "destroy.tfplan")))...)
	if perr != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	pd := parsePlanJSON(out.Bytes())
	inState, err := stateResources(filepath.Join(ws.dir, "terraform.tfstate"))
	if err != nil {
		return err
	}
	var problems []string
	if perr != nil {
		msg := strings.Join(pd.errors, "\n")
		if msg == "" {
			msg = perr.Error()
		}
		problems = append(problems, "terraform plan -destroy fails:\n"+msg)
	} else {
		if len(pd.other) > 0 {
			problems = append(problems, "terraform plan -destroy plans more than deletes: "+strings.Join(pd.other, ", "))
		}
		if missing := missingDeletes(inState, pd.deletes); len(missing) > 0 {
			problems = append(problems, "terraform plan -destroy leaves resource(s) in place: "+strings.Join(missing, ", "))
		}
	}
	for _, name := range sortedTableNames(ws) {
		d, err := r.client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		if err != nil {
			return fmt.Errorf("describe table %s: %w", name, err)
		}
		if aws.ToBool(d.Table.DeletionProtectionEnabled) {
			problems = append(problems, fmt.Sprintf("table %s has deletion protection on: terraform destroy would fail", name))
		}
	}
	c := Check{Code: vfDestroyProven, Name: destroyCheckName, OK: len(problems) == 0}
	if !c.OK {
		c.Detail = strings.Join(problems, "\n")
	}
	r.mu.Lock()
	r.report.Conformance = append(r.report.Conformance, c)
	r.destroyProven = c.OK
	r.mu.Unlock()
	return nil
}

func sortedTableNames(ws *workspace) []string {
	names := make([]string, 0, len(ws.tableNames))
	for _, n := range ws.tableNames {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// planDigest is what verify reads from `terraform plan -json`.
type planDigest struct {
	deletes map[string]bool // resource addresses planned for deletion
	other   []string        // "<action> <address>" of every other planned change
	errors  []string        // error diagnostics, summary and detail
}

// parsePlanJSON reads the machine-readable UI stream of `terraform plan
// -json` (one JSON object per line).
func parsePlanJSON(b []byte) planDigest {
	pd := planDigest{deletes: map[string]bool{}}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		var msg struct {
			Type   string `json:"type"`
			Change struct {
				Resource struct {
					Addr string `json:"addr"`
				} `json:"resource"`
				Action string `json:"action"`
			} `json:"change"`
			Diagnostic struct {
				Severity string `json:"severity"`
				Summary  string `json:"summary"`
				Detail   string `json:"detail"`
			} `json:"diagnostic"`
		}
		if json.Unmarshal(sc.Bytes(), &msg) != nil {
			continue
		}
		switch msg.Type {
		case "planned_change":
			if msg.Change.Action == "delete" {
				pd.deletes[msg.Change.Resource.Addr] = true
			} else {
				pd.other = append(pd.other, msg.Change.Action+" "+msg.Change.Resource.Addr)
			}
		case "diagnostic":
			if msg.Diagnostic.Severity == "error" {
				pd.errors = append(pd.errors, strings.TrimSpace(msg.Diagnostic.Summary+": "+msg.Diagnostic.Detail))
			}
		}
	}
	return pd
}

// stateResources lists the addresses of the managed resource instances in a
// local terraform state file.
func stateResources(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read terraform state: %w", err)
	}
	var st struct {
		Resources []struct {
			Module    string `json:"module"`
			Mode      string `json:"mode"`
			Type      string `json:"type"`
			Name      string `json:"name"`
			Instances []struct {
				IndexKey any `json:"index_key"`
			} `json:"instances"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("read terraform state %s: %w", path, err)
	}
	var addrs []string
	for _, rs := range st.Resources {
		if rs.Mode != "managed" {
			continue
		}
		base := rs.Type + "." + rs.Name
		if rs.Module != "" {
			base = rs.Module + "." + base
		}
		for _, in := range rs.Instances {
			switch k := in.IndexKey.(type) {
			case nil:
				addrs = append(addrs, base)
			case string:
				addrs = append(addrs, fmt.Sprintf("%s[%q]", base, k))
			case float64:
				addrs = append(addrs, fmt.Sprintf("%s[%d]", base, int(k)))
			}
		}
	}
	if len(addrs) == 0 {
		return nil, errors.New("terraform state holds no managed resource after apply")
	}
	return addrs, nil
}

// missingDeletes returns the state addresses the destroy plan does not delete.
func missingDeletes(inState []string, deletes map[string]bool) []string {
	var missing []string
	for _, a := range inState {
		if !deletes[a] {
			missing = append(missing, a)
		}
	}
	return missing
}
