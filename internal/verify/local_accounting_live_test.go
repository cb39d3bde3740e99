package verify

import (
	"context"
	"fmt"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// Where DynamoDB Local's capacity accounting differs from AWS's documented
// accounting, measured with raw SDK calls (issue 27, item 7). verify
// compares like with like: on the local target with DynamoDB Local's
// accounting (localTransactionUnits), on AWS with AWS's.

// accountingTable creates a table PK (S) with a GSI on G (S, ALL).
func accountingTable(ctx context.Context, t *testing.T, c *dynamodb.Client, name string) {
	t.Helper()
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(name), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("PK"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("G"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("PK"), KeyType: types.KeyTypeHash}},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("GSI"),
			KeySchema:  []types.KeySchemaElement{{AttributeName: aws.String("G"), KeyType: types.KeyTypeHash}},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}}})
	require.NoError(t, err)
}

// TestLocalTransactionAccounting: AWS documents a transactional write as
// 2 WCU per KB of every item; DynamoDB Local 3.3.1 reports 2 x the units of
// each distinct write: writes of one transaction that consume the same
// units (in the table and the same indexes) count once. Single writes and
// transactional reads are counted as AWS documents.
func TestLocalTransactionAccounting(t *testing.T) {
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	accountingTable(ctx, t, client, "accounting")
	n := 0
	// item has the given WCU (1 KB each) in the table, and is in the GSI.
	item := func(units int, inGSI bool) (map[string]types.AttributeValue, map[string]float64) {
		n++
		it := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("K%05d", n)},
			"pad": &types.AttributeValueMemberS{Value: strings.Repeat("x", units*1024-600)}}
		u := map[string]float64{"table": float64(units)}
		if inGSI {
			it["G"] = &types.AttributeValueMemberS{Value: "g"}
			u["GSI"] = float64(units)
		}
		return it, u
	}
	type write struct {
		units int
		gsi   bool
	}
	for _, c := range []struct {
		name       string
		writes     []write
		aws, local map[string]float64
	}{
		{"one write", []write{{1, false}}, map[string]float64{"table": 2}, map[string]float64{"table": 2}},
		{"two writes of 1 WCU (a customer and its guard item)", []write{{1, false}, {1, false}}, map[string]float64{"table": 4}, map[string]float64{"table": 2}},
		{"three writes of 1 WCU", []write{{1, false}, {1, false}, {1, false}}, map[string]float64{"table": 6}, map[string]float64{"table": 2}},
		{"1 and 2 WCU", []write{{1, false}, {2, false}}, map[string]float64{"table": 6}, map[string]float64{"table": 6}},
		{"1, 1 and 2 WCU", []write{{1, false}, {1, false}, {2, false}}, map[string]float64{"table": 8}, map[string]float64{"table": 6}},
		{"2 and 2 WCU", []write{{2, false}, {2, false}}, map[string]float64{"table": 8}, map[string]float64{"table": 4}},
		{"both in the GSI", []write{{1, true}, {1, true}}, map[string]float64{"table": 4, "GSI": 4}, map[string]float64{"table": 2, "GSI": 2}},
		{"one in the GSI: two distinct writes", []write{{1, true}, {1, false}}, map[string]float64{"table": 4, "GSI": 2}, map[string]float64{"table": 4, "GSI": 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var items []types.TransactWriteItem
			var units []map[string]float64
			for _, w := range c.writes {
				it, u := item(w.units, w.gsi)
				items = append(items, types.TransactWriteItem{Put: &types.Put{TableName: aws.String("accounting"), Item: it}})
				units = append(units, u)
			}
			out, err := client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items, ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
			require.NoError(t, err)
			measured := map[string]float64{}
			for i := range out.ConsumedCapacity {
				addConsumed(measured, &out.ConsumedCapacity[i])
			}
			require.Equal(t, c.local, measured, "DynamoDB Local's report")
			require.Equal(t, c.local, localTransactionUnits(units), "the model of it")
			awsUnits := map[string]float64{}
			for _, u := range units {
				for ix, v := range u {
					awsUnits[ix] += cost.TransactionFactor * v
				}
			}
			require.Equal(t, c.aws, awsUnits, "AWS: 2x every write")
		})
	}

	// The same writes one by one: counted as AWS documents.
	it, _ := item(1, true)
	put, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("accounting"), Item: it, ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
	require.NoError(t, err)
	single := map[string]float64{}
	addConsumed(single, put.ConsumedCapacity)
	require.Equal(t, map[string]float64{"table": 1, "GSI": 1}, single)

	// A transactional read of two items of equal size: 2 RCU each, as AWS
	// documents (no write-like collapse).
	a, _ := item(1, false)
	b, _ := item(1, false)
	for _, x := range []map[string]types.AttributeValue{a, b} {
		_, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("accounting"), Item: x})
		require.NoError(t, err)
	}
	get, err := client.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes, TransactItems: []types.TransactGetItem{
		{Get: &types.Get{TableName: aws.String("accounting"), Key: map[string]types.AttributeValue{"PK": a["PK"]}}},
		{Get: &types.Get{TableName: aws.String("accounting"), Key: map[string]types.AttributeValue{"PK": b["PK"]}}}}})
	require.NoError(t, err)
	require.Equal(t, 4.0, aws.ToFloat64(get.ConsumedCapacity[0].CapacityUnits))

	// Two operations on one item: rejected whole, as lint TD157 says.
	_, err = client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String("accounting"), Item: a}},
		{Update: &types.Update{TableName: aws.String("accounting"), Key: map[string]types.AttributeValue{"PK": a["PK"]}, UpdateExpression: aws.String("SET x = :v"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":v": &types.AttributeValueMemberS{Value: "v"}}}}}})
	require.ErrorContains(t, err, "api error ValidationException: Transaction request cannot include multiple operations on one item")
}

