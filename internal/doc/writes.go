package doc

import (
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
)

// writePatterns writes the table's write patterns: operations, entities,
// conditions (as written: the condition's text from hclschema), the items
// each call touches and its write units, both from package cost. A table
// no write pattern writes gets no section.
func (g *gen) writePatterns(t *hclschema.Table) {
	var rows [][]string
	for _, w := range g.s.WritePatterns {
		if w.Table != t || w.Incomplete {
			continue
		}
		rows = append(rows, g.writeRow(w, g.writeCost(t, w.Name)))
	}
	if len(rows) == 0 {
		return
	}
	g.printf("### Write patterns\n\n")
	g.grid([]string{"Write pattern", "Description", "Operation", "Entity", "Inputs", "Condition", "Update", "Items touched per call", "WCU per call"}, rows)
	g.printf("Items touched: the table and each index the write changes, with the writes per call (an index's share of the entity's example items; 2 where an update changes the entry's key: a delete and a put). A write whose condition fails still consumes write units in the table.\n\n")
}

// writeRow is one row of the write-pattern table.
func (g *gen) writeRow(w *hclschema.WritePattern, wc *cost.WritePatternCost) []string {
	var ops, ents, conds, updates, touched []string
	var written []*hclschema.Entity
	several := len(w.Writes) > 1
	for _, wr := range w.Writes {
		// A labelled write of a transaction is named by its label, the name
		// its inputs are read under (input.line.Quantity); the Entity
		// column says which entity the label writes.
		who := wr.Entity.Name
		if wr.Label != "" {
			who = wr.Label
		}
		if u := updateText(wr); u != "" {
			if several {
				u = who + ": " + u
			}
			updates = append(updates, u)
		}
		ops = append(ops, wr.Op.APIName())
		written = append(written, wr.Entity)
		name := wr.Entity.Name
		if wr.Label != "" {
			name = wr.Label + ": " + name
		}
		if wr.Guard != nil {
			name += " (guard of unique " + code(wr.Guard.Display()) + ")"
		}
		ents = append(ents, name)
		if wr.Condition != nil {
			c := code(wr.Condition.Text)
			if several {
				c = who + ": " + c
			}
			conds = append(conds, c)
		}
	}
	op := strings.Join(ops, ", ")
	if w.Transaction {
		op = "TransactWriteItems (" + op + ")"
	}
	wcu := none
	if wc != nil {
		for _, c := range wc.Writes {
			touched = append(touched, c.TouchedText())
		}
		wcu = num(wc.WCU)
		if wc.Transaction {
			wcu += " (transaction: " + num(cost.TransactionFactor) + "x)"
		}
	}
	desc := w.Description
	if desc == "" {
		desc = none
	}
	cond := none
	if len(conds) > 0 {
		cond = strings.Join(conds, "; ")
	}
	update := none
	if len(updates) > 0 {
		update = strings.Join(updates, "; ")
	}
	return []string{w.Name, desc, op, strings.Join(ents, ", "), inputList(w.Inputs, written), cond, update, strings.Join(touched, "; "), wcu}
}

// updateText writes an update's actions as the schema writes them, each
// with the part of the item it changes: set Detail.Payments =
// list_append(Detail.Payments, [input.payment]), add version + 1, remove
// note; "" for a put or delete.
func updateText(wr *hclschema.Write) string {
	var parts []string
	for _, ua := range wr.Set {
		parts = append(parts, code("set "+hclschema.PathText(ua.Path)+" = "+ua.Value.Text))
	}
	for _, ua := range wr.Add {
		parts = append(parts, code("add "+hclschema.PathText(ua.Path)+" + "+ua.Value.Text))
	}
	for _, ua := range wr.Remove {
		parts = append(parts, code("remove "+hclschema.PathText(ua.Path)))
	}
	return strings.Join(parts, ", ")
}

// estimate returns the cost estimate of the schema, computed once.
func (g *gen) estimate() *cost.Report {
	if g.report == nil {
		g.report = cost.Estimate(g.s, nil)
	}
	return g.report
}

// tableCost returns the estimate of table t, or nil.
func (g *gen) tableCost(t *hclschema.Table) *cost.TableReport {
	for _, x := range g.estimate().Tables {
		if x.Table == t.Label {
			return x
		}
	}
	return nil
}

// writeCost returns the estimate of the named write pattern of t, or nil.
func (g *gen) writeCost(t *hclschema.Table, name string) *cost.WritePatternCost {
	if tr := g.tableCost(t); tr != nil {
		for _, wc := range tr.WritePatterns {
			if wc.Pattern == name {
				return wc
			}
		}
	}
	return nil
}
