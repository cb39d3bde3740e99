package cost

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Report is the static estimate of a schema's workload.
type Report struct {
	// Prices names the price table used.
	Prices PriceInfo `json:"prices"`
	// Tables holds one estimate per table, in declaration order.
	Tables []*TableReport `json:"tables"`
}

// PriceInfo identifies a price table.
type PriceInfo struct {
	Region  string   `json:"region"`
	Date    string   `json:"date"`
	Sources []string `json:"sources"`
	// BreakEvenRead and BreakEvenWrite are the utilisations of provisioned
	// capacity above which it costs less than on-demand (table class
	// STANDARD).
	BreakEvenRead  float64 `json:"break_even_read"`
	BreakEvenWrite float64 `json:"break_even_write"`
}

// TableReport is the estimate of one table.
type TableReport struct {
	Table       string `json:"table"`
	BillingMode string `json:"billing_mode"`
	TableClass  string `json:"table_class"`
	// Patterns are the access patterns reading the table.
	Patterns []*PatternCost `json:"patterns"`
	// Writes are the entities stored in the table and what a write costs.
	Writes []*EntityCost `json:"writes"`
	// WritePatterns are the write patterns writing the table and what a
	// call costs (writes.go).
	WritePatterns []*WritePatternCost `json:"write_patterns,omitempty"`
	// Storage has a row for the table, then one per index.
	Storage []*StorageRow `json:"storage"`
	// Monthly is the cost per month under each billing mode and class.
	Monthly Monthly `json:"monthly"`
	// Recommendations say what would cost less, with the numbers.
	Recommendations []*Recommendation `json:"recommendations"`
	// Assumptions say which figures were not declared and what was used.
	Assumptions []string `json:"assumptions"`
	// Regions is the number of regions the table is stored and written in:
	// 1, or 1 plus the replicas of a global table.
	Regions int `json:"regions"`

	// capped is set when on-demand caps bound the average units
	// (boundRead, boundWrite per second).
	capped                bool
	boundRead, boundWrite float64
}

// PatternCost is the read cost of one access pattern.
type PatternCost struct {
	Pattern     string  `json:"pattern"`
	Operation   string  `json:"operation"`
	Index       string  `json:"index"`
	Consistency string  `json:"consistency"`
	Rate        float64 `json:"rate"`
	PeakRate    float64 `json:"peak_rate"`
	// ItemsRead and ItemsReturned are per call, on average.
	ItemsRead     float64 `json:"items_read"`
	ItemsReturned float64 `json:"items_returned"`
	// CountSource says where the counts come from.
	CountSource Source `json:"count_source"`
	// ItemBytes is the average size of an item read (projected on an
	// index); BytesRead the bytes a call reads.
	ItemBytes float64 `json:"item_bytes"`
	BytesRead float64 `json:"bytes_read"`
	// RCU is the read units of one call (also the on-demand read request
	// units).
	RCU float64 `json:"rcu_per_call"`
	// WastedRCU is the part of RCU spent on items the filter drops.
	WastedRCU float64 `json:"wasted_rcu_per_call"`
	// RCUPerSecond and PeakRCUPerSecond are RCU times the rates.
	RCUPerSecond     float64 `json:"rcu_per_second"`
	PeakRCUPerSecond float64 `json:"peak_rcu_per_second"`
	// PartitionRCU is the peak read units per second on the busiest
	// partition key value.
	PartitionRCU float64 `json:"peak_partition_rcu"`
}

// EntityCost is what writing one item of an entity costs.
type EntityCost struct {
	Entity      string  `json:"entity"`
	Items       float64 `json:"items"`
	ItemsSource Source  `json:"items_source"`
	ItemBytes   float64 `json:"item_bytes"`
	MaxBytes    float64 `json:"max_item_bytes"`
	SizeSource  Source  `json:"size_source"`
	Writes      float64 `json:"writes"`
	PeakWrites  float64 `json:"peak_writes"`
	// PatternWrites and PeakPatternWrites are the writes per second of the
	// entity's items that write patterns make, counted with the patterns:
	// the entity's own WCU per second cover only the rest of Writes.
	PatternWrites     float64 `json:"pattern_writes,omitempty"`
	PeakPatternWrites float64 `json:"peak_pattern_writes,omitempty"`
	// Targets lists the table and each index the item is written into,
	// with the write units per write.
	Targets []*WriteTarget `json:"targets"`
	// WCU is the write units of one write: the table plus every index.
	// WCUPerSecond and PeakWCUPerSecond count the writes write patterns do
	// not make (Writes less PatternWrites, at least 0).
	WCU              float64 `json:"wcu_per_write"`
	WCUPerSecond     float64 `json:"wcu_per_second"`
	PeakWCUPerSecond float64 `json:"peak_wcu_per_second"`
	// PartitionWCU is the peak write units per second on the busiest
	// partition key value of the table or a GSI, and where.
	PartitionWCU   float64 `json:"peak_partition_wcu"`
	PartitionIndex string  `json:"peak_partition_index"`
}

