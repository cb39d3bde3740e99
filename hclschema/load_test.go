package hclschema_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// mustLoad decodes src and fails the test on any diagnostic.
func mustLoad(t *testing.T, src string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.LoadSource("test.tfdyn.hcl", []byte(src))
	for _, d := range diags {
		t.Errorf("unexpected diagnostic [%s] %s", diag.CodeOf(d), d.Error())
	}
	if len(diags) > 0 {
		t.FailNow()
	}
	return s
}

func names(keys []hclschema.KeyAttr) []string {
	var out []string
	for _, k := range keys {
		out = append(out, k.Name+":"+k.Type)
	}
	return out
}

func eq(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", what, got, want)
	}
}

func TestLoadTableDefaults(t *testing.T) {
	s := mustLoad(t, `table "app" { partition_key = "id" }`)
	tb := s.Table("app")
	if tb == nil {
		t.Fatal("table app not loaded")
	}
	eq(t, "Name", tb.Name, "app")
	eq(t, "BillingMode", tb.BillingMode, hclschema.PayPerRequest)
	eq(t, "ReadCapacity", tb.ReadCapacity, int64(0))
	eq(t, "StreamViewType", tb.StreamViewType, "")
	eq(t, "TTLAttribute", tb.TTLAttribute, "")
	eq(t, "PointInTimeRecovery", tb.PointInTimeRecovery, false)
	eq(t, "DeletionProtection", tb.DeletionProtection, false)
	eq(t, "TableClass", tb.TableClass, "STANDARD")
	eq(t, "SSE", tb.SSE, (*hclschema.SSE)(nil))
	eq(t, "Tags", tb.Tags, map[string]string{})
	eq(t, "Primary.PartitionKey", names(tb.Primary.PartitionKey), []string{"id:S"})
	eq(t, "Primary.SortKey", len(tb.Primary.SortKey), 0)
	eq(t, "Primary.Projection", tb.Primary.Projection, hclschema.ProjectAll)
	eq(t, "Primary.Kind", tb.Primary.Kind, hclschema.IndexPrimary)
	eq(t, "Index(\"\")", tb.Index(""), tb.Primary)
	eq(t, "Index(table)", tb.Index("table"), tb.Primary)
	eq(t, "Entities", len(tb.Entities), 0)
}

func TestLoadTableSettings(t *testing.T) {
	s := mustLoad(t, `
table "app" {
  name                   = "shop-prod"
  billing_mode           = "PROVISIONED"
  read_capacity          = 10
  write_capacity         = 4
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "KEYS_ONLY"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = true
  table_class            = "STANDARD_INFREQUENT_ACCESS"
  tags                   = { team = "shop", cost = 12 }
  server_side_encryption {
    kms_key_arn = "arn:aws:kms:us-east-1:1:key/x"
  }
  global_secondary_index "GSI1" {
    partition_key  = "GSI1PK"
    sort_key       = "GSI1SK"
    projection     = "INCLUDE"
    include        = ["a", "b"]
    read_capacity  = 3
    write_capacity = 2
  }
  global_secondary_index "Inherit" {
    partition_key = "X"
    projection    = "KEYS_ONLY"
  }
  local_secondary_index "ByDate" {
    sort_key = "date"
  }
}`)
	tb := s.Table("app")
	eq(t, "Name", tb.Name, "shop-prod")
	eq(t, "BillingMode", tb.BillingMode, hclschema.Provisioned)
	eq(t, "capacity", []int64{tb.ReadCapacity, tb.WriteCapacity}, []int64{10, 4})
	eq(t, "StreamViewType", tb.StreamViewType, "KEYS_ONLY")
	eq(t, "TTLAttribute", tb.TTLAttribute, "expiresAt")
	eq(t, "PointInTimeRecovery", tb.PointInTimeRecovery, true)
	eq(t, "DeletionProtection", tb.DeletionProtection, true)
	eq(t, "TableClass", tb.TableClass, "STANDARD_INFREQUENT_ACCESS")
	eq(t, "Tags", tb.Tags, map[string]string{"team": "shop", "cost": "12"})
	eq(t, "SSE.KMSKeyARN", tb.SSE.KMSKeyARN, "arn:aws:kms:us-east-1:1:key/x")
	eq(t, "IndexNames", tb.IndexNames(), []string{"GSI1", "Inherit", "ByDate"})

	g := tb.Index("GSI1")
	eq(t, "GSI1.Kind", g.Kind, hclschema.IndexGlobal)
	eq(t, "GSI1 keys", names(g.KeyAttrs()), []string{"GSI1PK:S", "GSI1SK:S"})
	eq(t, "GSI1.Projection", g.Projection, hclschema.ProjectInclude)
	eq(t, "GSI1.Include", g.Include, []string{"a", "b"})
	eq(t, "GSI1 capacity", []int64{g.ReadCapacity, g.WriteCapacity}, []int64{3, 2})
	eq(t, "GSI1.Table", g.Table, tb)
	eq(t, "GSI1.DisplayName", g.DisplayName(), "GSI GSI1")

	in := tb.Index("Inherit")
	eq(t, "Inherit capacity", []int64{in.ReadCapacity, in.WriteCapacity}, []int64{0, 0})
	eq(t, "Inherit.Projection", in.Projection, hclschema.ProjectKeysOnly)

	l := tb.Index("ByDate")
	eq(t, "ByDate.Kind", l.Kind, hclschema.IndexLocal)
	eq(t, "ByDate keys", names(l.KeyAttrs()), []string{"PK:S", "date:S"})
	eq(t, "ByDate.Projection", l.Projection, hclschema.ProjectAll)
	eq(t, "ByDate.IsPartitionKey(PK)", l.IsPartitionKey("PK"), true)
	eq(t, "ByDate.DisplayName", l.DisplayName(), "LSI ByDate")

	var attrs []string
	for _, k := range tb.KeyAttributes() {
		attrs = append(attrs, k.Name)
	}
	eq(t, "KeyAttributes", attrs, []string{"GSI1PK", "GSI1SK", "PK", "SK", "X", "date"})
}

