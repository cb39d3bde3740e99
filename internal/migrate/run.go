package migrate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// Counts are what a run found and did for one entity.
type Counts struct {
	// Items of the entity found.
	Items int64 `json:"items"`
	// Updated (or, in a dry run, to update).
	Updated int64 `json:"updated"`
	// Already in HEAD's shape: nothing to do.
	Already int64 `json:"already"`
	// Diverged: neither BASE's nor HEAD's shape (written by someone else), left alone.
	Diverged int64 `json:"diverged"`
	// Failed: HEAD's templates fail on the item, or the update kept failing.
	Failed int64 `json:"failed"`
	// Deleted (a copy): the item was deleted from BASE after the copy read
	// it, and the catch-up had already applied the delete (a tombstone).
	Deleted int64 `json:"deleted,omitempty"`
	// WCU is the estimated write capacity of the updates.
	WCU float64 `json:"wcu"`
}

func (c *Counts) add(o Counts) {
	c.Items += o.Items
	c.Updated += o.Updated
	c.Already += o.Already
	c.Diverged += o.Diverged
	c.Failed += o.Failed
	c.Deleted += o.Deleted
	c.WCU += o.WCU
}

// Result is what a run did, cumulated over the runs that share a checkpoint.
type Result struct {
	// Table is the DynamoDB table name.
	Table string `json:"table"`
	// Target is the table a copy writes into ("" for a backfill).
	Target   string             `json:"target,omitempty"`
	DryRun   bool               `json:"dry_run"`
	Segments int                `json:"segments"`
	Scanned  int64              `json:"scanned"`
	Entities map[string]*Counts `json:"entities"`
	// Other counts items of entities the plan does not change; Unknown items
	// of no BASE entity; Ambiguous items that fit several BASE entities.
	Other     int64 `json:"other"`
	Unknown   int64 `json:"unknown"`
	Ambiguous int64 `json:"ambiguous"`
	// Errors holds the first problems met (items that failed), at most 20.
	Errors []string `json:"errors,omitempty"`
	// Complete is true when every segment was scanned to its end.
	Complete bool `json:"complete"`
	// Resumed is what the earlier runs of a resumed checkpoint had done
	// (included in the counts above); nil for a run from the start.
	Resumed *Earlier `json:"resumed,omitempty"`
	// Worker is what this process did when it ran one segment of a
	// migration shared through a control table (nil otherwise): the
	// counts above are the whole migration's.
	Worker *WorkerResult `json:"worker,omitempty"`
}

// WorkerResult is what one worker of a shared migration did.
type WorkerResult struct {
	Segment int `json:"segment"`
	// Scanned and Updated count this worker's pages.
	Scanned int64 `json:"scanned"`
	Updated int64 `json:"updated"`
	// Done is true when the segment is finished (by this worker or an
	// earlier one); SegmentsDone counts the finished segments of all.
	Done         bool `json:"done"`
	SegmentsDone int  `json:"segments_done"`
}

// add adds the counts of o to r.
func (r *Result) add(o *Result) {
	r.Scanned += o.Scanned
	r.Other += o.Other
	r.Unknown += o.Unknown
	r.Ambiguous += o.Ambiguous
	if r.Entities == nil {
		r.Entities = map[string]*Counts{}
	}
	for k, c := range o.Entities {
		if r.Entities[k] == nil {
			r.Entities[k] = &Counts{}
		}
		r.Entities[k].add(*c)
	}
	for _, e := range o.Errors {
		if len(r.Errors) < maxErrors {
			r.Errors = append(r.Errors, e)
		}
	}
}

// maxErrors bounds the problems a result lists.
const maxErrors = 20

// Failed is the number of items that failed, of every entity.
func (r *Result) Failed() int64 {
	var n int64
	for _, c := range r.Entities {
		n += c.Failed
	}
	return n
}

