package migrate

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"golang.org/x/sync/errgroup"

	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// StreamRetention is how long DynamoDB Streams keep a record (24 hours):
// the catch-up must first run within it from the copy's start.
const StreamRetention = 24 * time.Hour

// catchUpSkew is how much earlier than the copy's start a record may be
// and still be applied: the copy's start time is this machine's clock,
// the records' times DynamoDB's.
const catchUpSkew = 5 * time.Minute

// CatchUpOptions configure CatchUp.
type CatchUpOptions struct {
	Client  *dynamodb.Client
	Streams dynamo.StreamsClient
	// Table is BASE's table, Label its schema label, Target the copy's
	// target and Control the control table the copy records its state in.
	Table, Label, Target string
	Control              *Control
	// Follow keeps reading the stream after it is caught up, until ctx is
	// cancelled (for the time between the copy and the cutover).
	Follow bool
	// Poll is the wait between two reads of a stream that had nothing
	// new (default 1 s).
	Poll time.Duration
	// Lanes is the number of items applied in parallel within a shard
	// (records of one item always in order; default 8).
	Lanes int
	// Progress is called after every pass over the shards.
	Progress func(*CatchUpResult)
}

// CatchUpCounts are what the catch-up applied for one entity.
type CatchUpCounts struct {
	// Puts are the INSERT and MODIFY records written into the target.
	Puts int64 `json:"puts"`
	// Deletes are the REMOVE records applied, and Rekeyed the MODIFY
	// records that moved the item to another HEAD key (its old key
	// removed).
	Deletes int64 `json:"deletes"`
	Rekeyed int64 `json:"rekeyed"`
	Failed  int64 `json:"failed"`
}

// CatchUpResult is what a catch-up run did.
type CatchUpResult struct {
	Table  string `json:"table"`
	Target string `json:"target"`
	// Records counts the records read; Skipped those older than the copy
	// (its scan saw their writes); Unknown those of no BASE entity (not
	// applied, listed in Errors).
	Records  int64                     `json:"records"`
	Skipped  int64                     `json:"skipped"`
	Unknown  int64                     `json:"unknown"`
	Entities map[string]*CatchUpCounts `json:"entities"`
	// Tombstones counts the tombstones written (deletes while the copy
	// runs) and TombstonesRemoved those removed once the copy was complete.
	Tombstones        int64 `json:"tombstones"`
	TombstonesRemoved int64 `json:"tombstones_removed"`
	Shards            int   `json:"shards"`
	// CopyComplete is true when every segment of the copy is done;
	// CaughtUp when the last pass found nothing new on any shard.
	CopyComplete bool `json:"copy_complete"`
	CaughtUp     bool `json:"caught_up"`
	// Latest is the creation time of the last record applied (zero for none).
	Latest time.Time `json:"latest"`
	Errors []string  `json:"errors,omitempty"`
}

// Failed is the number of records that failed.
func (r *CatchUpResult) Failed() int64 {
	var n int64
	for _, c := range r.Entities {
		n += c.Failed
	}
	return n
}

// shardRecord is where the catch-up stands in one shard (part "shard#ID").
type shardRecord struct {
	Migration string `json:"migration"`
	Part      string `json:"part"`
	Version   int64  `json:"version"`
	Shard     string `json:"shard"`
	Parent    string `json:"parent,omitempty"`
	// Seq is the sequence number of the last record applied ("" for none).
	Seq     string    `json:"seq,omitempty"`
	Done    bool      `json:"done"`
	Records int64     `json:"records"`
	Updated time.Time `json:"updated"`
}

// tombRecord registers a tombstone the catch-up wrote (part "tomb#HASH"),
// so that it is removed once the copy is complete.
type tombRecord struct {
	Migration string              `json:"migration"`
	Part      string              `json:"part"`
	Version   int64               `json:"version"`
	Key       map[string]KeyValue `json:"key"`
	Seq       string              `json:"seq"`
}

const (
	partShard = "shard#"
	partTomb  = "tomb#"
)