// WriteTarget is the table or one index an entity's write lands in.
type WriteTarget struct {
	Index string `json:"index"`
	// Share is the share of the entity's items in the index (sparse
	// indexes hold fewer).
	Share float64 `json:"share"`
	Bytes float64 `json:"bytes"`
	// WCU is the write units per write of the entity (Share of a write of
	// Bytes rounded up to 1 KB).
	WCU float64 `json:"wcu"`
}

// StorageRow is the storage of the table or one index.
type StorageRow struct {
	Index string  `json:"index"`
	Items float64 `json:"items"`
	// Bytes includes DynamoDB's 100 bytes per item or index entry.
	Bytes float64 `json:"bytes"`
	// Monthly is the storage cost per month in the table's class.
	Monthly float64 `json:"monthly"`
	// Read reports whether an access pattern reads the index.
	Read bool `json:"read"`
}

// Monthly is the cost of a table per month.
type Monthly struct {
	// OnDemand and Provisioned are the totals under each billing mode in
	// the table's class; InfrequentAccess the cheaper of the two modes in
	// the Standard-IA class.
	OnDemand         Bill `json:"on_demand"`
	Provisioned      Bill `json:"provisioned"`
	InfrequentAccess Bill `json:"standard_ia"`
	// ReadUtilisation and WriteUtilisation are average over peak units:
	// the utilisation of capacity provisioned for the peak.
	ReadUtilisation  float64 `json:"read_utilisation"`
	WriteUtilisation float64 `json:"write_utilisation"`
	// ProvisionedRCU and ProvisionedWCU are the capacity for the peak.
	ProvisionedRCU float64 `json:"provisioned_rcu"`
	ProvisionedWCU float64 `json:"provisioned_wcu"`
}

// Bill is a monthly cost in US dollars.
type Bill struct {
	Reads   float64 `json:"reads"`
	Writes  float64 `json:"writes"`
	Storage float64 `json:"storage"`
	Total   float64 `json:"total"`
}

func (b *Bill) sum() { b.Total = b.Reads + b.Writes + b.Storage }

// Recommendation kinds.
const (
	RecBillingMode   = "billing-mode"
	RecTableClass    = "table-class"
	RecNarrowProject = "narrow-projection"
	RecUnusedIndex   = "unused-index"
	RecCapacity      = "capacity"
	RecThroughputCap = "throughput-cap"
)

// Recommendation is a change that would cost less, with the numbers.
type Recommendation struct {
	Kind   string `json:"kind"`
	Target string `json:"target"`
	// Message says what to change and why, with the figures.
	Message string `json:"message"`
	// Saving is the monthly saving in US dollars.
	Saving float64 `json:"monthly_saving"`
}

// Estimate computes the static estimate of s's declared workload with
// prices (DefaultPrices when nil).
func Estimate(s *hclschema.Schema, prices *Prices) *Report {
	if prices == nil {
		prices = DefaultPrices()
	}
	br, bw := prices.BreakEven(ClassStandard)
	r := &Report{Prices: PriceInfo{Region: prices.Region, Date: prices.Date, Sources: prices.Sources, BreakEvenRead: br, BreakEvenWrite: bw}}
	profiles := map[*hclschema.Entity]*profile{}
	for _, e := range s.Entities {
		profiles[e] = newProfile(s, e)
	}
	guardProfiles(s, profiles)
	for _, t := range s.Tables {
		r.Tables = append(r.Tables, estimateTable(s, t, profiles, prices))
	}
	return r
}