// Earlier is what the runs before a resumed one had done.
type Earlier struct {
	Scanned int64 `json:"scanned"`
	// Updated counts the updates (to make, in a dry run) of every entity.
	Updated int64 `json:"updated"`
	// Finished is true when the checkpoint records a finished run: the
	// resumed run had nothing left to scan.
	Finished bool `json:"finished"`
}

// Updated is the number of items updated (to update, in a dry run).
func (r *Result) Updated() int64 {
	var n int64
	for _, c := range r.Entities {
		n += c.Updated
	}
	return n
}

// Matched is the number of items of the planned entities.
func (r *Result) Matched() int64 {
	var n int64
	for _, c := range r.Entities {
		n += c.Items
	}
	return n
}

// Options configure Run.
type Options struct {
	Client *dynamodb.Client
	// Table is the DynamoDB table name.
	Table string
	// Label is the schema's table label of Table.
	Label string
	// DryRun counts without writing.
	DryRun bool
	// Segments is the number of parallel Scan segments (default 4): with
	// Segment, the total number of segments of the shared migration.
	Segments int
	// Segment, when set, runs only this segment of Segments (a worker of
	// a migration shared through Control); nil runs every segment.
	Segment *int
	// PageSize is the Scan page size (default 100).
	PageSize int32
	// Rate bounds the updates per second (0: no bound).
	Rate float64
	// Resume continues from a checkpoint (nil: from the start).
	Resume *Checkpoint
	// Save is called with the checkpoint after every page of a segment (in
	// order, never concurrently). A page is saved only after all its items
	// are done, so a resumed run repeats at most one page per segment.
	Save func(*Checkpoint) error
	// Control keeps the run's progress in a control table instead of a
	// checkpoint file, shared by the workers of one migration on any
	// machine (Resume and Save are then unused).
	Control *Control
	// Worker names this process in the control table (default host:pid).
	Worker string
	// Target is the table a copy writes into (when the plan copies the
	// table of Label).
	Target string
	// Progress is called after every page (never concurrently).
	Progress func(*Result)
}

// ErrCheckpointMismatch is returned (wrapped, with the reason) when a
// checkpoint was written for another table, another incarnation of the
// table, another data plan or the other mode (dry run or migration).
var ErrCheckpointMismatch = errors.New("the checkpoint does not fit this run")

// TableIdentity is what tells one table from another that had its name
// before: its ARN and creation time (DescribeTable).
type TableIdentity struct {
	ARN     string
	Created time.Time
}

// DescribeIdentity reads the identity of table name.
func DescribeIdentity(ctx context.Context, c *dynamodb.Client, name string) (TableIdentity, error) {
	out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		return TableIdentity{}, fmt.Errorf("migrate: describe table %q: %w", name, err)
	}
	id := TableIdentity{ARN: aws.ToString(out.Table.TableArn), Created: aws.ToTime(out.Table.CreationDateTime).UTC()}
	if id.ARN == "" || id.Created.IsZero() {
		return TableIdentity{}, fmt.Errorf("migrate: describe table %q: the answer has no table ARN or creation time", name)
	}
	return id, nil
}

// fits says why the checkpoint cannot resume a run of plan p on the table
// with identity id (nil when it can).
func (cp *Checkpoint) fits(p *Plan, opts Options, id TableIdentity) error {
	switch {
	case cp.Table != opts.Table:
		return fmt.Errorf("%w: it records the progress on table %q, this run is on %q", ErrCheckpointMismatch, cp.Table, opts.Table)
	case cp.TableARN != id.ARN || !cp.TableCreated.Equal(id.Created):
		return fmt.Errorf("%w: it records the progress on table %s created %s, but the table now is %s created %s: "+
			"it was deleted and created again since (a restore, a re-seed, a new apply), so its items are not where the checkpoint says",
			ErrCheckpointMismatch, cp.TableARN, cp.TableCreated.Format(time.RFC3339Nano), id.ARN, id.Created.Format(time.RFC3339Nano))
	case cp.DryRun && !opts.DryRun:
		return fmt.Errorf("%w: it was written by a dry run (--dry-run), whose progress counts but writes nothing, so it cannot resume a migration", ErrCheckpointMismatch)
	case !cp.DryRun && opts.DryRun:
		return fmt.Errorf("%w: it was written by a migration, which a dry run cannot resume", ErrCheckpointMismatch)
	case cp.Plan != p.Fingerprint():
		return fmt.Errorf("%w: it was written for another data plan (BASE or HEAD changed since)", ErrCheckpointMismatch)
	}
	return nil
}

