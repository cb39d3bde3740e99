package adopt

import (
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/workbench"
)

// FuzzWorkbench runs arbitrary models through tfdyn import
// --from-workbench: parse, tables, entities and patterns, the rendered
// schema loaded by hclschema. Nothing may panic, every diagnostic has a
// code.
func FuzzWorkbench(f *testing.F) {
	// Small seeds: the fuzzer minimizes every new input it finds, which
	// takes long from a large one.
	for _, s := range []string{
		`{"DataModel":[{"TableName":"t","KeyAttributes":{"PartitionKey":{"AttributeName":"PK","AttributeType":"S"},"SortKey":{"AttributeName":"SK","AttributeType":"S"}},` +
			`"TableFacets":[{"FacetName":"A b","TableData":[{"PK":{"S":"A#1"},"SK":{"S":"A#1"},"n":{"N":"2"}},{"PK":{"S":"A#2"},"SK":{"S":"X"}}],"NonKeyAttributes":["n"]},{"FacetName":"C","NonKeyAttributes":["q"]}],` +
			`"GlobalSecondaryIndexes":[{"IndexName":"G","KeyAttributes":{"PartitionKey":{"AttributeName":"n","AttributeType":"N"}}}],"TableData":[{"PK":{"S":"Z#1"},"SK":{"S":"Z"}}]}]}`,
		`{"DataModel":[{"TableName":"t","KeyAttributes":{"PartitionKey":{"AttributeName":"PK","AttributeType":"S"}},"TableFacets":[{"FacetName":"E","TableData":[{"PK":{"S":"E#1"},"id":{"S":"1"}}]}],` +
			`"tfdyn":{"Label":"t","Entities":[{"Name":"E","Attributes":[{"Name":"id","Type":"string"}],"Key":[{"Attr":"PK","Expr":"\"E#${id}\""}],"Indexes":[{"Name":"G","When":"id == \"1\""}]}],` +
			`"AccessPatterns":[{"Name":"p","Entities":["E"],"Type":"GetItem","Key":[{"Attr":"PK","Expr":"\"E#${id}\""}],"Filter":"id != input.x","Inputs":[{"Name":"x","Type":"string"}],"Examples":[{"id":{"S":"1"}}]}],` +
			`"Accepts":[{"Code":"TD121","Target":"entity.E","Reason":"r"}]}}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, diags := workbench.Parse("m.json", src)
		codes(t, diags)
		if diags.HasErrors() {
			return
		}
		tables, diags := FromWorkbench(m, "m.json")
		codes(t, diags)
		for _, wt := range tables {
			out := WorkbenchSchema(wt, "m.json")
			_, _ = hclschema.LoadSource(wt.Label+hclschema.FileSuffix, out)
		}
	})
}
