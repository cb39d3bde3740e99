package emit_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
)

const awsRequirement = `terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "VERSION"
    }
  }
}
`

// lockFile is a dependency lock file as terraform init writes it.
const lockFile = `# This file is maintained automatically by "terraform init".
# Manual edits may be lost in future updates.

provider "registry.terraform.io/hashicorp/aws" {
  version     = "5.100.0"
  constraints = ">= 5.0.0, < 6.0.0"
  hashes = [
    "h1:Ijt7pOlB7Tr7maGQIqtsLFbl7pSMIj06TVdkoSBcYOw=",
  ]
}
`

// fitWant is one expected diagnostic: severity, code, file:line:col (file
// relative to the module directory; "" for none) and a part of its detail.
type fitWant struct {
	severity hcl.DiagnosticSeverity
	code     diag.Code
	at       string
	detail   string
}

// TestFit fits the output of examples/ecommerce (table "shop") and
// testdata/schemas/provisioned (table "ledger", capacity variables) into
// modules that are real files in a temporary directory.
func TestFit(t *testing.T) {
	cases := []struct {
		name       string
		schema     string
		opts       emit.Options
		files      map[string]string
		noVersions bool
		want       []fitWant
	}{
		{name: "empty directory", schema: "../../examples/ecommerce"},
		{name: "own aws requirement fits", schema: "../../examples/ecommerce",
			files:      map[string]string{"versions.tf": strings.Replace(awsRequirement, "VERSION", ">= 6.37", 1)},
			noVersions: true},
		{name: "own aws requirement 5.x excludes provider 6 output", schema: "../../examples/ecommerce",
			files:      map[string]string{"versions.tf": strings.Replace(awsRequirement, "VERSION", "~> 5.0", 1)},
			noVersions: true,
			want: []fitWant{{hcl.DiagError, emit.CodeProviderExcluded, "versions.tf:5:17",
				`This module requires hashicorp/aws "~> 5.0", and the emitted code (--provider 6) needs >= 6.37.0: no version satisfies both.`}}},
		{name: "own aws requirement 5.x fits provider 5 output", schema: "../../examples/ecommerce",
			opts:       emit.Options{ProviderMajor: 5},
			files:      map[string]string{"versions.tf": strings.Replace(awsRequirement, "VERSION", "~> 5.0", 1)},
			noVersions: true},
		{name: "6.0 to 6.36 only", schema: "../../examples/ecommerce",
			files:      map[string]string{"versions.tf": strings.Replace(awsRequirement, "VERSION", ">= 6.0, < 6.37", 1)},
			noVersions: true,
			want:       []fitWant{{hcl.DiagError, emit.CodeProviderExcluded, "versions.tf:5:17", `needs >= 6.37.0: no version satisfies both`}}},
		{name: "loose constraint warns", schema: "../../examples/ecommerce",
			files:      map[string]string{"versions.tf": strings.Replace(awsRequirement, "VERSION", ">= 5.0", 1)},
			noVersions: true,
			want: []fitWant{{hcl.DiagWarning, emit.CodeProviderLoose, "versions.tf:5:17",
				`This module requires hashicorp/aws ">= 5.0", which admits versions < 6.37.0, and the emitted code needs >= 6.37.0. Narrow it to ">= 6.37.0"`}}},
		{name: "provider 5 output under a 6.x constraint", schema: "../../examples/ecommerce",
			opts:       emit.Options{ProviderMajor: 5},
			files:      map[string]string{"versions.tf": strings.Replace(awsRequirement, "VERSION", ">= 6.37.0", 1)},
			noVersions: true,
			want:       []fitWant{{hcl.DiagError, emit.CodeProviderExcluded, "versions.tf:5:17", `the emitted code (--provider 5) needs >= 5.0.0, < 6.0.0`}}},
		{name: "no version", schema: "../../examples/ecommerce",
			files:      map[string]string{"versions.tf": "terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\" }\n  }\n}\n"},
			noVersions: true,
			want:       []fitWant{{hcl.DiagWarning, emit.CodeProviderLoose, "versions.tf:3:5", `add version = ">= 6.37.0"`}}},
		{name: "legacy string form", schema: "../../examples/ecommerce",
			files:      map[string]string{"versions.tf": "terraform {\n  required_providers {\n    aws = \"~> 4.0\"\n  }\n}\n"},
			noVersions: true,
			want:       []fitWant{{hcl.DiagError, emit.CodeProviderExcluded, "versions.tf:3:5", `requires hashicorp/aws "~> 4.0"`}}},
		{name: "invalid constraint", schema: "../../examples/ecommerce",
			files:      map[string]string{"versions.tf": strings.Replace(awsRequirement, "VERSION", "six", 1)},
			noVersions: true,
			want:       []fitWant{{hcl.DiagError, emit.CodeProviderSyntax, "versions.tf:5:17", `The hashicorp/aws constraint "six" cannot be read`}}},
		{name: "required_providers without aws", schema: "../../examples/ecommerce",
			files:      map[string]string{"main.tf": "terraform {\n  required_providers {\n    random = { source = \"hashicorp/random\" }\n  }\n}\n"},
			noVersions: true,
			want: []fitWant{{hcl.DiagWarning, emit.CodeProviderUnconstrained, "main.tf:2:3",
				`so emit writes no dynamodb_versions.tf. Add aws = { source = "hashicorp/aws", version = ">= 6.37.0" } to this block`}}},
		{name: "terraform block without required_providers keeps the versions file", schema: "../../examples/ecommerce",
			files: map[string]string{"main.tf": "terraform {\n  required_version = \">= 1.5\"\n}\n"}},
		{name: "locked provider 5 under a loose constraint", schema: "../../examples/ecommerce",
			files: map[string]string{
				"versions.tf":         strings.Replace(awsRequirement, "VERSION", ">= 5.0", 1),
				".terraform.lock.hcl": lockFile,
			},
			noVersions: true,
			want: []fitWant{
				{hcl.DiagWarning, emit.CodeLockedProvider, ".terraform.lock.hcl:5:17",
					`The dependency lock file selects hashicorp/aws 5.100.0, and the emitted code needs >= 6.37.0. Run terraform init -upgrade to select a version that fits.`},
				{hcl.DiagWarning, emit.CodeProviderLoose, "versions.tf:5:17", `admits versions < 6.37.0`},
			}},
		{name: "locked provider 5 fits provider 5 output", schema: "../../examples/ecommerce", opts: emit.Options{ProviderMajor: 5},
			files: map[string]string{".terraform.lock.hcl": lockFile}},
		{name: "clashes", schema: "testdata/schemas/provisioned",
			files: map[string]string{
				"main.tf":      "resource \"aws_dynamodb_table\" \"ledger\" {}\n\nlocals {\n  dynamodb_tags = {}\n}\n",
				"variables.tf": "variable \"dynamodb_ledger_read_capacity\" {}\n\nvariable \"dynamodb_tags\" {}\n",
				"outputs.tf":   "output \"dynamodb_ledger_stream_arn\" {\n  value = null\n}\n",
			},
			want: []fitWant{
				{hcl.DiagError, emit.CodeResourceClash, "main.tf:1:31", `This module already declares resource "aws_dynamodb_table.ledger" here, and emit declares it for table "ledger" (testdata/schemas/provisioned/provisioned.tfdyn.hcl:1). Emit with --prefix (for example --prefix app_)`},
				{hcl.DiagError, emit.CodeOutputClash, "outputs.tf:1:8", `output "dynamodb_ledger_stream_arn"`},
				{hcl.DiagError, emit.CodeVariableClash, "variables.tf:1:10", `variable "dynamodb_ledger_read_capacity"`},
				{hcl.DiagError, emit.CodeVariableClash, "variables.tf:3:10", `variable "dynamodb_tags" here, and emit declares it for the tags of every table`},
			}},
		{name: "a prefix resolves clashes", schema: "testdata/schemas/provisioned", opts: emit.Options{Prefix: "fin_"},
			files: map[string]string{
				"main.tf":      "resource \"aws_dynamodb_table\" \"ledger\" {}\n",
				"variables.tf": "variable \"dynamodb_ledger_read_capacity\" {}\n\nvariable \"dynamodb_tags\" {}\n",
			}},
		{name: "prefixed clashes", schema: "../../examples/ecommerce", opts: emit.Options{Prefix: "fin_"},
			files: map[string]string{"main.tf": "resource \"aws_dynamodb_table\" \"fin_shop\" {}\nvariable \"dynamodb_fin_tags\" {}\n"},
			want: []fitWant{
				{hcl.DiagError, emit.CodeResourceClash, "main.tf:1:31", `(for example --prefix other_fin_)`},
				{hcl.DiagError, emit.CodeVariableClash, "main.tf:2:10", `"dynamodb_fin_tags"`},
			}},
		{name: "module call clash", schema: "../../examples/ecommerce",
			opts:  emit.Options{Layout: emit.LayoutModuleCall, ModuleSource: "git::https://example.com/m.git"},
			files: map[string]string{"main.tf": "module \"shop\" {\n  source = \"./x\"\n}\nresource \"aws_dynamodb_table\" \"shop\" {}\n"},
			want:  []fitWant{{hcl.DiagError, emit.CodeModuleClash, "main.tf:1:8", `module call "module.shop"`}}},
		{name: "module layout clash", schema: "../../examples/ecommerce", opts: emit.Options{Layout: emit.LayoutModule},
			files: map[string]string{"extra.tf": "variable \"shop_table_name\" {}\n"},
			want:  []fitWant{{hcl.DiagError, emit.CodeVariableClash, "extra.tf:1:10", `Emit the module into a directory of its own, or rename yours.`}}},
		{name: "module call with provider 5 (remote module)", schema: "../../examples/ecommerce",
			opts: emit.Options{Layout: emit.LayoutModuleCall, ModuleSource: "git::https://example.com/m.git", ProviderMajor: 5},
			want: []fitWant{{hcl.DiagError, emit.CodeImpossible, "",
				`modules/dynamodb-table requires hashicorp/aws ">= 6.37.0" and --provider 5 requires ">= 5.0.0, < 6.0.0": no version satisfies both, so terraform init could never succeed. Drop --provider 5`}}},
		{name: "module call with provider 5 (local module read)", schema: "../../examples/ecommerce",
			opts:  emit.Options{Layout: emit.LayoutModuleCall, ModuleSource: "./mod", ProviderMajor: 5},
			files: map[string]string{"mod/versions.tf": strings.Replace(awsRequirement, "VERSION", ">= 6.40", 1)},
			want: []fitWant{{hcl.DiagError, emit.CodeImpossible, "mod/versions.tf:5:17",
				`The module "./mod" (`}}},
		{name: "module call with a local module of provider 5", schema: "../../examples/ecommerce",
			opts:  emit.Options{Layout: emit.LayoutModuleCall, ModuleSource: "./mod", ProviderMajor: 5},
			files: map[string]string{"mod/versions.tf": strings.Replace(awsRequirement, "VERSION", "~> 5.90", 1)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, src := range c.files {
				require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
			}
			tg, diags := emit.ReadTarget(dir, c.opts)
			require.Empty(t, diags)
			opts, diags := emit.Fit(tg, loadSchema(t, c.schema), c.opts)
			require.Equal(t, c.noVersions, opts.NoVersions)
			diag.Sort(diags)
			require.Len(t, diags, len(c.want), "%v", diags)
			for i, w := range c.want {
				d := diags[i]
				require.Equal(t, w.severity, d.Severity, d.Error())
				require.Equal(t, w.code, diag.CodeOf(d), d.Error())
				if w.at == "" {
					require.Nil(t, d.Subject)
				} else {
					require.NotNil(t, d.Subject)
					require.Equal(t, filepath.Join(dir, w.at), pos(*d.Subject), d.Error())
				}
				require.Contains(t, d.Detail, w.detail)
				require.NotContains(t, d.Summary, ".", "a summary has no period")
			}
		})
	}
}
