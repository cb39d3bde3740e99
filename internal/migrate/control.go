package migrate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// Control is a control table: the state of migrations that several
// workers share, on one machine or many (a Step Functions Distributed Map,
// CI jobs). Each migration is one partition of it: a meta record (the
// tables' identities, the data plan, the number of segments), one record
// per segment (where it stands, what it found and did) and, for a copy,
// the stream catch-up's records. Every write of a record is conditional
// on the version it read (dynamo.VersionedPut), so two workers never
// overwrite each other's progress, and a finished segment is never redone.
type Control struct {
	Client *dynamodb.Client
	// Table is the control table's DynamoDB name.
	Table string
}

// The control table's key: the migration (partition) and the record
// (sort). Its items are small (a few hundred bytes each); it is declared
// by `tfdyn migrate --emit` (ControlTableResource).
const (
	ControlPartitionKey = "migration"
	ControlSortKey      = "part"
)

// controlVersion is the version attribute of every control record.
const controlVersion = "version"

// ErrControl is returned (wrapped, with the reason) when the control table
// is missing or is not a control table.
var ErrControl = errors.New("the control table cannot be used")

// ErrSharedMismatch is returned (wrapped) when a worker does not fit the
// migration its control table records: another number of segments, another
// data plan still running, other tables.
var ErrSharedMismatch = errors.New("this worker does not fit the migration recorded in the control table")

// ErrConcurrentWorker is returned (wrapped) when another worker moved a
// segment on while this one was running it.
var ErrConcurrentWorker = errors.New("another worker is running the same segment")

// errFinishedElsewhere stops a segment another worker finished meanwhile.
var errFinishedElsewhere = errors.New("the segment was finished by another worker")

// Check verifies that the control table exists and has the control key.
func (c *Control) Check(ctx context.Context) error {
	out, err := c.Client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(c.Table)})
	if err != nil {
		var nf *types.ResourceNotFoundException
		if errors.As(err, &nf) {
			return fmt.Errorf("%w: table %q does not exist: declare it with `tfdyn migrate BASE HEAD --emit terraform -o DIR` and apply it", ErrControl, c.Table)
		}
		return fmt.Errorf("%w: describe %q: %v", ErrControl, c.Table, err)
	}
	want := map[string]types.KeyType{ControlPartitionKey: types.KeyTypeHash, ControlSortKey: types.KeyTypeRange}
	types_ := map[string]types.ScalarAttributeType{}
	for _, d := range out.Table.AttributeDefinitions {
		types_[aws.ToString(d.AttributeName)] = d.AttributeType
	}
	ok := len(out.Table.KeySchema) == 2
	for _, k := range out.Table.KeySchema {
		n := aws.ToString(k.AttributeName)
		ok = ok && want[n] == k.KeyType && types_[n] == types.ScalarAttributeTypeS
	}
	if !ok {
		return fmt.Errorf("%w: table %q is not a tfdyn control table: its key must be %s (S, partition) and %s (S, sort)", ErrControl, c.Table, ControlPartitionKey, ControlSortKey)
	}
	return nil
}

// Kinds of migration in a control table.
const (
	kindBackfill = "backfill"
	kindCopy     = "copy"
)

// metaRecord is a migration's meta record (part "meta").
type metaRecord struct {
	Migration string `json:"migration"`
	Part      string `json:"part"`
	Version   int64  `json:"version"`
	Kind      string `json:"kind"`
	// Base and Head are the schemas as given (for people reading it).
	Base         string    `json:"base"`
	Head         string    `json:"head"`
	Table        string    `json:"table"`
	TableARN     string    `json:"table_arn"`
	TableCreated time.Time `json:"table_created"`
	// Target* identify a copy's target; StreamARN is BASE's stream the
	// catch-up reads.
	Target        string    `json:"target,omitempty"`
	TargetARN     string    `json:"target_arn,omitempty"`
	TargetCreated time.Time `json:"target_created"`
	StreamARN     string    `json:"stream_arn,omitempty"`
	Plan          string    `json:"plan"`
	Segments      int       `json:"total_segments"`
	Started       time.Time `json:"started"`
	// Replacing marks a finished migration whose records a worker of a
	// new data plan is removing: every worker that sees it helps, and no
	// new migration starts before the meta record is gone.
	Replacing bool `json:"replacing,omitempty"`
}