func estimateTable(s *hclschema.Schema, t *hclschema.Table, profiles map[*hclschema.Entity]*profile, prices *Prices) *TableReport {
	tr := &TableReport{Table: t.Label, BillingMode: t.BillingMode, TableClass: t.TableClass}
	if tr.TableClass == "" {
		tr.TableClass = ClassStandard
	}
	covered := map[*hclschema.Entity][2]float64{}
	var wnotes []string
	for _, w := range s.WritePatterns {
		if w.Table != t || w.Incomplete {
			continue
		}
		wc, notes := writePatternCost(s, w, profiles)
		tr.WritePatterns = append(tr.WritePatterns, wc)
		wnotes = append(wnotes, notes...)
		for _, wr := range w.Writes {
			if wr.Guard == nil {
				c := covered[wr.Entity]
				covered[wr.Entity] = [2]float64{c[0] + wc.Rate, c[1] + wc.PeakRate}
			}
		}
	}
	for _, e := range t.Entities {
		pr := profiles[e]
		tr.Assumptions = append(tr.Assumptions, pr.sizeNote())
		if pr.itemsSrc == Assumed {
			tr.Assumptions = append(tr.Assumptions, fmt.Sprintf("%s: item count not declared: no storage counted", e.Name))
		}
		ec := entityCost(pr, t, covered[e])
		tr.Writes = append(tr.Writes, ec)
		if ec.PatternWrites > 0 {
			tr.Assumptions = append(tr.Assumptions, coveredNote(ec))
		}
		for _, u := range e.Unique {
			tr.Assumptions = append(tr.Assumptions, profiles[u.Guard].guardNote(u))
		}
	}
	tr.Assumptions = append(tr.Assumptions, wnotes...)
	read := map[string]bool{}
	for _, p := range s.Patterns {
		if p.Table != t || p.Index == nil || p.Incomplete {
			continue
		}
		read[p.Index.Name] = true
		pc, notes := patternCost(s, p, profiles)
		tr.Patterns = append(tr.Patterns, pc)
		tr.Assumptions = append(tr.Assumptions, notes...)
	}
	tr.storage(t, profiles, read, prices.Classes[tr.TableClass])
	spec := t.Spec()
	tr.Regions = 1 + len(spec.Replicas)
	peaks := tr.indexPeaks(t)
	if spec.BillingMode == hclschema.PayPerRequest && hasCaps(spec) {
		var notes []string
		tr.boundRead, tr.boundWrite, notes = tr.bounded(spec, peaks)
		tr.capped = true
		tr.Assumptions = append(tr.Assumptions, notes...)
	}
	if tr.Regions > 1 {
		tr.Assumptions = append(tr.Assumptions, fmt.Sprintf("global table in %d regions (%s and the table's): every write and every stored byte is billed in each region (replicated writes at the write prices of this price table); reads are counted in the table's region only", tr.Regions, strings.Join(spec.Regions(), ", ")))
	}
	tr.monthly(prices)
	tr.recommend(s, t, profiles, read, prices)
	tr.capRecommendations(spec, peaks)
	return tr
}

// hasCaps reports whether spec caps the throughput of the table or a GSI.
func hasCaps(s hclschema.TableSpec) bool {
	if s.OnDemand != nil {
		return true
	}
	for _, g := range s.GSIs {
		if g.OnDemand != nil {
			return true
		}
	}
	return false
}

