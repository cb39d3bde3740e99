package gen

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNameOf(t *testing.T) {
	for in, want := range map[string]Name{
		"orderId":        {"order", "id"},
		"order_id":       {"order", "id"},
		"GSI1PK":         {"gsi1", "pk"},
		"HTTPServer":     {"http", "server"},
		"expiresAt":      {"expires", "at"},
		"Order":          {"order"},
		"CustomerUnique": {"customer", "unique"},
		"ByRegisteredAt": {"by", "registered", "at"},
		"in-progress":    {"in", "progress"},
		"2fa":            {"2fa"},
		"#":              nil,
	} {
		require.Equal(t, want, NameOf(in), in)
	}
	require.Equal(t, NameOf("order_id").Key(), NameOf("orderId").Key())
}