// segmentRecord is where one segment stands (part "segment#NNNNNNN").
type segmentRecord struct {
	Migration string              `json:"migration"`
	Part      string              `json:"part"`
	Version   int64               `json:"version"`
	Segment   int                 `json:"segment"`
	Done      bool                `json:"done"`
	LastKey   map[string]KeyValue `json:"last_key,omitempty"`
	// Result counts what the segment's pages found and did.
	Result  Result    `json:"result"`
	Worker  string    `json:"worker,omitempty"`
	Updated time.Time `json:"updated"`
}

const (
	partMeta    = "meta"
	partSegment = "segment#"
)

func segmentPart(i int) string { return fmt.Sprintf("%s%07d", partSegment, i) }

// migrationID names a migration in the control table: the table and the
// kind, and a copy's target. One migration of each kind runs on a table at
// a time; the meta record says which data plan.
func migrationID(table string, cp *CopyPlan, target string) string {
	if cp != nil {
		return table + "/" + kindCopy + "/" + target
	}
	return table + "/" + kindBackfill
}

func (c *Control) get(ctx context.Context, id, part string, v any) (bool, error) {
	out, err := c.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(c.Table),
		Key: dynamo.StringKey(ControlPartitionKey, id, ControlSortKey, part), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return false, fmt.Errorf("control table %s: read %s %s: %w", c.Table, id, part, err)
	}
	if out.Item == nil {
		return false, nil
	}
	return true, dynamo.UnmarshalRecord(out.Item, v)
}

// put writes record v (whose version is already raised to prev+1) if the
// stored one still has version prev; false when it does not.
func (c *Control) put(ctx context.Context, v any, prev int64) (bool, error) {
	item, err := dynamo.MarshalRecord(v)
	if err != nil {
		return false, err
	}
	_, err = c.Client.PutItem(ctx, dynamo.VersionedPut(c.Table, item, ControlPartitionKey, controlVersion, prev))
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("control table %s: write: %w", c.Table, err)
	}
	return true, nil
}

// parts reads every record of migration id whose part starts with prefix.
func (c *Control) parts(ctx context.Context, id, prefix string) ([]map[string]types.AttributeValue, error) {
	var out []map[string]types.AttributeValue
	var start map[string]types.AttributeValue
	for {
		in := &dynamodb.QueryInput{TableName: aws.String(c.Table), ConsistentRead: aws.Bool(true), ExclusiveStartKey: start,
			KeyConditionExpression:    aws.String("#m = :m AND begins_with(#p, :p)"),
			ExpressionAttributeNames:  map[string]string{"#m": ControlPartitionKey, "#p": ControlSortKey},
			ExpressionAttributeValues: dynamo.StringKey(":m", id, ":p", prefix)}
		if prefix == "" { // every record
			in.KeyConditionExpression = aws.String("#m = :m")
			in.ExpressionAttributeNames = map[string]string{"#m": ControlPartitionKey}
			in.ExpressionAttributeValues = dynamo.StringKey(":m", id)
		}
		q, err := c.Client.Query(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("control table %s: read %s: %w", c.Table, id, err)
		}
		out = append(out, q.Items...)
		if start = q.LastEvaluatedKey; len(start) == 0 {
			return out, nil
		}
	}
}

// segments reads the segment records of migration id, by segment.
func (c *Control) segments(ctx context.Context, id string) (map[int]*segmentRecord, error) {
	return records(ctx, c, id, partSegment, func(r *segmentRecord) int { return r.Segment })
}

// records reads the records of migration id whose part starts with
// prefix, decoded as R and keyed by key.
func records[K comparable, R any](ctx context.Context, c *Control, id, prefix string, key func(*R) K) (map[K]*R, error) {
	items, err := c.parts(ctx, id, prefix)
	if err != nil {
		return nil, err
	}
	out := map[K]*R{}
	for _, it := range items {
		r := new(R)
		if err := dynamo.UnmarshalRecord(it, r); err != nil {
			return nil, err
		}
		out[key(r)] = r
	}
	return out, nil
}

// deleteAll deletes every record of migration id.
func (c *Control) deleteAll(ctx context.Context, id string) error {
	items, err := c.parts(ctx, id, "")
	if err != nil {
		return err
	}
	for _, it := range items {
		key := map[string]types.AttributeValue{ControlPartitionKey: it[ControlPartitionKey], ControlSortKey: it[ControlSortKey]}
		if _, err := c.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(c.Table), Key: key}); err != nil {
			return fmt.Errorf("control table %s: delete %s: %w", c.Table, id, err)
		}
	}
	return nil
}