// CatchUp applies the writes made to BASE during and after a copy to its
// target, from BASE's stream: every INSERT and MODIFY is put under HEAD's
// key (computed from the new image; a MODIFY that changes HEAD's key
// removes the old one), every REMOVE deletes HEAD's item. While the copy
// runs, a delete leaves a tombstone, so that the copy's put of an item it
// read before the delete does not bring it back; once the copy is
// complete, CatchUp removes the tombstones. Records are applied in order
// per item (shards in their parent-child order, items of a shard in
// parallel lanes), from where the last run stopped (the shards' records
// in the control table); records older than the copy's start are skipped.
// It returns when every shard is read to its current end (or, with
// Follow, when ctx is cancelled).
func CatchUp(ctx context.Context, p *Plan, opts CatchUpOptions) (*CatchUpResult, error) {
	if opts.Poll <= 0 {
		opts.Poll = time.Second
	}
	if opts.Lanes <= 0 {
		opts.Lanes = 8
	}
	cp := p.Copy(opts.Label)
	if cp == nil {
		return nil, fmt.Errorf("migrate: the plan does not copy table %q: there is nothing to catch up", opts.Label)
	}
	if opts.Control == nil {
		return nil, fmt.Errorf("migrate: the catch-up reads the copy's state from a control table: give Control")
	}
	if err := opts.Control.Check(ctx); err != nil {
		return nil, err
	}
	id, err := DescribeIdentity(ctx, opts.Client, opts.Table)
	if err != nil {
		return nil, err
	}
	tgt, err := openTarget(ctx, cp, Options{Client: opts.Client, Table: opts.Table, Target: opts.Target}, id)
	if err != nil {
		return nil, err
	}
	c := opts.Control
	var meta metaRecord
	mid := migrationID(opts.Table, cp, opts.Target)
	found, err := c.get(ctx, mid, partMeta, &meta)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("%w: control table %s records no copy of %q into %q: start the copy first (the catch-up applies what was written since it started)", ErrCopy, c.Table, opts.Table, opts.Target)
	}
	want := meta
	want.TableARN, want.TableCreated, want.TargetARN, want.TargetCreated = id.ARN, id.Created, tgt.id.ARN, tgt.id.Created
	if err := meta.fits(want); err != nil {
		return nil, err
	}
	if meta.Plan != p.Fingerprint() {
		return nil, fmt.Errorf("%w: the copy recorded in control table %s was started for another data plan (BASE %s, HEAD %s)", ErrSharedMismatch, c.Table, meta.Base, meta.Head)
	}
	if meta.StreamARN != tgt.stream {
		return nil, fmt.Errorf("%w: BASE's stream is %s, but the copy started with %s: the stream was turned off and on since, and the writes in between are lost; remove the migration's records (--reset), empty the target and copy again",
			ErrSharedMismatch, tgt.stream, meta.StreamARN)
	}
	cu := &catchUp{opts: opts, cp: cp, tgt: tgt, meta: &meta, c: c,
		res: &CatchUpResult{Table: opts.Table, Target: opts.Target, Entities: map[string]*CatchUpCounts{}}}
	shards, err := cu.shardRecords(ctx)
	if err != nil {
		return nil, err
	}
	if len(shards) == 0 && time.Since(meta.Started) > StreamRetention-catchUpSkew {
		return nil, fmt.Errorf("%w: the copy started %s ago and the catch-up never ran: the stream keeps records %s, so writes made at the copy's start may be gone; remove the migration's records (--reset), empty the target and copy again, with the catch-up running beside it (--catch-up --follow)",
			ErrCopy, time.Since(meta.Started).Round(time.Minute), StreamRetention)
	}
	for {
		idle, err := cu.pass(ctx, shards)
		if err != nil {
			return cu.res, err
		}
		cu.res.CaughtUp = idle
		if cu.res.CopyComplete && idle {
			if err := cu.sweep(ctx); err != nil {
				return cu.res, err
			}
		}
		if opts.Progress != nil {
			opts.Progress(cu.res)
		}
		if idle && !opts.Follow {
			return cu.res, nil
		}
		if idle {
			select {
			case <-ctx.Done():
				return cu.res, ctx.Err()
			case <-time.After(opts.Poll):
			}
		}
		if err := ctx.Err(); err != nil {
			return cu.res, err
		}
	}
}

type catchUp struct {
	opts CatchUpOptions
	cp   *CopyPlan
	tgt  *target
	meta *metaRecord
	c    *Control

	mu  sync.Mutex // guards res
	res *CatchUpResult
	// complete is the copy's state read at the start of the current pass.
	complete bool
}

