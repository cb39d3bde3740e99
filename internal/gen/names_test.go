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

// TestArticle: "a" or "an" as the word is spoken, for the kind names GN
// refusals interpolate (GN104: "is an object") and the entity names of the
// generated comments.
func TestArticle(t *testing.T) {
	for word, want := range map[string]string{
		"object":          "an object",
		"Order":           "an Order",
		"enum":            "an enum",
		"update":          "an update",
		"undeclared":      "an undeclared",
		"unknown":         "an unknown",
		"tuple":           "a tuple",
		"list of string":  "a list of string",
		"number":          "a number",
		"User":            "a User",
		"UserUniqueEmail": "a UserUniqueEmail",
		"unique key":      "a unique key",
		"Ux":              "an Ux",
		"":                "a ",
	} {
		if got := Article(word); got != want {
			t.Errorf("Article(%q) = %q, want %q", word, got, want)
		}
	}
}