// replace removes the records of finished migration m, marked Replacing:
// its segment records (each only as it was read), then the meta record if
// it is still m. Several workers
// may run it at once; none of them removes a newer record.
func (c *Control) replace(ctx context.Context, m *metaRecord) error {
	items, err := c.parts(ctx, m.Migration, partSegment)
	if err != nil {
		return err
	}
	// The records listed are m's only if m's meta record was still there
	// after the listing (once removed it never comes back with m's
	// version): else another helper finished, and a new migration's
	// records may be among them.
	var now metaRecord
	found, err := c.get(ctx, m.Migration, partMeta, &now)
	if err != nil {
		return err
	}
	if !found || now.Version != m.Version || !now.Replacing {
		return nil
	}
	var ccf *types.ConditionalCheckFailedException
	for _, it := range items {
		key := map[string]types.AttributeValue{ControlPartitionKey: it[ControlPartitionKey], ControlSortKey: it[ControlSortKey]}
		in := &dynamodb.DeleteItemInput{TableName: aws.String(c.Table), Key: key, ConditionExpression: aws.String("#v = :v AND #u = :u"),
			ExpressionAttributeNames:  map[string]string{"#v": controlVersion, "#u": "updated"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":v": it[controlVersion], ":u": it["updated"]}}
		if _, err := c.Client.DeleteItem(ctx, in); err != nil && !errors.As(err, &ccf) {
			return fmt.Errorf("control table %s: delete %s: %w", c.Table, m.Migration, err)
		}
	}
	key := dynamo.StringKey(ControlPartitionKey, m.Migration, ControlSortKey, partMeta)
	_, err = c.Client.DeleteItem(ctx, dynamo.VersionedDelete(c.Table, key, controlVersion, m.Version))
	if err != nil && !errors.As(err, &ccf) {
		return fmt.Errorf("control table %s: delete %s: %w", c.Table, m.Migration, err)
	}
	return nil
}

// defaultWorker names this process: host:pid.
func defaultWorker() string {
	h, _ := os.Hostname()
	return fmt.Sprintf("%s:%d", h, os.Getpid())
}

// open finds or creates the meta record of the migration this run belongs
// to and checks that the run fits it. A meta record of another data plan
// whose segments are all done is replaced (a new migration of the table);
// one still running refuses the run.
func (c *Control) open(ctx context.Context, want metaRecord, tgt *target) (*metaRecord, error) {
	for attempt := 0; attempt < 8; attempt++ {
		var got metaRecord
		found, err := c.get(ctx, want.Migration, partMeta, &got)
		if err != nil {
			return nil, err
		}
		if !found {
			if tgt != nil {
				if err := tgt.empty(ctx); err != nil {
					return nil, err
				}
			}
			rec := want
			rec.Version = 1
			ok, err := c.put(ctx, &rec, 0)
			if err != nil {
				return nil, err
			}
			if ok {
				return &rec, nil
			}
			continue // another worker created it first: check it
		}
		if got.Replacing {
			// A finished migration being removed: help, then look again.
			if err := c.replace(ctx, &got); err != nil {
				return nil, err
			}
			continue
		}
		if got.Plan != want.Plan {
			segs, err := c.segments(ctx, want.Migration)
			if err != nil {
				return nil, err
			}
			done := len(segs) == got.Segments
			for _, s := range segs {
				done = done && s.Done
			}
			if !done || want.Kind == kindCopy {
				// Judge only the migration the segments were read for:
				// when the meta record changed meanwhile (another worker
				// of this plan replaced the finished one and started
				// this migration), look again.
				var now metaRecord
				found, err := c.get(ctx, want.Migration, partMeta, &now)
				if err != nil {
					return nil, err
				}
				if !found || now.Version != got.Version || now.Plan != got.Plan || now.Replacing {
					continue
				}
				return nil, fmt.Errorf("%w: control table %s records a %s of table %q for another data plan (BASE %s, HEAD %s, started %s), not finished: finish it with the same BASE and HEAD, or remove its records (--reset) to start this one",
					ErrSharedMismatch, c.Table, got.Kind, got.Table, got.Base, got.Head, got.Started.Format(time.RFC3339))
			}
			mark := got
			mark.Version, mark.Replacing = got.Version+1, true
			ok, err := c.put(ctx, &mark, got.Version)
			if err != nil {
				return nil, err
			}
			if ok {
				if err := c.replace(ctx, &mark); err != nil {
					return nil, err
				}
			}
			continue
		}
		if err := got.fits(want); err != nil {
			return nil, err
		}
		return &got, nil
	}
	return nil, fmt.Errorf("control table %s: the meta record of %s keeps changing under this worker", c.Table, want.Migration)
}