// Run scans the table and, for every item of a planned entity still in
// BASE's shape, writes HEAD's index attributes with a conditional
// UpdateItem (or only counts, with DryRun); when the plan copies the table
// (Plan.Copy), it writes every item into Target under HEAD's keys with a
// put that keeps whatever is already there. It returns the cumulated
// result; after ctx is cancelled it returns the result so far and ctx's
// error, and the last progress saved covers every page finished.
//
// Progress is kept in a checkpoint (Resume, Save) or in a control table
// shared by workers (Control). A new checkpoint is saved before the first
// page; one to resume must have been written for this table (the same ARN
// and creation time), plan and mode, else Run returns
// ErrCheckpointMismatch with the reason; a control table's records are
// checked the same way, and also against the number of segments.
func Run(ctx context.Context, p *Plan, opts Options) (*Result, error) {
	if err := CheckRate(opts.Rate); err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	if opts.Segments <= 0 {
		opts.Segments = 4
	}
	if opts.PageSize <= 0 {
		opts.PageSize = 100
	}
	if opts.Segment != nil && (*opts.Segment < 0 || *opts.Segment >= opts.Segments) {
		return nil, fmt.Errorf("migrate: segment %d is not one of 0 to %d (%d segments)", *opts.Segment, opts.Segments-1, opts.Segments)
	}
	if opts.Segment != nil && opts.Control == nil {
		return nil, fmt.Errorf("migrate: a worker (one segment) keeps its progress in a control table: give Control")
	}
	id, err := DescribeIdentity(ctx, opts.Client, opts.Table)
	if err != nil {
		return nil, err
	}
	cp := p.Copy(opts.Label)
	var tgt *target
	if cp != nil && cp.Refused != "" && opts.DryRun {
		// A dry run counts the items of a refused plan as stored (the
		// report says REFUSED, the plan is Blocked: exit 1); no copy.
		cp = nil
	}
	if cp != nil {
		if cp.Refused != "" {
			return nil, fmt.Errorf("migrate: the copy of table %q is refused: %s", cp.Table, cp.Refused)
		}
		if !opts.DryRun {
			if tgt, err = openTarget(ctx, cp, opts, id); err != nil {
				return nil, err
			}
		}
	}
	if opts.Control != nil {
		return runShared(ctx, p, opts, id, cp, tgt)
	}
	if cp != nil && !opts.DryRun {
		return nil, fmt.Errorf("migrate: a copy keeps its state in a control table shared with the catch-up: give Control")
	}
	ck := opts.Resume
	var earlier *Earlier
	if ck != nil {
		if err := ck.fits(p, opts, id); err != nil {
			return nil, err
		}
		opts.Segments = len(ck.Segments)
		ck.Result.Resumed = nil
		earlier = &Earlier{Scanned: ck.Result.Scanned, Updated: ck.Result.Updated(), Finished: true}
		for _, s := range ck.Segments {
			earlier.Finished = earlier.Finished && s.Done
		}
	} else {
		ck = &Checkpoint{Version: checkpointVersion, Table: opts.Table, TableARN: id.ARN, TableCreated: id.Created, Plan: p.Fingerprint(), DryRun: opts.DryRun,
			Segments: make([]SegmentState, opts.Segments),
			Result:   Result{Table: opts.Table, DryRun: opts.DryRun, Segments: opts.Segments, Entities: map[string]*Counts{}}}
		for i := range ck.Segments {
			ck.Segments[i].Segment = i
		}
	}
	if ck.Result.Entities == nil {
		ck.Result.Entities = map[string]*Counts{}
	}
	r, err := newRunner(p, opts, ck)
	if err != nil {
		return nil, err
	}
	r.copy = cp
	r.earlier = earlier
	if opts.Resume == nil && opts.Save != nil {
		// Saved before any update: an interrupted run always leaves a
		// checkpoint, and a path that cannot be written stops the run
		// before it changes anything.
		if err := opts.Save(ck); err != nil {
			return nil, fmt.Errorf("migrate: save checkpoint: %w", err)
		}
	}
	r.commit = r.commitFile
	var todo []int
	for i := range ck.Segments {
		if !ck.Segments[i].Done {
			todo = append(todo, i)
		}
	}
	return r.run(ctx, todo)
}

