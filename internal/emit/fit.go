package emit

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// Codes of the diagnostics about the module emit writes into (docs/emit.md).
const (
	// CodeTargetSyntax: a Terraform file in the output directory cannot be
	// read or parsed, so emit cannot know what it declares.
	CodeTargetSyntax diag.Code = "EM100"
	// CodeVariableClash: the module already declares a variable emit declares.
	CodeVariableClash diag.Code = "EM101"
	// CodeOutputClash: the module already declares an output emit declares.
	CodeOutputClash diag.Code = "EM102"
	// CodeResourceClash: the module already declares the table's resource.
	CodeResourceClash diag.Code = "EM103"
	// CodeModuleClash: the module already declares the table's module call.
	CodeModuleClash diag.Code = "EM104"
	// CodeProviderExcluded: the module's hashicorp/aws constraint admits no
	// version the emitted code can use.
	CodeProviderExcluded diag.Code = "EM110"
	// CodeProviderLoose: the module's hashicorp/aws constraint also admits
	// versions the emitted code cannot use (a warning).
	CodeProviderLoose diag.Code = "EM111"
	// CodeProviderUnconstrained: the module has required_providers without
	// hashicorp/aws; emit writes no versions file (a warning).
	CodeProviderUnconstrained diag.Code = "EM112"
	// CodeProviderSyntax: the module's hashicorp/aws version constraint
	// cannot be read.
	CodeProviderSyntax diag.Code = "EM113"
	// CodeLockedProvider: the module's dependency lock file selects a
	// hashicorp/aws version the emitted code cannot use (a warning: terraform
	// init -upgrade selects another).
	CodeLockedProvider diag.Code = "EM114"
	// CodeImpossible: options whose provider constraints cannot all hold
	// (--as module-call with --provider 5).
	CodeImpossible diag.Code = "EM120"
	// CodeProvider5MultiAttribute: --provider 5 for a schema with a
	// multi-attribute GSI key, which hash_key/range_key cannot express
	// (Emit's *Error).
	CodeProvider5MultiAttribute diag.Code = "EM121"
	// CodeProvider5Setting: --provider 5 for a schema with a setting the
	// provider 5.x cannot express (warm throughput, strong consistency, a
	// witness, replica deletion protection).
	CodeProvider5Setting diag.Code = "EM122"
	// CodeNotGenerated: a file emit would write exists and emit may not
	// replace it: it lacks the generated-code header, or it is a symbolic
	// link or not a regular file (Write's *ForeignFileError).
	CodeNotGenerated diag.Code = "EM130"
	// CodeOtherSchema: a file emit would write was generated from another
	// schema (Write's *OwnerError).
	CodeOtherSchema diag.Code = "EM131"
	// CodeEditedLeftover: a file generated from this schema that the run no
	// longer writes was edited by hand; emit does not remove it (Write's
	// *EditedLeftoverError).
	CodeEditedLeftover diag.Code = "EM132"
)

// Need returns the hashicorp/aws constraint the output of opts requires.
func Need(opts Options) string {
	switch {
	case opts.ProviderMajor == 5:
		return Provider5Constraint
	case opts.GSIResources:
		return ProviderGSIResourcesConstraint
	}
	return Provider6Constraint
}

// Fit checks that the output of s with opts fits into the module t and
// returns the options to emit with. It leaves out the versions file when
// the module has a required_providers block of its own (Terraform allows
// one per module), checks that the module's hashicorp/aws constraint admits
// what the output needs (and, for the module-call layout, what the called
// module needs), and refuses every variable, output, resource or module
// call that emit would declare and the module already declares. Errors
// mean nothing may be written.
func Fit(t *Target, s *hclschema.Schema, opts Options) (Options, hcl.Diagnostics) {
	if opts.ProviderMajor == 0 {
		opts.ProviderMajor = 6
	}
	if opts.Layout == "" {
		opts.Layout = LayoutResources
	}
	var diags hcl.Diagnostics
	need := []constraintSource{{what: "the emitted code (--provider " + fmt.Sprint(opts.ProviderMajor) + ")", constraint: Need(opts)}}
	if opts.Layout == LayoutModuleCall {
		m := moduleRequirement(t.Dir, opts.ModuleSource)
		if !satisfiable(m.constraint, need[0].constraint) {
			fix := "Emit for the provider the module allows (--provider)."
			if opts.ProviderMajor == 5 {
				fix = "Drop --provider 5, or emit resources (--provider 5 without --as module-call)."
			}
			d := diag.Errorf(CodeImpossible, m.subject, "Module call and provider version exclude each other",
				"%s requires hashicorp/aws %q and --provider %d requires %q: no version satisfies both, so terraform init could never succeed. %s",
				m.what, m.constraint, opts.ProviderMajor, need[0].constraint, fix)
			return opts, append(diags, d)
		}
		need = append(need, m)
	}
	if len(t.RequiredProviders) > 0 {
		opts.NoVersions = true
		if aws := t.AWS(); aws != nil {
			diags = append(diags, checkConstraint(aws, need)...)
		} else {
			rp := t.RequiredProviders[0]
			diags = append(diags, diag.Warnf(CodeProviderUnconstrained, &rp.Range, "No hashicorp/aws requirement",
				"This module declares its provider requirements here and Terraform allows one required_providers block per module, so emit writes no %s. Add aws = { source = \"hashicorp/aws\", version = %q } to this block: the emitted code needs it.",
				FileNames(opts).Versions, strings.Join(constraintsOf(need), ", ")))
		}
	}
	if l := t.LockedAWS; l != nil && !satisfiable(append([]string{"= " + l.Version}, constraintsOf(need)...)...) {
		r := l.Range
		diags = append(diags, diag.Warnf(CodeLockedProvider, &r, "Locked provider version does not fit",
			"The dependency lock file selects hashicorp/aws %s, and the emitted code needs %s. Run terraform init -upgrade to select a version that fits.",
			l.Version, strings.Join(constraintsOf(need), ", ")))
	}
	diags = append(diags, clashes(t, s, opts)...)
	return opts, diags
}

