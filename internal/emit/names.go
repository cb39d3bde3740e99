package emit

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Names are the Terraform names emit declares for one table: the naming
// contract of docs/emit.md. They depend on the table's own label and the
// prefix, never on how many tables the schema has. verify and plancheck
// use them instead of deriving names themselves.
type Names struct {
	// Local is the resource name of the table (or the name of its module
	// call): P + L, where L is the label with "-" and "." replaced by "_".
	Local string
	// Resource is the table's address in the resources and module layouts:
	// aws_dynamodb_table.<Local>.
	Resource string
	// Module is the table's module call address in the module-call layout:
	// module.<Local>.
	Module string
	// Policy is the address of the table's resource policy in the
	// resources and module layouts: aws_dynamodb_resource_policy.<Local>.
	Policy string

	// Variables of the table.
	TableNameVar, DeletionProtectionVar, PointInTimeRecoveryVar, ReadCapacityVar, WriteCapacityVar string

	// Outputs of the table.
	TableNameOutput, TableARNOutput, StreamARNOutput, GSINamesOutput, LSINamesOutput string

	// AppPolicy is the name of the application's aws_iam_policy_document
	// (--app-policy): <Local>_app; AppPolicyOutput the output of its JSON.
	AppPolicy, AppPolicyOutput string
}

// Address is where the table is in the layout of opts: Module for the
// module-call layout, Resource otherwise.
func (n Names) Address(opts Options) string {
	if opts.Layout == LayoutModuleCall {
		return n.Module
	}
	return n.Resource
}

// Variables lists the table's variables in the order emit declares them;
// the capacity variables only for provisioned tables.
func (n Names) Variables(t *hclschema.Table) []string {
	vs := []string{n.TableNameVar, n.DeletionProtectionVar, n.PointInTimeRecoveryVar}
	if t.BillingMode == hclschema.Provisioned {
		vs = append(vs, n.ReadCapacityVar, n.WriteCapacityVar)
	}
	return vs
}

// Outputs lists the table's outputs in the order emit declares them.
func (n Names) Outputs() []string {
	return []string{n.TableNameOutput, n.TableARNOutput, n.StreamARNOutput, n.GSINamesOutput, n.LSINamesOutput}
}

// Label returns L of the naming contract: the table label with "-" and
// "." replaced by "_".
func Label(t *hclschema.Table) string {
	return strings.NewReplacer("-", "_", ".", "_").Replace(t.Label)
}

// lead is what every variable and output name starts with: "dynamodb_" and
// the prefix in a user's module, nothing in a module of its own.
func lead(opts Options) string {
	if opts.Layout == LayoutModule {
		return ""
	}
	return "dynamodb_" + opts.Prefix
}

// NamesFor returns the names emit declares for table t with opts.
func NamesFor(t *hclschema.Table, opts Options) Names {
	local := Label(t)
	if opts.Layout != LayoutModule {
		local = opts.Prefix + local
	}
	v := lead(opts) + Label(t) + "_"
	return Names{
		Local:                  local,
		Resource:               "aws_dynamodb_table." + local,
		Module:                 "module." + local,
		Policy:                 "aws_dynamodb_resource_policy." + local,
		TableNameVar:           v + "table_name",
		DeletionProtectionVar:  v + "deletion_protection",
		PointInTimeRecoveryVar: v + "point_in_time_recovery",
		ReadCapacityVar:        v + "read_capacity",
		WriteCapacityVar:       v + "write_capacity",
		TableNameOutput:        v + "table_name",
		TableARNOutput:         v + "table_arn",
		StreamARNOutput:        v + "stream_arn",
		GSINamesOutput:         v + "global_secondary_index_names",
		LSINamesOutput:         v + "local_secondary_index_names",
		AppPolicy:              local + "_app",
		AppPolicyOutput:        v + "app_policy_json",
	}
}

// GSIResource is the resource name of GSI index with --gsi-resources:
// <Local>_<index>, "-" and "." in the index name replaced by "_".
func (n Names) GSIResource(index string) string {
	return n.Local + "_" + strings.NewReplacer("-", "_", ".", "_").Replace(index)
}

// TagsVariable is the name of the variable of tags added to every table:
// dynamodb_<P>tags, or tags in the module layout.
func TagsVariable(opts Options) string { return lead(opts) + "tags" }

// Files are the names of the files emit writes for opts (Readme only in
// the module layout).
type Files struct {
	Main, Variables, Outputs, Versions, Readme string
}

// FileNames returns the file names of opts: dynamodb.tf and its siblings,
// prefixed with P (blog_dynamodb.tf), in a user's module; main.tf,
// variables.tf, outputs.tf, versions.tf and README.md in the module layout.
func FileNames(opts Options) Files {
	if opts.Layout == LayoutModule {
		return Files{Main: "main.tf", Variables: "variables.tf", Outputs: "outputs.tf", Versions: "versions.tf", Readme: "README.md"}
	}
	p := opts.Prefix + "dynamodb"
	return Files{Main: p + ".tf", Variables: p + "_variables.tf", Outputs: p + "_outputs.tf", Versions: p + "_versions.tf"}
}

// All lists the file names, Readme only when set.
func (f Files) All() []string {
	out := []string{f.Main, f.Variables, f.Outputs, f.Versions}
	if f.Readme != "" {
		out = append(out, f.Readme)
	}
	return out
}

// CheckPrefix returns an error unless p is a valid --prefix: empty, or a
// Terraform identifier fragment of ASCII letters, digits and "_" that starts
// with a letter and ends in "_", such as "blog_".
func CheckPrefix(p string) error {
	if p == "" {
		return nil
	}
	ok := strings.HasSuffix(p, "_") && (p[0] >= 'a' && p[0] <= 'z' || p[0] >= 'A' && p[0] <= 'Z')
	for _, r := range p {
		ok = ok && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_')
	}
	if !ok {
		return fmt.Errorf("prefix %q is not a name fragment: use letters, digits and \"_\", start with a letter and end with \"_\" (for example \"blog_\")", p)
	}
	return nil
}

// SnakeCase writes a label in lower case with "_" between words, the form
// of Terraform names: OnlineShop is online_shop, HTTPServer http_server,
// shopEU shop_eu. Lint's TD156 suggests it; tfdyn import --from-workbench
// labels tables and names proposed patterns with it.
func SnakeCase(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
