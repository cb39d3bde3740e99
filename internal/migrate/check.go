package migrate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"
	"golang.org/x/sync/errgroup"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// CheckOptions configure Check.
type CheckOptions struct {
	Client *dynamodb.Client
	// Table is the DynamoDB table name; Label its schema table label.
	Table, Label string
	// Segments is the number of parallel Scan segments (default 4).
	Segments int
	// MaxItems bounds the items read (the check holds them in memory);
	// a larger table is an error (default DefaultCheckMaxItems).
	MaxItems int
	// Samples is the number of scanned items per result entity whose
	// attributes give a pattern's inputs, besides the schema's input sets
	// (default 5).
	Samples int
	// Target is a copy's target (when the plan copies Label's table): the
	// check then reads both tables, proves every item of Table has its
	// copy in Target, and runs HEAD's patterns on Target.
	Target string
}

// DefaultCheckMaxItems is the default bound of the items a check reads.
const DefaultCheckMaxItems = 200000

// maxListed bounds the items named per finding class.
const maxListed = 20

// ShapeCounts are the items of one HEAD entity by shape.
type ShapeCounts struct {
	Items int64 `json:"items"`
	// Head: every index attribute as HEAD computes it.
	Head int64 `json:"head"`
	// NotMigrated: the attributes the migration changes still as BASE
	// computes them.
	NotMigrated int64 `json:"not_migrated"`
	// Half: some attributes as HEAD computes them, others not.
	Half int64 `json:"half_migrated"`
}

// PatternCheck is one HEAD access pattern run live with one input set.
type PatternCheck struct {
	Pattern string `json:"pattern"`
	Inputs  string `json:"inputs"`
	// Expected and Returned are the item counts of the oracle and DynamoDB.
	Expected int `json:"expected"`
	Returned int `json:"returned"`
	// Problem says how the live result differs ("" when it does not).
	Problem string `json:"problem,omitempty"`
}

// CheckReport is what Check found.
type CheckReport struct {
	Table    string                  `json:"table"`
	Segments int                     `json:"segments"`
	Scanned  int64                   `json:"scanned"`
	Entities map[string]*ShapeCounts `json:"entities"`
	// Unknown counts items of no HEAD entity; Ambiguous items that fit
	// several.
	Unknown   int64 `json:"unknown"`
	Ambiguous int64 `json:"ambiguous"`
	// Patterns are the live runs, in pattern then input order.
	Patterns []PatternCheck `json:"patterns"`
	// Findings name the items and patterns that are off (items at most
	// 20 per class, then a count of the others).
	Findings []string `json:"findings"`
	// ItemsOff counts every item that is not in HEAD's shape (not
	// migrated, half-migrated, of no HEAD entity or of several), listed or
	// not; PatternsOff counts the live pattern runs that differ.
	ItemsOff    int64 `json:"items_off"`
	PatternsOff int   `json:"patterns_off"`
	// Copy compares a copy's two tables (nil for a backfill).
	Copy *CopyCheck `json:"copy,omitempty"`
}

// OK reports whether the table is correct for HEAD.
func (r *CheckReport) OK() bool { return len(r.Findings) == 0 }

