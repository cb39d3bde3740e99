package gen

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// Article puts "a" or "an" before a word by how it is spoken: "an" before
// a vowel ("an object", "an Order", "an update"), "a" before a consonant
// ("a tuple") and before a u that sounds like "you" ("a User", "a unique
// key": u, one consonant, a vowel). The generated code's comments and the
// GN refusals that name a type share it.
func Article(word string) string {
	w := strings.ToLower(word)
	if w == "" || !strings.ContainsRune("aeiou", rune(w[0])) || youSound(w) {
		return "a " + word
	}
	return "an " + word
}

// youSound reports whether a lower-case word starting with u starts with
// the sound of "you": a u, one consonant, then a vowel (user, unique,
// utility; not update, under, unknown).
func youSound(w string) bool {
	isVowel := func(c byte) bool { return strings.IndexByte("aeiouy", c) >= 0 }
	return len(w) >= 3 && w[0] == 'u' && !isVowel(w[1]) && isVowel(w[2])
}

// Name is an identifier in neutral form: its words in lower case
// ("orderId" is order, id; "GSI1PK" is gsi1, pk). Printers case them for
// their language (OrderID in Go, orderId in TypeScript).
type Name []string

// NameOf splits a schema name into words: at every character that is not a
// letter or a digit, between a lower-case letter or a digit and an
// upper-case letter (orderId), and before the last upper-case letter of a
// run followed by a lower-case one (HTTPServer is http, server). Digits
// stay with the word before them (GSI1PK is gsi1, pk).
func NameOf(s string) Name {
	var words Name
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if unicode.IsUpper(r) && len(cur) > 0 {
			prev := cur[len(cur)-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// Key is the name's words joined by "_": two names with the same key are
// the same identifier in every language (order_id and orderId).
func (n Name) Key() string { return strings.Join(n, "_") }

// With returns the name followed by more words.
func (n Name) With(more ...string) Name {
	out := append(Name{}, n...)
	for _, m := range more {
		out = append(out, NameOf(m)...)
	}
	return out
}

// Join returns the names' words in order.
func Join(names ...Name) Name {
	var out Name
	for _, n := range names {
		out = append(out, n...)
	}
	return out
}

// initialisms are written in capitals in identifiers (OrderID, GSI1Key in
// Go; PRComment, orderGSI1Key in TypeScript).
var initialisms = map[string]bool{
	"acl": true, "api": true, "arn": true, "aws": true, "cpu": true, "css": true, "db": true, "dns": true,
	"gsi": true, "html": true, "http": true, "https": true, "id": true, "ip": true, "json": true,
	"kms": true, "lsi": true, "pk": true, "pr": true, "sk": true, "sla": true, "sql": true, "sse": true, "ttl": true,
	"ui": true, "uri": true, "url": true, "utc": true, "uuid": true, "xml": true,
}

// Initialism reports whether a word of a name is written in capitals in
// identifiers: an initialism, with any digits after it (gsi1).
func Initialism(word string) bool {
	return initialisms[strings.TrimRightFunc(word, unicode.IsDigit)]
}

// Word cases one word of an identifier that starts in upper case: an
// initialism in capitals (GSI1, PR, ID), any other word with its first
// letter in upper case.
func Word(w string) string {
	if Initialism(w) {
		return strings.ToUpper(w)
	}
	r, n := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + w[n:]
}

// Pascal is the name as an identifier in upper camel case, the form of Go's
// exported names and TypeScript's types: OrderID, PRComment, GSI1PK; "X"
// goes before a name that starts with a digit.
func (n Name) Pascal() string {
	var sb strings.Builder
	for _, w := range n {
		sb.WriteString(Word(w))
	}
	s := sb.String()
	if s != "" && !unicode.IsLetter([]rune(s)[0]) {
		s = "X" + s
	}
	return s
}

// Scope holds the identifiers a back end declares at one level (a Go
// package's, the names a TypeScript index re-exports), for collisions.
type Scope struct {
	lang  string
	names map[string]hcl.Range
}

// NewScope returns an empty scope of the language lang ("Go",
// "TypeScript").
func NewScope(lang string) *Scope { return &Scope{lang: lang, names: map[string]hcl.Range{}} }

// Declare claims name for what, declared at rng in the schema; a name
// claimed twice is a GN105 error, which it returns (nil otherwise).
func (s *Scope) Declare(name, what string, rng hcl.Range) *hcl.Diagnostic {
	prev, ok := s.names[name]
	s.names[name] = rng
	if !ok {
		return nil
	}
	return diag.Errorf(CodeNameCollision, &rng, "Names collide in generated code",
		"The generated %s code would declare %s twice: for the %s and for what is declared at %s. Rename one of them.", s.lang, name, what, prev)
}
