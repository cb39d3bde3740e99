package typescript

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tfdyn/tfdyn/internal/gen"
)

// typeName is the TypeScript name of a type: OrderItem, PRComment,
// OrderGSI1Key.
func typeName(n gen.Name) string { return n.Pascal() }

// funcName is the TypeScript name of a function or constant: orderKey,
// prCommentKey, orderGSI1Key.
func funcName(n gen.Name) string {
	if len(n) == 0 {
		return "x"
	}
	s := strings.ToLower(n[0])
	for _, w := range n[1:] {
		s += gen.Word(w)
	}
	if !unicode.IsLetter([]rune(s)[0]) {
		s = "x" + s
	}
	return s
}

// fileName is the module file name of a name: order-item.
func fileName(n gen.Name) string {
	return strings.Join(n, "-")
}

var identifier = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// prop is an attribute name as a property name in a type or an object
// literal: as it is when it is an identifier, quoted otherwise.
func prop(attr string) string {
	if identifier.MatchString(attr) {
		return attr
	}
	return str(attr)
}

// access is the expression reading attribute attr of the object x.
func access(x, attr string) string {
	if identifier.MatchString(attr) {
		return x + "." + attr
	}
	return x + "[" + str(attr) + "]"
}

// str is s as a TypeScript string literal in double quotes.
func str(s string) string {
	return `"` + escape(s, '"') + `"`
}

// escape escapes s for a string literal quoted by q (", or ` for a
// template literal type, where $ is escaped too): backslashes, the quote,
// control characters and line separators; other characters stay as they
// are (the files are UTF-8).
func escape(s string, q rune) string {
	var sb strings.Builder
	for _, r := range s {
		switch {
		case r == '\\' || r == q || q == '`' && r == '$':
			sb.WriteRune('\\')
			sb.WriteRune(r)
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\t':
			sb.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029 || r == utf8.RuneError:
			sb.WriteString(`\u` + hex4(r))
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

func hex4(r rune) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[r>>12&0xf], digits[r>>8&0xf], digits[r>>4&0xf], digits[r&0xf]})
}

// reserved are the names a parameter must not take: JavaScript's reserved
// words and the globals the generated code relies on.
var reserved = map[string]bool{
	"arguments": true, "await": true, "break": true, "case": true, "catch": true, "class": true, "const": true,
	"continue": true, "debugger": true, "default": true, "delete": true, "do": true, "else": true, "enum": true,
	"eval": true, "export": true, "extends": true, "false": true, "finally": true, "for": true, "function": true,
	"if": true, "implements": true, "import": true, "in": true, "instanceof": true, "interface": true, "let": true,
	"new": true, "null": true, "package": true, "private": true, "protected": true, "public": true, "return": true,
	"static": true, "super": true, "switch": true, "this": true, "throw": true, "true": true, "try": true,
	"typeof": true, "var": true, "void": true, "while": true, "with": true, "yield": true, "undefined": true,
	"NaN": true, "Infinity": true, "NumberValue": true, "k": true, "x": true, "r": true, "v": true, "item": true,
}

// param is the name of a parameter for a field: orderID.
func param(n gen.Name) string {
	s := funcName(n)
	if reserved[s] || strings.HasPrefix(s, "tfdyn") || strings.HasPrefix(s, "KeyError") || strings.HasPrefix(s, "AttributeError") {
		s += "_"
	}
	return s
}
