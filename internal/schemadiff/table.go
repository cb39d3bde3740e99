package schemadiff

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
)

// specChange is one difference between the table specs of one table in
// BASE and HEAD (hclschema.TableSpec: every setting the table gets, with
// defaults applied, as emit writes it). The differ turns it into a Change
// with the table's or index's address, ranges, patterns and entities.
type specChange struct {
	Code Code
	// Index is the GSI the change is about, "" for the table.
	Index   string
	Summary string
	Detail  string
	// Reasons are the clauses of Detail that say what changed (SD504, SD505).
	Reasons []string
}

// compareSpecs compares the specs of table label in BASE (b) and HEAD (h).
// Every field of the spec counts (tablespectest.Check holds it to that).
func compareSpecs(label string, b, h hclschema.TableSpec) []specChange {
	var out []specChange
	add := func(code Code, index, summary, detail string, args ...any) {
		out = append(out, specChange{Code: code, Index: index, Summary: summary, Detail: fmt.Sprintf(detail, args...)})
	}
	var why []string
	if b.Name != h.Name {
		why = append(why, fmt.Sprintf("the DynamoDB name changes from %q to %q", b.Name, h.Name))
	}
	if bk, hk := keyList(b.Key.Partition), keyList(h.Key.Partition); bk != hk {
		why = append(why, fmt.Sprintf("the partition key changes from %s to %s", bk, hk))
	}
	if bk, hk := keyList(b.Key.Sort), keyList(h.Key.Sort); bk != hk {
		why = append(why, fmt.Sprintf("the sort key changes from %s to %s", bk, hk))
	}
	if len(why) > 0 {
		add(TableReplaced, "", fmt.Sprintf("table %q replaced", label),
			"In table %q %s. DynamoDB cannot change a table's name or key schema: Terraform deletes the table with every item and creates a new one. Copy the data to a new table instead.",
			label, strings.Join(why, "; "))
		out[len(out)-1].Reasons = why
	}
	out = append(out, compareSettings(label, b, h)...)
	// LSIs: any difference replaces the table.
	var lsiWhy []string
	for _, bl := range b.LSIs {
		hl := findLSI(h.LSIs, bl.Name)
		switch {
		case hl == nil:
			lsiWhy = append(lsiWhy, fmt.Sprintf("LSI %q is removed", bl.Name))
		case lsiShape(b, bl) != lsiShape(h, *hl):
			lsiWhy = append(lsiWhy, fmt.Sprintf("LSI %q changes (%s → %s)", bl.Name, lsiShape(b, bl), lsiShape(h, *hl)))
		}
	}
	for _, hl := range h.LSIs {
		if findLSI(b.LSIs, hl.Name) == nil {
			lsiWhy = append(lsiWhy, fmt.Sprintf("LSI %q is added", hl.Name))
		}
	}
	if len(lsiWhy) > 0 {
		add(LSIChanged, "", fmt.Sprintf("LSIs of table %q changed", label),
			"In table %q %s. DynamoDB creates LSIs only with the table: Terraform deletes the table with every item and creates a new one. Copy the data to a new table instead.",
			label, strings.Join(lsiWhy, "; "))
		out[len(out)-1].Reasons = lsiWhy
	}
	for _, bg := range b.GSIs {
		hg := findGSI(h.GSIs, bg.Name)
		if hg == nil {
			add(GSIRemoved, bg.Name, fmt.Sprintf("GSI %q of table %q removed", bg.Name, label),
				"GSI %q is no longer in table %q: DynamoDB deletes the index. The items keep the attributes they wrote for it.", bg.Name, label)
			continue
		}
		if bs, hs := gsiShape(bg), gsiShape(*hg); bs != hs {
			add(GSIRebuilt, hg.Name, fmt.Sprintf("GSI %q of table %q rebuilt", hg.Name, label),
				"GSI %q changes from %s to %s. DynamoDB cannot change an index's keys or projection: it is deleted and created again, and its queries fail or return partial results until the new index has backfilled.",
				hg.Name, bs, hs)
			continue
		}
		// The effective capacity (its own, or the table's): a change of the
		// table's capacity changes an index that inherits it too.
		if b.Provisioned() && h.Provisioned() && bg.Capacity != hg.Capacity {
			add(SettingChanged, hg.Name, fmt.Sprintf("capacity of GSI %q changed", hg.Name),
				"The provisioned capacity of GSI %q changes from %d read / %d write to %d read / %d write units.",
				hg.Name, bg.Capacity.Read, bg.Capacity.Write, hg.Capacity.Read, hg.Capacity.Write)
		}
		out = append(out, compareThroughput(label, hg.Name, bg.OnDemand, hg.OnDemand, bg.Warm, hg.Warm)...)
	}
	for _, hg := range h.GSIs {
		if findGSI(b.GSIs, hg.Name) != nil {
			continue
		}
		// Entities that join through templates are SD201 each; the index itself
		// is additive: DynamoDB fills it from the attributes items have.
		add(GSIAdded, hg.Name, fmt.Sprintf("GSI %q added to table %q", hg.Name, label),
			"GSI %q (%s) is new: DynamoDB creates it and fills it from the items that already have its key attributes. Items that get these attributes only from templates need a backfill (SD201).",
			hg.Name, gsiShape(hg))
	}
	return out
}

