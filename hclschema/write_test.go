package hclschema_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

func loadWrites(t *testing.T) *hclschema.Schema {
	t.Helper()
	s, ds := hclschema.Load("testdata/writes")
	require.False(t, ds.HasErrors(), ds.Error())
	return s
}

func inputNames(w *hclschema.WritePattern) []string {
	var out []string
	for _, in := range w.Inputs {
		out = append(out, in.Name+":"+in.Type.FriendlyName())
	}
	return out
}

// TestWritePatternsDecode pins the model of every write form: a put
// expanded by unique, an update with set/add/remove and a version
// condition, a transaction across entities.
func TestWritePatternsDecode(t *testing.T) {
	s := loadWrites(t)
	require.Len(t, s.WritePatterns, 3)

	reg := s.WritePattern("register_customer")
	require.True(t, reg.Transaction, "a put of an entity with unique attributes is a transaction")
	require.Len(t, reg.Writes, 2)
	require.Equal(t, "Customer", reg.Writes[0].Entity.Name)
	require.Equal(t, "attribute_not_exists(PK)", reg.Writes[0].Condition.Text)
	require.Equal(t, hclschema.CondNotExists, reg.Writes[0].Condition.Kind)
	g := reg.Writes[1]
	require.Equal(t, "CustomerUniqueEmail", g.Entity.Name)
	require.Equal(t, "email", g.Guard.Attr)
	require.Equal(t, `"UNIQUE#Customer#email#${email}"`, g.Entity.Key.Template("PK").Expr.Text)
	require.Equal(t, `"UNIQUE"`, g.Entity.Key.Template("SK").Expr.Text)
	// the guard's ranges point at the element of unique (line 13)
	require.Equal(t, 13, g.EntityRange.Start.Line)
	require.Equal(t, 13, g.EntityRange.Start.Column)
	require.Equal(t, []string{"email:string", "name:string", "orders:number", "username:string"}, inputNames(reg))
	require.Nil(t, s.Entity("CustomerUniqueEmail"), "guard entities are not schema entities")

	up := s.WritePattern("update_order_status")
	require.False(t, up.Transaction)
	w := up.Writes[0]
	require.Equal(t, hclschema.WriteUpdate, w.Op)
	require.Equal(t, "UpdateItem", w.Op.APIName())
	require.Equal(t, "status", w.Set[0].Attr)
	require.Equal(t, "input.status", w.Set[0].Value.Text)
	require.Equal(t, "version", w.Add[0].Attr)
	require.Equal(t, "note", w.Remove[0].Attr)
	require.Equal(t, hclschema.CondCompare, w.Condition.Kind)
	require.Equal(t, "version == input.expected_version", w.Condition.Text)
	require.Equal(t, 50, w.Condition.Range().Start.Line)
	require.Equal(t, hclschema.RepeatFails, up.Repeat)
	require.Equal(t, "", reg.Repeat)
	require.Equal(t, []string{"expected_version:number", "orderId:string", "status:string", "username:string"}, inputNames(up))

	po := s.WritePattern("place_order")
	require.True(t, po.Transaction)
	require.Len(t, po.Writes, 2)
	require.Equal(t, hclschema.CondExists, po.Writes[1].Condition.Kind)
	require.Equal(t, "PK", po.Writes[1].Condition.Attr)
}

func obj(kv ...string) map[string]cty.Value {
	m := map[string]cty.Value{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = cty.StringVal(kv[i+1])
	}
	return m
}

// TestWriteApply pins the evaluator: the key an update targets, its
// condition on the stored item, and the item it leaves.
func TestWriteApply(t *testing.T) {
	s := loadWrites(t)
	w := s.WritePattern("update_order_status").Writes[0]
	order := s.Entity("Order")
	stored, err := order.Item(cty.ObjectVal(map[string]cty.Value{
		"username": cty.StringVal("al"), "orderId": cty.StringVal("o1"), "status": cty.StringVal("OPEN"),
		"version": cty.NumberIntVal(3), "note": cty.StringVal("gift"),
	}))
	require.NoError(t, err)
	in := obj("username", "al", "orderId", "o1", "status", "PAID")
	in["expected_version"] = cty.NumberIntVal(3)

	key, err := w.Key(in)
	require.NoError(t, err)
	require.Equal(t, []cty.Value{cty.StringVal("CUSTOMER#al"), cty.StringVal("ORDER#o1")}, key)

	require.True(t, w.ConditionHolds(&stored, in))
	require.False(t, w.ConditionHolds(nil, in), "a missing item has no version")
	stale := map[string]cty.Value{}
	for k, v := range in {
		stale[k] = v
	}
	stale["expected_version"] = cty.NumberIntVal(2)
	require.False(t, w.ConditionHolds(&stored, stale))

	it, ok, err := w.Apply(&stored, in)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, []string{"PK", "SK", "orderId", "status", "username", "version"}, it.AttrNames())
	require.Equal(t, cty.StringVal("PAID"), it.Attrs["status"])
	require.True(t, it.Attrs["version"].RawEquals(cty.NumberIntVal(4)), it.Attrs["version"].GoString())
}

