package tfprovider

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"google.golang.org/protobuf/encoding/protowire"
)

// schemaMethods answer with a GetProviderSchema.Response (the same field
// numbers in protocols 5 and 6).
var schemaMethods = map[string]bool{
	"/tfplugin5.Provider/GetSchema":         true,
	"/tfplugin6.Provider/GetProviderSchema": true,
}

// trimmedFields are the fields of GetProviderSchema.Response that are maps
// from a name (resource type, data source, function, ephemeral resource,
// list resource, action) to its schema: trimSchema keeps only the entries
// the workspace uses.
var trimmedFields = map[protowire.Number]bool{2: true, 3: true, 7: true, 8: true, 9: true, 11: true}

// trimSchema returns the provider schema answer resp with only the map
// entries named in keep (Keeps). hashicorp/aws declares some 1,500 resource types
// and data sources (7 MB): every terraform command decodes them all, some
// seconds of CPU on a busy machine, while verify's configuration uses one.
// Terraform looks a schema up only for what the configuration or state
// names, so the trimmed answer plans exactly as the full one. Every other
// field is kept as it is, also one this code does not know.
func trimSchema(resp []byte, keep map[string]bool) ([]byte, error) {
	out := make([]byte, 0, 64<<10)
	for b := resp; len(b) > 0; {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return nil, fmt.Errorf("provider schema: %w", protowire.ParseError(n))
		}
		m := protowire.ConsumeFieldValue(num, typ, b[n:])
		if m < 0 {
			return nil, fmt.Errorf("provider schema: %w", protowire.ParseError(m))
		}
		field := b[:n+m]
		b = b[n+m:]
		if trimmedFields[num] && typ == protowire.BytesType {
			entry, _ := protowire.ConsumeBytes(field[n:])
			name, err := mapKey(entry)
			if err != nil {
				return nil, err
			}
			if !Keeps(keep, name) {
				continue
			}
		}
		out = append(out, field...)
	}
	return out, nil
}

// Keeps reports whether the set of names keep (a proxy's types) holds
// name: the name itself, or a prefix of it written with a final "*"
// ("aws_dynamodb_*": every DynamoDB resource type and data source).
func Keeps(keep map[string]bool, name string) bool {
	if keep[name] {
		return true
	}
	for k := range keep {
		if prefix, ok := strings.CutSuffix(k, "*"); ok && strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

// mapKey returns the key (field 1, a string) of an encoded map entry.
func mapKey(entry []byte) (string, error) {
	for len(entry) > 0 {
		num, typ, n := protowire.ConsumeTag(entry)
		if n < 0 {
			return "", fmt.Errorf("provider schema: %w", protowire.ParseError(n))
		}
		if num == 1 && typ == protowire.BytesType {
			v, m := protowire.ConsumeBytes(entry[n:])
			if m < 0 {
				return "", fmt.Errorf("provider schema: %w", protowire.ParseError(m))
			}
			return string(v), nil
		}
		m := protowire.ConsumeFieldValue(num, typ, entry[n:])
		if m < 0 {
			return "", fmt.Errorf("provider schema: %w", protowire.ParseError(m))
		}
		entry = entry[n+m:]
	}
	return "", nil
}

// ConfigTypes returns the resource types and data sources that the
// Terraform files name (first label of resource and data blocks): what a
// proxy's schema answers keep (UseProxy). A file that does not parse is an
// error "NAME: diagnostics".
func ConfigTypes(files map[string][]byte) (map[string]bool, error) {
	types := map[string]bool{}
	for name, src := range files {
		if !strings.HasSuffix(name, ".tf") {
			continue
		}
		f, diags := hclsyntax.ParseConfig(src, filepath.Base(name), hcl.InitialPos)
		if diags.HasErrors() {
			return nil, fmt.Errorf("%s: %w", name, diags)
		}
		for _, blk := range f.Body.(*hclsyntax.Body).Blocks {
			if (blk.Type == "resource" || blk.Type == "data") && len(blk.Labels) > 0 {
				types[blk.Labels[0]] = true
			}
		}
	}
	return types, nil
}
