package migrate

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// BenchmarkClassify measures recognising the BASE entity of stored items
// and deciding their update (no I/O): the CPU side of a migration, per
// item, over the 2,000 items of TestLiveMigrate's data set.
func BenchmarkClassify(b *testing.B) {
	base, head := load(b, sd+"base"), load(b, sd+"backfill")
	plan := Build(base, head)
	r, err := newRunner(plan, Options{Table: "app", Label: "app"}, &Checkpoint{Result: Result{Entities: map[string]*Counts{}}})
	require.NoError(b, err)
	var items []map[string]types.AttributeValue
	for _, v := range dataset() {
		it, err := base.Entity(v.entity).Item(v.val)
		require.NoError(b, err)
		av := map[string]types.AttributeValue{}
		for k, x := range it.Attrs {
			a, err := dynamo.AV(x)
			require.NoError(b, err)
			av[k] = a
		}
		items = append(items, av)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		it := items[i%len(items)]
		e, n := r.classify(it)
		if n != 1 {
			b.Fatalf("%d entities for %v", n, it)
		}
		if _, _, err := r.prepare(r.planOf(e), it); err != nil {
			b.Fatal(err)
		}
	}
}
