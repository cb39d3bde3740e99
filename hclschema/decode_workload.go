package hclschema

import (
	"math/big"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// Bounds of declared workload values.
const (
	// MaxWorkloadItems bounds a declared item or partition count (10^15).
	MaxWorkloadItems = 1_000_000_000_000_000
	// MaxWorkloadRate bounds a declared rate in calls or writes per second.
	MaxWorkloadRate = 1e9
)

var entityWorkloadSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "items"},
		{Name: "item_size"},
		{Name: "max_item_size"},
		{Name: "writes"},
		{Name: "peak_writes"},
		{Name: "partitions"},
		{Name: "index_partitions"},
		{Name: "hot_share"},
	},
}

var patternWorkloadSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "rate"},
		{Name: "peak_rate"},
		{Name: "consistency"},
		{Name: "hot_share"},
		{Name: "items_read"},
	},
}

var writeWorkloadSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "rate"},
		{Name: "peak_rate"},
	},
}

var acceptSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "target", Required: true},
		{Name: "reason", Required: true},
	},
}

// isLintCode reports whether code has the form of a lint rule's code: TD1
// and two digits.
func isLintCode(code string) bool {
	if len(code) != 5 || code[:3] != "TD1" {
		return false
	}
	return code[3] >= '0' && code[3] <= '9' && code[4] >= '0' && code[4] <= '9'
}

func (d *decoder) workload() *Workload {
	if d.schema.Workload == nil {
		d.schema.Workload = &Workload{
			Entities: map[*Entity]*EntityWorkload{},
			Patterns: map[*AccessPattern]*PatternWorkload{},
			Writes:   map[*WritePattern]*WriteWorkload{},
			Blocks:   map[string]hcl.Range{},
		}
	}
	return d.schema.Workload
}

// onlyWorkload returns the single workload block among blocks, reporting
// a repeated one; nil when there is none.
func (d *decoder) onlyWorkload(blocks hcl.Blocks) *hcl.Block {
	var first *hcl.Block
	for _, blk := range blocks {
		if blk.Type != "workload" {
			continue
		}
		if first != nil {
			d.errorf(CodeDuplicate, blk.DefRange, "Duplicate workload block", "A block has one workload block; this one repeats the block at %s.", first.DefRange)
			continue
		}
		first = blk
	}
	return first
}

// entityWorkload decodes the entity's workload block among blocks, if any.
func (d *decoder) entityWorkload(e *Entity, blocks hcl.Blocks) {
	blk := d.onlyWorkload(blocks)
	if blk == nil {
		return
	}
	content, ds := blk.Body.Content(entityWorkloadSchema)
	d.add(ds, CodeSyntax)
	w := &EntityWorkload{DeclRange: blk.DefRange}
	a := content.Attributes
	if at := a["items"]; at != nil {
		w.Items, w.HasItems = d.intValue(at, 0, MaxWorkloadItems)
		w.ItemsRange = at.Expr.Range()
	}
	if at := a["item_size"]; at != nil {
		w.ItemSize, w.HasItemSize = d.intValue(at, 1, MaxItemBytes)
		w.ItemSizeRange = at.Expr.Range()
	}
	if at := a["max_item_size"]; at != nil {
		w.MaxItemSize, w.HasMaxItemSize = d.intValue(at, 1, MaxItemBytes)
		w.MaxItemSizeRange = at.Expr.Range()
		if w.HasMaxItemSize && w.HasItemSize && w.MaxItemSize < w.ItemSize {
			d.errorf(CodeInvalidValue, w.MaxItemSizeRange, "Maximum item size below the average",
				"The max_item_size %d is smaller than the item_size %d (the average); the largest item is at least as large as the average.", w.MaxItemSize, w.ItemSize)
			w.HasMaxItemSize = false
		}
	}
	w.Writes, w.WritesRange = d.rate(a["writes"])
	w.PeakWrites, w.PeakWritesRange = d.peak(a["peak_writes"], w.Writes, "writes")
	if at := a["partitions"]; at != nil {
		w.Partitions, w.HasPartitions = d.intValue(at, 1, MaxWorkloadItems)
		w.PartitionsRange = at.Expr.Range()
		if w.HasPartitions && w.HasItems && w.Partitions > w.Items && w.Items > 0 {
			d.errorf(CodeInvalidValue, w.PartitionsRange, "More partitions than items",
				"The entity declares %d partitions (distinct partition key values) but only %d items; every partition key value needs at least one item.", w.Partitions, w.Items)
			w.HasPartitions = false
		}
	}
	if at := a["index_partitions"]; at != nil {
		w.IndexPartitions = d.indexPartitions(e, at)
	}
	w.HotShare, w.HotShareRange = d.share(a["hot_share"])
	d.workload().Entities[e] = w
	e.Workload = w
}