func TestLoadSSEWithoutKey(t *testing.T) {
	s := mustLoad(t, `table "t" {
  partition_key = "id"
  server_side_encryption {}
}`)
	if sse := s.Table("t").SSE; sse == nil || sse.KMSKeyARN != "" {
		t.Fatalf("SSE = %#v, want the AWS managed key", sse)
	}
}

const multiSchema = `
table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "M" {
    partition_key = ["tid", "region"]
    sort_key      = ["round", "bracket", "matchId"]
  }
  global_secondary_index "G" {
    partition_key = "GPK"
    sort_key      = "GSK"
  }
}
entity "Match" {
  attributes = {
    tid     = string
    region  = string
    round   = number
    bracket = string
    matchId = string
  }
  key {
    PK = "MATCH#${matchId}"
    SK = "M"
  }
  index "G" {
    GPK = "T#${tid}"
    GSK = round * 10
  }
}
`

// TestLoadMultiAttributeKeys checks list keys, element ranges, and key types
// resolved from attributes and template results.
func TestLoadMultiAttributeKeys(t *testing.T) {
	s := mustLoad(t, multiSchema)
	tb := s.Table("t")
	m := tb.Index("M")
	eq(t, "M partition", names(m.PartitionKey), []string{"tid:S", "region:S"})
	eq(t, "M sort", names(m.SortKey), []string{"round:N", "bracket:S", "matchId:S"})
	eq(t, "M.MultiAttribute", m.MultiAttribute(), true)
	// Each element keeps its own range: "region" on line 6, columns 29-37.
	r := m.PartitionKey[1].Range
	eq(t, "region range", []int{r.Start.Line, r.Start.Column, r.End.Column}, []int{6, 29, 37})
	g := tb.Index("G")
	eq(t, "G.MultiAttribute", g.MultiAttribute(), false)
	eq(t, "G keys", names(g.KeyAttrs()), []string{"GPK:S", "GSK:N"})
	e := s.Entity("Match")
	eq(t, "GSK template type", e.IndexBlock("G").Template("GSK").Type, hclschema.TypeN)
	eq(t, "PK template type", e.Key.Template("PK").Type, hclschema.TypeS)
	ws := tb.KeyWriters("round")
	if len(ws) != 1 || ws[0].Entity != e || ws[0].Template != nil || ws[0].Type != hclschema.TypeN {
		t.Errorf("KeyWriters(round) = %#v, want the attribute of Match", ws)
	}
}

