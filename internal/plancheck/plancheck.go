package plancheck

import (
	"fmt"
	"sort"

	"github.com/hashicorp/hcl/v2"
	tfjson "github.com/hashicorp/terraform-json"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Family groups rules by what a change does.
type Family string

// Families.
const (
	// Destructive changes lose data or backups.
	Destructive Family = "destructive"
	// Breaking changes break readers, writers or stream consumers.
	Breaking Family = "breaking"
	// DataDependent changes take time or can fail depending on the data.
	DataDependent Family = "data-dependent"
	// Hygiene covers safety settings and agreement with the schema.
	Hygiene Family = "hygiene"
)

// Severity of a finding. An unacknowledged error blocks the apply.
type Severity string

// Severities.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Options control CheckPlan.
type Options struct {
	// Schema is the tfdyn schema the Terraform comes from. Optional: it
	// enables the pattern-aware rule DP204 and the drift rules DP404 and
	// DP405.
	Schema *hclschema.Schema
	// Acks acknowledge intended findings; matching findings do not block.
	Acks []Ack
}

// Finding is one result of a rule on one table.
type Finding struct {
	// Code is the rule's stable code, for example "DP101".
	Code     string
	Family   Family
	Severity Severity
	// Address is the resource instance address, with module path and
	// index, e.g. module.db.aws_dynamodb_table.app["eu"]; a deposed object
	// adds " (deposed object KEY)". "" for a schema table missing from the
	// plan (DP404).
	Address string
	// Table is the DynamoDB table name ("" when unknown until apply).
	Table string
	// Summary is one short line without a final period.
	Summary string
	// Detail is full sentences naming attributes, indexes and patterns.
	Detail string
	// Range points into the schema (table, index or pattern) when
	// Options.Schema was given and the finding relates to it; else nil.
	Range *hcl.Range
	// Acknowledged is the acknowledgement that matched, or nil.
	Acknowledged *Ack
}

// Blocking reports whether the finding blocks the apply: an error that is
// not acknowledged.
func (f *Finding) Blocking() bool { return f.Severity == SeverityError && f.Acknowledged == nil }

// TableChange summarises the planned change of one aws_dynamodb_table
// instance.
type TableChange struct {
	Address string
	// Table is the table name: the prior name, else the planned one.
	Table string
	// NameUnknown is set when the name is known only after apply.
	NameUnknown bool
	// Action is create, update, replace, delete, no-op, read or forget.
	Action string
	// ReplacePaths are the attribute paths that force a replacement.
	ReplacePaths [][]string
}

// Report is the result of CheckPlan.
type Report struct {
	// Findings are sorted by address, then code.
	Findings []Finding
	// Tables are every aws_dynamodb_table instance of the plan, by address.
	Tables []TableChange
	// UnusedAcks are acknowledgements that matched no finding (stale ones
	// should be removed).
	UnusedAcks []Ack
	// TerraformVersion is the version that made the plan.
	TerraformVersion string
	// DocBase is where rule pages are linked (findings.DocURL): tfdyn's
	// documentation at the running version; "" keeps the paths relative to
	// tfdyn's repository (docs/plan-rules/DP101.md).
	DocBase string `json:"-"`
}

// Blocking returns the findings that block the apply.
func (r *Report) Blocking() []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Blocking() {
			out = append(out, f)
		}
	}
	return out
}

// CheckPlan runs every rule on the aws_dynamodb_table changes of plan:
// tables in the root module and nested modules, count and for_each
// instances alike. Unknown values are treated conservatively. It fails
// only when plan is nil or not a valid plan.
func CheckPlan(plan *tfjson.Plan, opts Options) (*Report, error) {
	if plan == nil {
		return nil, fmt.Errorf("plancheck: no plan")
	}
	if err := plan.Validate(); err != nil {
		return nil, fmt.Errorf("plancheck: %w", err)
	}
	for i, a := range opts.Acks {
		if err := ValidateAck(a); err != nil {
			return nil, fmt.Errorf("plancheck: acknowledgement %d: %w", i+1, err)
		}
	}
	cs := changes(plan)
	ctx := &checkContext{opts: opts, changes: cs, plan: plan}
	rep := &Report{TerraformVersion: plan.TerraformVersion}
	for _, c := range cs {
		tc := TableChange{Address: c.Address(), Action: actionName(c.Actions()), ReplacePaths: c.ReplacePaths}
		n := c.TableName()
		tc.Table, tc.NameUnknown = n.Value, n.Unknown
		rep.Tables = append(rep.Tables, tc)
		for _, r := range rules {
			if r.check == nil {
				continue
			}
			for _, f := range r.check(ctx, c) {
				rep.Findings = append(rep.Findings, r.finding(c, f))
			}
		}
	}
	rep.Findings = append(rep.Findings, checkDrift(ctx)...)
	rep.Findings = append(rep.Findings, checkPolicies(ctx)...)
	rep.Findings = append(rep.Findings, checkCaps(ctx)...)
	placeInSchema(ctx, rep.Findings)
	sort.SliceStable(rep.Findings, func(i, j int) bool {
		a, b := rep.Findings[i], rep.Findings[j]
		if a.Address != b.Address {
			return a.Address < b.Address
		}
		return a.Code < b.Code
	})
	used := make([]bool, len(opts.Acks))
	for i := range rep.Findings {
		f := &rep.Findings[i]
		for j := range opts.Acks {
			if opts.Acks[j].Matches(f.Code, f.Address) {
				ack := opts.Acks[j]
				f.Acknowledged = &ack
				used[j] = true
				break
			}
		}
	}
	for j, u := range used {
		if !u {
			rep.UnusedAcks = append(rep.UnusedAcks, opts.Acks[j])
		}
	}
	return rep, nil
}

// checkContext is what rules see besides the change they check.
type checkContext struct {
	opts    Options
	changes []*change
	// plan is the whole plan (its configuration section is read by DP405).
	plan *tfjson.Plan
}

// note is what a rule's check returns; the rule adds code, family,
// severity, address and table.
type note struct {
	Summary, Detail string
	Range           *hcl.Range
}

func (r *Rule) finding(c *change, n note) Finding {
	return Finding{Code: r.Code, Family: r.Family, Severity: r.Severity, Address: c.Address(),
		Table: c.TableName().Value, Summary: n.Summary, Detail: n.Detail, Range: n.Range}
}

func actionName(a tfjson.Actions) string {
	switch {
	case a.Replace():
		return "replace"
	case a.Create():
		return "create"
	case a.Delete():
		return "delete"
	case a.Update():
		return "update"
	case a.Read():
		return "read"
	case a.Forget():
		return "forget"
	case a.NoOp():
		return "no-op"
	}
	return fmt.Sprint(a)
}

// placeInSchema points every finding about a planned table that has no
// schema position yet at the block of the schema table it matches
// (matchTable), so that every format can show it on the schema's lines.
func placeInSchema(ctx *checkContext, fs []Finding) {
	if ctx.opts.Schema == nil {
		return
	}
	at := map[string]*hcl.Range{}
	for _, t := range ctx.opts.Schema.Tables {
		for _, c := range matchTable(ctx, t) {
			if _, ok := at[c.Address()]; !ok {
				r := t.DeclRange
				at[c.Address()] = &r
			}
		}
	}
	for i := range fs {
		if fs[i].Range == nil {
			fs[i].Range = at[fs[i].Address]
		}
	}
}
