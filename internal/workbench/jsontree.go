package workbench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// A JSON value with its source range, so that every problem in a model is
// reported at its line and column (encoding/json alone gives offsets for
// syntax errors only).

// kind is the JSON type of a node.
type kind int

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

func (k kind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// node is a parsed JSON value.
type node struct {
	kind kind
	str  string // string; number as written
	b    bool
	arr  []*node
	keys []string // object keys in source order
	obj  map[string]*node
	// keyRange maps each object key to the range of the key.
	keyRange map[string]hcl.Range
	rng      hcl.Range
}

// field returns the member key of an object node, or nil.
func (n *node) field(key string) *node {
	if n == nil || n.kind != kObject {
		return nil
	}
	return n.obj[key]
}

// maxDepth bounds nesting (a model nests a handful of levels; DynamoDB
// allows 32 in an item).
const maxDepth = 64

// lines maps byte offsets of a source to positions.
type lines struct {
	path  string
	src   []byte
	start []int // byte offset of each line's start
}

func newLines(path string, src []byte) *lines {
	l := &lines{path: path, src: src, start: []int{0}}
	for i, c := range src {
		if c == '\n' {
			l.start = append(l.start, i+1)
		}
	}
	return l
}

func (l *lines) pos(off int) hcl.Pos {
	if off < 0 {
		off = 0
	}
	if off > len(l.src) {
		off = len(l.src)
	}
	i := sort.Search(len(l.start), func(i int) bool { return l.start[i] > off }) - 1
	return hcl.Pos{Line: i + 1, Column: 1 + utf8.RuneCount(l.src[l.start[i]:off]), Byte: off}
}

func (l *lines) rng(from, to int) hcl.Range {
	return hcl.Range{Filename: l.path, Start: l.pos(from), End: l.pos(to)}
}

// parseJSON parses src into a tree; a syntax error is returned with the
// range of the byte the decoder stopped at.
func parseJSON(path string, src []byte) (*node, *hcl.Range, error) {
	l := newLines(path, src)
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	p := &treeParser{dec: dec, l: l, src: src}
	n, err := p.value(0)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			at := l.rng(int(dec.InputOffset()), int(dec.InputOffset()))
			return nil, &at, fmt.Errorf("unexpected data after the model's closing brace")
		}
		return n, nil, nil
	}
	off := int(dec.InputOffset())
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		off = badByte(src, int(syn.Offset), syn.Error())
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		off = len(src)
		err = fmt.Errorf("the file ends before the JSON value is complete")
	}
	at := l.rng(off, off)
	return nil, &at, err
}

// badByte is the offset of the character a syntax error names ("invalid
// character 'x' ..."): encoding/json reports the offset after it or, from
// some states of its token reader, at it.
func badByte(src []byte, off int, msg string) int {
	if i := strings.Index(msg, "invalid character '"); i >= 0 {
		rest := msg[i+len("invalid character '"):]
		if j := strings.Index(rest, "'"); j > 0 {
			want := rest[:j]
			if uq, err := strconv.Unquote("'" + want + "'"); err == nil {
				want = uq
			}
			for _, o := range []int{off, off - 1} {
				if o >= 0 && o < len(src) && strings.HasPrefix(string(src[o:]), want) {
					return o
				}
			}
		}
	}
	if off > 0 {
		return off - 1
	}
	return 0
}

type treeParser struct {
	dec *json.Decoder
	l   *lines
	src []byte
}

// start returns the offset of the next token (InputOffset is the end of
// the previous one; whitespace, ':' and ',' are skipped).
func (p *treeParser) start() int {
	off := int(p.dec.InputOffset())
	for off < len(p.src) {
		switch p.src[off] {
		case ' ', '\t', '\r', '\n', ':', ',':
			off++
			continue
		}
		break
	}
	return off
}

func (p *treeParser) value(depth int) (*node, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("values nest deeper than %d levels", maxDepth)
	}
	from := p.start()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, err
	}
	n := &node{}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n.kind = kObject
			n.obj = map[string]*node{}
			n.keyRange = map[string]hcl.Range{}
			for p.dec.More() {
				kfrom := p.start()
				kt, err := p.dec.Token()
				if err != nil {
					return nil, err
				}
				key, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("an object key must be a string")
				}
				krng := p.l.rng(kfrom, int(p.dec.InputOffset()))
				v, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				if _, dup := n.obj[key]; dup {
					at := krng
					return nil, &dupKeyError{key: key, rng: at}
				}
				n.keys = append(n.keys, key)
				n.obj[key] = v
				n.keyRange[key] = krng
			}
		case '[':
			n.kind = kArray
			for p.dec.More() {
				v, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				n.arr = append(n.arr, v)
			}
		}
		if _, err := p.dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
	case string:
		n.kind, n.str = kString, t
	case json.Number:
		n.kind, n.str = kNumber, string(t)
	case bool:
		n.kind, n.b = kBool, t
	case nil:
		n.kind = kNull
	}
	n.rng = p.l.rng(from, int(p.dec.InputOffset()))
	return n, nil
}

// dupKeyError is a key written twice in one object: JSON decoders differ
// on which value wins, so the model is refused.
type dupKeyError struct {
	key string
	rng hcl.Range
}

func (e *dupKeyError) Error() string {
	return fmt.Sprintf("the key %q appears twice in one object", e.key)
}
