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
	return out
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
