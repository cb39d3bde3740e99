package workbench

import (
	"bytes"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// problems returns each diagnostic as "CODE file:range summary".
func problems(src string) []string {
	_, diags := Parse("m.json", []byte(src))
	var out []string
	for _, d := range diags {
		out = append(out, string(diag.CodeOf(d))+" "+d.Subject.String()+" "+d.Summary)
	}
	return out
}

// TestParseErrors: every bad model is IM010 at the offending value, with
// the field's path in the detail.
func TestParseErrors(t *testing.T) {
	pk := `"KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}}`
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"syntax", "{\n  \"DataModel\": [\n    {\"TableName\": \"t\",, }\n  ]\n}",
			[]string{"IM010 m.json:3,23-23 Not a NoSQL Workbench model"}},
		{"truncated", `{"DataModel": [`, []string{"IM010 m.json:1,16-16 Not a NoSQL Workbench model"}},
		{"trailing data", `{"DataModel": []} x`, []string{"IM010 m.json:1,19-19 Not a NoSQL Workbench model"}},
		{"duplicate key", `{"DataModel": [], "DataModel": []}`, []string{"IM010 m.json:1,19-30 Not a NoSQL Workbench model"}},
		{"not an object", `[1]`, []string{"IM010 m.json:1,1-4 Wrong type"}},
		{"no tables", `{"DataModel": []}`, []string{"IM010 m.json:1,15-17 Model without tables"}},
		{"missing name", `{"DataModel": [{` + pk + `}]}`, []string{"IM010 m.json:1,16-98 Missing field"}},
		{"wrong type", `{"DataModel": [{"TableName": 7, ` + pk + `}]}`, []string{"IM010 m.json:1,30-31 Wrong type"}},
		{"key type", `{"DataModel": [{"TableName": "t", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "BOOL"}}}]}`,
			[]string{"IM010 m.json:1,110-116 Unknown attribute type"}},
		{"keyspaces", `{"ModelMetadata": {"AWSService": "Amazon Keyspaces"}, "DataModel": [{"TableName": "t", ` + pk + `}]}`,
			[]string{"IM010 m.json:1,34-52 Not a DynamoDB model"}},
		{"item type", `{"DataModel": [{"TableName": "t", ` + pk + `, "TableData": [{"PK": {"STR": "x"}}]}]}`,
			[]string{"IM010 m.json:1,139-144 Unknown DynamoDB type"}},
		{"item number", `{"DataModel": [{"TableName": "t", ` + pk + `, "TableData": [{"PK": {"S": "x"}, "n": {"N": "1e"}}]}]}`,
			[]string{"IM010 m.json:1,161-165 Not a number"}},
		{"item two types", `{"DataModel": [{"TableName": "t", ` + pk + `, "TableData": [{"PK": {"S": "x", "N": "1"}}]}]}`,
			[]string{"IM010 m.json:1,149-152 Not DynamoDB JSON"}},
		{"projection", `{"DataModel": [{"TableName": "t", ` + pk + `, "GlobalSecondaryIndexes": [{"IndexName": "g", ` + pk + `, "Projection": {"ProjectionType": "SOME"}}]}]}`,
			[]string{"IM010 m.json:1,278-284 Unknown projection"}},
		{"capacity", `{"DataModel": [{"TableName": "t", ` + pk + `, "ProvisionedCapacitySettings": {"ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 1.5}}}]}`,
			[]string{"IM010 m.json:1,196-197 Invalid capacity", "IM010 m.json:1,221-224 Invalid capacity"}},
		{"extension", `{"DataModel": [{"TableName": "t", ` + pk + `, "tfdyn": {"Label": "t", "Nope": 1}}]}`,
			[]string{"IM010 m.json:1,141-147 Invalid tfdyn section"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, problems(c.src))
		})
	}
}

