package emit

import (
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// AppCall is one DynamoDB operation the application makes on a table or
// one of its indexes (Index "" for the table) through the schema's access
// and write patterns: what its least-privilege IAM policy grants.
type AppCall struct {
	// Operation is the IAM action without its dynamodb: prefix (GetItem,
	// Query, PutItem, UpdateItem, DeleteItem). A TransactWriteItems needs
	// the actions of its writes.
	Operation string
	Index     string
}

// AppCalls returns the calls of table t's access patterns (GetItem or
// Query, on the table or the index each reads, as internal/dynamo renders
// them) and write patterns (the put, update and delete of every write,
// guard items included), sorted by index and operation. The code tfdyn
// gen writes makes exactly these calls (its contract test records them).
func AppCalls(s *hclschema.Schema, t *hclschema.Table) []AppCall {
	set := map[AppCall]bool{}
	for _, p := range s.Patterns {
		if p == nil || p.Table != t {
			continue
		}
		if shape, err := dynamo.Read(p); err == nil {
			set[AppCall{Operation: string(shape.Operation), Index: shape.IndexName}] = true
		}
	}
	for _, w := range s.WritePatterns {
		if w == nil || w.Table != t {
			continue
		}
		if shape, err := dynamo.Write(w); err == nil {
			for _, is := range shape.Items {
				set[AppCall{Operation: is.Op.APIName()}] = true
			}
		}
	}
	out := make([]AppCall, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Index != out[j].Index {
			return out[i].Index < out[j].Index
		}
		return out[i].Operation < out[j].Operation
	})
	return out
}

// appPolicy writes the aws_iam_policy_document of the application's calls
// on table t (--app-policy): one statement per action, with the table's
// ARN and the ARN of each index the action reads.
func (g *generator) appPolicy(body *hclwrite.Body, t tableOut) {
	if !g.opts.AppPolicy || len(t.calls) == 0 {
		return
	}
	arn := t.names.Address(g.opts) + g.attr(".arn", ".table_arn")
	byAction := map[string][]string{}
	var actions []string
	for _, c := range t.calls {
		if _, ok := byAction[c.Operation]; !ok {
			actions = append(actions, c.Operation)
		}
		res := arn
		if c.Index != "" {
			res = `"${` + arn + `}/index/` + strings.ReplaceAll(c.Index, `"`, `\"`) + `"`
		}
		byAction[c.Operation] = append(byAction[c.Operation], res)
	}
	sort.Strings(actions)
	body.AppendNewline()
	comment(body, "The least-privilege IAM policy of the application: exactly the DynamoDB calls of the schema's access and write patterns (the calls the code tfdyn gen writes makes). Attach its json to the application's role.")
	d := body.AppendNewBlock("data", []string{"aws_iam_policy_document", t.names.AppPolicy}).Body()
	for i, a := range actions {
		if i > 0 {
			d.AppendNewline()
		}
		st := d.AppendNewBlock("statement", nil).Body()
		st.SetAttributeValue("sid", cty.StringVal(a))
		st.SetAttributeValue("actions", cty.ListVal([]cty.Value{cty.StringVal("dynamodb:" + a)}))
		st.SetAttributeRaw("resources", ExprTokens("["+strings.Join(byAction[a], ", ")+"]"))
	}
}

// comment appends a # comment line to body, wrapped at about 76 columns.
func comment(body *hclwrite.Body, text string) {
	line := "#"
	var lines []string
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > 76 && line != "#" {
			lines = append(lines, line)
			line = "#"
		}
		line += " " + w
	}
	lines = append(lines, line)
	for _, l := range lines {
		body.AppendUnstructuredTokens(hclwrite.Tokens{{Type: hclsyntax.TokenComment, Bytes: []byte(l + "\n")}})
	}
}
