package lint

import (
	"fmt"
	"strings"
	"testing"
)

// chunks returns a schema with n entities of up to size bytes (declared
// max_item_size) and a transaction that puts one item of each.
func chunks(n int, size int) string {
	var b strings.Builder
	b.WriteString("table \"app\" {\n  partition_key = \"PK\"\n  sort_key      = \"SK\"\n}\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "entity \"Chunk%d\" {\n  attributes = { doc = string, body = string }\n  key {\n    PK = \"DOC#${doc}\"\n    SK = \"CHUNK#%d\"\n  }\n  workload {\n    item_size     = %d\n    max_item_size = %d\n  }\n}\n", i, i, size/2, size)
	}
	b.WriteString("write_pattern \"save_document\" {\n  transaction {\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "    put { entity = entity.Chunk%d }\n", i)
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

func TestTransactionSize(t *testing.T) {
	runRuleCases(t, ruleTransactionSize, []ruleCase{
		{name: "eleven items of up to 400 KB", src: chunks(11, 400000),
			want: []string{"TD146 error 127:3-127:14 `transaction`"}},
		{name: "ten items of up to 400 KB", src: chunks(10, 400000)},
		{name: "a hundred small items", src: chunks(100, 1000)},
		{name: "a single put of a large item", src: chunks(1, 400000)},
	})
}

func TestTransactionSizeDetail(t *testing.T) {
	got := detailOf(t, ruleTransactionSize, chunks(11, 400000))
	var parts []string
	for i := 1; i <= 11; i++ {
		parts = append(parts, fmt.Sprintf("1 x Chunk%d of 400000 bytes (declared)", i))
	}
	want := `The transaction of write pattern "save_document" writes 11 items that add up to 4400000 bytes at their largest size: ` + strings.Join(parts, ", ") + `. ` +
		`DynamoDB takes at most 4 MB (4194304 bytes) of items in one TransactWriteItems call and rejects a larger one with a ValidationException. ` +
		`Split the writes into transactions that each stay under 4 MB (with conditions that make a retry safe), or store large values outside the items (in S3, keeping a pointer).`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
