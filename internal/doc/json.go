package doc

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
)

// Document is the design document as data (tfdyn doc --format json): per
// table its access and write patterns, and the capacity and cost estimate
// of the declared workload, so that a script (a PR comment) can show how a
// change moves them.
type Document struct {
	// Files are the schema's file names.
	Files  []string        `json:"files"`
	Tables []TableDocument `json:"tables"`
	// Cost is the estimate of package cost (what the Markdown's "Capacity
	// and cost" sections show); nil when the schema declares no workload.
	Cost *cost.Report `json:"cost,omitempty"`
}

// TableDocument is one table of a Document.
type TableDocument struct {
	Table       string `json:"table"`
	Name        string `json:"name"`
	BillingMode string `json:"billing_mode"`
	TableClass  string `json:"table_class,omitempty"`
	// Indexes are the secondary indexes' names, GSIs then LSIs.
	Indexes        []string               `json:"indexes"`
	Entities       []string               `json:"entities"`
	AccessPatterns []AccessPatternDoc     `json:"access_patterns"`
	WritePatterns  []WritePatternDocument `json:"write_patterns,omitempty"`
	// Graph is what the Markdown's diagrams draw (graph.go).
	Graph Graph `json:"graph"`
}

// AccessPatternDoc is one row of the access-pattern table.
type AccessPatternDoc struct {
	Name         string   `json:"name"`
	Description  string   `json:"description,omitempty"`
	Returns      []string `json:"returns"`
	Cardinality  string   `json:"cardinality,omitempty"`
	Operation    string   `json:"operation"`
	Index        string   `json:"index"`
	KeyCondition string   `json:"key_condition"`
	// Inputs maps each input to its type (an enum's values spelled out).
	Inputs     map[string]string `json:"inputs,omitempty"`
	Descending bool              `json:"descending,omitempty"`
	Limit      int64             `json:"limit,omitempty"`
	Filter     string            `json:"filter,omitempty"`
	Attributes []string          `json:"attributes,omitempty"`
}

// WritePatternDocument is one row of the write-pattern table.
type WritePatternDocument struct {
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Transaction bool     `json:"transaction"`
	Operations  []string `json:"operations"`
	Entities    []string `json:"entities"`
	// Conditions are the writes' conditions as written, "" for none.
	Conditions []string `json:"conditions"`
}

// JSON writes the design document of schema s to w as indented JSON.
func JSON(w io.Writer, s *hclschema.Schema) error {
	g := &gen{s: s}
	d := Document{Files: []string{}, Tables: []TableDocument{}}
	for name := range s.Files {
		d.Files = append(d.Files, filepath.Base(name))
	}
	sort.Strings(d.Files)
	for _, t := range s.Tables {
		d.Tables = append(d.Tables, g.tableDocument(t))
	}
	if s.HasWorkload() {
		d.Cost = g.estimate()
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		return fmt.Errorf("doc: write json: %w", err)
	}
	return nil
}

func (g *gen) tableDocument(t *hclschema.Table) TableDocument {
	spec := t.Spec()
	td := TableDocument{Table: t.Label, Name: spec.Name, BillingMode: spec.BillingMode, TableClass: spec.TableClass,
		Indexes: append(spec.GSINames(), spec.LSINames()...), Entities: []string{}, AccessPatterns: []AccessPatternDoc{}}
	for _, e := range t.Entities {
		td.Entities = append(td.Entities, e.Name)
	}
	for _, p := range g.s.Patterns {
		if p.Table != t || p.Index == nil {
			continue
		}
		ap := AccessPatternDoc{Name: p.Name, Description: p.Description, Returns: []string{}, Cardinality: string(p.Cardinality),
			Operation: string(p.Operation()), Index: p.Index.Name, KeyCondition: g.keyCondition(p),
			Descending: p.Descending && p.Operation() != hclschema.OpGetItem, Limit: p.Limit, Attributes: p.Attributes}
		for _, e := range p.Entities {
			ap.Returns = append(ap.Returns, e.Name)
		}
		if p.Filter != nil {
			ap.Filter = p.Filter.Text
		}
		for _, in := range p.Inputs {
			if ap.Inputs == nil {
				ap.Inputs = map[string]string{}
			}
			ap.Inputs[in.Name] = inputType(p.Entities, in)
		}
		td.AccessPatterns = append(td.AccessPatterns, ap)
	}
	for _, w := range g.s.WritePatterns {
		if w.Table != t || w.Incomplete {
			continue
		}
		wd := WritePatternDocument{Name: w.Name, Description: w.Description, Transaction: w.Transaction,
			Operations: []string{}, Entities: []string{}, Conditions: []string{}}
		for _, wr := range w.Writes {
			wd.Operations = append(wd.Operations, wr.Op.APIName())
			wd.Entities = append(wd.Entities, wr.Entity.Name)
			cond := ""
			if wr.Condition != nil {
				cond = wr.Condition.Text
			}
			wd.Conditions = append(wd.Conditions, cond)
		}
		td.WritePatterns = append(td.WritePatterns, wd)
	}
	td.Graph = TableGraph(g.s, t)
	return td
}