// TestParseModel: the fields tfdyn reads, unknown ones ignored, items in
// DynamoDB JSON of every type.
func TestParseModel(t *testing.T) {
	src := `{
  "ModelName": "m",
  "ModelMetadata": {"Author": "a", "Version": "3.0", "AWSService": "Amazon DynamoDB", "Extra": 1},
  "DataModel": [{
    "TableName": "t",
    "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}, "SortKey": {"AttributeName": "SK", "AttributeType": "N"}},
    "NonKeyAttributes": [{"AttributeName": "x", "AttributeType": "M"}],
    "TableFacets": [{"FacetName": "F", "KeyAttributeAlias": {"PartitionKeyAlias": "Id"}, "NonKeyAttributes": ["x"]}],
    "GlobalSecondaryIndexes": [{"IndexName": "g", "KeyAttributes": {"PartitionKey": {"AttributeName": "x", "AttributeType": "S"}}}],
    "TableData": [{"PK": {"S": "a"}, "SK": {"N": "1"}, "b": {"B": "AQI="}, "t": {"BOOL": true}, "z": {"NULL": true},
      "ss": {"SS": ["q"]}, "ns": {"NS": ["2", "1.5"]}, "bs": {"BS": ["AQ=="]}, "l": {"L": [{"S": "e"}]}, "m": {"M": {"k": {"N": "3"}}}}],
    "SampleDataFormats": {"x": ["a"]},
    "BillingMode": "PAY_PER_REQUEST"
  }]
}`
	m, diags := Parse("m.json", []byte(src))
	require.False(t, diags.HasErrors(), diags.Error())
	require.Equal(t, "m", m.ModelName)
	tb := m.DataModel[0]
	require.Equal(t, "N", tb.KeyAttributes.SortKey.AttributeType)
	require.Equal(t, "ALL", tb.GlobalSecondaryIndexes[0].Projection.ProjectionType)
	require.Equal(t, "Id", tb.TableFacets[0].KeyAttributeAlias.PartitionKeyAlias)
	it := tb.TableData[0]
	require.Equal(t, 10, len(it.Values))
	require.Equal(t, []byte{1, 2}, it.Values["b"].(*types.AttributeValueMemberB).Value)
	require.Equal(t, []string{"2", "1.5"}, it.Values["ns"].(*types.AttributeValueMemberNS).Value)
	require.Equal(t, 10, it.Range.Start.Line)

	// Written and read again: the same items.
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, m))
	m2, diags := Parse("m2.json", buf.Bytes())
	require.False(t, diags.HasErrors(), diags.Error())
	a, _ := it.MarshalJSON()
	b, _ := m2.DataModel[0].TableData[0].MarshalJSON()
	require.JSONEq(t, string(a), string(b))
	require.JSONEq(t, `{"PK":{"S":"a"},"SK":{"N":"1"},"b":{"B":"AQI="},"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"e"}]},"m":{"M":{"k":{"N":"3"}}},"ns":{"NS":["2","1.5"]},"ss":{"SS":["q"]},"t":{"BOOL":true},"z":{"NULL":true}}`, string(a))
}

// TestCtyValues: tfdyn values to DynamoDB values (as tfdyn stores them:
// sets as lists) and back to the attribute's type.
func TestCtyValues(t *testing.T) {
	ty := cty.Object(map[string]cty.Type{"s": cty.String, "n": cty.Number, "tags": cty.Set(cty.String),
		"l": cty.List(cty.Number), "m": cty.Map(cty.Bool), "o": cty.Object(map[string]cty.Type{"a": cty.String})})
	v := cty.ObjectVal(map[string]cty.Value{"s": cty.StringVal("x"), "n": cty.NumberFloatVal(1.25),
		"tags": cty.SetVal([]cty.Value{cty.StringVal("b"), cty.StringVal("a")}), "l": cty.ListVal([]cty.Value{cty.NumberIntVal(3)}),
		"m": cty.MapVal(map[string]cty.Value{"k": cty.True}), "o": cty.ObjectVal(map[string]cty.Value{"a": cty.StringVal("q")})})
	av, err := dynamo.AV(v)
	require.NoError(t, err)
	b, err := dynamo.MarshalJSON(av)
	require.NoError(t, err)
	require.JSONEq(t, `{"M":{"l":{"L":[{"N":"3"}]},"m":{"M":{"k":{"BOOL":true}}},"n":{"N":"1.25"},"o":{"M":{"a":{"S":"q"}}},"s":{"S":"x"},"tags":{"L":[{"S":"a"},{"S":"b"}]}}}`, string(b))
	back, err := ToCty(av, ty)
	require.NoError(t, err)
	require.True(t, back.Equals(v).True(), "%#v", back)
	_, err = ToCty(&types.AttributeValueMemberS{Value: "x"}, cty.Number)
	require.EqualError(t, err, "a S value does not fit the type number: a number is required")
	null, err := ToCty(&types.AttributeValueMemberNULL{Value: true}, cty.String)
	require.NoError(t, err)
	require.True(t, null.IsNull())
}