// constraintSource is a version constraint and who sets it.
type constraintSource struct {
	what, constraint string
	subject          *hcl.Range
}

func constraintsOf(cs []constraintSource) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range cs {
		if !seen[c.constraint] {
			seen[c.constraint] = true
			out = append(out, c.constraint)
		}
	}
	return out
}

// moduleRequirement is the hashicorp/aws constraint of the module called
// with source: read from its files when source is a local directory
// (relative to the output directory dir), else ModuleConstraint.
func moduleRequirement(dir, source string) constraintSource {
	def := constraintSource{what: "modules/dynamodb-table", constraint: ModuleConstraint}
	if !strings.HasPrefix(source, "./") && !strings.HasPrefix(source, "../") {
		return def
	}
	m, diags := readModule(filepath.Join(dir, filepath.FromSlash(source)), nil, "")
	if diags.HasErrors() {
		return def
	}
	if aws := m.AWS(); aws != nil && aws.Version != "" {
		r := aws.VersionRange
		return constraintSource{what: fmt.Sprintf("The module %q (%s)", source, at(r)), constraint: aws.Version, subject: &r}
	}
	return def
}

// checkConstraint compares the module's hashicorp/aws requirement with what
// the output needs.
func checkConstraint(aws *ProviderRequirement, need []constraintSource) hcl.Diagnostics {
	want := strings.Join(constraintsOf(need), ", ")
	if aws.Version == "" {
		return hcl.Diagnostics{diag.Warnf(CodeProviderLoose, &aws.Range, "No hashicorp/aws version constraint",
			"This module requires hashicorp/aws without a version, so emit writes no versions file and nothing stops an old provider. The emitted code needs %s: add version = %q.", want, want)}
	}
	if _, err := version.NewConstraint(aws.Version); err != nil {
		return hcl.Diagnostics{diag.Errorf(CodeProviderSyntax, &aws.VersionRange, "Invalid version constraint",
			"The hashicorp/aws constraint %q cannot be read: %s.", aws.Version, err)}
	}
	all := []string{aws.Version}
	all = append(all, constraintsOf(need)...)
	if !satisfiable(all...) {
		return hcl.Diagnostics{diag.Errorf(CodeProviderExcluded, &aws.VersionRange, "Provider constraint excludes the emitted code",
			"This module requires hashicorp/aws %q, and %s needs %s: no version satisfies both. Widen this constraint (for example to %q), or emit for the provider it allows (--provider 5 for 5.x).",
			aws.Version, need[0].what, want, want)}
	}
	for _, n := range constraintsOf(need) {
		for _, out := range complement(n) {
			if satisfiable(aws.Version, out) {
				return hcl.Diagnostics{diag.Warnf(CodeProviderLoose, &aws.VersionRange, "Provider constraint admits versions the emitted code cannot use",
					"This module requires hashicorp/aws %q, which admits versions %s, and the emitted code needs %s. Narrow it to %q (emit writes no versions file: this block decides).",
					aws.Version, out, want, want)}
			}
		}
	}
	return nil
}

