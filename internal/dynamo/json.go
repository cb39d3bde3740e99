package dynamo

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"
)

// DynamoDB JSON, the wire form of attribute values in files (NoSQL
// Workbench's sample items, the CLI's --item): {"S": "x"}, {"N": "1.5"},
// {"B": base64}, {"BOOL": true}, {"NULL": true}, {"SS": [...]},
// {"NS": [...]}, {"BS": [...]}, {"L": [...]}, {"M": {...}}.

// JSONError is a value that is not DynamoDB JSON: what is wrong, where in
// the value (a path such as M.address.S) and at which byte of the text
// given to UnmarshalJSON.
type JSONError struct {
	// Summary is short, without a period ("Unknown DynamoDB type").
	Summary string
	// Detail is a full sentence.
	Detail string
	// Offset is the byte of the offending token in the text.
	Offset int
}

func (e *JSONError) Error() string { return e.Summary + ": " + e.Detail }

// maxJSONDepth is how deep values nest (DynamoDB allows 32 levels).
const maxJSONDepth = 32

// UnmarshalJSON reads one attribute value in DynamoDB JSON. A value that
// is not one is a *JSONError at its byte; numbers are checked, binary
// data decoded from base64.
func UnmarshalJSON(text []byte) (types.AttributeValue, error) {
	d := json.NewDecoder(bytes.NewReader(text))
	d.UseNumber()
	r := &jsonReader{d: d, text: text}
	av, err := r.value("value", 0)
	if err != nil {
		return nil, err
	}
	at := r.start()
	if _, err := d.Token(); err != io.EOF {
		return nil, r.fail(at, "Not DynamoDB JSON", "Text follows the value.")
	}
	return av, nil
}

type jsonReader struct {
	d    *json.Decoder
	text []byte
}

// start is the offset of the next token.
func (r *jsonReader) start() int {
	off := int(r.d.InputOffset())
	for off < len(r.text) && strings.IndexByte(" \t\r\n:,", r.text[off]) >= 0 {
		off++
	}
	return off
}

func (r *jsonReader) fail(off int, summary, detail string, args ...any) *JSONError {
	return &JSONError{Summary: summary, Detail: fmt.Sprintf(detail, args...), Offset: off}
}

// token reads a token, a JSON syntax error reported where it stops.
func (r *jsonReader) token() (json.Token, int, error) {
	at := r.start()
	t, err := r.d.Token()
	if err != nil {
		return nil, at, r.fail(at, "Not JSON", "%s.", err)
	}
	return t, at, nil
}

// value reads one typed value (path names it in errors).
func (r *jsonReader) value(path string, depth int) (types.AttributeValue, error) {
	if depth > maxJSONDepth {
		return nil, r.fail(r.start(), "Value nests too deep", "%s nests deeper than the %d levels DynamoDB allows.", path, maxJSONDepth)
	}
	t, at, err := r.token()
	if err != nil {
		return nil, err
	}
	if t != json.Delim('{') {
		return nil, r.fail(at, "Not DynamoDB JSON", "%s must be one typed value such as {\"S\": \"text\"} or {\"N\": \"1\"}.", path)
	}
	kt, kat, err := r.token()
	if err != nil {
		return nil, err
	}
	ty, ok := kt.(string)
	if !ok {
		return nil, r.fail(at, "Not DynamoDB JSON", "%s must be one typed value such as {\"S\": \"text\"}; it has no type key.", path)
	}
	p := path + "." + ty
	var av types.AttributeValue
	switch ty {
	case TypeS, TypeN, TypeB:
		s, sat, err := r.str(p)
		if err != nil {
			return nil, err
		}
		switch ty {
		case TypeS:
			av = &types.AttributeValueMemberS{Value: s}
		case TypeN:
			n, err := r.number(s, sat, p)
			if err != nil {
				return nil, err
			}
			av = &types.AttributeValueMemberN{Value: n}
		default:
			b, err := r.binary(s, sat, p)
			if err != nil {
				return nil, err
			}
			av = &types.AttributeValueMemberB{Value: b}
		}
	case TypeBOOL, TypeNULL:
		t, bat, err := r.token()
		if err != nil {
			return nil, err
		}
		b, ok := t.(bool)
		if !ok {
			return nil, r.fail(bat, "Wrong type", "%s must be true or false.", p)
		}
		if ty == TypeBOOL {
			av = &types.AttributeValueMemberBOOL{Value: b}
		} else {
			av = &types.AttributeValueMemberNULL{Value: true}
		}
	case TypeSS, TypeNS, TypeBS:
		strs, ats, err := r.strs(p)
		if err != nil {
			return nil, err
		}
		switch ty {
		case TypeSS:
			av = &types.AttributeValueMemberSS{Value: strs}
		case TypeNS:
			for i, s := range strs {
				n, err := r.number(s, ats[i], fmt.Sprintf("%s[%d]", p, i))
				if err != nil {
					return nil, err
				}
				strs[i] = n
			}
			av = &types.AttributeValueMemberNS{Value: strs}
		default:
			out := make([][]byte, len(strs))
			for i, s := range strs {
				b, err := r.binary(s, ats[i], fmt.Sprintf("%s[%d]", p, i))
				if err != nil {
					return nil, err
				}
				out[i] = b
			}
			av = &types.AttributeValueMemberBS{Value: out}
		}
	case TypeL:
		t, lat, err := r.token()
		if err != nil {
			return nil, err
		}
		if t != json.Delim('[') {
			return nil, r.fail(lat, "Wrong type", "%s must be an array of values.", p)
		}
		out := []types.AttributeValue{}
		for i := 0; r.d.More(); i++ {
			e, err := r.value(fmt.Sprintf("%s[%d]", p, i), depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, e)
		}
		if _, _, err := r.token(); err != nil {
			return nil, err
		}
		av = &types.AttributeValueMemberL{Value: out}
	case TypeM:
		t, mat, err := r.token()
		if err != nil {
			return nil, err
		}
		if t != json.Delim('{') {
			return nil, r.fail(mat, "Wrong type", "%s must be an object of values.", p)
		}
		out := map[string]types.AttributeValue{}
		for r.d.More() {
			kt, _, err := r.token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string)
			e, err := r.value(p+"."+k, depth+1)
			if err != nil {
				return nil, err
			}
			out[k] = e
		}
		if _, _, err := r.token(); err != nil {
			return nil, err
		}
		av = &types.AttributeValueMemberM{Value: out}
	default:
		return nil, r.fail(kat, "Unknown DynamoDB type", "%s has the type key %q; DynamoDB JSON uses S, N, B, BOOL, NULL, SS, NS, BS, L or M.", path, ty)
	}
	if r.d.More() {
		return nil, r.fail(r.start(), "Not DynamoDB JSON", "%s must be one typed value with exactly one type key; it has more.", path)
	}
	if _, _, err := r.token(); err != nil {
		return nil, err
	}
	return av, nil
}

