package corpus

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/adopt"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/lint"
)

// Result is what import does with one table of a case.
type Result struct {
	// Address is the table's resource address.
	Address string
	// Verdict is "accepted" or "refused CODE main.tf:LINE:COL" (the first
	// error, which must be coded and positioned).
	Verdict string
	// Table and Schema are the table read and the starting schema written,
	// for an accepted table.
	Table  *adopt.Table
	Schema []byte
	// Files is emit's output for the schema (resources layout, provider 6,
	// no versions file; --gsi-resources where the table's GSIs were
	// resources), for an accepted table.
	Files map[string][]byte
	// Names are the names emit gives the table.
	Names emit.Names
	// GSIResources says whether Files writes the GSIs as resources of
	// their own (tfdyn import's advice: when any of them was one).
	GSIResources bool
}

// Verdicts imports every aws_dynamodb_table of the case's source (written
// as main.tf in dir): each is accepted (read, its starting schema loads
// and lints without errors, and emit writes its Terraform) or refused with
// the first error. A case without a table, or whose files do not parse,
// gives one result with address "" and that verdict.
func Verdicts(dir string, c Case) []Result {
	m, diags, err := adopt.ReadTF(dir)
	if err != nil {
		return []Result{{Verdict: "unreadable: " + err.Error()}}
	}
	if diags.HasErrors() {
		return []Result{{Verdict: refusal(diags)}}
	}
	if len(m.Tables) == 0 {
		if _, ds := m.Find("", dir); ds.HasErrors() && len(m.Modules) > 0 {
			return []Result{{Verdict: refusal(ds)}}
		}
		return []Result{{Verdict: "no table"}}
	}
	var out []Result
	for _, b := range m.Tables {
		addr := b.Labels[0] + "." + b.Labels[1]
		t, ds := m.FromTF(b)
		r := Result{Address: addr}
		if ds.HasErrors() {
			r.Verdict = refusal(ds)
			out = append(out, r)
			continue
		}
		label := adopt.DefaultLabel(t)
		src := adopt.Schema(t, label, adopt.Infer(t, nil))
		s, sds := hclschema.LoadSource(label+hclschema.FileSuffix, src)
		sds = append(sds, lint.Run(s)...)
		if sds.HasErrors() {
			r.Verdict = "schema does not validate: " + refusal(sds)
			out = append(out, r)
			continue
		}
		gsiResources := len(t.GSIResources) > 0
		files, err := emit.Emit(s, emit.Options{Layout: emit.LayoutResources, ProviderMajor: 6, NoVersions: true, GSIResources: gsiResources})
		if err != nil {
			r.Verdict = "emit fails: " + err.Error()
			out = append(out, r)
			continue
		}
		r.Verdict, r.Table, r.Schema, r.Files = "accepted", t, src, files
		r.Names, r.GSIResources = emit.NamesFor(s.Tables[0], emit.Options{}), gsiResources
		out = append(out, r)
	}
	return out
}

// refusal renders the first error of diags: its code and position.
func refusal(diags hcl.Diagnostics) string {
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		code := diag.CodeOf(d)
		if code == "" {
			code = "UNCODED"
		}
		at := "unpositioned"
		if d.Subject != nil {
			at = fmt.Sprintf("%s:%d:%d", filepath.Base(d.Subject.Filename), d.Subject.Start.Line, d.Subject.Start.Column)
		}
		return fmt.Sprintf("refused %s %s %s", code, at, d.Summary)
	}
	return "refused"
}

// Line renders the verdicts of a case as lines of the verdict list:
// "case address verdict", or "case skipped: reason".
func Line(c Case, results []Result) []string {
	if c.Skip != "" {
		return []string{c.Name + " skipped: " + c.Skip}
	}
	var out []string
	for _, r := range results {
		addr := r.Address
		if addr == "" {
			addr = "-"
		}
		out = append(out, strings.Join([]string{c.Name, addr, r.Verdict}, " "))
	}
	return out
}
