package doc

import (
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
)

// TestDocReadsEveryTableSetting changes one setting of the full table at a
// time: the Settings and Indexes sections must change (a new table setting
// fails here until doc shows it).
func TestDocReadsEveryTableSetting(t *testing.T) {
	render := func(s hclschema.TableSpec) string {
		g := &gen{s: tablespectest.Full(t)}
		g.settings(s)
		g.indexes(s)
		return g.buf.String()
	}
	reads := map[string]string{}
	for _, f := range tablespectest.Fields(t) {
		reads[f] = ""
	}
	tablespectest.Check(t, "doc", reads, func(t *testing.T, base, mutated hclschema.TableSpec) bool {
		return render(base) != render(mutated)
	})
}
