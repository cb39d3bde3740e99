package migrate

import (
	"reflect"
	"testing"
)

// FuzzParseCheckpoint: any checkpoint file parses or fails with an error; a
// parsed one has 1 to MaxSegments segments in order, every key value holds
// one type, and it survives Marshal and ParseCheckpoint unchanged.
func FuzzParseCheckpoint(f *testing.F) {
	f.Add([]byte(`{"version":2,"table":"app","table_arn":"arn:aws:dynamodb:us-east-1:1:table/app","table_created":"2024-05-01T10:00:00.123+02:00","plan":"ab","segments":[{"segment":0,"done":true},{"segment":1,"last_key":{"PK":{"S":"A#1"},"SK":{"N":"3"}}}],"result":{"table":"app","scanned":5,"resumed":{"scanned":2}}}`))
	f.Add([]byte(`{"version":2,"table_arn":"a","table_created":"2024-05-01T10:00:00Z","segments":[{"segment":0,"last_key":{"PK":{}}}]}`))
	f.Add([]byte(`{"version":1,"segments":[{"segment":0,"last_key":{"PK":{}}}]}`))
	f.Add([]byte(`{"version":2}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		cp, err := ParseCheckpoint(b)
		if err != nil {
			return
		}
		if len(cp.Segments) == 0 || len(cp.Segments) > MaxSegments {
			t.Fatalf("%d segments", len(cp.Segments))
		}
		for _, s := range cp.Segments {
			for k, v := range decodeKey(s.LastKey) {
				if v == nil {
					t.Fatalf("key %q decodes to nil", k)
				}
			}
		}
		out, err := cp.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseCheckpoint(out)
		if err != nil {
			t.Fatalf("re-parse: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(normalize(cp), normalize(again)) {
			t.Fatalf("round trip changed the checkpoint:\n%+v\n%+v", cp, again)
		}
	})
}

// normalize makes empty and nil byte slices and maps compare equal.
func normalize(cp *Checkpoint) *Checkpoint {
	c := *cp
	c.TableCreated = cp.TableCreated.UTC()
	c.Segments = append([]SegmentState{}, cp.Segments...)
	for i := range c.Segments {
		if len(c.Segments[i].LastKey) == 0 {
			c.Segments[i].LastKey = nil
		}
	}
	if len(c.Result.Entities) == 0 {
		c.Result.Entities = nil
	}
	if len(c.Result.Errors) == 0 {
		c.Result.Errors = nil
	}
	return &c
}