// shardRecords reads the catch-up's shard records.
func (cu *catchUp) shardRecords(ctx context.Context) (map[string]*shardRecord, error) {
	items, err := cu.c.parts(ctx, cu.meta.Migration, partShard)
	if err != nil {
		return nil, err
	}
	out := map[string]*shardRecord{}
	for _, it := range items {
		var r shardRecord
		if err := dynamo.UnmarshalRecord(it, &r); err != nil {
			return nil, err
		}
		out[r.Shard] = &r
	}
	return out, nil
}

// pass reads every shard whose parent is done to its current end and
// applies its records; idle is true when no shard had anything new and
// every closed shard is done.
func (cu *catchUp) pass(ctx context.Context, recs map[string]*shardRecord) (idle bool, err error) {
	segs, err := cu.c.segments(ctx, cu.meta.Migration)
	if err != nil {
		return false, err
	}
	complete := len(segs) == cu.meta.Segments
	for _, s := range segs {
		complete = complete && s.Done
	}
	cu.complete = complete
	cu.res.CopyComplete = complete
	shards, view, err := dynamo.Shards(ctx, cu.opts.Streams, cu.tgt.stream)
	if err != nil {
		return false, fmt.Errorf("migrate: %w", err)
	}
	if view != dynamo.ViewNewAndOldImages {
		return false, fmt.Errorf("%w: the stream's view type is %s, the catch-up needs %s", ErrCopy, view, dynamo.ViewNewAndOldImages)
	}
	cu.res.Shards = len(shards)
	present := map[string]bool{}
	for _, s := range shards {
		present[s.ID] = true
	}
	// Shards in rounds: a child only after its parent is read to its end.
	idle = true
	for {
		var ready []dynamo.Shard
		for _, s := range shards {
			r := recs[s.ID]
			if r != nil && r.Done {
				continue
			}
			if s.Parent != "" && present[s.Parent] && (recs[s.Parent] == nil || !recs[s.Parent].Done) {
				continue
			}
			ready = append(ready, s)
		}
		if len(ready) == 0 {
			break
		}
		var mu sync.Mutex
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(8)
		progressed := false
		for _, s := range ready {
			g.Go(func() error {
				mu.Lock()
				rec := recs[s.ID]
				mu.Unlock()
				if rec == nil {
					rec = &shardRecord{Migration: cu.meta.Migration, Part: partShard + s.ID, Shard: s.ID, Parent: s.Parent}
				}
				n, next, err := cu.shard(gctx, s, rec)
				mu.Lock()
				defer mu.Unlock()
				if next != nil {
					recs[s.ID] = next
				}
				if n > 0 {
					idle = false
				}
				if next != nil && next.Done {
					progressed = true
				}
				return err
			})
		}
		if err := g.Wait(); err != nil {
			return false, err
		}
		if !progressed {
			break // the open shards are read to their end; no child became ready
		}
	}
	for _, s := range shards {
		if s.Closed && (recs[s.ID] == nil || !recs[s.ID].Done) {
			idle = false
		}
	}
	return idle, nil
}

// shard reads one shard from where rec stands to its current end,
// applying and recording every batch; it returns the records read and the
// shard's last record.
func (cu *catchUp) shard(ctx context.Context, s dynamo.Shard, rec *shardRecord) (int64, *shardRecord, error) {
	it, err := dynamo.ShardIterator(ctx, cu.opts.Streams, cu.tgt.stream, s.ID, rec.Seq)
	if err != nil {
		if errors.Is(err, dynamo.ErrTrimmed) {
			return 0, rec, fmt.Errorf("%w: %v: the catch-up did not run for longer than the stream keeps records (%s), so writes are lost to it; remove the migration's records (--reset), empty the target and copy again", ErrCopy, err, StreamRetention)
		}
		return 0, rec, fmt.Errorf("migrate: %w", err)
	}
	var n int64
	for it != "" {
		batch, next, err := dynamo.Records(ctx, cu.opts.Streams, it, 0)
		if err != nil {
			return n, rec, fmt.Errorf("migrate: shard %s: %w", s.ID, err)
		}
		it = next
		if len(batch) == 0 && it != "" {
			return n, rec, nil // the open shard's current end
		}
		n += int64(len(batch))
		if err := cu.apply(ctx, batch); err != nil {
			return n, rec, err
		}
		upd := *rec
		upd.Version++
		upd.Records += int64(len(batch))
		if len(batch) > 0 {
			upd.Seq = batch[len(batch)-1].Seq
		}
		upd.Done = it == ""
		upd.Updated = time.Now().UTC()
		ok, err := cu.c.put(context.WithoutCancel(ctx), &upd, rec.Version)
		if err != nil {
			return n, rec, fmt.Errorf("migrate: %w", err)
		}
		if !ok {
			return n, rec, fmt.Errorf("migrate: shard %s: another catch-up moved it on meanwhile: run one catch-up at a time", s.ID)
		}
		rec = &upd
		if err := ctx.Err(); err != nil {
			return n, rec, err
		}
	}
	return n, rec, nil
}

