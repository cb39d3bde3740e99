package verify

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestDestroyPlanReportsUndestroyableTable applies the e-commerce example to
// DynamoDB Local and runs the destroy proof three times: as emitted (it
// proves destroy), with prevent_destroy added to the table (terraform plan
// -destroy fails) and with deletion protection turned on at the table
// (terraform destroy would fail). An unproven destroy makes cleanup fall back
// to terraform destroy, which reports the protected table as it always did.
// The second plan check (VF151) passes right after apply and fails, showing
// the change, once the table's deletion protection differs from the
// configuration.
func TestDestroyPlanReportsUndestroyableTable(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	s, diags := hclschema.Load("../../examples/ecommerce")
	require.False(t, diags.HasErrors(), diags.Error())
	major := 5
	if env.HasAWSProvider(emit.Provider6Constraint) {
		major = 6
	}
	ctx := context.Background()
	r := &runner{opts: Options{Schema: s, Env: env, ProviderMajor: major}.withDefaults(), start: time.Now(),
		datasets: map[*hclschema.Table]*Dataset{}, report: &Report{}}
	ws, err := newWorkspace(env, s, r.opts, "")
	require.NoError(t, err)
	r.ws = ws
	cleaned := false
	defer func() {
		if !cleaned {
			_ = r.cleanup()
		}
	}()
	require.NoError(t, r.connect(ctx))
	require.NoError(t, ws.init(ctx))
	require.NoError(t, r.attachProvider(ctx))
	require.NotNil(t, r.provider, "the provider starts in debug mode")
	require.NoError(t, r.refuseExisting(ctx))
	ws.owned = true
	require.NoError(t, ws.apply(ctx))

	check := func() Check {
		t.Helper()
		r.report.Conformance, r.destroyProven = nil, false
		require.NoError(t, r.destroyPlan(ctx))
		require.Len(t, r.report.Conformance, 1)
		c := r.report.Conformance[0]
		require.Equal(t, c.OK, r.destroyProven)
		return c
	}
	require.Equal(t, Check{Code: "VF152", Name: "terraform plan -destroy deletes every resource", OK: true}, check())
	// The second plan, through the same provider process and its proxy
	// (cached and trimmed schema), shows no change right after apply.
	recheck := func() Check {
		t.Helper()
		r.report.Conformance = nil
		require.NoError(t, r.recheckPlan(ctx))
		require.Len(t, r.report.Conformance, 1)
		return r.report.Conformance[0]
	}
	require.Equal(t, Check{Code: "VF151", Name: "second terraform plan shows no changes", OK: true}, recheck())

	main := filepath.Join(ws.dir, "dynamodb.tf")
	src, err := os.ReadFile(main)
	require.NoError(t, err)
	const head = "resource \"aws_dynamodb_table\" \"shop\" {\n"
	require.Equal(t, 1, strings.Count(string(src), head), "emitted dynamodb.tf changed shape:\n%s", src)
	require.NoError(t, os.WriteFile(main, []byte(strings.Replace(string(src), head, head+"  lifecycle {\n    prevent_destroy = true\n  }\n", 1)), 0o644))
	c := check()
	require.False(t, c.OK)
	require.Equal(t, "terraform plan -destroy fails:\nInstance cannot be destroyed: Resource aws_dynamodb_table.shop has lifecycle.prevent_destroy set, "+
		"but the plan calls for this resource to be destroyed. To avoid this error and continue with the plan, either disable "+
		"lifecycle.prevent_destroy or reduce the scope of the plan using the -target option.", c.Detail)
	require.NoError(t, os.WriteFile(main, src, 0o644))

	_, err = r.client.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("shop"), DeletionProtectionEnabled: aws.Bool(true)})
	require.NoError(t, err)
	require.Equal(t, Check{Code: "VF152", Name: "terraform plan -destroy deletes every resource",
		Detail: "table shop has deletion protection on: terraform destroy would fail"}, check())
	// The table now differs from the configuration (protection on, false
	// in the emitted tfvars): the second plan check fails and shows the
	// change.
	c = recheck()
	require.Equal(t, "VF151", c.Code)
	require.False(t, c.OK)
	require.Contains(t, c.Detail, "terraform plans changes right after apply (a perpetual diff):\n")
	require.Regexp(t, `~ deletion_protection_enabled\s+= true -> false`, c.Detail)

	// Unproven: cleanup runs terraform destroy, which the protection stops;
	// the table still goes (deleteLeftover) and the error is reported.
	cleaned = true
	err = r.cleanup()
	require.Error(t, err)
	require.Contains(t, err.Error(), "terraform destroy:")
	require.Equal(t, []string{"start provider", "terraform destroy"}, stepNames(r.report.Steps))
	_, err = os.Stat(filepath.Join("/proc", strconv.Itoa(r.report.ProviderPID)))
	require.ErrorIs(t, err, os.ErrNotExist, "the provider process must be stopped")
	_, err = os.Stat(ws.dir)
	require.ErrorIs(t, err, os.ErrNotExist)
}

func stepNames(steps []Step) []string {
	var names []string
	for _, s := range steps {
		names = append(names, s.Name)
	}
	return names
}
