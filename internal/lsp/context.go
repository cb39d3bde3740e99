package lsp

import (
	"strings"
)

// The cursor's place in a document that may not parse (it is being
// typed): a scan of the text before the cursor that follows blocks,
// objects, strings, template interpolations and comments.

// frame is a block or an object the cursor is in.
type frame struct {
	// object is true for an object value (attributes = {...}), false for
	// a block.
	object bool
	// words are a block's type and labels (entity "Order" -> [entity
	// Order]); an object's key (set = {...} -> [set]).
	words []string
}

// cursor is the cursor's context.
type cursor struct {
	frames []frame
	// inString is true inside a quoted string, inTemplate inside a ${...}
	// of one.
	inString, inTemplate bool
	// key is the argument the cursor's line assigns (when = ..., index =
	// "...") or "".
	key string
	// prefix is the identifier, with dots, right before the cursor
	// (entity.Or).
	prefix string
	// lineStart is true when only the prefix stands between the line's
	// start and the cursor: a place for an argument or a block.
	lineStart bool
	// comment is true inside a comment.
	comment bool
}

// path returns the block types of the frames (objects left out).
func (c *cursor) path() []string {
	var out []string
	for _, f := range c.frames {
		if !f.object && len(f.words) > 0 {
			out = append(out, f.words[0])
		}
	}
	return out
}

// label returns the first label of the outermost block, or "".
func (c *cursor) label() string {
	if len(c.frames) > 0 && !c.frames[0].object && len(c.frames[0].words) > 1 {
		return c.frames[0].words[1]
	}
	return ""
}

// block returns the innermost block frame, or nil.
func (c *cursor) block() *frame {
	for i := len(c.frames) - 1; i >= 0; i-- {
		if !c.frames[i].object {
			return &c.frames[i]
		}
	}
	return nil
}

// inObject reports whether the innermost frame is the object of key.
func (c *cursor) inObject(key string) bool {
	n := len(c.frames)
	return n > 0 && c.frames[n-1].object && len(c.frames[n-1].words) > 0 && c.frames[n-1].words[0] == key
}

func isIdent(b byte) bool {
	return b == '_' || b == '-' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// scan returns the context of byte offset off in text.
func scan(text string, off int) cursor {
	if off > len(text) {
		off = len(text)
	}
	// modes: 'c' code, 's' string, 'i' interpolation (with brace depth).
	type mode struct {
		kind  byte
		depth int
	}
	modes := []mode{{kind: 'c'}}
	var frames []frame
	stmt := 0 // start of the current statement (header of a block)
	for i := 0; i < off; i++ {
		m := &modes[len(modes)-1]
		ch := text[i]
		switch m.kind {
		case 's':
			switch {
			case ch == '\\':
				i++
			case ch == '"':
				modes = modes[:len(modes)-1]
			case (ch == '$' || ch == '%') && i+1 < off && text[i+1] == '{':
				if i > 0 && text[i-1] == ch {
					continue // $${ is an escaped literal
				}
				modes = append(modes, mode{kind: 'i'})
				i++
			case ch == '\n':
				modes = modes[:len(modes)-1] // unterminated: the line ends it
			}
			continue
		case 'i':
			switch ch {
			case '"':
				modes = append(modes, mode{kind: 's'})
			case '{':
				m.depth++
			case '}':
				if m.depth == 0 {
					modes = modes[:len(modes)-1]
				} else {
					m.depth--
				}
			}
			continue
		}
		switch {
		case ch == '#' || ch == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < off && text[i] != '\n' {
				i++
			}
			if i >= off {
				return cursor{frames: frames, comment: true}
			}
			stmt = i + 1
		case ch == '/' && i+1 < len(text) && text[i+1] == '*':
			end := strings.Index(text[i+2:], "*/")
			if end < 0 || i+2+end+2 > off {
				return cursor{frames: frames, comment: true}
			}
			i += 2 + end + 1
		case ch == '"':
			modes = append(modes, mode{kind: 's'})
		case ch == '{':
			header := strings.TrimSpace(text[stmt:i])
			if k, ok := strings.CutSuffix(header, "="); ok {
				frames = append(frames, frame{object: true, words: words(k, 1)})
			} else if len(frames) > 0 && frames[len(frames)-1].object {
				frames = append(frames, frame{object: true, words: words(header, 1)})
			} else {
				frames = append(frames, frame{words: words(header, 0)})
			}
			stmt = i + 1
		case ch == '}':
			if len(frames) > 0 {
				frames = frames[:len(frames)-1]
			}
			stmt = i + 1
		case ch == '\n':
			stmt = i + 1
		}
	}
	c := cursor{frames: frames}
	switch modes[len(modes)-1].kind {
	case 's':
		c.inString = true
		for _, m := range modes {
			if m.kind == 'i' {
				c.inTemplate = true
			}
		}
	case 'i':
		c.inTemplate = true
	}
	j := off
	for j > 0 && (isIdent(text[j-1]) || text[j-1] == '.') {
		j--
	}
	c.prefix = text[j:off]
	ls := strings.LastIndexByte(text[:off], '\n') + 1
	line := text[ls:j]
	c.lineStart = strings.TrimSpace(line) == "" && !c.inString
	if k, _, ok := strings.Cut(line, "="); ok && !strings.ContainsAny(k, "\"{") {
		c.key = strings.TrimSpace(k)
	}
	return c
}

// words splits a block header into its type and labels (quotes removed);
// max > 0 keeps the last max words (an object's key).
func words(header string, max int) []string {
	var out []string
	for _, f := range strings.Fields(header) {
		f = strings.Trim(f, `"`)
		if f != "" && f != "=" {
			out = append(out, f)
		}
	}
	if max > 0 && len(out) > max {
		out = out[len(out)-max:]
	}
	return out
}
