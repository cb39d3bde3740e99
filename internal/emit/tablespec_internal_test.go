package emit

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
)

// allFields says that emit reads every field of the table spec: nothing
// of a table setting is left to the user's own Terraform.
func allFields(t *testing.T) map[string]string {
	reads := map[string]string{}
	for _, f := range tablespectest.Fields(t) {
		reads[f] = ""
	}
	return reads
}

// TestEmitReadsEveryTableSetting changes one field of the table spec at a
// time: the files of every layout must change (a new table setting fails
// here until emit writes it).
func TestEmitReadsEveryTableSetting(t *testing.T) {
	s := tablespectest.Full(t)
	for _, opts := range []Options{
		{Layout: LayoutResources, ProviderMajor: 6},
		{Layout: LayoutModule, ProviderMajor: 6},
		{Layout: LayoutModuleCall, ProviderMajor: 6, ModuleSource: "./modules/dynamodb-table"},
	} {
		t.Run(string(opts.Layout), func(t *testing.T) {
			render := func(spec hclschema.TableSpec) map[string][]byte {
				g := newGenerator(s, opts)
				g.tables[0].spec = spec
				var files map[string][]byte
				var err error
				switch opts.Layout {
				case LayoutResources:
					files, err = g.resources()
				case LayoutModule:
					files, err = g.module()
				default:
					files, err = g.moduleCall()
				}
				require.NoError(t, err)
				return files
			}
			tablespectest.Check(t, "emit --layout "+string(opts.Layout), allFields(t), func(t *testing.T, base, mutated hclschema.TableSpec) bool {
				a, b := render(base), render(mutated)
				require.Len(t, b, len(a))
				for name := range a {
					if !bytes.Equal(a[name], b[name]) {
						return true
					}
				}
				return false
			})
		})
	}
}

// TestEmitUsesTheSpecsEffectiveCapacity checks that a GSI of a provisioned
// table gets its own capacity where it sets one and the table's otherwise.
func TestEmitUsesTheSpecsEffectiveCapacity(t *testing.T) {
	files, err := Emit(tablespectest.Full(t), Options{Layout: LayoutResources})
	require.NoError(t, err)
	main := string(files["dynamodb.tf"])
	require.Contains(t, main, `  global_secondary_index {
    name               = "ByAccount"
    projection_type    = "INCLUDE"
    non_key_attributes = ["amount", "memo"]
    read_capacity      = coalesce(var.dynamodb_full_read_capacity, 2)
    write_capacity     = coalesce(var.dynamodb_full_write_capacity, 10)
`)
}