// run runs the segments todo in parallel and returns the result.
func (r *runner) run(ctx context.Context, todo []int) (*Result, error) {
	var wg sync.WaitGroup
	errs := make([]error, len(todo))
	for i, seg := range todo {
		wg.Add(1)
		go func(i, seg int) {
			defer wg.Done()
			errs[i] = r.segment(ctx, seg)
		}(i, seg)
	}
	wg.Wait()
	res := r.snapshot()
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if err := errors.Join(errs...); err != nil {
		return res, err
	}
	return res, nil
}

func newRunner(p *Plan, opts Options, cp *Checkpoint) (*runner, error) {
	r := &runner{plan: p, opts: opts, cp: cp, entities: p.Runnable(opts.Label), lim: newLimiter(opts.Rate)}
	r.all = p.baseSchema.Table(opts.Label)
	if r.all == nil {
		return nil, fmt.Errorf("migrate: BASE has no table %q", opts.Label)
	}
	if p.headSchema != nil {
		r.head = p.headSchema.Table(opts.Label)
	}
	for _, ep := range r.entities {
		if cp.Result.Entities[ep.Entity] == nil {
			cp.Result.Entities[ep.Entity] = &Counts{}
		}
	}
	return r, nil
}

type runner struct {
	plan     *Plan
	opts     Options
	entities []*EntityPlan
	all      *hclschema.Table
	// head is HEAD's table: an item BASE no longer recognises because its
	// computed attributes already hold HEAD's values (SD205-SD207) is
	// found by it.
	head *hclschema.Table
	lim  *limiter
	// copy is the plan of a copy (nil for a backfill), tgt its target
	// (nil in a dry run).
	copy *CopyPlan
	tgt  *target
	// commit records a finished page of a segment: its new state and what
	// it added (commitFile, or a shared run's commit to the control table).
	commit func(ctx context.Context, seg int, st SegmentState, pr *pageResult) error

	mu sync.Mutex // guards cp and the calls of Save and Progress
	cp *Checkpoint
	// earlier is what the runs before this one did (a resumed checkpoint).
	earlier *Earlier
}

func (r *runner) snapshot() *Result {
	r.mu.Lock()
	defer r.mu.Unlock()
	res := r.cp.Result
	res.Entities = map[string]*Counts{}
	for k, v := range r.cp.Result.Entities {
		c := *v
		res.Entities[k] = &c
	}
	res.Errors = append([]string{}, r.cp.Result.Errors...)
	res.Resumed = r.earlier
	res.Complete = true
	for _, s := range r.cp.Segments {
		res.Complete = res.Complete && s.Done
	}
	return &res
}

// pageResult is what one page added.
type pageResult struct {
	scanned, other, unknown, ambiguous int64
	entities                           map[string]*Counts
	errors                             []string
}

