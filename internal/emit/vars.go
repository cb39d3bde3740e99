package emit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// variable describes one input variable of the emitted configuration.
type variable struct {
	Name        string
	Type        string
	Default     cty.Value
	Description string
	// Validation is an optional condition and message.
	Condition, Message string
}

func (g *generator) variableList() []variable {
	var vars []variable
	for _, t := range g.tables {
		n, s := t.names, t.spec
		vars = append(vars, variable{Name: n.TableNameVar, Type: "string", Default: cty.StringVal(s.Name),
			Description: fmt.Sprintf("Name of the DynamoDB table %q.", t.label),
			Condition:   fmt.Sprintf("can(regex(\"^[a-zA-Z0-9_.-]{3,255}$\", var.%s))", n.TableNameVar),
			Message:     "A DynamoDB table name is 3 to 255 characters of a-z, A-Z, 0-9, _, - and ."})
		vars = append(vars, variable{Name: n.DeletionProtectionVar, Type: "bool", Default: cty.BoolVal(s.DeletionProtection),
			Description: fmt.Sprintf("Whether deletion protection is enabled on table %q.", t.label)})
		vars = append(vars, variable{Name: n.PointInTimeRecoveryVar, Type: "bool", Default: cty.BoolVal(s.PointInTimeRecovery),
			Description: fmt.Sprintf("Whether point-in-time recovery is enabled on table %q.", t.label)})
		if s.Provisioned() {
			for _, c := range []struct{ what, name string }{{"read capacity", n.ReadCapacityVar}, {"write capacity", n.WriteCapacityVar}} {
				vars = append(vars, variable{Name: c.name, Type: "number", Default: cty.NullVal(cty.Number),
					Description: fmt.Sprintf("Overrides the %s of table %q and its GSIs (null keeps the schema's values).", c.what, t.label),
					Condition:   fmt.Sprintf("var.%s == null ? true : var.%s >= 1", c.name, c.name),
					Message:     "Capacity must be at least 1."})
			}
		}
	}
	vars = append(vars, variable{Name: TagsVariable(g.opts), Type: "map(string)", Default: cty.MapValEmpty(cty.String),
		Description: "Tags added to every table (merged over the schema's tags)."})
	return vars
}

func (g *generator) variables() []byte {
	f := hclwrite.NewEmptyFile()
	for i, v := range g.variableList() {
		if i > 0 {
			f.Body().AppendNewline()
		}
		b := f.Body().AppendNewBlock("variable", []string{v.Name}).Body()
		b.SetAttributeValue("description", cty.StringVal(v.Description))
		b.SetAttributeRaw("type", ExprTokens(v.Type))
		b.SetAttributeValue("default", v.Default)
		if v.Condition != "" {
			val := b.AppendNewBlock("validation", nil).Body()
			val.SetAttributeRaw("condition", ExprTokens(v.Condition))
			val.SetAttributeValue("error_message", cty.StringVal(v.Message))
		}
	}
	return g.finish(f)
}

// output describes one output of the emitted configuration.
type output struct {
	Name, Description, Value string
}

func (g *generator) outputList() []output {
	var outs []output
	for _, t := range g.tables {
		n, s, l := t.names, t.spec, t.label
		ref := n.Address(g.opts)
		outs = append(outs,
			output{n.TableNameOutput, fmt.Sprintf("Name of table %q.", l), ref + g.attr(".name", ".table_name")},
			output{n.TableARNOutput, fmt.Sprintf("ARN of table %q.", l), ref + g.attr(".arn", ".table_arn")},
			output{n.StreamARNOutput, fmt.Sprintf("Stream ARN of table %q (null when streams are off).", l), streamRef(s, ref)},
			output{n.GSINamesOutput, fmt.Sprintf("GSI names of table %q.", l), listLiteral(s.GSINames())},
			output{n.LSINamesOutput, fmt.Sprintf("LSI names of table %q.", l), listLiteral(s.LSINames())},
		)
		if g.opts.AppPolicy && len(t.calls) > 0 {
			outs = append(outs, output{n.AppPolicyOutput, fmt.Sprintf("IAM policy document (JSON) of the application on table %q: exactly the DynamoDB calls of the schema's access and write patterns.", l),
				"data.aws_iam_policy_document." + n.AppPolicy + ".json"})
		}
	}
	return outs
}

// attr picks the attribute of a resource or the output of a module call.
func (g *generator) attr(resource, module string) string {
	if g.opts.Layout == LayoutModuleCall {
		return module
	}
	return resource
}

func streamRef(s hclschema.TableSpec, ref string) string {
	if s.StreamViewType == "" {
		return "null"
	}
	return ref + ".stream_arn"
}

func listLiteral(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = string(hclwrite.TokensForValue(cty.StringVal(s)).Bytes())
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func (g *generator) outputs() []byte {
	f := hclwrite.NewEmptyFile()
	for i, o := range g.outputList() {
		if i > 0 {
			f.Body().AppendNewline()
		}
		b := f.Body().AppendNewBlock("output", []string{o.Name}).Body()
		b.SetAttributeValue("description", cty.StringVal(o.Description))
		b.SetAttributeRaw("value", ExprTokens(o.Value))
	}
	return g.finish(f)
}

func (g *generator) readme() []byte {
	var sb strings.Builder
	var labels []string
	for _, t := range g.tables {
		labels = append(labels, t.spec.Name)
	}
	sort.Strings(labels)
	fmt.Fprintf(&sb, "# DynamoDB tables: %s\n\n", strings.Join(labels, ", "))
	sb.WriteString("Generated by `tfdyn emit --layout module`")
	if g.opts.SchemaPath != "" {
		fmt.Fprintf(&sb, " from `%s`", g.opts.SchemaPath)
	}
	sb.WriteString(". Change the schema and emit again instead of editing these files.\n\n")
	sb.WriteString("## Usage\n\n```hcl\nmodule \"dynamodb\" {\n  source = \"./path/to/this/module\"\n\n  tags = { environment = \"prod\" }\n}\n```\n\n")
	sb.WriteString("## Requirements\n\n| Name | Version |\n|------|---------|\n| terraform | >= 1.5.0 |\n")
	fmt.Fprintf(&sb, "| hashicorp/aws | %s |\n\n", Need(g.opts))
	sb.WriteString("## Inputs\n\n| Name | Description | Type | Default |\n|------|-------------|------|---------|\n")
	for _, v := range g.variableList() {
		fmt.Fprintf(&sb, "| `%s` | %s | `%s` | `%s` |\n", v.Name, v.Description, v.Type, strings.TrimSpace(string(hclwrite.TokensForValue(v.Default).Bytes())))
	}
	sb.WriteString("\n## Outputs\n\n| Name | Description |\n|------|-------------|\n")
	for _, o := range g.outputList() {
		fmt.Fprintf(&sb, "| `%s` | %s |\n", o.Name, o.Description)
	}
	return g.finishMarkdown(sb.String())
}