// entityCost is the write cost of one item of the entity: the table and
// every index it is projected into, each rounded up to 1 KB on its own.
// covered holds the average and peak writes per second of the entity's
// items that write patterns make: those are counted there, and the entity's
// own rates only for the rest.
func entityCost(pr *profile, t *hclschema.Table, covered [2]float64) *EntityCost {
	ec := &EntityCost{Entity: pr.e.Name, Items: pr.items, ItemsSource: pr.itemsSrc, ItemBytes: pr.avg, MaxBytes: pr.max, SizeSource: pr.sizeSrc}
	if pr.w != nil {
		ec.Writes, ec.PeakWrites = pr.w.Writes, pr.w.PeakWrites
	}
	ec.PatternWrites, ec.PeakPatternWrites = covered[0], covered[1]
	own, ownPeak := ec.own()
	for _, ix := range t.Indexes() {
		share := pr.share[ix]
		if share == 0 {
			continue
		}
		wt := &WriteTarget{Index: ix.Name, Share: share, Bytes: pr.proj[ix], WCU: share * WriteUnits(pr.proj[ix])}
		ec.Targets = append(ec.Targets, wt)
		ec.WCU += wt.WCU
		// The busiest partition of this index takes hot_share of the
		// writes, or one partition's part of a uniform spread.
		// The entity's declared peak, write patterns included: lint's
		// hot-partition check (TD141) reads it.
		if p := ec.PeakWrites * pr.hotShare(ix) * wt.WCU; p > ec.PartitionWCU {
			ec.PartitionWCU, ec.PartitionIndex = p, ix.Name
		}
	}
	ec.WCUPerSecond = own * ec.WCU
	ec.PeakWCUPerSecond = ownPeak * ec.WCU
	return ec
}

// own returns the writes per second of the entity's items that no write
// pattern makes, on average and at peak.
func (ec *EntityCost) own() (avg, peak float64) {
	return math.Max(0, ec.Writes-ec.PatternWrites), math.Max(0, ec.PeakWrites-ec.PeakPatternWrites)
}

// coveredNote says how the entity's declared writes and its write
// patterns' rates were counted.
func coveredNote(ec *EntityCost) string {
	own, _ := ec.own()
	if ec.PatternWrites >= ec.Writes {
		return fmt.Sprintf("%s: write patterns write %s items a second, at least its declared writes (%s): all its writes are counted with the write patterns", ec.Entity, num(ec.PatternWrites), num(ec.Writes))
	}
	return fmt.Sprintf("%s: %s of its %s writes a second are write patterns' (counted with them); the other %s at its WCU per write", ec.Entity, num(ec.PatternWrites), num(ec.Writes), num(own))
}

// patternCost estimates the reads of one call of p: declared items_read,
// else the declared cardinality (items per partition, capped by the limit),
// else the oracle over the example items for the pattern's input sets,
// else one item.
func patternCost(s *hclschema.Schema, p *hclschema.AccessPattern, profiles map[*hclschema.Entity]*profile) (*PatternCost, []string) {
	w := s.PatternWorkload(p)
	pc := &PatternCost{Pattern: p.Name, Operation: string(p.Operation()), Index: p.Index.Name, Consistency: hclschema.ConsistencyEventual}
	var notes []string
	if w != nil {
		pc.Rate, pc.PeakRate, pc.Consistency = w.Rate, w.PeakRate, w.Consistency
	} else {
		notes = append(notes, fmt.Sprintf("%s: no workload declared: rate 0", p.Name))
	}
	strong := pc.Consistency == hclschema.ConsistencyStrong
	// Average size of an item read: weighted by the entities' items in the index.
	size, weight := 0.0, 0.0
	for _, e := range p.Entities {
		pr := profiles[e]
		wt := pr.items * pr.share[p.Index]
		if wt == 0 {
			wt = pr.share[p.Index]
		}
		size += wt * pr.proj[p.Index]
		weight += wt
	}
	if weight > 0 {
		pc.ItemBytes = size / weight
	}
	filterShare := 1.0
	ex, exOK := examplesCall(p, profiles, strong)
	if exOK && ex.read > 0 {
		filterShare = ex.returned / ex.read
	}
	switch {
	case w != nil && w.HasItemsRead:
		pc.ItemsRead, pc.CountSource = float64(w.ItemsRead), FromWorkload
	case p.Operation() == hclschema.OpGetItem:
		pc.ItemsRead, pc.CountSource = 1, FromCardinality
	default:
		if n, ok := cardinality(p, profiles); ok {
			pc.ItemsRead, pc.CountSource = n, FromCardinality
		} else if exOK {
			pc.ItemsRead, pc.CountSource = ex.read, FromExamples
			if ex.read > 0 {
				pc.ItemBytes = ex.bytes / ex.read
			}
		} else {
			pc.ItemsRead, pc.CountSource = 1, Assumed
			notes = append(notes, fmt.Sprintf("%s: items read per call not known (no items_read, item counts or example input sets): 1 assumed", p.Name))
		}
	}
	if p.Limit > 0 && pc.ItemsRead > float64(p.Limit) {
		pc.ItemsRead = float64(p.Limit)
	}
	if p.Cardinality == hclschema.CardinalityOne && pc.ItemsRead > 1 && p.Filter == nil {
		pc.ItemsRead = 1
	}
	pc.ItemsReturned = pc.ItemsRead * filterShare
	if p.Filter != nil && !exOK {
		notes = append(notes, fmt.Sprintf("%s: the filter's share of items kept is unknown (no example input sets): every item read counted as returned", p.Name))
	}
	pc.BytesRead = pc.ItemsRead * pc.ItemBytes
	if p.Operation() == hclschema.OpGetItem {
		pc.RCU = GetItemUnits(pc.BytesRead, strong)
	} else {
		pc.RCU = QueryUnits(pc.BytesRead, strong)
	}
	if p.Filter != nil && pc.ItemsReturned < pc.ItemsRead {
		pc.WastedRCU = pc.RCU - QueryUnits(pc.ItemsReturned*pc.ItemBytes, strong)
	}
	pc.RCUPerSecond = pc.Rate * pc.RCU
	pc.PeakRCUPerSecond = pc.PeakRate * pc.RCU
	hot := 1.0
	if w != nil && w.HotShare > 0 {
		hot = w.HotShare
	} else if parts := partitionsOf(p, profiles); parts > 0 {
		hot = 1 / parts
	}
	pc.PartitionRCU = pc.PeakRCUPerSecond * hot
	return pc, notes
}