// Check reads the whole table (segmented Scan, at most MaxItems items),
// classifies every item against HEAD (in HEAD's shape, not migrated,
// half-migrated, of no entity), then runs every HEAD access pattern of the
// table live, with the schema's input sets and inputs taken from scanned
// items, and compares each result with the oracle over the scanned items
// as HEAD computes them. It writes nothing.
func Check(ctx context.Context, p *Plan, opts CheckOptions) (*CheckReport, error) {
	if opts.Segments <= 0 {
		opts.Segments = 4
	}
	if opts.MaxItems <= 0 {
		opts.MaxItems = DefaultCheckMaxItems
	}
	if opts.Samples <= 0 {
		opts.Samples = 5
	}
	ht := p.headSchema.Table(opts.Label)
	if ht == nil {
		return nil, fmt.Errorf("check: HEAD has no table %q", opts.Label)
	}
	cp := p.Copy(opts.Label)
	if cp != nil {
		if opts.Target == "" {
			return nil, fmt.Errorf("check: table %q is copied: give the copy's target (--to-table NAME)", opts.Table)
		}
		if cp.Refused != "" {
			return nil, fmt.Errorf("check: the copy of table %q is refused: %s", cp.Table, cp.Refused)
		}
	}
	var baseItems []map[string]types.AttributeValue
	if cp != nil {
		var err error
		if baseItems, err = scanAll(ctx, opts); err != nil {
			return nil, err
		}
		opts.Table = opts.Target // HEAD's items and patterns are the target's
	}
	stored, err := scanAll(ctx, opts)
	if err != nil {
		return nil, err
	}
	var tombstones []map[string]types.AttributeValue
	if cp != nil {
		live := stored[:0:0]
		for _, it := range stored {
			if dynamo.IsTombstone(it) {
				tombstones = append(tombstones, it)
			} else {
				live = append(live, it)
			}
		}
		stored = live
	}
	rep := &CheckReport{Table: opts.Table, Segments: opts.Segments, Scanned: int64(len(stored)), Entities: map[string]*ShapeCounts{}, Patterns: []PatternCheck{}, Findings: []string{}}
	stores := ht.StoredEntities() // guard items of unique attributes too
	for _, e := range stores {
		rep.Entities[e.Name] = &ShapeCounts{}
	}
	compared := indexAttrs(ht)
	var items []hclschema.Item
	byEntity := map[*hclschema.Entity][]hclschema.Item{}
	var unknown, ambiguous, notMigrated, half []string
	for _, av := range stored {
		its := ht.Recognize(dynamo.Values(av))
		switch {
		case len(its) == 0:
			rep.Unknown++
			unknown = append(unknown, keyString(av, ht))
			continue
		case len(its) > 1:
			rep.Ambiguous++
			ambiguous = append(ambiguous, keyString(av, ht))
			continue
		}
		hi, found := its[0], its[0].Entity
		c := rep.Entities[found.Name]
		c.Items++
		items = append(items, hi)
		byEntity[found] = append(byEntity[found], hi)
		var wrong []string
		for _, a := range withChanges(compared, p, found.Name) {
			cur, ok := av[a]
			want, wok := hi.Attrs[a]
			if !dynamo.SameValue(cur, ok, want, wok) {
				wrong = append(wrong, fmt.Sprintf("%s is %s, HEAD computes %s", a, storedText(cur, ok), computedText(want, wok)))
			}
		}
		if len(wrong) == 0 {
			c.Head++
			continue
		}
		if baseShaped(p, found.Name, av) {
			c.NotMigrated++
			notMigrated = append(notMigrated, fmt.Sprintf("%s %s: %s", found.Name, keyString(av, ht), strings.Join(wrong, "; ")))
			continue
		}
		c.Half++
		half = append(half, fmt.Sprintf("%s %s: %s", found.Name, keyString(av, ht), strings.Join(wrong, "; ")))
	}
	list := func(what string, xs []string) {
		rep.ItemsOff += int64(len(xs))
		sort.Strings(xs)
		for i, x := range xs {
			if i == maxListed {
				rep.Findings = append(rep.Findings, fmt.Sprintf("%s: %d more", what, len(xs)-maxListed))
				break
			}
			rep.Findings = append(rep.Findings, what+": "+x)
		}
	}
	list("not migrated", notMigrated)
	list("half-migrated", half)
	list("of no HEAD entity", unknown)
	list("of several HEAD entities", ambiguous)
	if cp != nil {
		cc, lists := compareCopy(cp, baseItems, stored, tombstones)
		rep.Copy = cc
		rep.Scanned += int64(len(tombstones))
		list("not copied", lists.notCopied)
		list("missing in the target", lists.missing)
		list("stale in the target", lists.stale)
		list("in the target, of no BASE item", lists.extra)
		list("tombstone left in the target (run the catch-up once the copy is complete)", lists.tombs)
		for _, n := range sortedKeys(cc.Entities) {
			e := cc.Entities[n]
			if e.Base != e.Head || e.BaseSum != e.HeadSum {
				rep.Findings = append(rep.Findings, fmt.Sprintf("entity %s: BASE holds %d items (checksum %s), the target %d (checksum %s)", n, e.Base, e.BaseSum, e.Head, e.HeadSum))
			}
		}
	}

	for _, pat := range p.headSchema.Patterns {
		if pat.Table != ht {
			continue
		}
		for _, in := range checkInputs(pat, byEntity, opts.Samples) {
			pc, err := checkPattern(ctx, opts, pat, in, items)
			if err != nil {
				return rep, err
			}
			rep.Patterns = append(rep.Patterns, pc)
			if pc.Problem != "" {
				rep.PatternsOff++
				rep.Findings = append(rep.Findings, fmt.Sprintf("pattern %s %s: %s", pc.Pattern, pc.Inputs, pc.Problem))
			}
		}
	}
	return rep, nil
}

