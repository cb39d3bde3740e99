package verify

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// compareResult checks a live result against the oracle: the same items in
// the same order (runs of equal sort keys compared as sets; where the
// limit ends the read inside such a run, any choice of its items the limit
// allows: oracle.Result.Agrees), only entities
// the pattern declares, and the projected attributes present (the index's
// projection, narrowed to the request's ProjectionExpression when the
// pattern lists the attributes it reads). It returns no problem when they
// agree, else problems naming expected and actual items (VF204) and items
// of undeclared entities (VF205).
func compareResult(p *hclschema.AccessPattern, exp oracle.Result, live dynamo.ReadResult, ds *Dataset) ([]problem, error) {
	shape, err := dynamo.Read(p)
	if err != nil {
		return nil, err
	}
	// What the ProjectionExpression returns: whole attributes, and the
	// named parts of documents (Detail.Payments).
	project := func(items []hclschema.Item) ([]map[string]types.AttributeValue, []string, error) {
		avs := make([]map[string]types.AttributeValue, len(items))
		canon := make([]string, len(items))
		for i, it := range items {
			if len(shape.ProjectionPaths) > 0 {
				it = hclschema.Item{Entity: it.Entity, Attrs: hclschema.ProjectPaths(it.Attrs, shape.ProjectionPaths)}
			}
			av, err := dynamo.ItemAV(it)
			if err != nil {
				return nil, nil, err
			}
			avs[i], canon[i] = av, dynamo.CanonItem(av)
		}
		return avs, canon, nil
	}
	expAV, want, err := project(exp.Items)
	if err != nil {
		return nil, err
	}
	var open []string
	if exp.Cut != nil {
		if _, open, err = project(exp.Cut.Candidates); err != nil {
			return nil, err
		}
	}
	got := make([]string, len(live.Items))
	for i, av := range live.Items {
		got[i] = dynamo.CanonItem(av)
	}
	var problems []problem
	if !exp.Agrees(want, open, got) {
		msg := fmt.Sprintf("expected %d item(s) %s, got %d item(s) %s",
			len(expAV), itemList(expAV, p), len(live.Items), itemList(live.Items, p))
		if exp.Cut != nil {
			openAV, _, _ := project(exp.Cut.Candidates)
			msg += fmt.Sprintf(" (the limit ends the read inside a run of equal sort keys, whose order DynamoDB leaves open: after the first %d item(s), any %d of %s)",
				exp.Cut.From, exp.Cut.Take, itemList(openAV, p))
		}
		problems = append(problems, problem{vfResultDiffers, msg})
		if d := firstDifference(expAV, live.Items); d != "" {
			problems = append(problems, problem{vfResultDiffers, d})
		}
	}
	undeclared := map[string][]string{}
	for _, av := range live.Items {
		e := ds.EntityOf(av)
		switch {
		case e == nil:
			undeclared["(unknown)"] = append(undeclared["(unknown)"], dynamo.KeyString(av, p.Table.Primary.KeyAttrs()))
		case !p.ReturnsEntity(e):
			undeclared[e.Name] = append(undeclared[e.Name], dynamo.KeyString(av, p.Table.Primary.KeyAttrs()))
		}
	}
	names := make([]string, 0, len(undeclared))
	for n := range undeclared {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		problems = append(problems, problem{vfUndeclared, fmt.Sprintf("returned %d item(s) of entity %s, which the pattern does not declare: %s",
			len(undeclared[n]), n, strings.Join(undeclared[n], "; "))})
	}
	return problems, nil
}

// problem is one reason a run failed, with its check's code.
type problem struct {
	code, msg string
}

// fail marks the run failed with problems (none: the run stays as it is):
// Message joins their messages, Codes lists their codes once each.
func (run *RunResult) fail(problems ...problem) {
	if len(problems) == 0 {
		return
	}
	msgs := make([]string, len(problems))
	for i, pr := range problems {
		msgs[i] = pr.msg
		if !slices.Contains(run.Codes, pr.code) {
			run.Codes = append(run.Codes, pr.code)
		}
	}
	run.OK, run.Message = false, strings.Join(msgs, "; ")
}

func itemList(items []map[string]types.AttributeValue, p *hclschema.AccessPattern) string {
	if len(items) == 0 {
		return "[]"
	}
	keys := p.Table.Primary.KeyAttrs()
	var parts []string
	for i, it := range items {
		if i == 8 {
			parts = append(parts, fmt.Sprintf("... %d more", len(items)-8))
			break
		}
		parts = append(parts, "{"+dynamo.KeyString(it, keys)+"}")
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// firstDifference explains the first position where two item lists differ
// in their attributes (for projection mismatches).
func firstDifference(want, got []map[string]types.AttributeValue) string {
	for i := 0; i < len(want) && i < len(got); i++ {
		a, b := dynamo.CanonItem(want[i]), dynamo.CanonItem(got[i])
		if a == b {
			continue
		}
		var missing, extra []string
		for k := range want[i] {
			if _, ok := got[i][k]; !ok {
				missing = append(missing, k)
			}
		}
		for k := range got[i] {
			if _, ok := want[i][k]; !ok {
				extra = append(extra, k)
			}
		}
		sort.Strings(missing)
		sort.Strings(extra)
		if len(missing) > 0 || len(extra) > 0 {
			return fmt.Sprintf("item %d: attributes missing %v, unexpected %v", i+1, missing, extra)
		}
		return fmt.Sprintf("item %d: expected %s, got %s", i+1, a, b)
	}
	return ""
}
