package lint

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeInvalidTag (TD131): a table tag DynamoDB rejects: an empty key, a key
// over 128 characters or starting with the reserved "aws:" prefix, a value
// over 256 characters, a character outside letters, digits, white space and
// + - = . _ : / @, or more than 50 tags.
const CodeInvalidTag diag.Code = "TD131"

var ruleInvalidTag = &rule{code: CodeInvalidTag, name: "invalid-tag", severity: hcl.DiagError, check: checkInvalidTag}

// tagEntry is one tag with the ranges of its key and value.
type tagEntry struct {
	key, value         string
	keyRange, valRange hcl.Range
}

// tagEntries returns the tags of t in source order, with ranges when the
// source is available (else every range is the tags argument or the table).
func (a *analysis) tagEntries(t *hclschema.Table) []tagEntry {
	if len(t.TagRanges) == len(t.Tags) {
		out := make([]tagEntry, 0, len(t.Tags))
		for k, v := range t.Tags {
			r := t.TagRanges[k]
			out = append(out, tagEntry{key: k, value: v, keyRange: r.Key, valRange: r.Value})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].keyRange.Start.Byte < out[j].keyRange.Start.Byte })
		return out
	}
	fallback := argRange(t.ArgRanges, "tags", t.DeclRange)
	keys := make([]string, 0, len(t.Tags))
	for k := range t.Tags {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]tagEntry, len(keys))
	for i, k := range keys {
		out[i] = tagEntry{key: k, value: t.Tags[k], keyRange: fallback, valRange: fallback}
	}
	return out
}

// tagRune reports whether r may appear in a tag key or value.
func tagRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsSpace(r) || strings.ContainsRune("+-=._:/@", r)
}

func checkInvalidTag(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		if t == nil || len(t.Tags) == 0 {
			continue
		}
		entries := a.tagEntries(t)
		for i, tg := range entries {
			n := utf8.RuneCountInString(tg.key)
			switch {
			case n == 0:
				diags = append(diags, r.report(tg.keyRange, "Empty tag key",
					"Table %q has a tag with an empty key; DynamoDB tag keys are 1 to %d characters, so tagging the table fails with a ValidationException. Give the tag a key.",
					t.Label, maxTagKeyChars))
			case n > maxTagKeyChars:
				diags = append(diags, r.report(tg.keyRange, "Tag key too long",
					"The tag key %q of table %q is %d characters long; DynamoDB allows at most %d, so tagging the table fails with a ValidationException. Use a shorter key.",
					shortName(tg.key), t.Label, n, maxTagKeyChars))
			case strings.HasPrefix(strings.ToLower(tg.key), "aws:"):
				diags = append(diags, r.report(tg.keyRange, "Reserved tag prefix",
					"The tag key %q of table %q starts with \"aws:\", a prefix reserved for tags AWS assigns, so tagging the table fails with a ValidationException. Remove the prefix or use your own (for example %q).",
					tg.key, t.Label, "app:"+string([]rune(tg.key)[4:])))
			case strings.IndexFunc(tg.key, func(c rune) bool { return !tagRune(c) }) >= 0:
				c := []rune(tg.key[strings.IndexFunc(tg.key, func(c rune) bool { return !tagRune(c) }):])[0]
				diags = append(diags, r.report(tg.keyRange, "Invalid character in tag key",
					"The tag key %q of table %q contains %q; tag keys and values may hold letters, digits, white space and + - = . _ : / @ only, so tagging the table fails with a ValidationException.",
					shortName(tg.key), t.Label, c))
			}
			if m := utf8.RuneCountInString(tg.value); m > maxTagValueChars {
				diags = append(diags, r.report(tg.valRange, "Tag value too long",
					"The value of tag %q of table %q is %d characters long; DynamoDB allows at most %d, so tagging the table fails with a ValidationException. Use a shorter value.",
					shortName(tg.key), t.Label, m, maxTagValueChars))
			} else if j := strings.IndexFunc(tg.value, func(c rune) bool { return !tagRune(c) }); j >= 0 {
				diags = append(diags, r.report(tg.valRange, "Invalid character in tag value",
					"The value of tag %q of table %q contains %q; tag keys and values may hold letters, digits, white space and + - = . _ : / @ only, so tagging the table fails with a ValidationException.",
					shortName(tg.key), t.Label, []rune(tg.value[j:])[0]))
			}
			if i == maxTags {
				diags = append(diags, r.report(tg.keyRange, "Too many tags",
					"Table %q has %d tags; DynamoDB allows at most %d user tags per table, so tagging the table fails from %q on. Remove tags.",
					t.Label, len(entries), maxTags, shortName(tg.key)))
			}
		}
	}
	return diags
}
