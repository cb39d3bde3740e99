package emit

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSatisfiable(t *testing.T) {
	cases := []struct {
		constraints []string
		want        bool
	}{
		{[]string{">= 6.37.0", "~> 5.0"}, false},
		{[]string{">= 6.37.0", ">= 5.0.0, < 6.0.0"}, false},
		{[]string{">= 6.37", "< 7.0"}, true},
		{[]string{"> 6.36.9", ">= 6.37.0"}, true},
		{[]string{"> 6.37.0", "<= 6.37.0"}, false},
		{[]string{"= 6.37.0", "!= 6.37.0"}, false},
		{[]string{">= 6.37.0, != 6.37.0"}, true},
		{[]string{"~> 6.37", "< 6.37.0"}, false},
		{[]string{"~> 5.100", ">= 5.0.0, < 6.0.0"}, true},
		{[]string{"~> 5.100.0", ">= 5.101"}, false},
		{[]string{"< 0.1"}, true},
		{[]string{"six"}, false},
	}
	for _, c := range cases {
		require.Equal(t, c.want, satisfiable(c.constraints...), "%q", c.constraints)
	}
}

func TestComplement(t *testing.T) {
	require.Equal(t, []string{"< 6.37.0"}, complement(Provider6Constraint))
	require.Equal(t, []string{"< 5.0.0", ">= 6.0.0"}, complement(Provider5Constraint))
}