// partitionsOf returns the number of partition key values the pattern's
// calls spread over when they are spread uniformly: the fewest among its
// entities (a constant partition key gives 1).
func partitionsOf(p *hclschema.AccessPattern, profiles map[*hclschema.Entity]*profile) float64 {
	best := 0.0
	for _, e := range p.Entities {
		n, _ := profiles[e].partitions(p.Index)
		if best == 0 || n < best {
			best = n
		}
	}
	return best
}

// cardinality estimates the items a call reads from declared counts: the
// items of the pattern's entities in the index over their partitions
// (every item of the partition is assumed to match the sort key
// condition). ok is false when an entity declares no item count.
func cardinality(p *hclschema.AccessPattern, profiles map[*hclschema.Entity]*profile) (float64, bool) {
	total := 0.0
	for _, e := range p.Entities {
		pr := profiles[e]
		if pr.itemsSrc != FromWorkload {
			return 0, false
		}
		parts, src := pr.partitions(p.Index)
		if src == Assumed {
			return 0, false
		}
		total += pr.items * pr.share[p.Index] / parts
	}
	return total, true
}

// exampleCounts are the average reads of a pattern's input sets over the
// example items.
type exampleCounts struct {
	read, returned, bytes float64
}

// examplesCall runs the pattern's input sets over every example item of
// its table with the oracle and averages what they read and return.
func examplesCall(p *hclschema.AccessPattern, profiles map[*hclschema.Entity]*profile, strong bool) (exampleCounts, bool) {
	if len(p.Examples) == 0 || p.Table == nil {
		return exampleCounts{}, false
	}
	var items []hclschema.Item
	for _, e := range p.Table.Entities {
		items = append(items, profiles[e].examples...)
	}
	var c exampleCounts
	n := 0
	for _, x := range p.Examples {
		b, err := hclschema.Bind(p, x.Inputs)
		if err != nil {
			continue
		}
		call, err := PerCall(b, items, strong)
		if err != nil {
			continue
		}
		n++
		c.read += float64(call.Read)
		c.returned += float64(call.Returned)
		c.bytes += float64(call.BytesRead)
	}
	if n == 0 {
		return exampleCounts{}, false
	}
	c.read /= float64(n)
	c.returned /= float64(n)
	c.bytes /= float64(n)
	return c, true
}

// storage fills the storage rows: the table, then every index, with
// DynamoDB's 100 bytes per item or entry.
func (tr *TableReport) storage(t *hclschema.Table, profiles map[*hclschema.Entity]*profile, read map[string]bool, cp ClassPrices) {
	for _, ix := range t.Indexes() {
		row := &StorageRow{Index: ix.Name, Read: read[ix.Name] || ix.Kind == hclschema.IndexPrimary}
		for _, e := range t.StoredEntities() {
			pr := profiles[e]
			n := pr.items * pr.share[ix]
			row.Items += n
			row.Bytes += n * (pr.proj[ix] + StorageOverheadBytes)
		}
		row.Monthly = row.Bytes / (1 << 30) * cp.StorageGBMonth
		tr.Storage = append(tr.Storage, row)
	}
}