// fits says why a run that wants want cannot join the recorded migration m.
func (m *metaRecord) fits(want metaRecord) error {
	switch {
	case m.TableARN != want.TableARN || !m.TableCreated.Equal(want.TableCreated):
		return fmt.Errorf("%w: it records the progress on table %s created %s, but the table now is %s created %s: "+
			"it was deleted and created again since (a restore, a re-seed, a new apply), so its items are not where the control table says; remove the migration's records (--reset) to start over",
			ErrSharedMismatch, m.TableARN, m.TableCreated.Format(time.RFC3339Nano), want.TableARN, want.TableCreated.Format(time.RFC3339Nano))
	case m.TargetARN != want.TargetARN || !m.TargetCreated.Equal(want.TargetCreated):
		return fmt.Errorf("%w: it records a copy into table %s created %s, but the target now is %s created %s: it was deleted and created again since, so the copied items are gone; remove the migration's records (--reset) to start over",
			ErrSharedMismatch, m.TargetARN, m.TargetCreated.Format(time.RFC3339Nano), want.TargetARN, want.TargetCreated.Format(time.RFC3339Nano))
	case m.Segments != want.Segments:
		return fmt.Errorf("%w: the migration %s runs in %d segments (control table records since %s), this worker was given %d: give every worker the same --total-segments",
			ErrSharedMismatch, m.Migration, m.Segments, m.Started.Format(time.RFC3339), want.Segments)
	}
	return nil
}