// TestLocalNumberSizes: the size DynamoDB Local 3.3.1 gives a number (found
// at the 1 KB boundary of PutItem's write units) is hclschema.NumberSize for
// fixed cases and 60 random numbers (integers, decimals, negatives, zero),
// so that sizes estimated for AWS and consumed on the local target agree.
// AWS documents "approximately 1 byte per two significant digits plus 1";
// NumberSize is exact where that is not (1.5 and 12340 take 3 and 4 bytes,
// zero 1, a negative number 1 more).
func TestLocalNumberSizes(t *testing.T) {
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	accountingTable(ctx, t, client, "numbers")
	n := 0
	units := func(extra types.AttributeValue, pad int) float64 {
		n++
		it := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("K%07d", n)},
			"pad": &types.AttributeValueMemberS{Value: strings.Repeat("x", pad)}}
		if extra != nil {
			it["n"] = extra
		}
		out, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("numbers"), Item: it, ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal})
		require.NoError(t, err)
		return aws.ToFloat64(out.ConsumedCapacity.CapacityUnits)
	}
	// maxPad is the longest pad that keeps the item at 1 WCU.
	maxPad := func(extra types.AttributeValue) int {
		lo, hi := 0, 1100
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if units(extra, mid) <= 1 {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		return lo
	}
	// PK "K0000001" (2 + 8) and pad (3 + pad) make 1,024 bytes.
	base := maxPad(nil)
	require.Equal(t, 1024-2-8-3, base)
	numbers := []string{"0", "1", "10", "1000", "101", "12340", "1.5", "12.5", "123.45", "0.001", "-5", "-0.5", "-1000", "1767225613", "1767225600",
		"123456789012345678901234567890", "-1234567890123456789012345678901234567"}
	rng := rand.New(rand.NewSource(27))
	for i := 0; i < 60; i++ {
		digits := fmt.Sprint(rng.Int63n(1_000_000_000))
		if dot := rng.Intn(len(digits) + 1); dot < len(digits) && rng.Intn(2) == 0 {
			digits = digits[:dot] + "." + digits[dot:]
		}
		if strings.HasPrefix(digits, ".") {
			digits = "0" + digits
		}
		if rng.Intn(3) == 0 {
			digits = "-" + digits
		}
		numbers = append(numbers, digits)
	}
	for _, s := range numbers {
		f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
		require.NoError(t, err)
		text := hclschema.NumberText(f) // what verify writes

		local := base - maxPad(&types.AttributeValueMemberN{Value: text}) - 1 // the name "n"
		require.Equal(t, local, hclschema.NumberSize(f), "%s (sent as %s)", s, text)
	}
}

