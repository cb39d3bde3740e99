package golang

import (
	"go/token"
	"strings"
	"unicode"

	"github.com/tfdyn/tfdyn/internal/gen"
)

// word cases one word of an exported name.
func word(w string) string { return gen.Word(w) }

// exported is the Go name of n for an exported identifier: OrderID.
func exported(n gen.Name) string { return n.Pascal() }

// reserved are names a parameter must not take: Go's keywords and
// predeclared identifiers, and the names the generated code uses itself.
var reserved = map[string]bool{
	"any": true, "append": true, "bool": true, "byte": true, "cap": true, "clear": true, "close": true,
	"complex": true, "copy": true, "delete": true, "error": true, "false": true, "float32": true,
	"float64": true, "imag": true, "int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"iota": true, "len": true, "make": true, "max": true, "min": true, "new": true, "nil": true,
	"panic": true, "print": true, "println": true, "real": true, "recover": true, "rune": true,
	"string": true, "true": true, "uint": true, "uint8": true, "uint16": true, "uint32": true,
	"uint64": true, "uintptr": true, "comparable": true,
	"av": true, "err": true, "item": true, "key": true, "ok": true, "v": true, "x": true, "types": true,
	"strconv": true, "fmt": true, "errors": true, "big": true, "strings": true,
}

// unexported is the Go name of n for a parameter or local: orderID.
func unexported(n gen.Name) string {
	if len(n) == 0 {
		return "_"
	}
	// Lower the leading word: OrderID is orderID, ID is id, GSI1PK is gsi1PK.
	s := strings.ToLower(word(n[0]))
	for _, w := range n[1:] {
		s += word(w)
	}
	if !unicode.IsLetter([]rune(s)[0]) {
		s = "x" + s
	}
	if token.IsKeyword(s) || reserved[s] || strings.HasPrefix(s, "tfdyn") {
		s += "_"
	}
	return s
}