// indexPartitions decodes `index_partitions = { GSI1 = 10 }`: GSI names of
// the entity's table with whole numbers.
func (d *decoder) indexPartitions(e *Entity, at *hcl.Attribute) map[string]int64 {
	pairs, ds := hcl.ExprMap(at.Expr)
	if ds.HasErrors() {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid value for index_partitions",
			"The argument \"index_partitions\" must be a map from GSI names to partition counts, like { GSI1 = 100 }.")
		return nil
	}
	out := map[string]int64{}
	for _, kv := range pairs {
		name := hcl.ExprAsKeyword(kv.Key)
		if name == "" {
			if v, vds := kv.Key.Value(nil); !vds.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
				name = v.AsString()
			}
		}
		if e.Table != nil {
			ix := e.Table.Index(name)
			if ix == nil || ix.Kind != IndexGlobal {
				var gsis []string
				for _, g := range e.Table.GSIs {
					gsis = append(gsis, g.Name)
				}
				d.errorf(CodeUnknownReference, kv.Key.Range(), "Unknown global secondary index",
					"Table %q has no GSI named %q; index_partitions counts the partition key values of GSIs.%s", e.Table.Label, name, diag.DidYouMean(name, gsis))
				continue
			}
		}
		n, ok := d.intValue(&hcl.Attribute{Name: "index_partitions", Expr: kv.Value, Range: kv.Value.Range()}, 1, MaxWorkloadItems)
		if ok {
			out[name] = n
		}
	}
	return out
}

// patternWorkload decodes the access pattern's workload block among
// blocks, if any.
func (d *decoder) patternWorkload(p *AccessPattern, blocks hcl.Blocks) {
	blk := d.onlyWorkload(blocks)
	if blk == nil {
		return
	}
	content, ds := blk.Body.Content(patternWorkloadSchema)
	d.add(ds, CodeSyntax)
	w := &PatternWorkload{DeclRange: blk.DefRange, Consistency: ConsistencyEventual}
	a := content.Attributes
	w.Rate, w.RateRange = d.rate(a["rate"])
	w.PeakRate, w.PeakRateRange = d.peak(a["peak_rate"], w.Rate, "rate")
	if at := a["consistency"]; at != nil {
		w.ConsistencyRange = at.Expr.Range()
		if c, ok := d.stringValue(at, ConsistencyEventual, ConsistencyStrong); ok {
			if c == ConsistencyStrong && p.Index != nil && p.Index.Kind == IndexGlobal {
				d.errorf(CodeInvalidValue, w.ConsistencyRange, "Strong consistency on a GSI",
					"Access pattern %q reads the global secondary index %q, which DynamoDB reads only with eventual consistency. Use consistency = \"eventual\", or read the table or an LSI.", p.Name, p.Index.Name)
			} else {
				w.Consistency = c
			}
		}
	}
	w.HotShare, w.HotShareRange = d.share(a["hot_share"])
	if at := a["items_read"]; at != nil {
		w.ItemsRead, w.HasItemsRead = d.intValue(at, 0, MaxWorkloadItems)
		w.ItemsReadRange = at.Expr.Range()
	}
	d.workload().Patterns[p] = w
	p.Workload = w
}

// writeWorkload decodes the write pattern's workload block among blocks,
// if any.
func (d *decoder) writeWorkload(wp *WritePattern, blocks hcl.Blocks) {
	blk := d.onlyWorkload(blocks)
	if blk == nil {
		return
	}
	content, ds := blk.Body.Content(writeWorkloadSchema)
	d.add(ds, CodeSyntax)
	w := &WriteWorkload{DeclRange: blk.DefRange}
	w.Rate, w.RateRange = d.rate(content.Attributes["rate"])
	w.PeakRate, w.PeakRateRange = d.peak(content.Attributes["peak_rate"], w.Rate, "rate")
	d.workload().Writes[wp] = w
	wp.Workload = w
}

// rate decodes a per-second rate: a number from 0 to MaxWorkloadRate.
func (d *decoder) rate(at *hcl.Attribute) (float64, hcl.Range) {
	if at == nil {
		return 0, hcl.Range{}
	}
	f, ok := d.floatValue(at, 0, MaxWorkloadRate, false)
	if !ok {
		return 0, at.Expr.Range()
	}
	return f, at.Expr.Range()
}

// peak decodes a peak rate, which must be at least the average; absent,
// it is the average.
func (d *decoder) peak(at *hcl.Attribute, avg float64, avgName string) (float64, hcl.Range) {
	if at == nil {
		return avg, hcl.Range{}
	}
	f, rng := d.rate(at)
	if f < avg {
		d.errorf(CodeInvalidValue, rng, "Peak below the average",
			"The argument %q (%s per second) is smaller than %q (%s per second, the average); a peak is at least the average.",
			at.Name, formatRate(f), avgName, formatRate(avg))
		return avg, rng
	}
	return f, rng
}