func (r *runner) segment(ctx context.Context, seg int) error {
	r.mu.Lock()
	start := r.cp.Segments[seg].LastKey
	r.mu.Unlock()
	var exclusive map[string]types.AttributeValue
	if start != nil {
		exclusive = decodeKey(start)
	}
	for {
		items, next, err := dynamo.ScanPage(ctx, r.opts.Client, dynamo.ScanRequest{Table: r.opts.Table, Segment: seg, Segments: r.opts.Segments,
			Limit: r.opts.PageSize, Start: exclusive, ConsistentRead: true})
		if err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		pr := pageResult{entities: map[string]*Counts{}}
		for _, item := range items {
			work := r.item
			if r.copy != nil {
				work = r.copyItem
			}
			if err := work(ctx, item, &pr); err != nil {
				return err // interrupted: this page is not checkpointed
			}
		}
		exclusive = next
		st := SegmentState{Segment: seg, Done: len(exclusive) == 0}
		if !st.Done {
			st.LastKey = encodeKey(exclusive)
		}
		if err := r.commit(ctx, seg, st, &pr); err != nil {
			if errors.Is(err, errFinishedElsewhere) {
				return nil
			}
			return err
		}
		if st.Done {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
}

// addPage adds what a page found to res.
func addPage(res *Result, pr *pageResult) {
	res.Scanned += pr.scanned
	res.Other += pr.other
	res.Unknown += pr.unknown
	res.Ambiguous += pr.ambiguous
	for k, c := range pr.entities {
		if res.Entities[k] == nil {
			res.Entities[k] = &Counts{}
		}
		res.Entities[k].add(*c)
	}
	for _, e := range pr.errors {
		if len(res.Errors) < maxErrors {
			res.Errors = append(res.Errors, e)
		}
	}
}

// commitFile records a page in the checkpoint and saves it (Save).
func (r *runner) commitFile(ctx context.Context, seg int, st SegmentState, pr *pageResult) error {
	r.mu.Lock()
	addPage(&r.cp.Result, pr)
	r.cp.Segments[seg] = st
	var saveErr error
	if r.opts.Save != nil {
		saveErr = r.opts.Save(r.cp)
	}
	r.progress()
	r.mu.Unlock()
	if saveErr != nil && ctx.Err() == nil {
		return fmt.Errorf("migrate: save checkpoint: %w", saveErr)
	}
	return nil
}

// progress calls Progress with a snapshot; the caller holds r.mu.
func (r *runner) progress() {
	if r.opts.Progress == nil {
		return
	}
	r.mu.Unlock()
	snap := r.snapshot()
	r.mu.Lock()
	r.opts.Progress(snap)
}

// classify finds the BASE entity an item was written as: the one whose
// templates give back the item's stored primary key (hclschema's
// Table.Recognize); n counts the entities that do.
//
// An item no BASE entity recognises may already be in HEAD's shape (its
// computed attributes rewritten by an earlier run, part of recognition):
// it counts as the BASE entity of the same name when HEAD recognises it
// as one entity the plan changes.
func (r *runner) classify(item map[string]types.AttributeValue) (e *hclschema.Entity, n int) {
	vals := dynamo.Values(item)
	its := r.all.Recognize(vals)
	if len(its) == 0 && r.head != nil && r.copy == nil {
		if hs := r.head.Recognize(vals); len(hs) == 1 {
			if be := r.plan.baseSchema.Entity(hs[0].Entity.Name); be != nil && be.Table == r.all && r.planOf(be) != nil {
				return be, 1
			}
		}
	}
	if len(its) == 0 {
		return nil, 0
	}
	return its[0].Entity, len(its)
}

func (r *runner) planOf(e *hclschema.Entity) *EntityPlan {
	for _, ep := range r.entities {
		if ep.Entity == e.Name {
			return ep
		}
	}
	return nil
}

// maxAttempts bounds the re-reads of an item that changed under an update.
const maxAttempts = 3

func (r *runner) item(ctx context.Context, item map[string]types.AttributeValue, pr *pageResult) error {
	pr.scanned++
	e, n := r.classify(item)
	switch {
	case n == 0:
		pr.unknown++
		return nil
	case n > 1:
		pr.ambiguous++
		return nil
	}
	ep := r.planOf(e)
	if ep == nil {
		pr.other++
		return nil
	}
	c := pr.entities[ep.Entity]
	if c == nil {
		c = &Counts{}
		pr.entities[ep.Entity] = c
	}
	c.Items++
	for attempt := 1; ; attempt++ {
		st, upd, err := r.prepare(ep, item)
		if err != nil {
			c.Failed++
			pr.errors = append(pr.errors, fmt.Sprintf("%s %s: %s", ep.Entity, keyString(item, r.all), err))
			return nil
		}
		switch st {
		case stateHead:
			c.Already++
			return nil
		case stateDiverged:
			c.Diverged++
			pr.errors = append(pr.errors, fmt.Sprintf("%s %s: neither BASE's nor HEAD's index attributes: left alone", ep.Entity, keyString(item, r.all)))
			return nil
		}
		if r.opts.DryRun {
			c.Updated++
			c.WCU += upd.wcu
			return nil
		}
		if err := r.lim.wait(ctx); err != nil {
			return err
		}
		_, err = r.opts.Client.UpdateItem(ctx, upd.input)
		if err == nil {
			c.Updated++
			c.WCU += upd.wcu
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var ccf *types.ConditionalCheckFailedException
		if !errors.As(err, &ccf) || attempt == maxAttempts {
			c.Failed++
			pr.errors = append(pr.errors, fmt.Sprintf("%s %s: update: %s", ep.Entity, keyString(item, r.all), err))
			return nil
		}
		// Written concurrently: read it again and decide anew.
		got, gerr := r.opts.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(r.opts.Table), Key: primaryKey(item, r.all), ConsistentRead: aws.Bool(true)})
		if gerr != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			c.Failed++
			pr.errors = append(pr.errors, fmt.Sprintf("%s %s: read again: %s", ep.Entity, keyString(item, r.all), gerr))
			return nil
		}
		if got.Item == nil {
			c.Items-- // deleted meanwhile
			return nil
		}
		item = got.Item
		if _, ok := e.Recompute(dynamo.Values(item)); !ok {
			c.Items--
			pr.other++
			return nil
		}
	}
}