// monthly prices the table under each billing mode and class.
func (tr *TableReport) monthly(prices *Prices) {
	var avgR, peakR, avgW, peakW, storedGB float64
	for _, pc := range tr.Patterns {
		avgR += pc.RCUPerSecond
		peakR += pc.PeakRCUPerSecond
	}
	for _, ec := range tr.Writes {
		avgW += ec.WCUPerSecond
		peakW += ec.PeakWCUPerSecond
	}
	for _, wc := range tr.WritePatterns {
		avgW += wc.WCUPerSecond
		peakW += wc.PeakWCUPerSecond
	}
	for _, row := range tr.Storage {
		storedGB += row.Bytes / (1 << 30)
	}
	regions := float64(max(tr.Regions, 1))
	odR, odW := avgR, avgW
	if tr.capped {
		odR, odW = math.Min(avgR, tr.boundRead), math.Min(avgW, tr.boundWrite)
	}
	m := &tr.Monthly
	m.ProvisionedRCU, m.ProvisionedWCU = math.Ceil(peakR), math.Ceil(peakW)
	if peakR > 0 {
		m.ReadUtilisation = avgR / m.ProvisionedRCU
	}
	if peakW > 0 {
		m.WriteUtilisation = avgW / m.ProvisionedWCU
	}
	bill := func(class string) (od, pv Bill) {
		c := prices.Classes[class]
		od = Bill{Reads: odR * SecondsPerMonth / 1e6 * c.ReadRequestPerMillion, Writes: regions * odW * SecondsPerMonth / 1e6 * c.WriteRequestPerMillion, Storage: regions * storedGB * c.StorageGBMonth}
		pv = Bill{Reads: m.ProvisionedRCU * HoursPerMonth * c.RCUHour, Writes: regions * m.ProvisionedWCU * HoursPerMonth * c.WCUHour, Storage: od.Storage}
		od.sum()
		pv.sum()
		return od, pv
	}
	m.OnDemand, m.Provisioned = bill(tr.TableClass)
	other := ClassInfrequentAccess
	if tr.TableClass == ClassInfrequentAccess {
		other = ClassStandard
	}
	iaOD, iaPV := bill(other)
	m.InfrequentAccess = iaOD
	if iaPV.Total < iaOD.Total {
		m.InfrequentAccess = iaPV
	}
}

// current returns the bill of the table's billing mode.
func (tr *TableReport) current() Bill {
	if tr.BillingMode == hclschema.Provisioned {
		return tr.Monthly.Provisioned
	}
	return tr.Monthly.OnDemand
}

