package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// patternRowRE is a row of verify's "Access patterns" table.
var patternRowRE = regexp.MustCompile(`^  (ok|FAIL) +(\S+) +(GetItem|Query) `)

// writeRowRE is the head line of a write pattern in "Write patterns".
var writeRowRE = regexp.MustCompile(`^  (ok|FAIL) +(\S+) \((\w+)\)$`)

// runBinary runs the tfdyn binary bin with args and the mirror's terraform
// CLI configuration; it returns the exit code, stdout and stderr.
func runBinary(t *testing.T, env *tfenv.Env, bin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+env.CLIConfigFile())
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return code, stdout.String(), stderr.String()
}

// TestLiveVerifyPublishedDesigns runs tfdyn verify --target local (the
// binary) on each published design of testdata/published: exit 0, every
// access pattern and write pattern passes, in the schema's order, and the
// summary counts exactly the schema's access patterns.
func TestLiveVerifyPublishedDesigns(t *testing.T) {
	t.Parallel() // its subtests hold the live-test slots
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint) // device_state_log's GSI3 has a multi-attribute key
	bin := tfdynBinary(t)
	for _, tc := range []struct {
		name   string
		reads  []string
		writes []string
		checks string
	}{
		{
			name: "online_shop",
			reads: []string{
				"ok get_customer GetItem", "ok get_product GetItem", "ok get_warehouse GetItem",
				"ok product_inventory_by_product Query", "ok order_details Query", "ok products_of_order Query",
				"ok invoice_of_order Query", "ok shipments_of_order Query", "ok orders_of_product_in_range Query",
				"ok get_invoice Query", "ok payments_of_invoice Query", "ok shipment_details Query",
				"ok shipments_of_warehouse Query", "ok inventory_of_warehouse Query",
				"ok invoices_of_customer_in_range Query", "ok products_of_customer_in_range Query",
			},
			writes: []string{"ok register_customer TransactWriteItems", "ok order_product TransactWriteItems", "ok record_payment UpdateItem"},
			checks: "PASS: 16 access pattern(s), 17 conformance check(s) in ",
		},
		{
			name: "device_state_log",
			reads: []string{
				"ok logs_of_device_state Query", "ok logs_of_operator_between Query", "ok escalated_to_supervisor Query",
				"ok escalated_of_state Query", "ok escalated_of_state_on_date Query", "ok escalated_of_state_on_date_multi Query",
			},
			writes: []string{"ok log_state PutItem", "ok escalate UpdateItem"},
			checks: "PASS: 6 access pattern(s), 20 conformance check(s) in ",
		},
		{
			name:   "equipment_versions",
			reads:  []string{"ok get_equipment GetItem", "ok get_latest_version GetItem", "ok versions_of_equipment Query"},
			writes: []string{"ok add_equipment PutItem", "ok add_new_version TransactWriteItems"},
			checks: "PASS: 3 access pattern(s), 11 conformance check(s) in ",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tftest.Parallel(t)
			code, out, stderr := runBinary(t, env, bin, "verify", "--target", "local", filepath.Join(publishedDir, tc.name))
			require.Equal(t, 0, code, "%s\n%s", out, stderr)

			var reads, writes []string
			section := ""
			for _, line := range strings.Split(out, "\n") {
				switch {
				case strings.HasPrefix(line, "Access patterns ("):
					section = "reads"
				case strings.HasPrefix(line, "Write patterns"):
					section = "writes"
				case line != "" && !strings.HasPrefix(line, " "):
					section = ""
				case section == "reads":
					if m := patternRowRE.FindStringSubmatch(line); m != nil {
						reads = append(reads, m[1]+" "+m[2]+" "+m[3])
					}
				case section == "writes":
					if m := writeRowRE.FindStringSubmatch(line); m != nil {
						writes = append(writes, m[1]+" "+m[2]+" "+m[3])
					}
				}
			}
			require.Equal(t, tc.reads, reads, out)
			require.Equal(t, tc.writes, writes, out)
			require.NotContains(t, out, "warning:")
			lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
			require.True(t, strings.HasPrefix(lines[len(lines)-1], tc.checks), lines[len(lines)-1])
			assertNothingLeft(t, stderr)
		})
	}
}
