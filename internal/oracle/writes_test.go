package oracle_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

func strs(kv ...string) map[string]cty.Value {
	m := map[string]cty.Value{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = cty.StringVal(kv[i+1])
	}
	return m
}

// keys renders the table as one primary key per item, in order.
func keys(items []hclschema.Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Entity.Name+" {"+oracle.PrimaryKeyString(it)+"}")
	}
	return out
}

// TestApplyWrite pins the oracle of writes: a unique put as a transaction
// (duplicate key, duplicate e-mail), optimistic locking (stale version),
// a cross-entity transaction that cancels, and a delete.
func TestApplyWrite(t *testing.T) {
	s, ds := hclschema.Load("testdata/writes")
	require.False(t, ds.HasErrors(), ds.Error())
	reg := s.WritePattern("register_customer")

	// 1. a new customer: the customer and its e-mail guard
	r, err := oracle.ApplyWrite(reg, nil, strs("username", "al", "email", "al@x", "name", "Al"))
	require.NoError(t, err)
	require.Equal(t, "ok", r.String())
	require.Equal(t, []string{
		`Customer {PK = "CUSTOMER#al", SK = "PROFILE"}`,
		`CustomerUniqueEmail {PK = "UNIQUE#Customer#email#al@x", SK = "UNIQUE"}`,
	}, keys(r.Items))
	table := r.Items
	// Two new items: nothing before either write.
	require.Len(t, r.Changes, 2)
	require.Nil(t, r.Changes[0].Before)
	require.Equal(t, r.Items[0].Attrs, r.Changes[0].After.Attrs)
	require.Equal(t, "CustomerUniqueEmail", r.Changes[1].Entity.Name)

	// 2. another username, same e-mail: the guard's put fails
	r, err = oracle.ApplyWrite(reg, table, strs("username", "bo", "email", "al@x", "name", "Bo"))
	require.NoError(t, err)
	require.Equal(t, "TransactionCanceledException [None, ConditionalCheckFailed]", r.String())
	require.Equal(t, 1, r.Failed)
	require.Equal(t, keys(table), keys(r.Items), "a canceled transaction writes nothing")

	// 3. the same username, another e-mail: the customer's put fails
	r, err = oracle.ApplyWrite(reg, table, strs("username", "al", "email", "al2@x", "name", "Al"))
	require.NoError(t, err)
	require.Equal(t, "TransactionCanceledException [ConditionalCheckFailed, None]", r.String())

	// 4. place an order: the order, and the customer's counter
	po := s.WritePattern("place_order")
	order := strs("username", "al", "orderId", "o1", "status", "OPEN")
	order["version"] = cty.NumberIntVal(1)
	r, err = oracle.ApplyWrite(po, table, order)
	require.NoError(t, err)
	require.Equal(t, "ok", r.String())
	require.Len(t, r.Items, 3)
	require.True(t, r.Items[0].Attrs["orders"].RawEquals(cty.NumberIntVal(1)), r.Items[0].Attrs["orders"].GoString())
	require.Equal(t, `Order {PK = "CUSTOMER#al", SK = "ORDER#o1"}`, keys(r.Items)[2])
	table = r.Items

	// 5. an order of a customer that does not exist: the update's
	// attribute_exists(PK) cancels the transaction
	ghost := strs("username", "cy", "orderId", "o9", "status", "OPEN")
	ghost["version"] = cty.NumberIntVal(1)
	r, err = oracle.ApplyWrite(po, table, ghost)
	require.NoError(t, err)
	require.Equal(t, "TransactionCanceledException [None, ConditionalCheckFailed]", r.String())

	// 6. optimistic locking: the right version, then the same (now stale) one
	up := s.WritePattern("update_order_status")
	in := strs("username", "al", "orderId", "o1", "status", "PAID")
	in["expected_version"] = cty.NumberIntVal(1)
	r, err = oracle.ApplyWrite(up, table, in)
	require.NoError(t, err)
	require.Equal(t, "ok", r.String())
	require.Equal(t, cty.StringVal("PAID"), r.Items[2].Attrs["status"])
	require.True(t, r.Items[2].Attrs["version"].RawEquals(cty.NumberIntVal(2)))
	// The change of the one write: the stored order before, the updated one after.
	require.Len(t, r.Changes, 1)
	require.Equal(t, s.Entity("Order"), r.Changes[0].Entity)
	require.Equal(t, cty.StringVal("OPEN"), r.Changes[0].Before.Attrs["status"])
	require.Equal(t, r.Items[2].Attrs, r.Changes[0].After.Attrs)
	table = r.Items
	r, err = oracle.ApplyWrite(up, table, in)
	require.NoError(t, err)
	require.Equal(t, "ConditionalCheckFailedException", r.String())
	require.Equal(t, 0, r.Failed)
	require.Empty(t, r.Changes, "a failed write changes nothing")
}
