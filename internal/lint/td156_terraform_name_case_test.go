package lint

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
)

const nameCaseTable = `table "LABEL" {
  name          = "OnlineShop"
  partition_key = "PK"
}
`

// TestTerraformNameCase: a table label with upper-case letters is reported
// at the label with the Terraform names emit gives it and the lower-case
// label to use instead (issue 27: var.dynamodb_OnlineShop_table_name came
// out without a word); an accept block with a reason keeps it.
func TestTerraformNameCase(t *testing.T) {
	table := func(label string) string { return strings.Replace(nameCaseTable, "LABEL", label, 1) }
	runRuleCases(t, ruleTerraformNameCase, []ruleCase{
		{name: "camel case", src: table("OnlineShop"), want: []string{"TD156 warning 1:7-1:19 `\"OnlineShop\"`"}},
		{name: "upper-case word", src: table("shop_EU"), want: []string{"TD156 warning 1:7-1:16 `\"shop_EU\"`"}},
		{name: "lower case", src: table("online_shop")},
		{name: "lower case with a dash", src: table("online-shop")},
	})
	for _, d := range Run(load(t, table("OnlineShop")+`accept "TD156" {
  target = table.OnlineShop
  reason = "the label follows the service's own naming"
}
`)) {
		require.NotEqual(t, CodeTerraformNameCase, diag.CodeOf(d), "accepted: %s", d.Detail)
	}
	d := ruleTerraformNameCase.Check(load(t, table("OnlineShop")))
	require.Len(t, d, 1)
	require.Equal(t, "Table label not lower-case", d[0].Summary)
	require.Equal(t, `Table "OnlineShop" has upper-case letters in its label, and tfdyn emit names its Terraform after the label: aws_dynamodb_table.OnlineShop, var.dynamodb_OnlineShop_table_name, output.dynamodb_OnlineShop_table_arn. `+
		`Terraform names are lower-case with underscores by convention. Rename the label to "online_shop" (and table.OnlineShop references with it); the DynamoDB table name (name = ...) does not change. `+
		`For a table already applied, add moved { from = aws_dynamodb_table.OnlineShop, to = aws_dynamodb_table.online_shop } so that Terraform moves it instead of replacing it. `+
		`Or keep the label and accept this finding with a reason.`, d[0].Detail)
}

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{"OnlineShop": "online_shop", "HTTPServer": "http_server", "shopEU": "shop_eu",
		"Shop_EU": "shop_eu", "shop2Go": "shop2_go", "shop": "shop", "Orders-V2": "orders-v2"} {
		require.Equal(t, want, emit.SnakeCase(in), in)
	}
}
