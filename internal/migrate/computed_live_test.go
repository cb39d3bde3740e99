package migrate

import (
	"context"
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestLiveMigrateComputed: the backfill of SD205-SD207 on DynamoDB Local
// writes a computed attribute HEAD adds (EmailLower), recomputes one whose
// template changed (Kind) and removes one HEAD no longer computes (Up) on
// every stored item, leaves the declared attributes alone, and a second run
// finds every item already in HEAD's shape; the check is then clean.
func TestLiveMigrateComputed(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	schema := func(computed string) *hclschema.Schema {
		src := fmt.Sprintf(`table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "User" {
  attributes = { id = string, email = string }
  computed   = { %s }
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
}
access_pattern "user" {
  entity = entity.User
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
  filter = Kind == "USER"
}
`, computed)
		s, diags := hclschema.LoadSource("app.tfdyn.hcl", []byte(src))
		require.False(t, diags.HasErrors(), diags.Error())
		return s
	}
	base := schema(`Kind = "user", Up = upper(email)`)
	head := schema(`Kind = upper("user"), EmailLower = lower(email)`)
	const table = "computed"
	createBaseTable(t, ctx, client, table)
	var items []map[string]types.AttributeValue
	for i := 0; i < 30; i++ {
		it, err := base.Entity("User").Item(cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal(fmt.Sprintf("u%02d", i)), "email": cty.StringVal(fmt.Sprintf("User%02d@Example.COM", i))}))
		require.NoError(t, err)
		items = append(items, itemAV(t, it))
	}
	writeItems(t, ctx, client, table, items)

	plan := Build(base, head)
	require.False(t, plan.Blocked())
	require.Len(t, plan.Entities, 1)
	require.Equal(t, []AttrChange{
		{Attr: "EmailLower", Action: Gain, To: `lower(email)`},
		{Attr: "Kind", Action: Change, From: `"user"`, To: `upper("user")`},
		{Attr: "Up", Action: Lose, From: `upper(email)`},
	}, plan.Entities[0].Changes)

	res, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "app", Segments: 2})
	require.NoError(t, err)
	require.Equal(t, &Counts{Items: 30, Updated: 30, WCU: 30}, res.Entities["User"])

	out, err := client.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(table)})
	require.NoError(t, err)
	require.Len(t, out.Items, 30)
	for _, av := range out.Items {
		got, err := dynamo.MarshalItemJSON(av)
		require.NoError(t, err)
		id := av["id"].(*types.AttributeValueMemberS).Value
		var n int
		_, err = fmt.Sscanf(id, "u%02d", &n)
		require.NoError(t, err)
		want := fmt.Sprintf(`{"EmailLower":{"S":"user%02d@example.com"},"Kind":{"S":"USER"},"PK":{"S":"USER#u%02d"},"SK":{"S":"PROFILE"},"email":{"S":"User%02d@Example.COM"},"id":{"S":"u%02d"}}`, n, n, n, n)
		require.JSONEq(t, want, string(got))
	}

	res, err = Run(ctx, plan, Options{Client: client, Table: table, Label: "app"})
	require.NoError(t, err)
	require.Equal(t, &Counts{Items: 30, Already: 30}, res.Entities["User"], "a second run finds every item in HEAD's shape")
	require.Zero(t, res.Unknown)
	rep, err := Check(ctx, plan, CheckOptions{Client: client, Table: table, Label: "app"})
	require.NoError(t, err)
	require.Equal(t, []string{}, rep.Findings)
	require.Equal(t, 0, rep.PatternsOff)
}
