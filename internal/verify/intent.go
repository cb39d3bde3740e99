package verify

import (
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// Checks of the schema's intent, beyond DynamoDB's semantics: DynamoDB Local
// and the oracle agree on what a query returns, but a design can still be
// wrong for its author. These catch the usual slips.

// sourceMissing checks that the example item whose attributes gave the
// inputs is in the result: a pattern asked with an item's own values should
// find it (unless a filter or the limit leaves it out). It explains why an
// item is missing: not in the index (sparse condition) or outside the key
// condition.
func sourceMissing(p *hclschema.AccessPattern, b *hclschema.Bound, src *hclschema.Item, live dynamo.ReadResult) string {
	if src == nil || !p.ReturnsEntity(src.Entity) || p.Filter != nil {
		return ""
	}
	// A sort key condition or a sparse condition may leave the item out by
	// design (open issues only, say); a partition that the item's own values
	// cannot reach, or an index its entity never writes, is a mistake.
	ei := src.Entity.IndexBlock(p.Index.Name)
	if !src.InIndex(p.Index) && ei != nil && ei.When != nil {
		return ""
	}
	if src.InIndex(p.Index) && partitionMatches(b, *src) {
		return ""
	}
	if p.Limit > 0 && int64(len(live.Items)) >= p.Limit {
		return ""
	}
	srcAV, err := dynamo.ItemAV(*src)
	if err != nil {
		return ""
	}
	keys := p.Table.Primary.KeyAttrs()
	want := dynamo.KeyString(srcAV, keys)
	for _, it := range live.Items {
		if dynamo.KeyString(it, keys) == want {
			return ""
		}
	}
	why := fmt.Sprintf("its partition key {%s} differs from the one the pattern builds from its values (%s)",
		dynamo.KeyString(srcAV, p.Index.PartitionKey), dynamo.DescribeKeyCondition(b))
	if !src.InIndex(p.Index) {
		why = fmt.Sprintf("it is not in %s (entity %s writes no key for it)", p.Index.DisplayName(), src.Entity.Name)
	}
	return fmt.Sprintf("the example item {%s} of entity %s, whose attributes gave these inputs, is not in the result: %s",
		want, src.Entity.Name, why)
}

// intendedOrder checks that consecutive items of one entity come back in the
// order their templates promise (numbers by value; see
// oracle.IntendedSortKey). It reports the first pair out of order.
func intendedOrder(p *hclschema.AccessPattern, ds *Dataset, live dynamo.ReadResult) string {
	if len(p.Index.SortKey) == 0 {
		return ""
	}
	type entry struct {
		av  map[string]types.AttributeValue
		key []cty.Value
	}
	last := map[*hclschema.Entity]entry{}
	for _, av := range live.Items {
		e := ds.EntityOf(av)
		if e == nil {
			continue
		}
		it, ok := ds.item(av)
		if !ok {
			continue
		}
		k := oracle.IntendedSortKey(it, p.Index)
		if prev, ok := last[e]; ok {
			c, comparable := oracle.CompareIntended(prev.key, k)
			if comparable && ((!p.Descending && c > 0) || (p.Descending && c < 0)) {
				keys := p.Table.Primary.KeyAttrs()
				return fmt.Sprintf("items of entity %s come back out of the order their sort key template promises: {%s} (%s) before {%s} (%s); "+
					"DynamoDB compares the rendered string, so a number interpolated without zero padding sorts as text (use format(\"%%010d\", n))",
					e.Name, dynamo.KeyString(prev.av, keys), renderTuple(prev.key), dynamo.KeyString(av, keys), renderTuple(k))
			}
		}
		last[e] = entry{av: av, key: k}
	}
	return ""
}

func (d *Dataset) item(av map[string]types.AttributeValue) (hclschema.Item, bool) {
	if i, ok := d.byKey[dynamo.KeyString(av, d.Table.Primary.KeyAttrs())]; ok {
		return d.Items[i], true
	}
	return hclschema.Item{}, false
}

func renderTuple(vs []cty.Value) string {
	s := ""
	for i, v := range vs {
		if i > 0 {
			s += ", "
		}
		if sv, err := convert.Convert(v, cty.String); err == nil && !sv.IsNull() {
			if v.Type() == cty.String {
				s += fmt.Sprintf("%q", sv.AsString())
			} else {
				s += sv.AsString()
			}
		}
	}
	return s
}

// sparseHint points at the sparse conditions that can keep the pattern's
// entities out of its index.
func sparseHint(p *hclschema.AccessPattern) string {
	var hints []string
	for _, e := range p.Entities {
		if ei := e.IndexBlock(p.Index.Name); ei != nil && ei.When != nil {
			hints = append(hints, fmt.Sprintf("the sparse condition of entity %s in %s at %s", e.Name, p.Index.DisplayName(), ei.When.Range()))
		}
	}
	if len(hints) == 0 {
		return ": check the key condition against the templates of " + entityList(p)
	}
	return ": check " + strings.Join(hints, " and ")
}

func entityList(p *hclschema.AccessPattern) string {
	var names []string
	for _, e := range p.Entities {
		names = append(names, e.Name)
	}
	return strings.Join(names, ", ")
}

// partitionMatches reports whether the item satisfies the bound pattern's
// conditions on partition key attributes.
func partitionMatches(b *hclschema.Bound, it hclschema.Item) bool {
	for i, c := range b.Pattern.Conditions {
		if !b.Pattern.Index.IsPartitionKey(c.Attr) {
			continue
		}
		v, ok := it.Attrs[c.Attr]
		if !ok {
			return false
		}
		if cmp, ok := hclschema.Compare(v, b.Operands[i][0]); !ok || cmp != 0 {
			return false
		}
	}
	return true
}

// limitIntent checks that a pattern with a limit keeps the first items by
// the sort attributes' own values, over every candidate item of the
// dataset (examples and generated data), also when it keeps one item (see
// oracle.LimitViolation). The live result equals the oracle's (checked
// before), so the dataset decides.
func limitIntent(b *hclschema.Bound, ds *Dataset) string {
	kept, missed, bad := oracle.LimitViolation(b, ds.Items)
	if !bad {
		return ""
	}
	n := oracle.NewNamer(ds.Table)
	return fmt.Sprintf("limit = %d keeps %s but leaves out %s, which comes first by the sort key's own values: %s; "+
		"pad numbers in the sort key to a fixed width (format(\"%%010d\", n)) or use a number sort key",
		b.Pattern.Limit, n.Name(kept), n.Name(missed), oracle.OrderReason(b.Pattern.Index, b.Pattern.Descending, kept, missed, n))
}

// prefixIntent checks that a begins_with key condition ending in an input
// named like an attribute (begins_with(SK, "ISSUE#${number}")) reads only
// the items with that value, over the candidate items of the dataset (see
// oracle.PrefixBoundary): the example items, and the generated items whose
// value of that attribute is a number (verify's numbers cross magnitudes:
// 1, 10, 100). Generated strings do not count: verify made their longer
// values up ("o-1-g000", and "2024-01-g003" for a month no real item has);
// lint TD154 checks the examples' strings. A pattern whose TD154 the schema
// accepts (a deliberate prefix search) is not checked.
func prefixIntent(s *hclschema.Schema, b *hclschema.Bound, ds *Dataset) string {
	if oracle.PrefixBoundaryAccepted(s, b.Pattern) {
		return ""
	}
	counts := func(i int, x string) bool {
		if i < len(ds.Sources) && ds.Sources[i].Example != nil {
			return true
		}
		return ds.Items[i].Attrs[x].Type() == cty.Number
	}
	bd, bad := oracle.PrefixBoundaryWhere(b, ds.Items, counts)
	if !bad {
		return ""
	}
	return oracle.BoundaryReason(bd, b.Inputs[bd.Attr], oracle.NewNamer(ds.Table)) +
		"; end the prefix with a delimiter (begins_with(\"...${" + bd.Attr + "}#\")) or pad numbers to a fixed width"
}
