package verify

import (
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

func loadEcommerce(t *testing.T) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.Load("../../examples/ecommerce")
	require.False(t, diags.HasErrors(), diags.Error())
	return s
}

func TestExpiredTTLIsMovedAhead(t *testing.T) {
	s := loadEcommerce(t)
	ds := newDataset(s.Tables[0])
	ds.now = time.Unix(1_800_000_000, 0)
	require.NoError(t, ds.addExamples())
	require.Equal(t, 1, ds.TTLMoved, "the e-commerce example has one order that expired in 2025")
	for _, it := range ds.Items {
		if v, ok := it.Attrs["expiresAt"]; ok {
			f, _ := v.AsBigFloat().Int64()
			require.Equal(t, ds.now.Add(30*24*time.Hour).Unix(), f)
		}
	}
}

func TestGeneratedItemsAreDeterministicAndUnique(t *testing.T) {
	s := loadEcommerce(t)
	build := func() *Dataset {
		ds := newDataset(s.Tables[0])
		ds.now = time.Unix(1_800_000_000, 0)
		require.NoError(t, ds.addExamples())
		require.NoError(t, ds.addGenerated(7, 15, 0))
		return ds
	}
	a, b := build(), build()
	require.Equal(t, len(a.AV), len(b.AV))
	for i := range a.AV {
		require.Equal(t, dynamo.CanonItem(a.AV[i]), dynamo.CanonItem(b.AV[i]))
	}
	// Examples plus 15 per entity, none lost to a key collision.
	examples := 0
	for _, e := range s.Tables[0].Entities {
		examples += len(e.Examples)
	}
	require.Equal(t, examples+15*len(s.Tables[0].Entities), len(a.Items)+a.Skipped)
}

func TestMissInputsChangePartitionInputsOnly(t *testing.T) {
	s := loadEcommerce(t)
	p := s.Pattern("orders_by_status")
	in := map[string]cty.Value{"status": cty.StringVal("PLACED"), "from": cty.StringVal("2024-05-01"), "to": cty.StringVal("2024-05-31")}
	miss, ok := missInputs(p, in)
	require.True(t, ok)
	require.Equal(t, "PLACED~tfdyn-miss", miss["status"].AsString())
	require.Equal(t, "2024-05-01", miss["from"].AsString())
}

// TestEntityOfRecognizesItemsVerifyDidNotWrite: an item the dataset holds
// is of the entity verify wrote it as; an item it does not hold is of the
// entity whose templates give back its key (hclschema's Table.Recognize);
// an item of no entity is of none.
func TestEntityOfRecognizesItemsVerifyDidNotWrite(t *testing.T) {
	s := loadEcommerce(t)
	ds := newDataset(s.Tables[0])
	require.NoError(t, ds.addExamples())
	written, err := dynamo.ItemAV(ds.Items[0])
	require.NoError(t, err)
	require.Same(t, ds.Items[0].Entity, ds.EntityOf(written))

	customer := s.Entity("Customer")
	it, err := customer.Item(cty.ObjectVal(map[string]cty.Value{
		"username": cty.StringVal("zoe"), "email": cty.StringVal("zoe@example.com"),
		"name": cty.StringVal("Zoe"), "createdAt": cty.StringVal("2024-06-01T00:00:00Z"),
	}))
	require.NoError(t, err)
	stranger, err := dynamo.ItemAV(it)
	require.NoError(t, err)
	require.Same(t, customer, ds.EntityOf(stranger))

	stranger["PK"] = &types.AttributeValueMemberS{Value: "CUSTOMER#someone-else"}
	require.Nil(t, ds.EntityOf(stranger), "its key is not what Customer's templates compute from it")
}
