package dynamo

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNamePlaceholders: an attribute's placeholder is # and its name when
// that is letters, digits and underscores, else the name with underscores
// for the other characters, kept apart from every other placeholder.
func TestNamePlaceholders(t *testing.T) {
	x := newExprs()
	for _, c := range []struct{ attr, want string }{
		{"PK", "#PK"},
		{"status", "#status"},
		{"order-date", "#order_date"},
		{"order_date", "#order_date_2"},
		{"a.b", "#a_b"},
		{"größe", "#gr__e"},
		{"PK", "#PK"},
		{"1st", "#1st"},
	} {
		require.Equal(t, c.want, x.name(c.attr), c.attr)
	}
	require.Equal(t, []Name{{"#PK", "PK"}, {"#status", "status"}, {"#order_date", "order-date"}, {"#order_date_2", "order_date"},
		{"#a_b", "a.b"}, {"#gr__e", "größe"}, {"#1st", "1st"}}, x.names)
	require.Equal(t, map[string]string{"#PK": "PK"}, NameMap([]Name{{"#PK", "PK"}}))
	require.Nil(t, NameMap(nil), "DynamoDB rejects an empty ExpressionAttributeNames")
}