type shape int

const (
	stateBase shape = iota
	stateHead
	stateDiverged
)

type itemUpdate struct {
	input *dynamodb.UpdateItemInput
	wcu   float64
}

// prepare compares the item's changed attributes with what BASE and HEAD
// compute for it and builds the conditional update to HEAD's shape.
func (r *runner) prepare(ep *EntityPlan, item map[string]types.AttributeValue) (shape, *itemUpdate, error) {
	stored := dynamo.Values(item)
	vals, err := ep.head.ValuesOf(stored)
	if err != nil {
		return 0, nil, fmt.Errorf("HEAD cannot read the item: %w", err)
	}
	hi, err := ep.head.Item(vals)
	if err != nil {
		return 0, nil, fmt.Errorf("HEAD's templates: %w", err)
	}
	bvals, err := ep.base.ValuesOf(stored)
	if err != nil {
		return 0, nil, err
	}
	bi, err := ep.base.Item(bvals)
	if err != nil {
		return 0, nil, err
	}
	isHead, isBase := true, true
	for _, ch := range ep.Changes {
		cur, ok := item[ch.Attr]
		want, wok := hi.Attrs[ch.Attr]
		old, ook := bi.Attrs[ch.Attr]
		isHead = isHead && dynamo.SameValue(cur, ok, want, wok)
		isBase = isBase && dynamo.SameValue(cur, ok, old, ook)
	}
	switch {
	case isHead:
		return stateHead, nil, nil
	case !isBase:
		return stateDiverged, nil, nil
	}
	after := map[string]types.AttributeValue{}
	for k, v := range item {
		after[k] = v
	}
	u := dynamo.GuardedUpdate{Key: primaryKey(item, r.all), Exists: r.all.Primary.PartitionKey[0].Name}
	guard := func(name string) {
		u.Unchanged = append(u.Unchanged, dynamo.Attr{Name: name, Value: item[name]})
	}
	for _, ch := range ep.Changes {
		guard(ch.Attr)
		if want, ok := hi.Attrs[ch.Attr]; ok {
			av, err := dynamo.AV(want)
			if err != nil {
				return 0, nil, fmt.Errorf("%s: %w", ch.Attr, err)
			}
			u.Set = append(u.Set, dynamo.Attr{Name: ch.Attr, Value: av})
			after[ch.Attr] = av
		} else {
			u.Remove = append(u.Remove, ch.Attr)
			delete(after, ch.Attr)
		}
	}
	for _, s := range ep.sources {
		guard(s)
	}
	in, err := u.Input(r.opts.Table)
	if err != nil {
		return 0, nil, err
	}
	return stateBase, &itemUpdate{input: in, wcu: wcu(r.plan.headSchema.Table(r.opts.Label), ep, item, after)}, nil
}