// compareSettings compares the table's settings other than keys and
// indexes: billing and capacity, class, encryption, tags (SD106), the
// protections and the stream (SD106 on, SD507 off or changed), TTL
// (SD106 on, SD305 changed or off).
func compareSettings(label string, b, h hclschema.TableSpec) []specChange {
	var out []specChange
	var safe []string
	if b.BillingMode != h.BillingMode {
		safe = append(safe, fmt.Sprintf("billing mode %s → %s", b.BillingMode, h.BillingMode))
	}
	if b.Capacity != h.Capacity {
		safe = append(safe, fmt.Sprintf("capacity %d/%d → %d/%d", b.Capacity.Read, b.Capacity.Write, h.Capacity.Read, h.Capacity.Write))
	}
	if b.TableClass != h.TableClass {
		safe = append(safe, fmt.Sprintf("table class %s → %s", b.TableClass, h.TableClass))
	}
	if sseKey(b.SSE) != sseKey(h.SSE) {
		safe = append(safe, fmt.Sprintf("encryption %s → %s", sseKey(b.SSE), sseKey(h.SSE)))
	}
	if tagString(b.Tags) != tagString(h.Tags) {
		safe = append(safe, fmt.Sprintf("tags %s → %s", tagString(b.Tags), tagString(h.Tags)))
	}
	if !b.PointInTimeRecovery && h.PointInTimeRecovery {
		safe = append(safe, "point-in-time recovery turned on")
	}
	if !b.DeletionProtection && h.DeletionProtection {
		safe = append(safe, "deletion protection turned on")
	}
	if b.StreamViewType == "" && h.StreamViewType != "" {
		safe = append(safe, "stream turned on ("+h.StreamViewType+")")
	}
	if b.TTLAttribute == "" && h.TTLAttribute != "" {
		safe = append(safe, fmt.Sprintf("TTL turned on (attribute %q)", h.TTLAttribute))
	}
	var shortened []string
	if b.PointInTimeRecovery && h.PointInTimeRecovery && b.RecoveryDays != h.RecoveryDays {
		if h.RecoveryDays > b.RecoveryDays {
			safe = append(safe, fmt.Sprintf("point-in-time recovery period %d → %d days", b.RecoveryDays, h.RecoveryDays))
		} else {
			shortened = append(shortened, fmt.Sprintf("the point-in-time recovery period is shortened from %d to %d days (recovery points older than %d days are deleted)", b.RecoveryDays, h.RecoveryDays, h.RecoveryDays))
		}
	}
	gsafe, goff, global := compareGlobal(label, b, h)
	safe = append(safe, gsafe...)
	psafe, policy := comparePolicy(label, b.ResourcePolicy, h.ResourcePolicy)
	safe = append(safe, psafe...)
	if len(safe) > 0 {
		out = append(out, specChange{Code: SettingChanged, Summary: fmt.Sprintf("settings of table %q changed", label),
			Detail: fmt.Sprintf("Table %q changes: %s. No item is lost.", label, strings.Join(safe, "; "))})
	}
	var off []string
	switch {
	case b.StreamViewType != "" && h.StreamViewType == "":
		off = append(off, "the stream is turned off (consumers stop receiving changes and its records are lost)")
	case b.StreamViewType != "" && b.StreamViewType != h.StreamViewType:
		off = append(off, fmt.Sprintf("the stream view type changes from %s to %s (the stream is replaced: consumers must move to the new stream ARN)", b.StreamViewType, h.StreamViewType))
	}
	if b.PointInTimeRecovery && !h.PointInTimeRecovery {
		off = append(off, "point-in-time recovery is turned off (its backups are deleted)")
	}
	if b.DeletionProtection && !h.DeletionProtection {
		off = append(off, "deletion protection is turned off")
	}
	off = append(append(off, shortened...), goff...)
	if len(off) > 0 {
		out = append(out, specChange{Code: ProtectionOff, Summary: fmt.Sprintf("protection of table %q reduced", label),
			Detail: fmt.Sprintf("In table %q %s.", label, strings.Join(off, "; "))})
	}
	if b.TTLAttribute != "" && b.TTLAttribute != h.TTLAttribute {
		what := fmt.Sprintf("TTL is turned off: items with %q no longer expire", b.TTLAttribute)
		if h.TTLAttribute != "" {
			what = fmt.Sprintf("the TTL attribute changes from %q to %q: existing items expire only when they get %q", b.TTLAttribute, h.TTLAttribute, h.TTLAttribute)
		}
		out = append(out, specChange{Code: TTLChanged, Summary: fmt.Sprintf("TTL of table %q changed", label),
			Detail: fmt.Sprintf("In table %q %s.", label, what)})
	}
	out = append(out, global...)
	out = append(out, policy...)
	return append(out, compareThroughput(label, "", b.OnDemand, h.OnDemand, b.Warm, h.Warm)...)
}