// apply applies a batch of records: records of one BASE item in order, in
// one of Lanes lanes by the hash of its key.
func (cu *catchUp) apply(ctx context.Context, batch []dynamo.StreamRecord) error {
	lanes := make([][]dynamo.StreamRecord, cu.opts.Lanes)
	for _, r := range batch {
		h := fnv.New32a()
		h.Write([]byte(dynamo.CanonItem(r.Keys)))
		l := int(h.Sum32() % uint32(len(lanes)))
		lanes[l] = append(lanes[l], r)
	}
	g, gctx := errgroup.WithContext(ctx)
	for _, lane := range lanes {
		if len(lane) == 0 {
			continue
		}
		g.Go(func() error {
			for _, r := range lane {
				if err := cu.record(gctx, r); err != nil {
					return err
				}
			}
			return nil
		})
	}
	return g.Wait()
}

// record applies one stream record to the target.
func (cu *catchUp) record(ctx context.Context, r dynamo.StreamRecord) error {
	cu.count(func(res *CatchUpResult) {
		res.Records++
		if r.Created.After(res.Latest) {
			res.Latest = r.Created
		}
	})
	if !r.Created.IsZero() && r.Created.Before(cu.meta.Started.Add(-catchUpSkew)) {
		cu.count(func(res *CatchUpResult) { res.Skipped++ })
		return nil
	}
	image := r.New
	if r.Event == dynamo.EventRemove {
		image = r.Old
	}
	if image == nil {
		return fmt.Errorf("%w: a %s record has no image: the stream must be %s", ErrCopy, r.Event, dynamo.ViewNewAndOldImages)
	}
	ci, err := cu.cp.headItem(image)
	if ci.n != 1 {
		cu.count(func(res *CatchUpResult) {
			res.Unknown++
			cu.note(res, fmt.Sprintf("%s of %s: of no BASE entity (or of several): not applied", r.Event, keyString(r.Keys, cu.cp.base)))
		})
		return nil
	}
	fail := func(err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		cu.count(func(res *CatchUpResult) {
			cu.entity(res, ci.Entity).Failed++
			cu.note(res, fmt.Sprintf("%s %s %s: %s", r.Event, ci.Entity, keyString(r.Keys, cu.cp.base), err))
		})
		return nil
	}
	if err != nil {
		return fail(err)
	}
	switch r.Event {
	case dynamo.EventRemove:
		if err := cu.remove(ctx, ci.Key, r.Seq); err != nil {
			return fail(err)
		}
		cu.count(func(res *CatchUpResult) { cu.entity(res, ci.Entity).Deletes++ })
		return nil
	}
	if r.Old != nil {
		if old, err := cu.cp.headItem(r.Old); err == nil && old.n == 1 && dynamo.CanonItem(old.Key) != dynamo.CanonItem(ci.Key) {
			if err := cu.remove(ctx, old.Key, r.Seq); err != nil {
				return fail(err)
			}
			cu.count(func(res *CatchUpResult) { cu.entity(res, ci.Entity).Rekeyed++ })
		}
	}
	if _, err := cu.opts.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(cu.tgt.name), Item: ci.Item}); err != nil {
		return fail(err)
	}
	cu.count(func(res *CatchUpResult) { cu.entity(res, ci.Entity).Puts++ })
	return nil
}