// TestApplyKnown: update_order_status sets status from an input (unknown:
// the stored value stays), adds 1 to version (3 becomes 4) and removes
// note; Touched lists set, add, remove in that order.
func TestApplyKnown(t *testing.T) {
	s := loadWrites(t)
	wr := s.WritePattern("update_order_status").Writes[0]
	require.Equal(t, []string{"status", "version", "note"}, wr.Touched())
	stored, err := wr.Entity.Item(cty.ObjectVal(map[string]cty.Value{
		"username": cty.StringVal("alice"), "orderId": cty.StringVal("o-1"), "status": cty.StringVal("OPEN"),
		"version": cty.NumberIntVal(3), "note": cty.StringVal("gift"),
	}))
	require.NoError(t, err)
	got, unknown, err := wr.ApplyKnown(stored)
	require.NoError(t, err)
	require.Equal(t, []string{"status"}, unknown)
	require.Equal(t, []string{"PK", "SK", "orderId", "status", "username", "version"}, got.AttrNames())
	require.True(t, got.Attrs["version"].RawEquals(cty.NumberIntVal(4)), "version %#v", got.Attrs["version"])
	require.Equal(t, "OPEN", got.Attrs["status"].AsString())

	// A put or delete leaves the stored item as it is.
	put := s.WritePattern("place_order").Writes[0]
	same, unknown, err := put.ApplyKnown(stored)
	require.NoError(t, err)
	require.Nil(t, unknown)
	require.Equal(t, stored, same)
	require.Nil(t, put.Touched())
}

// TestIndexKeyNames: the attributes the primary key templates of Order
// read (its table has no secondary index).
func TestIndexKeyNames(t *testing.T) {
	s := loadWrites(t)
	e := s.Entity("Order")
	require.Equal(t, []string{"orderId", "username"}, e.IndexKeyNames(e.Table.Primary))
}

// TestIndexKeyNamesGSI: a GSI key from a template (status, orderId) and
// from an attribute stored as is (region); the sparse when's name (open)
// is not a key name.
func TestIndexKeyNamesGSI(t *testing.T) {
	s, ds := hclschema.LoadSource("t.tfdyn.hcl", []byte(`
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByStatus" {
    partition_key = ["region", "GSI1PK"]
  }
}
entity "Order" {
  attributes = { id = string, status = string, region = string, open = bool, orderId = string }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
  index "ByStatus" {
    when   = open
    GSI1PK = "${status}#${orderId}"
  }
}
`))
	require.False(t, ds.HasErrors(), ds.Error())
	e := s.Entity("Order")
	require.Equal(t, []string{"orderId", "region", "status"}, e.IndexKeyNames(e.Table.Index("ByStatus")))
}

// TestWriteConditionOn: a write's condition on a stored item without the
// caller's inputs, in three states (issue 27, item 6: the estimate counts
// the items a successful call can have written).
func TestWriteConditionOn(t *testing.T) {
	s, ds := hclschema.LoadSource("w.tfdyn.hcl", []byte(`
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = {
    id      = string
    status  = string
    version = number
    note    = optional(string)
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
}
write_pattern "open" {
  inputs = { expected = number }
  update {
    entity    = entity.Order
    set       = { status = "OPEN" }
    condition = status == "DRAFT" && (version == input.expected || attribute_exists(note))
  }
}
write_pattern "any" {
  update {
    entity = entity.Order
    set    = { status = "OPEN" }
  }
}
`))
	require.False(t, ds.HasErrors(), ds.Error())
	item := func(status string, note bool) hclschema.Item {
		v := map[string]cty.Value{"id": cty.StringVal("o1"), "status": cty.StringVal(status), "version": cty.NumberIntVal(1), "note": cty.NullVal(cty.String)}
		if note {
			v["note"] = cty.StringVal("n")
		}
		it, err := s.Entity("Order").Item(cty.ObjectVal(v))
		require.NoError(t, err)
		return it
	}
	w := s.WritePattern("open").Writes[0]
	for _, c := range []struct {
		it           hclschema.Item
		holds, known bool
		why          string
	}{
		{item("OPEN", false), false, true, "status is not DRAFT: false whatever the input"},
		{item("DRAFT", true), true, true, "the note exists: true whatever the version"},
		{item("DRAFT", false), false, false, "depends on input.expected"},
	} {
		holds, known := w.ConditionOn(c.it)
		require.Equal(t, []bool{c.holds, c.known}, []bool{holds, known}, c.why)
	}
	holds, known := s.WritePattern("any").Writes[0].ConditionOn(item("OPEN", false))
	require.Equal(t, []bool{true, true}, []bool{holds, known}, "no condition")
}

