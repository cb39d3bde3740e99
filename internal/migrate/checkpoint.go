package migrate

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// checkpointVersion 2 records the table's identity (version 1 had only
// its name, so a re-created table resumed the old table's progress).
const checkpointVersion = 2

// Checkpoint is the state of a run, saved when the run starts and after
// every page so that an interrupted run resumes where it stopped
// (--checkpoint FILE).
type Checkpoint struct {
	Version int    `json:"version"`
	Table   string `json:"table"`
	// TableARN and TableCreated identify the table the progress was made
	// on: a table deleted and re-created under the same name (a restore, a
	// re-seed, a new apply) has the same ARN but another creation time,
	// and its items are not where the checkpoint says.
	TableARN     string    `json:"table_arn"`
	TableCreated time.Time `json:"table_created"`
	// Plan is the fingerprint of the data plan (Plan.Fingerprint).
	Plan     string         `json:"plan"`
	DryRun   bool           `json:"dry_run"`
	Segments []SegmentState `json:"segments"`
	// Result cumulates the counts of every run so far.
	Result Result `json:"result"`
}

// SegmentState is where a Scan segment stands.
type SegmentState struct {
	Segment int  `json:"segment"`
	Done    bool `json:"done"`
	// LastKey is the key after which the segment continues (nil at the start).
	LastKey map[string]KeyValue `json:"last_key,omitempty"`
}

// KeyValue is a key attribute value in a checkpoint: S, N or B.
type KeyValue = dynamo.KeyValue

func encodeKey(key map[string]types.AttributeValue) map[string]KeyValue { return dynamo.EncodeKey(key) }

func decodeKey(key map[string]KeyValue) map[string]types.AttributeValue { return dynamo.DecodeKey(key) }

// MaxCheckpointBytes bounds a checkpoint file read (1 MiB).
const MaxCheckpointBytes = 1 << 20

// ParseCheckpoint reads a checkpoint written by a run.
func ParseCheckpoint(b []byte) (*Checkpoint, error) {
	if len(b) > MaxCheckpointBytes {
		return nil, fmt.Errorf("a checkpoint is at most %d KiB", MaxCheckpointBytes>>10)
	}
	var cp Checkpoint
	if err := json.Unmarshal(b, &cp); err != nil {
		return nil, fmt.Errorf("not a tfdyn migrate checkpoint: %w", err)
	}
	if cp.Version != checkpointVersion {
		return nil, fmt.Errorf("checkpoint version %d, this tfdyn reads version %d (version 1 did not record which table it was made on): remove it to start over", cp.Version, checkpointVersion)
	}
	if cp.TableARN == "" || cp.TableCreated.IsZero() {
		return nil, fmt.Errorf("the checkpoint does not record the table's ARN and creation time (table_arn, table_created): remove it to start over")
	}
	if len(cp.Segments) == 0 || len(cp.Segments) > MaxSegments {
		return nil, fmt.Errorf("a checkpoint holds 1 to %d segments, this one %d", MaxSegments, len(cp.Segments))
	}
	for i, s := range cp.Segments {
		if s.Segment != i {
			return nil, fmt.Errorf("segment %d is recorded as %d", i, s.Segment)
		}
		for k, v := range s.LastKey {
			n := 0
			if v.S != nil {
				n++
			}
			if v.N != nil {
				n++
			}
			if v.B != nil {
				n++
				if len(v.B) == 0 {
					// DynamoDB key values are never empty (and an empty
					// B would not survive the checkpoint's own Marshal).
					return nil, fmt.Errorf("segment %d: key attribute %q holds an empty binary value; a key value is never empty", i, k)
				}
			}
			if n != 1 {
				return nil, fmt.Errorf("segment %d: key attribute %q must hold one of S, N or B", i, k)
			}
		}
	}
	return &cp, nil
}

// MaxSegments bounds the parallel Scan segments.
const MaxSegments = 64

// Marshal renders the checkpoint as JSON.
func (cp *Checkpoint) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(cp, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