// recommend lists what would cost less: the billing mode, the table class,
// GSIs that no pattern reads, ALL projections wider than what is read.
func (tr *TableReport) recommend(s *hclschema.Schema, t *hclschema.Table, profiles map[*hclschema.Entity]*profile, read map[string]bool, prices *Prices) {
	m := tr.Monthly
	br, bw := prices.BreakEven(tr.TableClass)
	switch {
	case tr.BillingMode != hclschema.Provisioned && m.Provisioned.Total < m.OnDemand.Total:
		tr.Recommendations = append(tr.Recommendations, &Recommendation{Kind: RecBillingMode, Target: "table." + t.Label, Saving: m.OnDemand.Total - m.Provisioned.Total,
			Message: fmt.Sprintf("switch to PROVISIONED with %s RCU and %s WCU (the peak): %s a month instead of %s on demand; average utilisation %s reads, %s writes, above the break-even of %s and %s",
				num(m.ProvisionedRCU), num(m.ProvisionedWCU), dollars(m.Provisioned.Total), dollars(m.OnDemand.Total), pct(m.ReadUtilisation), pct(m.WriteUtilisation), pct(br), pct(bw))})
	case tr.BillingMode == hclschema.Provisioned && m.OnDemand.Total < m.Provisioned.Total:
		tr.Recommendations = append(tr.Recommendations, &Recommendation{Kind: RecBillingMode, Target: "table." + t.Label, Saving: m.Provisioned.Total - m.OnDemand.Total,
			Message: fmt.Sprintf("switch to PAY_PER_REQUEST: %s a month instead of %s provisioned for the peak; average utilisation %s reads, %s writes, below the break-even of %s and %s",
				dollars(m.OnDemand.Total), dollars(m.Provisioned.Total), pct(m.ReadUtilisation), pct(m.WriteUtilisation), pct(br), pct(bw))})
	}
	cur := tr.current()
	throughput := cur.Reads + cur.Writes
	if tr.TableClass == ClassStandard && cur.Storage > throughput/2 && m.InfrequentAccess.Total < cur.Total {
		tr.Recommendations = append(tr.Recommendations, &Recommendation{Kind: RecTableClass, Target: "table." + t.Label, Saving: cur.Total - m.InfrequentAccess.Total,
			Message: fmt.Sprintf("use table_class = \"STANDARD_INFREQUENT_ACCESS\": storage (%s a month) is more than half of throughput (%s); %s a month instead of %s",
				dollars(cur.Storage), dollars(throughput), dollars(m.InfrequentAccess.Total), dollars(cur.Total))})
	}
	for _, ix := range t.GSIs {
		if read[ix.Name] {
			continue
		}
		wcu, _ := tr.indexWCU(func(name string) bool { return name == ix.Name })
		c := prices.Classes[tr.TableClass]
		saving := wcu * SecondsPerMonth / 1e6 * c.WriteRequestPerMillion
		if tr.BillingMode == hclschema.Provisioned {
			saving = wcu * HoursPerMonth * c.WCUHour
		}
		for _, row := range tr.Storage {
			if row.Index == ix.Name {
				saving += row.Monthly
			}
		}
		tr.Recommendations = append(tr.Recommendations, &Recommendation{Kind: RecUnusedIndex, Target: ix.Name, Saving: saving,
			Message: fmt.Sprintf("no access pattern reads GSI %q; every write still goes to it (%s WCU per second on average) and it stores a copy: removing it saves %s a month", ix.Name, num(wcu), dollars(saving))})
	}
	tr.narrow(s, t, profiles, prices)
	tr.capacity(t)
	sort.SliceStable(tr.Recommendations, func(i, j int) bool { return tr.Recommendations[i].Saving > tr.Recommendations[j].Saving })
}