// lsiSchema has a local secondary index that projects playerId; items of
// the given pad sizes are 5,000, 9,000 and 1 characters of a name the
// index does not project.
const lsiSchema = `
table "reg" {
  partition_key = "PK"
  sort_key      = "SK"

  local_secondary_index "ByTime" {
    sort_key   = "at"
    projection = "INCLUDE"
    include    = ["playerId"]
  }
}

entity "Registration" {
  table = table.reg
  attributes = {
    playerId = string
    at       = string
    name     = string
  }
  key {
    PK = "T#1"
    SK = "PLAYER#${playerId}"
  }
  index "ByTime" {}
}

access_pattern "all_by_time" {
  entity = entity.Registration
  index  = "ByTime"
  key {
    PK = "T#1"
  }
}

access_pattern "players_by_time" {
  entity     = entity.Registration
  index      = "ByTime"
  attributes = ["playerId", "at"]
  key {
    PK = "T#1"
    at = begins_with("2024")
  }
}

access_pattern "players_by_time_strong" {
  entity     = entity.Registration
  index      = "ByTime"
  attributes = ["playerId"]
  key {
    PK = "T#1"
  }
  workload {
    consistency = "strong"
  }
}

access_pattern "late_players" {
  entity     = entity.Registration
  index      = "ByTime"
  attributes = ["playerId"]
  key {
    PK = "T#1"
  }
  filter = playerId == "p7"
}
`

// TestLocalLSIProjectionAccounting: a Query of a local secondary index
// that reads only what the index projects costs the index entries on AWS;
// DynamoDB Local 3.3.1 adds a fetch from the table of every item read
// (each whole item rounded up to 4 KB on its own, half when eventually
// consistent) as soon as the Query has a ProjectionExpression, even one of
// projected attributes only, also for the items a filter drops. Without one
// (all projected attributes) it counts as AWS does. verify compares the
// local target with that accounting (localFetchUnits), AWS with AWS's.
func TestLocalLSIProjectionAccounting(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	s, diags := hclschema.LoadSource("reg.tfdyn.hcl", []byte(lsiSchema))
	require.False(t, diags.HasErrors(), diags.Error())
	_, err = client.CreateTable(ctx, dynamo.CreateTableInput(s.Tables[0].Spec(), "reg"))
	require.NoError(t, err)
	e := s.Entity("Registration")
	var items []hclschema.Item
	var sizes []int
	for i := 0; i < 10; i++ {
		pad := 1
		switch {
		case i < 3:
			pad = 5000 // two 4 KB steps: 1 RCU eventually consistent
		case i < 5:
			pad = 9000 // three steps: 1.5 RCU
		}
		it, err := e.Item(cty.ObjectVal(map[string]cty.Value{"playerId": cty.StringVal(fmt.Sprintf("p%d", i)),
			"at": cty.StringVal(fmt.Sprintf("2024-11-0%d", i%3+1)), "name": cty.StringVal(strings.Repeat("x", pad))}))
		require.NoError(t, err)
		av, err := dynamo.ItemAV(it)
		require.NoError(t, err)
		_, err = client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("reg"), Item: av})
		require.NoError(t, err)
		items = append(items, it)
		sizes = append(sizes, hclschema.ItemSize(it))
	}
	for _, c := range []struct {
		pattern string
		// aws is the estimate (the index entries: one step); local what
		// DynamoDB Local reports.
		aws, local float64
	}{
		{"all_by_time", 0.5, 0.5},
		// 0.5 + 3 x 1 + 2 x 1.5 + 5 x 0.5
		{"players_by_time", 0.5, 9},
		{"players_by_time_strong", 1, 18},
		// The filter keeps 1 of the 10 items read: all ten are fetched.
		{"late_players", 0.5, 9},
	} {
		t.Run(c.pattern, func(t *testing.T) {
			p := s.Pattern(c.pattern)
			b, err := hclschema.Bind(p, nil)
			require.NoError(t, err)
			live, err := execute(ctx, client, "reg", b)
			require.NoError(t, err)
			require.Equal(t, c.local, live.Consumed, "DynamoDB Local's report")
			strong := dynamo.StrongRead(p)
			require.Equal(t, c.local-c.aws, localFetchUnits(b, items, strong), "the model of it")
			if c.local != c.aws {
				require.Equal(t, c.local-c.aws, localFetchSizes(sizes, strong), "every item read is fetched")
			}
			var run RunResult
			require.Equal(t, "", checkCapacity(&run, b, items, live, TargetLocal))
			require.Equal(t, c.aws, run.Estimated)
			require.Equal(t, "", checkCapacity(&run, b, items, live, TargetEndpoint))
			if c.local == c.aws {
				require.Zero(t, run.Local)
				return
			}
			require.Equal(t, c.local, run.Local)
			require.Equal(t, fmt.Sprintf("capacity: consumed %s RCU, the estimate for the same items is %s RCU (a difference of %s, more than DynamoDB's rounding of %s per 4 KB step)",
				fmtUnits(c.local), fmtUnits(c.aws), fmtUnits(c.local-c.aws), fmtUnits(map[bool]float64{false: 0.5, true: 1}[strong])),
				checkCapacity(&run, b, items, live, TargetAWS), "AWS is held to AWS's accounting")
		})
	}
}