func keyList(ks []hclschema.KeyAttr) string {
	var parts []string
	for _, k := range ks {
		parts = append(parts, k.Name+" ("+k.Type+")")
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func sseKey(sse *hclschema.SSESpec) string {
	switch {
	case sse == nil:
		return "AWS owned key"
	case sse.KMSKeyARN == "":
		return "AWS managed key"
	}
	return sse.KMSKeyARN
}

func tagString(m map[string]string) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"="+m[k])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// shape renders what DynamoDB cannot change in place of an index: the key
// schema with types, and the projection.
func shape(k hclschema.Key, p hclschema.Projection) string {
	s := "keys [" + keyList(k.Partition) + "] / [" + keyList(k.Sort) + "], projection " + p.Type
	if p.Type == hclschema.ProjectInclude {
		inc := append([]string{}, p.NonKeyAttributes...)
		sort.Strings(inc)
		s += " [" + strings.Join(inc, ", ") + "]"
	}
	return s
}

func gsiShape(g hclschema.GSISpec) string { return shape(g.Key, g.Projection) }

func lsiShape(s hclschema.TableSpec, l hclschema.LSISpec) string {
	return shape(l.Key(s.Key), l.Projection)
}

func findGSI(gs []hclschema.GSISpec, name string) *hclschema.GSISpec {
	for i := range gs {
		if gs[i].Name == name {
			return &gs[i]
		}
	}
	return nil
}

func findLSI(ls []hclschema.LSISpec, name string) *hclschema.LSISpec {
	for i := range ls {
		if ls[i].Name == name {
			return &ls[i]
		}
	}
	return nil
}

// capText renders a cap: "read 2000, write uncapped request units/s".
func capText(t *hclschema.Throughput) string {
	if t == nil {
		return "uncapped"
	}
	side := func(n int64) string {
		if n == 0 {
			return "uncapped"
		}
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("read %s, write %s request units/s", side(t.Read), side(t.Write))
}

// capChange compares caps b and h: lowered is true when a side gets a cap
// it did not have or a lower one (requests above it are throttled).
func capChange(b, h *hclschema.Throughput) (changed, lowered bool) {
	side := func(x *hclschema.Throughput, read bool) int64 {
		switch {
		case x == nil:
			return 0
		case read:
			return x.Read
		}
		return x.Write
	}
	for _, read := range []bool{true, false} {
		bv, hv := side(b, read), side(h, read)
		if bv != hv {
			changed = true
		}
		if hv != 0 && (bv == 0 || hv < bv) {
			lowered = true
		}
	}
	return changed, lowered
}

func warmText(t *hclschema.Throughput) string {
	if t == nil {
		return "DynamoDB's"
	}
	side := func(n int64) string {
		if n == 0 {
			return "DynamoDB's"
		}
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("read %s, write %s units/s", side(t.Read), side(t.Write))
}

// warmChange compares warm throughputs: lowered is true when a declared
// side gets a lower value (DynamoDB only raises warm throughput).
func warmChange(b, h *hclschema.Throughput) (changed, lowered bool) {
	if b == nil || h == nil {
		return (b == nil) != (h == nil), false
	}
	lowered = h.Read != 0 && h.Read < b.Read || h.Write != 0 && h.Write < b.Write
	return *b != *h, lowered
}

// compareThroughput compares the caps and warm throughput of the table
// (index "") or a GSI.
func compareThroughput(label, index string, bCap, hCap, bWarm, hWarm *hclschema.Throughput) []specChange {
	var out []specChange
	what := fmt.Sprintf("table %q", label)
	if index != "" {
		what = fmt.Sprintf("GSI %q of table %q", index, label)
	}
	if changed, lowered := capChange(bCap, hCap); changed {
		code, detail := SettingChanged, "No request is throttled that was not before."
		if lowered {
			code, detail = CapLowered, "Requests above the new cap are throttled: readers and writers that need more get ThrottlingException until the cap is raised again."
		}
		out = append(out, specChange{Code: code, Index: index, Summary: fmt.Sprintf("throughput cap of %s changed", what),
			Detail: fmt.Sprintf("The on-demand throughput cap of %s changes from %s to %s. %s", what, capText(bCap), capText(hCap), detail)})
	}
	if changed, lowered := warmChange(bWarm, hWarm); changed {
		code, detail := SettingChanged, "DynamoDB prepares the new throughput; nothing is lost."
		if hWarm == nil {
			detail = "DynamoDB keeps the warm throughput it has (it is never lowered)."
		}
		if lowered {
			code, detail = WarmLowered, "DynamoDB cannot lower warm throughput: for the table the provider deletes and recreates it with every item, for an index the apply fails. Keep the current value."
		}
		out = append(out, specChange{Code: code, Index: index, Summary: fmt.Sprintf("warm throughput of %s changed", what),
			Detail: fmt.Sprintf("The warm throughput of %s changes from %s to %s. %s", what, warmText(bWarm), warmText(hWarm), detail)})
	}
	return out
}

// compareGlobal compares the replicas, consistency mode and witness of a
// global table: a replica removed or recreated (another KMS key) deletes
// that region's copy (SD508); a consistency mode or witness change, or
// strong consistency added to a table that exists, needs the replicas or
// the table created again (SD509).
func compareGlobal(label string, b, h hclschema.TableSpec) (safe, off []string, out []specChange) {
	breps := map[string]hclschema.ReplicaSpec{}
	for _, r := range b.Replicas {
		breps[r.Region] = r
	}
	hreps := map[string]bool{}
	for _, hr := range h.Replicas {
		hreps[hr.Region] = true
		br, ok := breps[hr.Region]
		switch {
		case !ok:
			safe = append(safe, fmt.Sprintf("replica in %s added (DynamoDB copies the table there)", hr.Region))
			continue
		case br.KMSKeyARN != hr.KMSKeyARN:
			out = append(out, specChange{Code: ReplicaRemoved, Summary: fmt.Sprintf("replica in %s of table %q recreated", hr.Region, label),
				Detail: fmt.Sprintf("The KMS key of the replica of table %q in %s changes from %s to %s: the provider deletes the replica, with its copy of the data, and creates it again; reads and writes in %s fail until DynamoDB has copied the table again.",
					label, hr.Region, orDefault(br.KMSKeyARN), orDefault(hr.KMSKeyARN), hr.Region)})
		}
		switch {
		case !br.PointInTimeRecovery && hr.PointInTimeRecovery:
			safe = append(safe, fmt.Sprintf("point-in-time recovery of the replica in %s turned on", hr.Region))
		case br.PointInTimeRecovery && !hr.PointInTimeRecovery:
			off = append(off, fmt.Sprintf("point-in-time recovery of the replica in %s is turned off (its backups are deleted)", hr.Region))
		}
		switch {
		case !br.DeletionProtection && hr.DeletionProtection:
			safe = append(safe, fmt.Sprintf("deletion protection of the replica in %s turned on", hr.Region))
		case br.DeletionProtection && !hr.DeletionProtection:
			off = append(off, fmt.Sprintf("deletion protection of the replica in %s is turned off", hr.Region))
		}
		if br.PropagateTags != hr.PropagateTags {
			safe = append(safe, fmt.Sprintf("tag propagation to the replica in %s turned %s", hr.Region, onOffWord(hr.PropagateTags)))
		}
	}
	for _, br := range b.Replicas {
		if !hreps[br.Region] {
			out = append(out, specChange{Code: ReplicaRemoved, Summary: fmt.Sprintf("replica in %s of table %q removed", br.Region, label),
				Detail: fmt.Sprintf("The replica of table %q in %s is no longer declared: DynamoDB deletes it with its copy of every item, and readers and writers in %s lose the table.", label, br.Region, br.Region)})
		}
	}
	var why []string
	switch {
	case b.Global() && h.Global() && b.ConsistencyMode != h.ConsistencyMode:
		why = append(why, fmt.Sprintf("its consistency mode changes from %s to %s, which DynamoDB fixes when the global table is created: the provider recreates the replicas", b.ConsistencyMode, h.ConsistencyMode))
	case !b.Global() && h.ConsistencyMode == hclschema.MultiRegionStrong:
		why = append(why, "it becomes a strongly consistent global table, which DynamoDB creates only from an empty table: copy the items into a new table instead")
	}
	if b.WitnessRegion != h.WitnessRegion && (b.WitnessRegion != "" || h.WitnessRegion != "") {
		why = append(why, fmt.Sprintf("its witness region changes from %s to %s", orNoneWord(b.WitnessRegion), orNoneWord(h.WitnessRegion)))
	}
	if len(why) > 0 {
		out = append(out, specChange{Code: ConsistencyChanged, Summary: fmt.Sprintf("global table %q changes consistency", label),
			Detail: fmt.Sprintf("Table %q: %s.", label, strings.Join(why, "; ")), Reasons: why})
	}
	return safe, off, out
}

// comparePolicy compares resource policies: added is safe, removed or
// changed may take access from the principals it granted (SD405).
func comparePolicy(label string, b, h *hclschema.PolicySpec) (safe []string, out []specChange) {
	switch {
	case b == nil && h == nil:
	case b == nil:
		safe = append(safe, "resource policy added")
	case h == nil:
		out = append(out, specChange{Code: PolicyChanged, Summary: fmt.Sprintf("resource policy of table %q removed", label),
			Detail: fmt.Sprintf("Table %q no longer has a resource policy: principals of other accounts that it granted access lose it, and what it denied is allowed again by identity policies.", label)})
	case *b != *h:
		out = append(out, specChange{Code: PolicyChanged, Summary: fmt.Sprintf("resource policy of table %q changed", label),
			Detail: fmt.Sprintf("The resource policy of table %q changes (%s → %s): review which principals gain or lose access.", label, policyText(b), policyText(h))})
	}
	return safe, out
}

func policyText(p *hclschema.PolicySpec) string {
	if p.Kind == hclschema.PolicyReference {
		return p.Text
	}
	return fmt.Sprintf("a JSON document of %d bytes", len(p.Text))
}

func orDefault(s string) string {
	if s == "" {
		return "the default key"
	}
	return s
}

func orNoneWord(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func onOffWord(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