// narrow recommends an INCLUDE projection for a GSI projecting ALL when
// every pattern reading it names the attributes it reads, with what that
// saves in writes and storage.
func (tr *TableReport) narrow(s *hclschema.Schema, t *hclschema.Table, profiles map[*hclschema.Entity]*profile, prices *Prices) {
	c := prices.Classes[tr.TableClass]
	for _, ix := range t.GSIs {
		if ix.Projection != hclschema.ProjectAll && ix.Projection != "" {
			continue
		}
		needed := map[string]bool{}
		readers := 0
		for _, p := range s.Patterns {
			if p.Index != ix {
				continue
			}
			readers++
			if len(p.Attributes) == 0 {
				readers = -1
				break
			}
			for _, a := range p.Attributes {
				needed[a] = true
			}
		}
		if readers <= 0 {
			continue
		}
		nix := *ix
		nix.Projection = hclschema.ProjectInclude
		nix.Include = nil
		for a := range needed {
			if _, key := ix.KeyAttr(a); key {
				continue
			}
			if _, key := t.Primary.KeyAttr(a); key {
				continue
			}
			nix.Include = append(nix.Include, a)
		}
		sort.Strings(nix.Include)
		var wcuSaved, bytesSaved, oldBytes, newBytes, items float64
		for _, e := range t.Entities {
			pr := profiles[e]
			share := pr.share[ix]
			if share == 0 {
				continue
			}
			size := 0.0
			if len(pr.examples) > 0 {
				in := 0
				for _, it := range pr.examples {
					if it.InIndex(ix) {
						in++
						size += float64(hclschema.ItemSize(it.Project(&nix)))
					}
				}
				if in > 0 {
					size /= float64(in)
				}
			} else {
				size = typeEstimate(e, &nix)
			}
			// The entity's own writes, and the write patterns' writes of its
			// entries in ix (a transaction's doubled), each smaller.
			w := 0.0
			for _, ec := range tr.Writes {
				if ec.Entity == e.Name {
					w, _ = ec.own()
				}
			}
			wcuSaved += w * share * (WriteUnits(pr.proj[ix]) - WriteUnits(size))
			for _, wc := range tr.WritePatterns {
				for _, wr := range wc.Writes {
					if wr.Entity != e.Name || wr.Guard != "" {
						continue
					}
					for _, tg := range wr.Targets {
						if tg.Index == ix.Name && tg.Writes > 0 {
							wcuSaved += wc.Rate * tg.WCU / WriteUnits(tg.Bytes) * (WriteUnits(tg.Bytes) - WriteUnits(size))
						}
					}
				}
			}
			n := pr.items * share
			bytesSaved += n * (pr.proj[ix] - size)
			oldBytes += n * pr.proj[ix]
			newBytes += n * size
			items += n
		}
		saving := bytesSaved / (1 << 30) * c.StorageGBMonth
		if tr.BillingMode == hclschema.Provisioned {
			saving += wcuSaved * HoursPerMonth * c.WCUHour
		} else {
			saving += wcuSaved * SecondsPerMonth / 1e6 * c.WriteRequestPerMillion
		}
		if saving <= 0 || items == 0 {
			continue
		}
		tr.Recommendations = append(tr.Recommendations, &Recommendation{Kind: RecNarrowProject, Target: ix.Name, Saving: saving,
			Message: fmt.Sprintf("GSI %q projects ALL but its patterns read only %s: projection = \"INCLUDE\" with include = %s shrinks an entry from %s to %s on average (%s fewer WCU per second, %s less storage), saving %s a month",
				ix.Name, listText(sortedKeys(needed)), listText(nix.Include), bytesText(oldBytes/items), bytesText(newBytes/items), num(wcuSaved), bytesText(bytesSaved), dollars(saving))})
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// capacity compares, for a PROVISIONED table, the declared capacity of the
// table and of each GSI with the peak the workload needs there (LSIs use
// the table's capacity).
func (tr *TableReport) capacity(t *hclschema.Table) {
	if t.BillingMode != hclschema.Provisioned {
		return
	}
	peaks := tr.indexPeaks(t)
	for i, ix := range append([]*hclschema.Index{t.Primary}, t.GSIs...) {
		rcu, wcu := peaks[i].PeakRead, peaks[i].PeakWrite
		declR, declW := t.ReadCapacity, t.WriteCapacity
		if ix.Kind == hclschema.IndexGlobal {
			declR, declW = ix.ReadCapacity, ix.WriteCapacity
		}
		if rcu <= float64(declR) && wcu <= float64(declW) {
			continue
		}
		target := "table." + t.Label
		if ix.Kind == hclschema.IndexGlobal {
			target = ix.Name
		}
		tr.Recommendations = append(tr.Recommendations, &Recommendation{Kind: RecCapacity, Target: target,
			Message: fmt.Sprintf("%s declares %d RCU and %d WCU but the peak needs %s RCU and %s WCU: requests above the declared capacity throttle (burst capacity aside); raise read_capacity and write_capacity or use auto scaling",
				displayIndex(ix), declR, declW, num(math.Ceil(rcu)), num(math.Ceil(wcu)))})
	}
}

// indexWCU returns the write units per second, on average and at peak,
// that the entities' own writes and the write patterns put into the
// indexes (by name) for which in is true.
func (tr *TableReport) indexWCU(in func(string) bool) (avg, peak float64) {
	for _, ec := range tr.Writes {
		own, ownPeak := ec.own()
		for _, tg := range ec.Targets {
			if in(tg.Index) {
				avg += own * tg.WCU
				peak += ownPeak * tg.WCU
			}
		}
	}
	for _, wc := range tr.WritePatterns {
		for _, w := range wc.Writes {
			for _, tg := range w.Targets {
				if in(tg.Index) {
					avg += wc.Rate * tg.WCU
					peak += wc.PeakRate * tg.WCU
				}
			}
		}
	}
	return avg, peak
}

// displayIndex is "the table" or "GSI NAME".
func displayIndex(ix *hclschema.Index) string {
	if ix.Kind == hclschema.IndexPrimary {
		return "the table"
	}
	return ix.DisplayName()
}