// remove deletes the target item at key: while the copy runs, by a
// tombstone (registered first in the control table); once it is complete,
// by a delete.
func (cu *catchUp) remove(ctx context.Context, key map[string]types.AttributeValue, seq string) error {
	if cu.complete {
		_, err := cu.opts.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(cu.tgt.name), Key: key})
		return err
	}
	sum := sha256.Sum256([]byte(dynamo.CanonItem(key)))
	rec := tombRecord{Migration: cu.meta.Migration, Part: partTomb + hex.EncodeToString(sum[:12]), Version: 1, Key: encodeKey(key), Seq: seq}
	item, err := dynamo.MarshalRecord(&rec)
	if err != nil {
		return err
	}
	if _, err := cu.c.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(cu.c.Table), Item: item}); err != nil {
		return fmt.Errorf("control table %s: register a tombstone: %w", cu.c.Table, err)
	}
	if _, err := cu.opts.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(cu.tgt.name), Item: dynamo.Tombstone(key, seq)}); err != nil {
		return err
	}
	cu.count(func(res *CatchUpResult) { res.Tombstones++ })
	return nil
}

// sweep removes the registered tombstones (the copy is complete: no put
// of the copy can come after them).
func (cu *catchUp) sweep(ctx context.Context) error {
	items, err := cu.c.parts(ctx, cu.meta.Migration, partTomb)
	if err != nil {
		return err
	}
	sort.Slice(items, func(i, j int) bool {
		return dynamo.Text(items[i][ControlSortKey]) < dynamo.Text(items[j][ControlSortKey])
	})
	for _, it := range items {
		var rec tombRecord
		if err := dynamo.UnmarshalRecord(it, &rec); err != nil {
			return err
		}
		_, derr := cu.opts.Client.DeleteItem(ctx, dynamo.DeleteTombstone(cu.tgt.name, decodeKey(rec.Key)))
		var ccf *types.ConditionalCheckFailedException
		if derr != nil && !errors.As(derr, &ccf) { // a failed condition: an item was written there since
			return fmt.Errorf("migrate: remove a tombstone: %w", derr)
		}
		key := map[string]types.AttributeValue{ControlPartitionKey: it[ControlPartitionKey], ControlSortKey: it[ControlSortKey]}
		if _, err := cu.c.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(cu.c.Table), Key: key}); err != nil {
			return fmt.Errorf("control table %s: %w", cu.c.Table, err)
		}
		if derr == nil {
			cu.count(func(res *CatchUpResult) { res.TombstonesRemoved++ })
		}
	}
	return nil
}

func (cu *catchUp) count(f func(*CatchUpResult)) {
	cu.mu.Lock()
	defer cu.mu.Unlock()
	f(cu.res)
}

func (cu *catchUp) entity(res *CatchUpResult, name string) *CatchUpCounts {
	c := res.Entities[name]
	if c == nil {
		c = &CatchUpCounts{}
		res.Entities[name] = c
	}
	return c
}

func (cu *catchUp) note(res *CatchUpResult, msg string) {
	if len(res.Errors) < maxErrors {
		res.Errors = append(res.Errors, msg)
	}
}

// WriteText writes what a catch-up did.
func (r *CatchUpResult) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Catch-up of %s into %s: %d records read from %d shards (%d older than the copy, skipped; %d of no BASE entity).\n",
		r.Table, r.Target, r.Records, r.Shards, r.Skipped, r.Unknown)
	for _, n := range sortedKeys(r.Entities) {
		c := r.Entities[n]
		fmt.Fprintf(&b, "  entity %s: %d puts, %d deletes, %d moved to another key, %d failed\n", n, c.Puts, c.Deletes, c.Rekeyed, c.Failed)
	}
	fmt.Fprintf(&b, "  tombstones: %d written, %d removed\n", r.Tombstones, r.TombstonesRemoved)
	switch {
	case r.CaughtUp && r.CopyComplete:
		b.WriteString("Caught up: the target holds every write read from the stream, and the copy is complete.\n")
	case r.CaughtUp:
		b.WriteString("Caught up with the stream; the copy is not complete yet: run the catch-up again after it (tombstones are removed then).\n")
	default:
		b.WriteString("Not caught up yet: run the catch-up again.\n")
	}
	if !r.Latest.IsZero() {
		fmt.Fprintf(&b, "Latest record applied: %s.\n", r.Latest.UTC().Format(time.RFC3339))
	}
	for _, e := range r.Errors {
		fmt.Fprintf(&b, "  %s\n", e)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes what a catch-up did as JSON.
func (r *CatchUpResult) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