// runShared is Run with the progress in the control table.
func runShared(ctx context.Context, p *Plan, opts Options, id TableIdentity, cp *CopyPlan, tgt *target) (*Result, error) {
	c := opts.Control
	if opts.DryRun {
		return nil, fmt.Errorf("migrate: a dry run counts in one process: it keeps no state in a control table")
	}
	if opts.Worker == "" {
		opts.Worker = defaultWorker()
	}
	if err := c.Check(ctx); err != nil {
		return nil, err
	}
	want := metaRecord{Migration: migrationID(opts.Table, cp, opts.Target), Part: partMeta, Kind: kindBackfill, Base: p.Base, Head: p.Head,
		Table: opts.Table, TableARN: id.ARN, TableCreated: id.Created, Plan: p.Fingerprint(), Segments: opts.Segments, Started: time.Now().UTC()}
	if tgt != nil {
		want.Kind, want.Target, want.TargetARN, want.TargetCreated, want.StreamARN = kindCopy, tgt.name, tgt.id.ARN, tgt.id.Created, tgt.stream
	}
	meta, err := c.open(ctx, want, tgt)
	if err != nil {
		return nil, err
	}
	if tgt != nil && meta.StreamARN != tgt.stream {
		return nil, fmt.Errorf("%w: BASE's stream is %s, but the copy started with %s: the stream was turned off and on since, and the writes in between are lost to the catch-up; remove the migration's records (--reset), empty the target and copy again",
			ErrSharedMismatch, tgt.stream, meta.StreamARN)
	}
	recs, err := c.segments(ctx, meta.Migration)
	if err != nil {
		return nil, err
	}
	earlier := &Result{Entities: map[string]*Counts{}}
	for _, r := range recs {
		earlier.add(&r.Result)
	}
	ck := &Checkpoint{Version: checkpointVersion, Table: opts.Table, TableARN: id.ARN, TableCreated: id.Created, Plan: meta.Plan,
		Segments: make([]SegmentState, opts.Segments),
		Result:   Result{Table: opts.Table, Target: opts.Target, Segments: opts.Segments, Entities: map[string]*Counts{}}}
	for i := range ck.Segments {
		ck.Segments[i].Segment = i
		if r := recs[i]; r != nil {
			ck.Segments[i].Done, ck.Segments[i].LastKey = r.Done, r.LastKey
		}
	}
	r, err := newRunner(p, opts, ck)
	if err != nil {
		return nil, err
	}
	r.copy, r.tgt = cp, tgt
	sh := &shared{c: c, meta: meta, worker: opts.Worker, recs: recs}
	r.commit = func(ctx context.Context, seg int, st SegmentState, pr *pageResult) error {
		if err := sh.commit(ctx, seg, st, pr); err != nil {
			return err
		}
		r.mu.Lock()
		addPage(&r.cp.Result, pr)
		r.cp.Segments[seg] = st
		r.progress()
		r.mu.Unlock()
		return nil
	}
	var todo []int
	for i := range ck.Segments {
		if (opts.Segment == nil || *opts.Segment == i) && !ck.Segments[i].Done {
			todo = append(todo, i)
		}
	}
	mine, runErr := r.run(ctx, todo)
	// The whole migration's counts, as recorded (other workers' too; also
	// after an interrupt: every page this run finished is recorded).
	recs, err = c.segments(context.WithoutCancel(ctx), meta.Migration)
	if err != nil {
		return mine, errors.Join(runErr, err)
	}
	total := &Result{Table: opts.Table, Target: opts.Target, Segments: meta.Segments, Entities: map[string]*Counts{}, Complete: len(recs) == meta.Segments}
	keys := make([]int, 0, len(recs))
	for k := range recs {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	done := 0
	for _, k := range keys {
		total.add(&recs[k].Result)
		if recs[k].Done {
			done++
		}
		total.Complete = total.Complete && recs[k].Done
	}
	if earlier.Scanned > 0 {
		total.Resumed = &Earlier{Scanned: earlier.Scanned, Updated: earlier.Updated(), Finished: len(todo) == 0}
	}
	if opts.Segment != nil {
		w := &WorkerResult{Segment: *opts.Segment, Scanned: mine.Scanned, Updated: mine.Updated(), SegmentsDone: done}
		if rec := recs[*opts.Segment]; rec != nil {
			w.Done = rec.Done
		}
		total.Worker = w
		total.Resumed = nil
	}
	return total, runErr
}

// shared commits the pages of a run to the control table.
type shared struct {
	c      *Control
	meta   *metaRecord
	worker string

	mu   sync.Mutex
	recs map[int]*segmentRecord
}

// commit records a page of segment seg: its new state and counts, under
// the version this worker last wrote or read. When another worker moved
// the segment on meanwhile, a finished segment stops this one quietly
// (errFinishedElsewhere) and an unfinished one is ErrConcurrentWorker.
func (s *shared) commit(ctx context.Context, seg int, st SegmentState, pr *pageResult) error {
	s.mu.Lock()
	rec := s.recs[seg]
	s.mu.Unlock()
	if rec == nil {
		rec = &segmentRecord{Migration: s.meta.Migration, Part: segmentPart(seg), Segment: seg, Result: Result{Entities: map[string]*Counts{}}}
	}
	next := *rec
	next.Result = Result{Entities: map[string]*Counts{}}
	next.Result.add(&rec.Result)
	addPage(&next.Result, pr)
	next.Version, next.Done, next.LastKey = rec.Version+1, st.Done, st.LastKey
	next.Worker, next.Updated = s.worker, time.Now().UTC()
	// A cancelled run still records the page it finished.
	ok, err := s.c.put(context.WithoutCancel(ctx), &next, rec.Version)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if !ok {
		var cur segmentRecord
		if _, err := s.c.get(context.WithoutCancel(ctx), s.meta.Migration, segmentPart(seg), &cur); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		if cur.Done {
			return errFinishedElsewhere
		}
		return fmt.Errorf("migrate: segment %d: %w (%s moved it on at %s): run each segment in one worker at a time",
			seg, ErrConcurrentWorker, cur.Worker, cur.Updated.Format(time.RFC3339))
	}
	s.mu.Lock()
	s.recs[seg] = &next
	s.mu.Unlock()
	return nil
}

// segmentList renders segment numbers: "0, 2-5".
func segmentList(segs []int) string {
	var parts []string
	for i := 0; i < len(segs); {
		j := i
		for j+1 < len(segs) && segs[j+1] == segs[j]+1 {
			j++
		}
		if i == j {
			parts = append(parts, fmt.Sprint(segs[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", segs[i], segs[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// MaxTotalSegments is the most segments a shared migration has: DynamoDB's
// bound on a parallel Scan's TotalSegments.
const MaxTotalSegments = 1_000_000

// Reset removes the records of the migration of table (into target, for a
// copy: "" for a backfill) from the control table, so that the next run
// starts over; it returns how many it removed and the migration's name.
// Tombstones a copy wrote stay in the target, with what was copied.
func Reset(ctx context.Context, p *Plan, label, table, target string, c *Control) (int, string, error) {
	if err := c.Check(ctx); err != nil {
		return 0, "", err
	}
	cp := p.Copy(label)
	id := migrationID(table, cp, target)
	items, err := c.parts(ctx, id, "")
	if err != nil {
		return 0, id, err
	}
	return len(items), id, c.deleteAll(ctx, id)
}