func TestLoadEntity(t *testing.T) {
	s := mustLoad(t, `
table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Order" {
  table = table.t
  attributes = {
    id     = string
    total  = number
    paid   = bool
    tags   = list(string)
    extra  = map(number)
    note   = optional(string)
    "quoted" = string
  }
  key {
    SK = "ORDER"
    PK = "ORDER#${id}"
  }
  index "GSI1" {
    when   = paid
    GSI1PK = "PAID"
    GSI1SK = format("%08d", total)
  }
  example {
    id         = "o1"
    total      = 5
    paid       = true
    tags       = ["a"]
    extra      = { x = 1 }
    quoted     = "y"
  }
}`)
	e := s.Entity("Order")
	tb := s.Table("t")
	eq(t, "Table", e.Table, tb)
	eq(t, "table entities", tb.Entities, []*hclschema.Entity{e})
	eq(t, "AttributeNames", e.AttributeNames(), []string{"id", "total", "paid", "tags", "extra", "note", "quoted"})
	want := map[string]cty.Type{"id": cty.String, "total": cty.Number, "paid": cty.Bool,
		"tags": cty.List(cty.String), "extra": cty.Map(cty.Number), "note": cty.String, "quoted": cty.String}
	for n, ty := range want {
		a := e.Attribute(n)
		if a == nil || !a.Type.Equals(ty) {
			t.Errorf("attribute %s = %#v, want type %s", n, a, ty.FriendlyName())
		}
	}
	eq(t, "note optional", e.Attribute("note").Optional, true)
	eq(t, "id optional", e.Attribute("id").Optional, false)
	eq(t, "DynamoType(total)", e.Attribute("total").DynamoType(), "N")
	eq(t, "DynamoType(tags)", e.Attribute("tags").DynamoType(), "")
	// Templates keep source order within the block.
	var keyAttrs []string
	for _, tpl := range e.Key.Templates {
		keyAttrs = append(keyAttrs, tpl.Attr)
	}
	eq(t, "key template order", keyAttrs, []string{"SK", "PK"})
	ei := e.IndexBlock("GSI1")
	if ei == nil || ei.When == nil || ei.Index != tb.Index("GSI1") {
		t.Fatalf("index block GSI1 = %#v", ei)
	}
	eq(t, "GSI1 templates", len(ei.Templates), 2)
	eq(t, "examples", len(e.Examples), 1)
	ex := e.Examples[0].Values
	eq(t, "example note is null", ex.GetAttr("note").IsNull(), true)
	eq(t, "example total", ex.GetAttr("total").AsBigFloat().String(), "5")
	eq(t, "example conforms", ex.Type().Equals(e.ObjectType().WithoutOptionalAttributesDeep()), true)
}

const patternSchema = `
table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "User" {
  attributes = {
    username = string
    age      = number
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  index "GSI1" {
    GSI1PK = "AGE"
    GSI1SK = age
  }
}
entity "Post" {
  attributes = {
    username = string
    postId   = string
    likes    = number
  }
  key {
    PK = "USER#${username}"
    SK = "POST#${postId}"
  }
}
`

// TestLoadPatterns checks operations, condition order, inputs and their
// types, order, limit, filter, attributes and examples.
func TestLoadPatterns(t *testing.T) {
	type want struct {
		op         hclschema.Operation
		index      string
		conds      []string // "ATTR op"
		inputs     []string // "name:type"
		entities   int
		descending bool
		limit      int64
		filter     bool
		attributes []string
		examples   int
	}
	cases := []struct {
		name string
		src  string
		want want
	}{
		{"get_item_full_key", `
access_pattern "p" {
  entity = entity.User
  key {
    SK = "PROFILE"
    PK = "USER#${username}"
  }
}`, want{op: hclschema.OpGetItem, index: "table", conds: []string{"PK =", "SK ="}, inputs: []string{"username:string"}, entities: 1}},
		{"get_item_with_eq", `
access_pattern "p" {
  entity = entity.User
  key {
    PK = eq("USER#${username}")
    SK = eq("PROFILE")
  }
}`, want{op: hclschema.OpGetItem, index: "table", conds: []string{"PK =", "SK ="}, inputs: []string{"username:string"}, entities: 1}},
		{"query_partition_only", `
access_pattern "p" {
  entities = [entity.User, entity.Post]
  key {
    PK = "USER#${username}"
  }
}`, want{op: hclschema.OpQuery, index: "table", conds: []string{"PK ="}, inputs: []string{"username:string"}, entities: 2}},
		{"query_begins_with_desc_limit", `
access_pattern "p" {
  entity = entity.Post
  key {
    PK = "USER#${username}"
    SK = begins_with("POST#")
  }
  order = "desc"
  limit = 25
  attributes = ["postId", "likes"]
}`, want{op: hclschema.OpQuery, index: "table", conds: []string{"PK =", "SK begins_with"}, inputs: []string{"username:string"},
			entities: 1, descending: true, limit: 25, attributes: []string{"postId", "likes"}}},
		{"filter_makes_query", `
access_pattern "p" {
  entity = entity.Post
  key {
    PK = "USER#${username}"
    SK = "POST#${postId}"
  }
  filter = likes > 3
}`, want{op: hclschema.OpQuery, index: "table", conds: []string{"PK =", "SK ="}, inputs: []string{"postId:string", "username:string"}, entities: 1, filter: true}},
		{"gsi_full_key_is_query", `
access_pattern "p" {
  entity = entity.User
  index  = "GSI1"
  key {
    GSI1PK = "AGE"
    GSI1SK = age
  }
}`, want{op: hclschema.OpQuery, index: "GSI1", conds: []string{"GSI1PK =", "GSI1SK ="}, inputs: []string{"age:number"}, entities: 1}},
		{"declared_inputs_and_examples", `
access_pattern "p" {
  entity = entity.User
  index  = "GSI1"
  inputs = {
    lo = number
    hi = number
  }
  key {
    GSI1PK = "AGE"
    GSI1SK = between(lo, hi)
  }
  filter = age != input.lo
  example {
    lo = 1
    hi = "9"
  }
  example {
    lo = 10
    hi = 20
  }
}`, want{op: hclschema.OpQuery, index: "GSI1", conds: []string{"GSI1PK =", "GSI1SK between"}, inputs: []string{"hi:number", "lo:number"}, entities: 1, filter: true, examples: 2}},
		{"comparisons", `
access_pattern "p" {
  entity = entity.User
  index  = "GSI1"
  key {
    GSI1SK = lte(age + 1)
    GSI1PK = "AGE"
  }
}`, want{op: hclschema.OpQuery, index: "GSI1", conds: []string{"GSI1PK =", "GSI1SK <="}, inputs: []string{"age:number"}, entities: 1}},
		{"declared_input_overrides_attribute_type", `
access_pattern "p" {
  entity = entity.User
  index  = "GSI1"
  inputs = { age = string }
  key {
    GSI1PK = "AGE"
    GSI1SK = gt(age)
  }
}`, want{op: hclschema.OpQuery, index: "GSI1", conds: []string{"GSI1PK =", "GSI1SK >"}, inputs: []string{"age:string"}, entities: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := mustLoad(t, patternSchema+tc.src)
			p := s.Pattern("p")
			if p == nil {
				t.Fatal("pattern p not loaded")
			}
			w := tc.want
			eq(t, "Operation", p.Operation(), w.op)
			eq(t, "Index", p.Index.Name, w.index)
			eq(t, "Table", p.Table, s.Table("t"))
			var conds []string
			for _, c := range p.Conditions {
				conds = append(conds, c.Attr+" "+string(c.Op))
			}
			eq(t, "Conditions", conds, w.conds)
			var inputs []string
			for _, in := range p.Inputs {
				inputs = append(inputs, in.Name+":"+in.Type.FriendlyName())
			}
			eq(t, "Inputs", inputs, w.inputs)
			eq(t, "Entities", len(p.Entities), w.entities)
			eq(t, "Descending", p.Descending, w.descending)
			eq(t, "Limit", p.Limit, w.limit)
			eq(t, "Filter set", p.Filter != nil, w.filter)
			eq(t, "Attributes", p.Attributes, w.attributes)
			eq(t, "Examples", len(p.Examples), w.examples)
		})
	}
}

