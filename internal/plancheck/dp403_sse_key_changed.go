package plancheck

import "fmt"

var dp403 = &Rule{
	Code: "DP403", Name: "sse-key-changed", Family: Hygiene, Severity: SeverityWarning,
	Title: "The server-side encryption key changes",
	check: checkSSE,
}

// sseKey describes the encryption key of a table, or "" when unknown.
func sseKey(t *table) (string, bool) {
	switch {
	case t.SSEEnabled.Unknown || (t.SSEEnabled.Value && t.SSEKey.Unknown):
		return "", false
	case !t.SSEEnabled.Value:
		return "the AWS owned key", true
	case t.SSEKey.Value == "" || isAWSManagedKey(t.SSEKey.Value):
		return "the AWS managed key (alias/aws/dynamodb)", true
	}
	return fmt.Sprintf("the customer managed key %q", t.SSEKey.Value), true
}

// isAWSManagedKey reports whether arn names alias/aws/dynamodb.
func isAWSManagedKey(arn string) bool {
	return len(arn) >= len("alias/aws/dynamodb") && arn[len(arn)-len("alias/aws/dynamodb"):] == "alias/aws/dynamodb"
}

func checkSSE(_ *checkContext, c *change) []note {
	if !c.updated() {
		return nil
	}
	b, _ := sseKey(c.Before)
	a, known := sseKey(c.After)
	if known && a == b {
		return nil
	}
	if !known {
		a = "a key that is unknown until apply"
	}
	return []note{{
		Summary: "Encryption key of table " + c.displayName() + " changes",
		Detail: fmt.Sprintf("Terraform will change the server-side encryption of table %s from %s to %s (server_side_encryption). DynamoDB re-encrypts the table in the background; the table stays available, but with a customer managed key the table becomes inaccessible if the key is disabled, scheduled for deletion or its key policy does not allow DynamoDB to use it.",
			c.displayName(), b, a),
	}}
}