// TestUniqueSwapAndDelete pins how a unique attribute's guard item follows
// its owner beyond puts: a delete of the owner deletes the guard (the
// stored value required by the condition), an update that sets the value
// from an input with its current value pinned swaps the guard (delete the
// current, put the new), and the swap's guard writes are left out when the
// value does not change. An update that pins nothing swaps nothing.
func TestUniqueSwapAndDelete(t *testing.T) {
	src := `
table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Customer" {
  table      = table.t
  attributes = { username = string, email = string, name = string }
  unique     = ["email"]
  key {
    PK = "CUSTOMER#${username}"
    SK = "PROFILE"
  }
}
write_pattern "close" {
  delete {
    entity    = entity.Customer
    condition = attribute_exists(PK) || name == "x"
  }
}
write_pattern "change_email" {
  update {
    entity    = entity.Customer
    set       = { email = input.email, name = input.name }
    condition = email == input.current_email
  }
}
write_pattern "rename_email" {
  update {
    entity = entity.Customer
    set    = { email = input.email }
  }
}
`
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "s.tfdyn.hcl"), []byte(src), 0o644))
	s, ds := hclschema.Load(dir)
	require.False(t, ds.HasErrors(), ds.Error())

	del := s.WritePattern("close")
	require.True(t, del.Transaction)
	require.Len(t, del.Writes, 2)
	require.Equal(t, "(attribute_exists(PK) || name == \"x\") && email == input.email", del.Writes[0].Condition.Text)
	require.Equal(t, hclschema.CondAnd, del.Writes[0].Condition.Kind)
	g := del.Writes[1]
	require.Equal(t, hclschema.WriteDelete, g.Op)
	require.Equal(t, "CustomerUniqueEmail", g.Entity.Name)
	require.Nil(t, g.Condition)
	require.Equal(t, []string{"email:string", "username:string"}, inputNames(del))
	in := map[string]cty.Value{"username": cty.StringVal("al"), "email": cty.StringVal("a@x")}
	stored := map[string]cty.Value{"username": cty.StringVal("al"), "email": cty.StringVal("a@x"), "name": cty.StringVal("Al")}
	it, err := s.Entity("Customer").Item(cty.ObjectVal(stored))
	require.NoError(t, err)
	require.True(t, del.Writes[0].ConditionHolds(&it, in))
	in["email"] = cty.StringVal("b@x")
	require.False(t, del.Writes[0].ConditionHolds(&it, in), "another customer's e-mail: the guard is not deleted")
	key, err := g.Key(in)
	require.NoError(t, err)
	require.Equal(t, []cty.Value{cty.StringVal("UNIQUE#Customer#email#b@x"), cty.StringVal("UNIQUE")}, key)

	sw := s.WritePattern("change_email")
	require.True(t, sw.Transaction)
	require.Len(t, sw.Writes, 3)
	gd, gp := sw.Writes[1], sw.Writes[2]
	require.Equal(t, hclschema.WriteDelete, gd.Op)
	require.Equal(t, hclschema.WritePut, gp.Op)
	require.Equal(t, "current_email", gd.InputFor("email"))
	require.Equal(t, "email", gp.InputFor("email"))
	require.Equal(t, "attribute_not_exists(PK)", gp.Condition.Text)
	require.Equal(t, []string{"current_email:string", "email:string", "name:string", "username:string"}, inputNames(sw))
	in = map[string]cty.Value{"username": cty.StringVal("al"), "current_email": cty.StringVal("a@x"), "email": cty.StringVal("c@x"), "name": cty.StringVal("Al")}
	key, err = gd.Key(in)
	require.NoError(t, err)
	require.Equal(t, cty.StringVal("UNIQUE#Customer#email#a@x"), key[0])
	put, _, err := gp.Apply(nil, in)
	require.NoError(t, err)
	require.Equal(t, cty.StringVal("UNIQUE#Customer#email#c@x"), put.Attrs["PK"])
	require.False(t, gd.Skipped(in))
	in["email"] = cty.StringVal("a@x")
	require.True(t, gd.Skipped(in), "the same e-mail: no guard write")
	require.True(t, gp.Skipped(in))
	require.False(t, sw.Writes[0].Skipped(in))

	re := s.WritePattern("rename_email")
	require.False(t, re.Transaction, "no current value pinned: no swap (lint TD145)")
	require.Len(t, re.Writes, 1)
}
