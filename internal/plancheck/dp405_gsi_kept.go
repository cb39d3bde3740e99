package plancheck

import (
	"fmt"
	"sort"

	"github.com/tfdyn/tfdyn/hclschema"
)

var dp405 = &Rule{
	Code: "DP405", Name: "gsi-removal-not-planned", Family: Hygiene, Severity: SeverityError,
	Title: "The schema and the Terraform drop a GSI, but the provider plans to keep it (needs the schema)",
	// DP405 runs once per plan with DP404 (checkDrift), not per change.
}

// keptGSIs returns the GSIs of the planned table a that the spec s of a
// schema table does not declare and the configuration does not declare either (the
// provider keeps them on its own), sorted. Nothing when the planned GSIs
// or the configuration are unknown.
func keptGSIs(s hclschema.TableSpec, a *table, decl declaredGSIs) []string {
	if a == nil || a.GSIsUnknown || a.unknownGSIName() || !decl.Known {
		return nil
	}
	inSchema := map[string]bool{}
	for _, n := range s.GSINames() {
		inSchema[n] = true
	}
	var out []string
	for _, g := range a.GSIs {
		if n := g.Name.Value; !inSchema[n] && !decl.Names[n] {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// gsiKeptNote explains GSI name that the plan keeps on change c although
// neither the schema nor the configuration (decl) declares it.
func gsiKeptNote(c *change, name string, decl declaredGSIs) note {
	disp := c.displayName()
	table := c.TableName().Value
	if c.TableName().Unknown || table == "" {
		table = "TABLE"
	}
	key := ""
	if g := c.After.gsi(name); g != nil && !g.KeysUnknown {
		key = " (" + g.keyString() + ")"
	}
	why := "This is how hashicorp/aws 6.x plans a table whose last global_secondary_index block was removed: the argument is optional and computed (so that aws_dynamodb_global_secondary_index resources can manage a table's GSIs), and with no block left the provider keeps the GSIs it has in the state instead of deleting them (hashicorp/terraform-provider-aws#47490). Removing one GSI while others stay is planned as a deletion."
	if len(decl.Names) > 0 {
		why = "The provider plans no deletion although the table keeps other global_secondary_index blocks; hashicorp/terraform-provider-aws#47490 reports GSIs that hashicorp/aws 6.x keeps after their block is removed."
	}
	return note{
		Summary: fmt.Sprintf("GSI %q of table %s stays: the provider does not plan its removal", name, disp),
		Detail: fmt.Sprintf("The schema does not declare GSI %q%s and neither does the Terraform configuration of %s, yet the plan keeps it on table %s. The Terraform is not stale: emitting it again changes nothing. %s "+
			"The index stays on the table, is written to and billed, and no access pattern reads it. "+
			"To delete it, either (1) delete it outside Terraform: aws dynamodb update-table --table-name %s --global-secondary-index-updates '[{\"Delete\":{\"IndexName\":\"%s\"}}]', wait until the table is ACTIVE again and plan again (the refresh drops the index from the state); "+
			"or (2) in two applies: import it into a standalone aws_dynamodb_global_secondary_index resource (an import block with id \"%s,%s\") and apply, then remove that resource and its import block and apply again, which deletes the index. "+
			"terraform apply -replace=%q also drops it, but it deletes and re-creates the table: every item is lost. "+
			"If the index is meant to stay, declare it in the schema.",
			name, key, c.Address(), disp, why, table, name, table, name, c.Address()),
	}
}
