package emit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/fsafe"
)

// maxTargetFile bounds the size of one Terraform file emit reads from the
// output directory.
const maxTargetFile = 8 << 20

// Decl is one thing a Terraform module declares, such as var.name or
// aws_s3_bucket.logs.
type Decl struct {
	// Address is how Terraform refers to it: var.NAME, output.NAME,
	// local.NAME, TYPE.NAME (a managed resource), data.TYPE.NAME,
	// module.NAME, or provider.NAME (provider.NAME.ALIAS with an alias).
	Address string
	// Range is the tightest range that names it: the block's name label
	// (the local's name for a local).
	Range hcl.Range
}

// ProviderRequirement is one entry of a required_providers block.
type ProviderRequirement struct {
	// Name is the provider's local name (aws).
	Name string
	// Source is the source address as written; "" when there is none (then
	// Terraform takes hashicorp/NAME).
	Source string
	// Version is the version constraint; "" when there is none.
	Version string
	// Range is the entry; VersionRange its version (Range without one).
	Range, VersionRange hcl.Range
}

// RequiredProviders is one required_providers block.
type RequiredProviders struct {
	Range   hcl.Range
	Entries []ProviderRequirement
}

// Target is what the Terraform files of a directory already declare,
// outside the files that the emit run itself owns (ReadTarget).
type Target struct {
	Dir string
	// Files are the files read, by the file names used in the ranges.
	Files map[string]*hcl.File
	// RequiredProviders are the required_providers blocks, in file order.
	RequiredProviders []RequiredProviders
	// Providers, Variables, Outputs, Locals, Resources (managed and data)
	// and Modules are the declarations, in file order.
	Providers, Variables, Outputs, Locals, Resources, Modules []Decl
	// LockedAWS is the hashicorp/aws version the dependency lock file
	// (.terraform.lock.hcl) selects, nil without one.
	LockedAWS *LockedProvider
}

// LockedProvider is a provider version selected in .terraform.lock.hcl.
type LockedProvider struct {
	Version string
	// Range is the version attribute's value.
	Range hcl.Range
}

// AWS returns the module's requirement on hashicorp/aws, or nil when no
// required_providers block names it.
func (t *Target) AWS() *ProviderRequirement {
	for i := range t.RequiredProviders {
		for j := range t.RequiredProviders[i].Entries {
			e := &t.RequiredProviders[i].Entries[j]
			if isHashicorpAWS(e) {
				return e
			}
		}
	}
	return nil
}

func isHashicorpAWS(e *ProviderRequirement) bool {
	if e.Source == "" {
		return e.Name == "aws"
	}
	src := strings.ToLower(e.Source)
	return src == "hashicorp/aws" || src == "registry.terraform.io/hashicorp/aws"
}

// Find returns the declaration with address addr, if any.
func (t *Target) Find(addr string) (Decl, bool) {
	for _, list := range [][]Decl{t.Variables, t.Outputs, t.Locals, t.Resources, t.Modules, t.Providers} {
		for _, d := range list {
			if d.Address == addr {
				return d, true
			}
		}
	}
	return Decl{}, false
}

// ReadTarget parses every Terraform file (*.tf, *.tf.json) in dir with
// hclparse and records what it declares, skipping the files the run with
// opts owns: those with one of the run's file names (FileNames) that carry
// the generated-code header (Write replaces them, or refuses them when
// another schema generated them), and those whose header records the
// run's schema identity (opts.SchemaPath) under another name: Write removes
// them as leftovers. Override files (*_override.tf) are skipped:
// they change declarations rather than make them. A directory that does
// not exist is an empty Target. Syntax errors come back as diagnostics
// with code CodeTargetSyntax.
func ReadTarget(dir string, opts Options) (*Target, hcl.Diagnostics) {
	own := map[string]bool{}
	for _, n := range FileNames(opts).All() {
		own[n] = true
	}
	return readModule(dir, own, opts.SchemaPath)
}

