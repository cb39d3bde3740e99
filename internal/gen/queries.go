package gen

import (
	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// Query is the query builder of an entity in a GSI with a multi-attribute
// key and a sort key that one of the schema's access patterns reads for it
// (so the application's IAM policy already allows it): the partition key
// from the entity's attributes, then one step per sort key attribute, left
// to right, each an equality that leads to the next step or a range
// condition that ends the query. A query DynamoDB would refuse (a gap, a
// condition after a range) has no method, so it does not compile. Indexes
// with one sort key attribute are read through the access patterns alone.
type Query struct {
	// Name is the builder's name (ticket by region query).
	Name   Name
	Entity *Entity
	Index  *Index
	// Key is the entity's key builder of the index: its key values, and
	// the parameters of each depth (KeyPrefix).
	Key *KeyBuilder
	// Result is what the query returns of the entity's items: the fields
	// the index projects, and the key checks recognising them.
	Result *Result
	// Steps are the sort key attributes, one per depth.
	Steps []*QueryStep
	// Prefix is the request of the partition key alone.
	Prefix *dynamo.ReadShape
}

// QueryStep is the condition a query can put on sort key attribute Attr at
// depth Depth (the partition key and the Depth attributes before it fixed
// by equality).
type QueryStep struct {
	Depth int
	Value *KeyValue
	// Conditions are the requests of each operator on the attribute: OpEq
	// (whose shape fixes the attribute, and leads to the next step), and
	// the range operators (begins_with only on a string).
	Conditions []*QueryCondition
}

// QueryCondition is one operator on a step's attribute and the request
// that sends it.
type QueryCondition struct {
	Op    hclschema.ConditionOp
	Shape *dynamo.ReadShape
}

// queries builds the query builders: for every access pattern's index with
// a sort key and every entity the pattern returns that writes the index's
// key, once.
func (b *builder) queries() {
	seen := map[[2]string]bool{}
	for _, r := range b.api.Reads {
		ix := r.Pattern.Index
		if ix == nil || len(ix.SortKey) == 0 || !ix.MultiAttribute() {
			continue
		}
		for _, res := range r.Results {
			e := res.Entity
			k := [2]string{e.SchemaName, ix.Name}
			if seen[k] || e.Guard != nil {
				continue
			}
			seen[k] = true
			var kb *KeyBuilder
			for _, x := range e.Keys {
				if x.Index == r.Index {
					kb = x
				}
			}
			if kb == nil || !e.Model.WritesKeyOf(ix) {
				continue
			}
			q := &Query{Name: Join(e.Name, indexWord(r.Index), Name{"query"}), Entity: e, Index: r.Index, Key: kb}
			q.Result = b.queryResult(q, ix)
			var err error
			if q.Prefix, err = dynamo.KeyQuery(ix, 0, ""); err != nil {
				b.diags = append(b.diags, diag.Errorf(CodeExpression, &e.Range, "Query not reproducible", "The query builder of %q in %s cannot be rendered: %s.", e.SchemaName, ix.DisplayName(), err))
				return
			}
			pk := len(ix.PartitionKey)
			for d, k := range ix.SortKey {
				st := &QueryStep{Depth: d, Value: kb.Values[pk+d]}
				ops := []hclschema.ConditionOp{hclschema.OpEq, hclschema.OpLT, hclschema.OpLE, hclschema.OpGT, hclschema.OpGE, hclschema.OpBetween}
				if k.Type == hclschema.TypeS {
					ops = append(ops, hclschema.OpBeginsWith)
				}
				for _, op := range ops {
					s, err := dynamo.KeyQuery(ix, d, op)
					if err != nil {
						b.diags = append(b.diags, diag.Errorf(CodeExpression, &e.Range, "Query not reproducible", "The query builder of %q in %s cannot be rendered: %s.", e.SchemaName, ix.DisplayName(), err))
						return
					}
					st.Conditions = append(st.Conditions, &QueryCondition{Op: op, Shape: s})
				}
				q.Steps = append(q.Steps, st)
			}
			b.api.Queries = append(b.api.Queries, q)
		}
	}
}

// indexWord names an index in a builder's name: by and the index's name
// (ByStatus stays ByStatus), nothing for the table.
func indexWord(ix *Index) Name {
	if ix.Kind == IndexPrimary {
		return nil
	}
	if len(ix.Name) > 0 && ix.Name[0] == "by" {
		return ix.Name
	}
	return Join(Name{"by"}, ix.Name)
}

// queryResult is what a query of index ix returns of q's entity: the
// fields the index projects (a type of its own when fewer than the
// entity's), recognised by the entity's key.
func (b *builder) queryResult(q *Query, ix *hclschema.Index) *Result {
	e := q.Entity
	res := &Result{Entity: e}
	has := map[*Field]bool{}
	for _, f := range e.Fields {
		if ix.Projects(f.Attr) {
			res.Fields = append(res.Fields, f)
			has[f] = true
		}
	}
	if len(res.Fields) < len(e.Fields) {
		res.Type = Join(e.Name, indexWord(q.Index), Name{"item"})
	}
	res.Checks = keyChecks(e, has)
	return res
}

// keyChecks are the checks that recognise a stored item of e by its key
// when the read returns the fields in has: a key attribute recomputed when
// every field its template reads is returned, else compared with the
// template's literal prefix.
func keyChecks(e *Entity, has map[*Field]bool) []*KeyCheck {
	var out []*KeyCheck
	for _, kv := range e.Primary {
		c := &KeyCheck{Value: kv}
		switch {
		case kv.Field != nil:
			c.Recompute = has[kv.Field]
		case kv.Expr != nil:
			c.Recompute = true
			for _, f := range kv.Reads {
				c.Recompute = c.Recompute && has[f]
			}
			if tpl := e.Model.Key.Template(kv.Attr); tpl != nil {
				c.Prefix, c.Exact = tpl.Expr.LiteralPrefix()
			}
		}
		out = append(out, c)
	}
	return out
}