// scanAll reads every item of the table with a segmented Scan.
func scanAll(ctx context.Context, opts CheckOptions) ([]map[string]types.AttributeValue, error) {
	var mu sync.Mutex
	var all []map[string]types.AttributeValue
	g, gctx := errgroup.WithContext(ctx)
	for seg := 0; seg < opts.Segments; seg++ {
		g.Go(func() error {
			var start map[string]types.AttributeValue
			for {
				items, next, err := dynamo.ScanPage(gctx, opts.Client, dynamo.ScanRequest{Table: opts.Table, Segment: seg, Segments: opts.Segments, Start: start, ConsistentRead: true})
				if err != nil {
					return fmt.Errorf("check: %w", err)
				}
				mu.Lock()
				all = append(all, items...)
				n := len(all)
				mu.Unlock()
				if n > opts.MaxItems {
					return fmt.Errorf("check: table %q holds more than %d items, the most a check reads (it keeps them in memory): raise the bound", opts.Table, opts.MaxItems)
				}
				if start = next; start == nil {
					return nil
				}
			}
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return all, nil
}

// indexAttrs are the key attributes of the table's secondary indexes.
func indexAttrs(t *hclschema.Table) []string {
	seen := map[string]bool{}
	for _, k := range t.Primary.KeyAttrs() {
		seen[k.Name] = true
	}
	var out []string
	for _, ix := range t.Indexes() {
		for _, k := range ix.KeyAttrs() {
			if !seen[k.Name] {
				seen[k.Name] = true
				out = append(out, k.Name)
			}
		}
	}
	return out
}

// withChanges adds to attrs those the plan changes on the entity's items
// (the keys of a removed index, which HEAD's indexes no longer name).
func withChanges(attrs []string, p *Plan, entity string) []string {
	out := attrs
	for _, ep := range p.Entities {
		if ep.Entity != entity || ep.Refused != "" {
			continue
		}
		for _, ch := range ep.Changes {
			if !slices.Contains(out, ch.Attr) {
				out = append(slices.Clip(out), ch.Attr)
			}
		}
	}
	return out
}

// baseShaped reports whether the attributes the plan changes on the
// entity's items are still as BASE computes them.
func baseShaped(p *Plan, entity string, av map[string]types.AttributeValue) bool {
	for _, ep := range p.Entities {
		if ep.Entity != entity || ep.Refused != "" {
			continue
		}
		bvals, err := ep.base.ValuesOf(dynamo.Values(av))
		if err != nil {
			return false
		}
		bi, err := ep.base.Item(bvals)
		if err != nil {
			return false
		}
		for _, ch := range ep.Changes {
			cur, ok := av[ch.Attr]
			old, ook := bi.Attrs[ch.Attr]
			if !dynamo.SameValue(cur, ok, old, ook) {
				return false
			}
		}
		return true
	}
	return false
}

func storedText(av types.AttributeValue, ok bool) string {
	if !ok {
		return "absent"
	}
	v, err := dynamo.Cty(av)
	if err != nil {
		return "unreadable"
	}
	return oracle.Render(v)
}

func computedText(v cty.Value, ok bool) string {
	if !ok || v.IsNull() {
		return "none"
	}
	return oracle.Render(v)
}

// checkInputs are the input sets of a pattern: the schema's
// (hclschema.InputSets), then from up to n scanned items of each result
// entity, spread over them; duplicates are dropped.
func checkInputs(p *hclschema.AccessPattern, byEntity map[*hclschema.Entity][]hclschema.Item, n int) []map[string]cty.Value {
	var out []map[string]cty.Value
	seen := map[string]bool{}
	add := func(m map[string]cty.Value) {
		k := inputText(m)
		if !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	for _, s := range hclschema.InputSets(p) {
		add(s.Values)
	}
	if len(p.Inputs) == 0 {
		add(map[string]cty.Value{})
		return out
	}
	for _, e := range p.Entities {
		its := byEntity[e]
		sort.Slice(its, func(i, j int) bool { return oracle.PrimaryKeyString(its[i]) < oracle.PrimaryKeyString(its[j]) })
		step := 1
		if len(its) > n {
			step = len(its) / n
		}
		for i := 0; i < len(its) && i/step < n; i += step {
			vars := its[i].ItemVars()
			m := map[string]cty.Value{}
			for _, in := range p.Inputs {
				v, ok := vars[in.Name]
				if !ok || v.IsNull() {
					m = nil
					break
				}
				m[in.Name] = v
			}
			if m != nil {
				add(m)
			}
		}
	}
	return out
}

func inputText(m map[string]cty.Value) string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + "=" + oracle.Render(m[k])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// checkPattern runs one bound pattern live and compares it with the oracle
// over items. A GSI result that differs is read again (eventual
// consistency) a few times before it counts.
func checkPattern(ctx context.Context, opts CheckOptions, p *hclschema.AccessPattern, in map[string]cty.Value, items []hclschema.Item) (PatternCheck, error) {
	pc := PatternCheck{Pattern: p.Name, Inputs: inputText(in)}
	b, err := hclschema.Bind(p, in)
	if err != nil {
		pc.Problem = err.Error()
		return pc, nil
	}
	exp := oracle.Run(b, items)
	want := make([]string, len(exp.Items))
	ids := make([]string, len(exp.Items))
	for i, it := range exp.Items {
		ids[i] = itemKeyString(it, p.Table)
		want[i] = orderKey(exp.SortKeys[i], ids[i])
	}
	var open []string
	if exp.Cut != nil {
		for _, it := range exp.Cut.Candidates {
			open = append(open, itemKeyString(it, p.Table))
		}
	}
	pc.Expected = len(want)
	for attempt := 0; ; attempt++ {
		got, err := dynamo.Query(ctx, opts.Client, opts.Table, b)
		if err != nil {
			if ctx.Err() != nil {
				return pc, ctx.Err()
			}
			pc.Problem = "DynamoDB rejected the request: " + err.Error()
			return pc, nil
		}
		keys := make([]string, len(got))
		gotIDs := make([]string, len(got))
		for i, av := range got {
			gotIDs[i] = keyString(av, p.Table)
			keys[i] = orderKey(storedSortKey(av, p.Index), gotIDs[i])
		}
		pc.Returned = len(keys)
		pc.Problem = ""
		if !exp.Agrees(ids, open, gotIDs) {
			// Where the limit ends the read inside a run of equal sort
			// keys, any choice of its items the limit allows agrees.
			pc.Problem = differ(canonOrder(want), canonOrder(keys))
			if pc.Problem == "" {
				pc.Problem = "the items differ from the oracle's"
			}
			if exp.Cut != nil {
				pc.Problem += fmt.Sprintf(" (the limit ends the read inside a run of equal sort keys: after the first %d item(s), any %d of %s)",
					exp.Cut.From, exp.Cut.Take, strings.Join(open, "; "))
			}
		}
		if pc.Problem == "" || p.Index.Kind != hclschema.IndexGlobal || attempt == 4 {
			return pc, nil
		}
		select {
		case <-ctx.Done():
			return pc, ctx.Err()
		case <-time.After(time.Duration(100<<attempt) * time.Millisecond):
		}
	}
}

// orderKey pairs an item's index sort key with its primary key, so that
// runs of equal sort keys (whose order DynamoDB leaves open) can be put in
// one order on both sides.
func orderKey(sk []cty.Value, pk string) string {
	parts := make([]string, len(sk))
	for i, v := range sk {
		if v == cty.NilVal || v.IsNull() {
			parts[i] = "none"
		} else {
			parts[i] = oracle.Render(v)
		}
	}
	return strings.Join(parts, ",") + "\x00" + pk
}

func storedSortKey(av map[string]types.AttributeValue, ix *hclschema.Index) []cty.Value {
	var out []cty.Value
	for _, k := range ix.SortKey {
		v, err := dynamo.Cty(av[k.Name])
		if err != nil {
			v = cty.NilVal
		}
		if v != cty.NilVal && !v.IsNull() {
			want := cty.String
			if k.Type == hclschema.TypeN {
				want = cty.Number
			}
			if v.Type() != want {
				v = cty.NilVal
			}
		}
		out = append(out, v)
	}
	return out
}

// itemKeyString renders a computed item's primary key as keyString does.
func itemKeyString(it hclschema.Item, t *hclschema.Table) string {
	av := map[string]types.AttributeValue{}
	for _, k := range t.Primary.KeyAttrs() {
		if v, ok := it.Attrs[k.Name]; ok {
			if a, err := dynamo.AV(v); err == nil {
				av[k.Name] = a
			}
		}
	}
	return keyString(av, t)
}

// canonOrder sorts every run of equal sort keys by primary key.
func canonOrder(keys []string) []string {
	out := append([]string(nil), keys...)
	for i := 0; i < len(out); {
		j := i
		sk := strings.SplitN(out[i], "\x00", 2)[0]
		for j < len(out) && strings.SplitN(out[j], "\x00", 2)[0] == sk {
			j++
		}
		sort.Strings(out[i:j])
		i = j
	}
	return out
}

// differ describes how the live keys differ from the oracle's ("" when not).
func differ(want, got []string) string {
	if strings.Join(want, "\n") == strings.Join(got, "\n") {
		return ""
	}
	pk := func(s string) string { return strings.SplitN(s, "\x00", 2)[1] }
	inWant, inGot := map[string]bool{}, map[string]bool{}
	for _, k := range want {
		inWant[pk(k)] = true
	}
	for _, k := range got {
		inGot[pk(k)] = true
	}
	var missing, extra []string
	for _, k := range want {
		if !inGot[pk(k)] {
			missing = append(missing, pk(k))
		}
	}
	for _, k := range got {
		if !inWant[pk(k)] {
			extra = append(extra, pk(k))
		}
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "missing "+cut(missing))
	}
	if len(extra) > 0 {
		parts = append(parts, "unexpected "+cut(extra))
	}
	if len(parts) == 0 {
		parts = append(parts, "the items in another order")
	}
	return fmt.Sprintf("DynamoDB returned %d items, HEAD's oracle %d: %s", len(got), len(want), strings.Join(parts, "; "))
}

func cut(xs []string) string {
	if len(xs) > 5 {
		return strings.Join(xs[:5], ", ") + fmt.Sprintf(" and %d more", len(xs)-5)
	}
	return strings.Join(xs, ", ")
}

// WriteText writes the check report.
func (r *CheckReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Check of table %s against HEAD: scanned %d items in %d segments.\n", r.Table, r.Scanned, r.Segments)
	names := make([]string, 0, len(r.Entities))
	for n := range r.Entities {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := r.Entities[n]
		fmt.Fprintf(&b, "  entity %s: %d items (%d in HEAD's shape, %d not migrated, %d half-migrated)\n", n, c.Items, c.Head, c.NotMigrated, c.Half)
	}
	fmt.Fprintf(&b, "  of no HEAD entity: %d, of several: %d\n", r.Unknown, r.Ambiguous)
	if c := r.Copy; c != nil {
		fmt.Fprintf(&b, "  copy of %s into %s:\n", c.Base, c.Target)
		for _, n := range sortedKeys(c.Entities) {
			e := c.Entities[n]
			mark := "="
			if e.Base != e.Head || e.BaseSum != e.HeadSum {
				mark = "≠"
			}
			fmt.Fprintf(&b, "    entity %s: BASE %d items (checksum %s) %s target %d items (checksum %s)\n", n, e.Base, e.BaseSum, mark, e.Head, e.HeadSum)
		}
		fmt.Fprintf(&b, "    not copied: %d, missing: %d, stale: %d, of no BASE item: %d, tombstones left: %d\n", c.NotCopied, c.Missing, c.Stale, c.Extra, c.Tombstones)
	}
	bad, ps := 0, map[string]bool{}
	for _, pc := range r.Patterns {
		ps[pc.Pattern] = true
		if pc.Problem != "" {
			bad++
		}
	}
	fmt.Fprintf(&b, "  patterns: %d run live with %d input sets, %d differ from HEAD's oracle\n", len(ps), len(r.Patterns), bad)
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "FINDING %s\n", f)
	}
	if r.OK() && r.Copy != nil {
		b.WriteString("OK: every item of BASE has its copy in the target, in HEAD's shape, and every pattern returns what HEAD's oracle computes.\n")
	} else if r.OK() {
		b.WriteString("OK: every item is in HEAD's shape and every pattern returns what HEAD's oracle computes.\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the check report as JSON.
func (r *CheckReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