func readModule(dir string, own map[string]bool, identity string) (*Target, hcl.Diagnostics) {
	t := &Target{Dir: dir, Files: map[string]*hcl.File{}}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return t, nil
	}
	if err != nil {
		return t, hcl.Diagnostics{diag.Errorf(CodeTargetSyntax, nil, "Cannot read the output directory", "Reading %q failed: %s.", dir, err)}
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if !strings.HasSuffix(n, ".tf") && !strings.HasSuffix(n, ".tf.json") || strings.HasPrefix(n, ".") {
			continue
		}
		base := strings.TrimSuffix(strings.TrimSuffix(n, ".json"), ".tf")
		if base == "override" || strings.HasSuffix(base, "_override") {
			continue
		}
		names = append(names, n)
	}
	sort.Strings(names)
	p := hclparse.NewParser()
	var diags hcl.Diagnostics
	for _, n := range names {
		path := filepath.Join(dir, n)
		src, err := fsafe.ReadRegular(path, maxTargetFile)
		var (
			nr    *fsafe.NotRegularError
			large *fsafe.TooLargeError
		)
		switch {
		case errors.As(err, &nr), errors.Is(err, fs.ErrNotExist):
			continue // a dangling link, a pipe or a directory named *.tf: Terraform fails on it, not our concern
		case errors.As(err, &large):
			diags = append(diags, diag.Errorf(CodeTargetSyntax, nil, "Terraform file too large",
				"%q is larger than %d bytes, the largest Terraform file emit reads.", path, maxTargetFile))
			continue
		}
		if err != nil {
			diags = append(diags, diag.Errorf(CodeTargetSyntax, nil, "Cannot read a Terraform file", "Reading %q failed: %s.", path, err))
			continue
		}
		if own[n] && Generated(src) {
			continue
		}
		if h, err := ParseFileHeader(src); err == nil && identity != "" && h.Schema == identity {
			continue // a leftover of this schema under an earlier name or prefix
		}
		var f *hcl.File
		var fd hcl.Diagnostics
		if strings.HasSuffix(n, ".json") {
			f, fd = p.ParseJSON(src, path)
		} else {
			f, fd = p.ParseHCL(src, path)
		}
		diags = append(diags, diag.WithCode(fd, CodeTargetSyntax)...)
		if f == nil || fd.HasErrors() {
			continue
		}
		t.Files[path] = f
		diags = append(diags, t.collect(f.Body)...)
	}
	diags = append(diags, t.readLock(p)...)
	return t, diags
}

// lockFile is Terraform's dependency lock file.
const lockFile = ".terraform.lock.hcl"

var lockSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "provider", LabelNames: []string{"source"}}}}

var lockProviderSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "version"}}}

// readLock records the hashicorp/aws version of the module's lock file.
func (t *Target) readLock(p *hclparse.Parser) hcl.Diagnostics {
	path := filepath.Join(t.Dir, lockFile)
	src, err := fsafe.ReadRegular(path, maxTargetFile)
	var (
		nr    *fsafe.NotRegularError
		large *fsafe.TooLargeError
	)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.As(err, &nr), errors.As(err, &large):
		return nil // no lock file (or not one terraform wrote): nothing to compare
	case err != nil:
		return hcl.Diagnostics{diag.Errorf(CodeTargetSyntax, nil, "Cannot read a Terraform file", "Reading %q failed: %s.", path, err)}
	}
	f, diags := p.ParseHCL(src, path)
	if diags.HasErrors() {
		return diag.WithCode(diags, CodeTargetSyntax)
	}
	content, _, _ := f.Body.PartialContent(lockSchema)
	for _, b := range content.Blocks {
		if strings.ToLower(b.Labels[0]) != "registry.terraform.io/hashicorp/aws" {
			continue
		}
		pc, _, _ := b.Body.PartialContent(lockProviderSchema)
		a, ok := pc.Attributes["version"]
		if !ok {
			continue
		}
		if v, d := a.Expr.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
			t.Files[path] = f
			t.LockedAWS = &LockedProvider{Version: v.AsString(), Range: a.Expr.Range()}
		}
	}
	return nil
}

var moduleSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "terraform"},
	{Type: "provider", LabelNames: []string{"name"}},
	{Type: "variable", LabelNames: []string{"name"}},
	{Type: "output", LabelNames: []string{"name"}},
	{Type: "locals"},
	{Type: "resource", LabelNames: []string{"type", "name"}},
	{Type: "data", LabelNames: []string{"type", "name"}},
	{Type: "module", LabelNames: []string{"name"}},
}}

var terraformSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "required_providers"}}}

var providerSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "alias"}}}

// collect records the declarations of one file body. Only the block
// structure matters here: Terraform itself reports every other mistake.
func (t *Target) collect(body hcl.Body) hcl.Diagnostics {
	content, _, diags := body.PartialContent(moduleSchema)
	diags = diag.WithCode(diags, CodeTargetSyntax)
	for _, b := range content.Blocks {
		switch b.Type {
		case "terraform":
			tc, _, d := b.Body.PartialContent(terraformSchema)
			diags = append(diags, diag.WithCode(d, CodeTargetSyntax)...)
			for _, rp := range tc.Blocks {
				diags = append(diags, t.requiredProviders(rp)...)
			}
		case "provider":
			addr := "provider." + b.Labels[0]
			pc, _, _ := b.Body.PartialContent(providerSchema)
			if a, ok := pc.Attributes["alias"]; ok {
				if v, d := a.Expr.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
					addr += "." + v.AsString()
				}
			}
			t.Providers = append(t.Providers, Decl{addr, b.LabelRanges[0]})
		case "variable":
			t.Variables = append(t.Variables, Decl{"var." + b.Labels[0], b.LabelRanges[0]})
		case "output":
			t.Outputs = append(t.Outputs, Decl{"output." + b.Labels[0], b.LabelRanges[0]})
		case "locals":
			attrs, d := b.Body.JustAttributes()
			diags = append(diags, diag.WithCode(d, CodeTargetSyntax)...)
			var ls []Decl
			for name, a := range attrs {
				ls = append(ls, Decl{"local." + name, a.NameRange})
			}
			sort.Slice(ls, func(i, j int) bool { return ls[i].Range.Start.Byte < ls[j].Range.Start.Byte })
			t.Locals = append(t.Locals, ls...)
		case "resource":
			t.Resources = append(t.Resources, Decl{b.Labels[0] + "." + b.Labels[1], b.LabelRanges[1]})
		case "data":
			t.Resources = append(t.Resources, Decl{"data." + b.Labels[0] + "." + b.Labels[1], b.LabelRanges[1]})
		case "module":
			t.Modules = append(t.Modules, Decl{"module." + b.Labels[0], b.LabelRanges[0]})
		}
	}
	return diags
}

// requiredProviders records one required_providers block: entries are
// objects (source, version) or, in the old form, a version string.
func (t *Target) requiredProviders(b *hcl.Block) hcl.Diagnostics {
	rp := RequiredProviders{Range: b.DefRange}
	attrs, diags := b.Body.JustAttributes()
	diags = diag.WithCode(diags, CodeTargetSyntax)
	names := make([]string, 0, len(attrs))
	for n := range attrs {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return attrs[names[i]].Range.Start.Byte < attrs[names[j]].Range.Start.Byte })
	for _, n := range names {
		a := attrs[n]
		e := ProviderRequirement{Name: n, Range: a.Range, VersionRange: a.Range}
		if pairs, d := hcl.ExprMap(a.Expr); !d.HasErrors() {
			for _, kv := range pairs {
				key := hcl.ExprAsKeyword(kv.Key)
				if key == "" {
					if v, d := kv.Key.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
						key = v.AsString()
					}
				}
				v, d := kv.Value.Value(nil)
				if d.HasErrors() || v.Type() != cty.String || !v.IsKnown() || v.IsNull() {
					continue
				}
				switch key {
				case "source":
					e.Source = v.AsString()
				case "version":
					e.Version = v.AsString()
					e.VersionRange = kv.Value.Range()
				}
			}
		} else if v, d := a.Expr.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
			e.Version = v.AsString() // aws = "~> 5.0"
		}
		rp.Entries = append(rp.Entries, e)
	}
	t.RequiredProviders = append(t.RequiredProviders, rp)
	return diags
}

// at renders a range as file:line for diagnostic details.
func at(r hcl.Range) string { return fmt.Sprintf("%s:%d", r.Filename, r.Start.Line) }