func TestLoadPatternExampleValues(t *testing.T) {
	s := mustLoad(t, patternSchema+`
access_pattern "p" {
  entity = entity.User
  index  = "GSI1"
  inputs = { lo = number }
  key {
    GSI1PK = "AGE"
    GSI1SK = gte(lo)
  }
  example {
    lo = "42"
  }
}`)
	got := s.Pattern("p").Examples[0].Inputs["lo"]
	if !got.Type().Equals(cty.Number) || got.AsBigFloat().String() != "42" {
		t.Errorf("example lo = %#v, want the number 42 (converted to the input type)", got)
	}
	c := s.Pattern("p").Condition("GSI1SK")
	eq(t, "condition name range", []int{c.NameRange.Start.Line, c.NameRange.Start.Column}, []int{42, 5})
	eq(t, "input range", []int{s.Pattern("p").Input("lo").Range.Start.Line}, []int{42})
}

// TestLoadDirectory loads several files of one directory as one schema and
// references across files.
func TestLoadDirectory(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a_tables.tfdyn.hcl", `table "t" {
  partition_key = "PK"
}`)
	write("b_entities.tfdyn.hcl", `entity "E" {
  table      = table.t
  attributes = { id = string }
  key {
    PK = "E#${id}"
  }
}`)
	write("c_patterns.tfdyn.hcl", `access_pattern "get" {
  entity = entity.E
  key {
    PK = "E#${id}"
  }
}`)
	write("ignored.hcl", `this is not { read`)
	s, diags := hclschema.Load(dir)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %s", diags.Error())
	}
	eq(t, "files", len(s.Files), 3)
	p := s.Pattern("get")
	if p == nil || p.Entities[0] != s.Entity("E") || p.Table != s.Table("t") {
		t.Fatalf("pattern get = %#v", p)
	}
	eq(t, "Operation", p.Operation(), hclschema.OpGetItem)

	files, err := hclschema.FindFiles(dir, filepath.Join(dir, "a_tables.tfdyn.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "FindFiles", len(files), 3)

	_, diags = hclschema.Load(t.TempDir())
	if len(diags) != 1 || diag.CodeOf(diags[0]) != hclschema.CodeNoFiles {
		t.Errorf("empty directory: diagnostics %v, want one %s", diags, hclschema.CodeNoFiles)
	}
}