// share decodes a share: a number greater than 0 and at most 1.
func (d *decoder) share(at *hcl.Attribute) (float64, hcl.Range) {
	if at == nil {
		return 0, hcl.Range{}
	}
	f, ok := d.floatValue(at, 0, 1, true)
	if !ok {
		return 0, at.Expr.Range()
	}
	return f, at.Expr.Range()
}

// floatValue reads a constant number from min to max (min excluded when
// openMin).
func (d *decoder) floatValue(at *hcl.Attribute, min, max float64, openMin bool) (float64, bool) {
	v, ok := d.constValue(at)
	if !ok {
		return 0, false
	}
	n, err := convert.Convert(v, cty.Number)
	if err == nil {
		f, _ := n.AsBigFloat().Float64()
		if (f > min || (!openMin && f == min)) && f <= max {
			return f, true
		}
	}
	lower := "from " + formatRate(min)
	if openMin {
		lower = "greater than " + formatRate(min) + " and at most"
	} else {
		lower += " to"
	}
	d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid value for "+at.Name,
		"The argument %q must be a number %s %s.", at.Name, lower, formatRate(max))
	return 0, false
}

// acceptRoots are the kinds of blocks an acceptance can target.
var acceptRoots = []string{"table", "entity", "access_pattern", "write_pattern"}

// formatRate prints a number without an exponent for moderate values.
func formatRate(f float64) string {
	return big.NewFloat(f).Text('f', -1)
}

// accepts decodes the `accept "CODE" {}` blocks and records the ranges of
// every table, entity, access pattern and write pattern block as
// acceptance targets.
func (d *decoder) accepts(accepts, tables, entities, patterns, writes []*hcl.Block) {
	kinds := acceptRoots
	for i, blocks := range [][]*hcl.Block{tables, entities, patterns, writes} {
		kind := kinds[i]
		for _, b := range blocks {
			if len(b.Labels) != 1 {
				continue
			}
			rng := b.DefRange
			if body, ok := b.Body.(*hclsyntax.Body); ok {
				rng = hcl.RangeBetween(b.DefRange, body.SrcRange)
			}
			key := kind + "." + b.Labels[0]
			if _, dup := d.workload().Blocks[key]; !dup {
				d.workload().Blocks[key] = rng
			}
		}
	}
	for _, b := range accepts {
		d.accept(b)
	}
}

func (d *decoder) accept(b *hcl.Block) {
	content, ds := b.Body.Content(acceptSchema)
	d.add(ds, CodeSyntax)
	code := b.Labels[0]
	if !isLintCode(code) {
		d.errorf(CodeInvalidValue, b.LabelRanges[0], "Invalid finding code",
			"An acceptance names the code of a lint finding, like \"TD140\"; got %q. Loader errors (TD0xx) cannot be accepted.", code)
		return
	}
	x := &Accept{Code: code, CodeRange: b.LabelRanges[0], DeclRange: b.DefRange}
	at := content.Attributes["target"]
	if at == nil {
		return
	}
	x.TargetRange = at.Expr.Range()
	tr, tds := hcl.AbsTraversalForExpr(at.Expr)
	roots := acceptRoots
	if tds.HasErrors() || len(tr) != 2 {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid acceptance target",
			"The target must be a reference like access_pattern.NAME, write_pattern.NAME, entity.NAME or table.NAME.")
		return
	}
	step, ok := tr[1].(hcl.TraverseAttr)
	known := false
	for _, r := range roots {
		known = known || tr.RootName() == r
	}
	if !ok || !known {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid acceptance target",
			"The target must be a reference like access_pattern.NAME, write_pattern.NAME, entity.NAME or table.NAME; got a reference starting with %q.%s", tr.RootName(), diag.DidYouMean(tr.RootName(), roots))
		return
	}
	x.Target = tr.RootName() + "." + step.Name
	if _, known := d.workload().Blocks[x.Target]; !known {
		var names []string
		for k := range d.workload().Blocks {
			names = append(names, k)
		}
		sort.Strings(names)
		d.errorf(CodeUnknownReference, at.Expr.Range(), "Unknown acceptance target",
			"The schema declares no %s named %q.%s", tr.RootName(), step.Name, diag.DidYouMean(x.Target, names))
		return
	}
	rt := content.Attributes["reason"]
	if rt == nil {
		return // reported by Content
	}
	reason, ok := d.stringValue(rt)
	if !ok {
		return
	}
	if strings.TrimSpace(reason) == "" {
		d.errorf(CodeInvalidValue, rt.Expr.Range(), "Empty acceptance reason",
			"An acceptance says why the design accepts the finding: write the reason (for example reason = \"launch week only; sharded in issue 42\").")
		return
	}
	x.Reason = reason
	d.workload().Accepts = append(d.workload().Accepts, x)
}
