package plancheck

import (
	"fmt"

	tfjson "github.com/hashicorp/terraform-json"
)

var dp101 = &Rule{
	Code: "DP101", Name: "table-destroyed", Family: Destructive, Severity: SeverityError,
	Title: "A DynamoDB table is destroyed",
	check: checkDestroyed,
}

func checkDestroyed(_ *checkContext, c *change) []note {
	if !c.Actions().Delete() {
		return nil
	}
	detail := fmt.Sprintf("Terraform will delete table %s and every item in it. %s", c.displayName(), deleteReason(c))
	if c.Before != nil && c.Before.DeletionProtection.Value {
		detail += " Deletion protection is enabled on the table, so the apply fails unless deletion_protection_enabled is set to false first."
	}
	return []note{{Summary: "Table " + c.displayName() + " is destroyed", Detail: detail}}
}

// deleteReason explains why Terraform deletes an object, as a sentence.
func deleteReason(c *change) string {
	if c.rc.DeposedKey != "" {
		return "The object is deposed: a previous create_before_destroy replacement left it behind, and Terraform now deletes it."
	}
	switch c.rc.ActionReason {
	case tfjson.ActionReasonDeleteBecauseNoResourceConfig:
		return "Its resource block is no longer in the configuration; if the table moved to a new address, add a moved block instead, or a removed block to stop managing it without deleting it."
	case tfjson.ActionReasonDeleteBecauseNoModule:
		return "The module call that contained it is no longer in the configuration; if it moved, add a moved block."
	case tfjson.ActionReasonDeleteBecauseCountIndex:
		return "Its count index is no longer in range; if instances were renumbered, add moved blocks."
	case tfjson.ActionReasonDeleteBecauseEachKey:
		return "Its for_each key is no longer in the map or set; if the key was renamed, add a moved block."
	case tfjson.ActionReasonDeleteBecauseWrongRepetition:
		return "The resource switched between count, for_each and a single instance; add a moved block to keep the table."
	case tfjson.ActionReasonDeleteBecauseNoMoveTarget:
		return "A moved block points at an address that does not exist."
	}
	return "The plan destroys it (terraform destroy or plan -destroy)."
}