func (r *jsonReader) str(path string) (string, int, error) {
	t, at, err := r.token()
	if err != nil {
		return "", at, err
	}
	s, ok := t.(string)
	if !ok {
		return "", at, r.fail(at, "Wrong type", "%s must be a string.", path)
	}
	return s, at, nil
}

func (r *jsonReader) strs(path string) ([]string, []int, error) {
	t, at, err := r.token()
	if err != nil {
		return nil, nil, err
	}
	if t != json.Delim('[') {
		return nil, nil, r.fail(at, "Wrong type", "%s must be an array of strings.", path)
	}
	var out []string
	var ats []int
	for i := 0; r.d.More(); i++ {
		s, sat, err := r.str(fmt.Sprintf("%s[%d]", path, i))
		if err != nil {
			return nil, nil, err
		}
		out = append(out, s)
		ats = append(ats, sat)
	}
	if _, _, err := r.token(); err != nil {
		return nil, nil, err
	}
	if out == nil {
		out = []string{}
	}
	return out, ats, nil
}

// number checks a number's text the way DynamoDB reads it and returns it
// trimmed.
func (r *jsonReader) number(s string, at int, path string) (string, error) {
	t := strings.TrimSpace(s)
	if _, err := cty.ParseNumberVal(t); err != nil || t == "" {
		return "", r.fail(at, "Not a number", "%s holds %q, which is not a number.", path, s)
	}
	return t, nil
}

func (r *jsonReader) binary(s string, at int, path string) ([]byte, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, r.fail(at, "Not base64", "%s holds binary data that is not base64: %v.", path, err)
	}
	return b, nil
}

// MarshalJSON writes one attribute value in DynamoDB JSON, the members of
// a map sorted by name (deterministic output).
func MarshalJSON(av types.AttributeValue) ([]byte, error) {
	var v any
	switch a := av.(type) {
	case *types.AttributeValueMemberS:
		v = map[string]string{TypeS: a.Value}
	case *types.AttributeValueMemberN:
		v = map[string]string{TypeN: a.Value}
	case *types.AttributeValueMemberB:
		v = map[string]string{TypeB: base64.StdEncoding.EncodeToString(a.Value)}
	case *types.AttributeValueMemberBOOL:
		v = map[string]bool{TypeBOOL: a.Value}
	case *types.AttributeValueMemberNULL:
		v = map[string]bool{TypeNULL: true}
	case *types.AttributeValueMemberSS:
		v = map[string][]string{TypeSS: a.Value}
	case *types.AttributeValueMemberNS:
		v = map[string][]string{TypeNS: a.Value}
	case *types.AttributeValueMemberBS:
		out := make([]string, len(a.Value))
		for i, b := range a.Value {
			out[i] = base64.StdEncoding.EncodeToString(b)
		}
		v = map[string][]string{TypeBS: out}
	case *types.AttributeValueMemberL:
		parts := make([]json.RawMessage, len(a.Value))
		for i, e := range a.Value {
			b, err := MarshalJSON(e)
			if err != nil {
				return nil, err
			}
			parts[i] = b
		}
		v = map[string][]json.RawMessage{TypeL: parts}
	case *types.AttributeValueMemberM:
		b, err := MarshalItemJSON(a.Value)
		if err != nil {
			return nil, err
		}
		v = map[string]json.RawMessage{TypeM: b}
	default:
		return nil, fmt.Errorf("dynamo: cannot write a %T value as JSON", av)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// MarshalItemJSON writes an item (or a map's members) in DynamoDB JSON,
// attributes sorted by name.
func MarshalItemJSON(item map[string]types.AttributeValue) ([]byte, error) {
	keys := make([]string, 0, len(item))
	for k := range item {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := MarshalJSON(item[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
