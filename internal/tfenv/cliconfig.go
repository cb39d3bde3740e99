package tfenv

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
)

// AWSProvider is the address of the provider tfdyn's emitted code needs.
const AWSProvider = "registry.terraform.io/hashicorp/aws"

// MirrorConfig is a Terraform CLI config that installs hashicorp/*
// providers from the filesystem mirror mirrorDir only. user, when not nil,
// is the user's CLI config (HCL source): its settings (credentials,
// plugin_cache_dir, ...) are kept, its provider_installation block is
// replaced.
func MirrorConfig(mirrorDir string, user []byte) []byte {
	f := baseConfig(user)
	body := f.Body()
	body.AppendNewline()
	pi := body.AppendNewBlock("provider_installation", nil).Body()
	fm := pi.AppendNewBlock("filesystem_mirror", nil).Body()
	fm.SetAttributeValue("path", cty.StringVal(mirrorDir))
	fm.SetAttributeValue("include", cty.ListVal([]cty.Value{cty.StringVal("registry.terraform.io/hashicorp/*")}))
	return withHeader(f)
}

// FallbackConfig is the CLI config Init falls back to: the user's settings
// (user, HCL source; nil for none) with a provider_installation that takes
// hashicorp/aws from tfdyn's mirror and every other provider from its
// registry, as terraform does by default. The user's own
// provider_installation block is replaced: it could not install the
// provider.
func FallbackConfig(mirrorDir string, user []byte) []byte {
	f := baseConfig(user)
	body := f.Body()
	body.AppendNewline()
	pi := body.AppendNewBlock("provider_installation", nil).Body()
	fm := pi.AppendNewBlock("filesystem_mirror", nil).Body()
	fm.SetAttributeValue("path", cty.StringVal(mirrorDir))
	fm.SetAttributeValue("include", cty.ListVal([]cty.Value{cty.StringVal(AWSProvider)}))
	d := pi.AppendNewBlock("direct", nil).Body()
	d.SetAttributeValue("exclude", cty.ListVal([]cty.Value{cty.StringVal(AWSProvider)}))
	return withHeader(f)
}

// baseConfig starts a generated CLI config: the user's config without its
// provider_installation blocks (or an empty one), with disable_checkpoint.
func baseConfig(user []byte) *hclwrite.File {
	f := hclwrite.NewEmptyFile()
	if user != nil {
		if uf, diags := hclwrite.ParseConfig(user, "user.tfrc", hcl.InitialPos); !diags.HasErrors() {
			for _, b := range uf.Body().Blocks() {
				if b.Type() == "provider_installation" {
					uf.Body().RemoveBlock(b)
				}
			}
			f = uf
		}
	}
	if f.Body().GetAttribute("disable_checkpoint") == nil {
		f.Body().SetAttributeValue("disable_checkpoint", cty.True)
	}
	return f
}

// header is the first line of every CLI config tfdyn writes.
const header = "# Written by tfdyn: do not edit (it is rewritten when needed).\n"

func withHeader(f *hclwrite.File) []byte {
	return append([]byte(header), hclwrite.Format(f.Bytes())...)
}
