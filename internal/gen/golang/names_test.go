package golang

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/gen"
)

func TestGoNames(t *testing.T) {
	for in, want := range map[string][2]string{
		"orderId":   {"OrderID", "orderID"},
		"GSI1PK":    {"GSI1PK", "gsi1PK"},
		"type":      {"Type", "type_"},
		"string":    {"String", "string_"},
		"2fa":       {"X2fa", "x2fa"},
		"expiresAt": {"ExpiresAt", "expiresAt"},
		"err":       {"Err", "err_"},
		"tfdynX":    {"TfdynX", "tfdynX_"},
	} {
		n := gen.NameOf(in)
		require.Equal(t, want[0], exported(n), in)
		require.Equal(t, want[1], unexported(n), in)
	}
}