// clashes refuses every name emit would declare that t already declares.
func clashes(t *Target, s *hclschema.Schema, opts Options) hcl.Diagnostics {
	var diags hcl.Diagnostics
	fix := "Emit with --prefix (for example --prefix " + suggestPrefix(opts) + ") to name everything tfdyn declares apart, or rename yours."
	if opts.Layout == LayoutModule {
		fix = "Emit the module into a directory of its own, or rename yours."
	}
	report := func(code diag.Code, kind, addr string, tbl *hclschema.Table) {
		d, ok := t.Find(addr)
		if !ok {
			return
		}
		r := d.Range
		what := fmt.Sprintf("table %q (%s)", tbl.Label, at(tbl.DeclRange))
		name := addr
		if code == CodeVariableClash || code == CodeOutputClash {
			name = strings.SplitN(addr, ".", 2)[1]
		}
		diags = append(diags, diag.Errorf(code, &r, "Duplicate "+kind,
			"This module already declares %s %q here, and emit declares it for %s. %s",
			kind, name, what, fix))
	}
	for _, tbl := range s.Tables {
		n := NamesFor(tbl, opts)
		if opts.Layout == LayoutModuleCall {
			report(CodeModuleClash, "module call", n.Module, tbl)
		} else {
			report(CodeResourceClash, "resource", n.Resource, tbl)
			if tbl.ResourcePolicy != nil {
				report(CodeResourceClash, "resource", n.Policy, tbl)
			}
			if opts.GSIResources {
				for _, ix := range tbl.GSIs {
					report(CodeResourceClash, "resource", "aws_dynamodb_global_secondary_index."+n.GSIResource(ix.Name), tbl)
				}
			}
		}
		for _, v := range n.Variables(tbl) {
			report(CodeVariableClash, "variable", "var."+v, tbl)
		}
		for _, o := range n.Outputs() {
			report(CodeOutputClash, "output", "output."+o, tbl)
		}
		if opts.AppPolicy && len(AppCalls(s, tbl)) > 0 {
			report(CodeResourceClash, "data source", "data.aws_iam_policy_document."+n.AppPolicy, tbl)
			report(CodeOutputClash, "output", "output."+n.AppPolicyOutput, tbl)
		}
	}
	if d, ok := t.Find("var." + TagsVariable(opts)); ok {
		r := d.Range
		diags = append(diags, diag.Errorf(CodeVariableClash, &r, "Duplicate variable",
			"This module already declares variable %q here, and emit declares it for the tags of every table of the schema. %s", TagsVariable(opts), fix))
	}
	return diags
}

func suggestPrefix(opts Options) string {
	if opts.Prefix != "" {
		return "other_" + opts.Prefix
	}
	return "app_"
}

// satisfiable reports whether one version satisfies every constraint.
// Constraints are intervals with holes (!=), so the lowest version of their
// intersection, if any, is the lowest version 0.0.0, a version a constraint
// names, or the patch release after one: those are the candidates tried.
func satisfiable(constraints ...string) bool {
	var all version.Constraints
	for _, c := range constraints {
		cs, err := version.NewConstraint(c)
		if err != nil {
			return false
		}
		all = append(all, cs...)
	}
	candidates := []*version.Version{version.Must(version.NewVersion("0.0.0"))}
	for _, c := range all {
		v, err := version.NewVersion(strings.TrimLeft(c.String(), "=!<>~ "))
		if err != nil {
			continue
		}
		seg := v.Segments()
		for len(seg) < 3 {
			seg = append(seg, 0)
		}
		next := version.Must(version.NewVersion(fmt.Sprintf("%d.%d.%d", seg[0], seg[1], seg[2]+1)))
		candidates = append(candidates, v.Core(), next)
	}
	for _, v := range candidates {
		if all.Check(v) {
			return true
		}
	}
	return false
}

// complement returns the constraints whose union is every version that
// need (a list of >= and < bounds, as Need returns) excludes.
func complement(need string) []string {
	var out []string
	for _, part := range strings.Split(need, ",") {
		part = strings.TrimSpace(part)
		switch {
		case strings.HasPrefix(part, ">="):
			out = append(out, "<"+strings.TrimPrefix(part, ">="))
		case strings.HasPrefix(part, "<"):
			out = append(out, ">="+strings.TrimPrefix(part, "<"))
		}
	}
	return out
}

// Advice is how to emit a schema into a module so that it fits the
// module's hashicorp/aws constraint: the flags for tfdyn emit, and a note
// when no output fits (the constraint must change first). tfdyn import's
// "next:" hint prints it.
type Advice struct {
	Flags []string
	Note  string
}

// Advise reads the hashicorp/aws constraint of module t and returns the
// emit flags for schema s whose output it admits: none (provider 6), or
// --provider 5 for a module held to 5.x when the schema needs nothing of
// provider 6; gsiResources adds --gsi-resources (which needs provider 6).
func Advise(t *Target, s *hclschema.Schema, gsiResources bool) Advice {
	opts := Options{ProviderMajor: 6, GSIResources: gsiResources}
	var adv Advice
	if gsiResources {
		adv.Flags = append(adv.Flags, "--gsi-resources")
	}
	aws := t.AWS()
	if aws == nil || aws.Version == "" {
		return adv
	}
	if _, err := version.NewConstraint(aws.Version); err != nil || satisfiable(aws.Version, Need(opts)) {
		return adv
	}
	needs6 := gsiResources
	for _, tb := range s.Tables {
		if provider5Refusal(tb) != nil {
			needs6 = true
		}
		for _, ix := range tb.GSIs {
			needs6 = needs6 || ix.MultiAttribute()
		}
	}
	if !needs6 && satisfiable(aws.Version, Provider5Constraint) {
		adv.Flags = []string{"--provider", "5"}
		return adv
	}
	adv.Note = fmt.Sprintf("the module requires hashicorp/aws %q (%s), which admits no provider the schema's Terraform can use (%s): widen that constraint first", aws.Version, posString(aws.VersionRange), Need(opts))
	return adv
}

func posString(r hcl.Range) string { return fmt.Sprintf("%s:%d", r.Filename, r.Start.Line) }
