package lint

import (
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
)

// DynamoDB limits that are known before apply (TD125-TD132). Sources are
// cited on each rule's documentation page.
const (
	// Table and index names: 3 to 255 characters of [a-zA-Z0-9_.-].
	minDynamoNameLen = 3
	maxDynamoNameLen = 255
	// Key attribute names and projected attribute names: 1 to 255 bytes.
	maxKeyAttrNameBytes = 255
	// Other attribute names: at least 1 byte and less than 64 KB.
	maxAttrNameBytes = 64*1024 - 1
	// Key values, item size and numbers: see hclschema/limits.go.
	maxPartitionKeyBytes = hclschema.MaxPartitionKeyBytes
	maxSortKeyBytes      = hclschema.MaxSortKeyBytes
	maxItemBytes         = hclschema.MaxItemBytes
	// Tags: key 1 to 128 characters, value 0 to 256, 50 per table.
	maxTagKeyChars   = 128
	maxTagValueChars = 256
	maxTags          = 50
	// INCLUDE projections: 100 non-key attributes summed over all indexes.
	maxIncludeAttrs = 100
)

// validDynamoName reports whether s is a valid DynamoDB table or index name.
func validDynamoName(s string) bool {
	if len(s) < minDynamoNameLen || len(s) > maxDynamoNameLen {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool { return !dynamoNameRune(r) }) < 0
}

func dynamoNameRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.'
}

// dynamoNameProblem says in words why s is not a valid table or index name.
func dynamoNameProblem(s string) string {
	switch {
	case len(s) < minDynamoNameLen:
		return "is " + strconv.Itoa(len(s)) + " character(s) long; DynamoDB needs at least 3"
	case len(s) > maxDynamoNameLen:
		return "is " + strconv.Itoa(len(s)) + " characters long; DynamoDB allows at most 255"
	}
	if i := strings.IndexFunc(s, func(r rune) bool { return !dynamoNameRune(r) }); i >= 0 {
		return "contains " + strconv.QuoteRune([]rune(s[i:])[0]) + "; DynamoDB allows only a-z, A-Z, 0-9, \"_\", \"-\" and \".\""
	}
	return ""
}

// sortedAttrNames returns the attribute names of an item in a stable order.
func sortedAttrNames(it hclschema.Item) []string {
	names := make([]string, 0, len(it.Attrs))
	for n := range it.Attrs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// numberText renders a number DynamoDB rejects for a detail (TD130): with
// every digit it is written with, not rounded to DynamoDB's 38 as
// hclschema.NumberText (the canonical text of a number DynamoDB stores)
// would, shortened when it is long.
func numberText(f *big.Float) string {
	s := f.Text('g', -1)
	if len(s) > 60 {
		s = f.Text('e', 10) + " (shortened)"
	}
	return s
}

// shortName shortens a long name for a detail: its first 40 characters and
// "...".
func shortName(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:40]) + "..."
	}
	return s
}