// wcu estimates the write units of an update: one per KB of the new item
// for the table, and for every GSI whose keys change, one per KB for the
// old entry removed and one for the new entry written.
func wcu(t *hclschema.Table, ep *EntityPlan, before, after map[string]types.AttributeValue) float64 {
	units := math.Ceil(float64(dynamo.ItemSize(after)) / 1024)
	if units < 1 {
		units = 1
	}
	total := units
	if t == nil {
		return total
	}
	changed := map[string]bool{}
	for _, c := range ep.Changes {
		changed[c.Attr] = true
	}
	bv, av := dynamo.Values(before), dynamo.Values(after)
	for _, ix := range t.GSIs {
		touched := false
		for _, k := range ix.KeyAttrs() {
			touched = touched || changed[k.Name]
		}
		if !touched {
			continue
		}
		if ix.Holds(bv) {
			total += units
		}
		if ix.Holds(av) {
			total += units
		}
	}
	return total
}

func primaryKey(item map[string]types.AttributeValue, t *hclschema.Table) map[string]types.AttributeValue {
	return dynamo.Key(item, t.Primary.KeyAttrs())
}

// keyString renders an item's primary key for a finding:
// {PK="CUSTOMER#alice", SK="PROFILE"}.
func keyString(item map[string]types.AttributeValue, t *hclschema.Table) string {
	return "{" + strings.Join(dynamo.KeyParts(item, t.Primary.KeyAttrs()), ", ") + "}"
}

// limiter spaces calls evenly at a rate per second (shared by the segments).
type limiter struct {
	mu       sync.Mutex
	interval time.Duration
	next     time.Time
}

// Bounds of Options.Rate besides 0 (no bound): below MinRate a run of a
// few items takes hours, a typo more likely than a plan; above MaxRate the
// interval between updates rounds to nothing.
const (
	MinRate = 0.01
	MaxRate = 1e6
)

// CheckRate checks a rate of updates per second: 0 (no bound) or a finite
// number from MinRate to MaxRate. NaN, infinities and rates whose interval
// overflows a time.Duration (1e-10) would apply no bound at all.
func CheckRate(rate float64) error {
	if rate == 0 || rate >= MinRate && rate <= MaxRate {
		return nil
	}
	return fmt.Errorf("the rate must be 0 (no bound) or from %g to %g updates per second, got %g", MinRate, MaxRate, rate)
}

func newLimiter(rate float64) *limiter {
	if rate <= 0 {
		return &limiter{}
	}
	return &limiter{interval: time.Duration(float64(time.Second) / rate)}
}

func (l *limiter) wait(ctx context.Context) error {
	if l.interval == 0 {
		return ctx.Err()
	}
	l.mu.Lock()
	now := time.Now()
	if l.next.Before(now) {
		l.next = now
	}
	at := l.next
	l.next = l.next.Add(l.interval)
	l.mu.Unlock()
	t := time.NewTimer(time.Until(at))
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
