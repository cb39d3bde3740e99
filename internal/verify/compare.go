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
// the same order (runs of equal sort keys compared as sets), only entities
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
	expAV := make([]map[string]types.AttributeValue, len(exp.Items))
	for i, it := range exp.Items {
		if len(shape.ProjectionPaths) > 0 {
			// What the ProjectionExpression returns: whole attributes, and
			// the named parts of documents (Detail.Payments).
			it = hclschema.Item{Entity: it.Entity, Attrs: hclschema.ProjectPaths(it.Attrs, shape.ProjectionPaths)}
		}
		av, err := dynamo.ItemAV(it)
		if err != nil {
			return nil, err
		}
		expAV[i] = av
	}
	var problems []problem
	if !sameOrder(exp, expAV, live.Items) {
		problems = append(problems, problem{vfResultDiffers, fmt.Sprintf("expected %d item(s) %s, got %d item(s) %s",
			len(expAV), itemList(expAV, p), len(live.Items), itemList(live.Items, p))})
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

// sameOrder compares item by item, treating each run of equal index sort
// keys in the expected result as a set.
func sameOrder(exp oracle.Result, expAV, got []map[string]types.AttributeValue) bool {
	if len(expAV) != len(got) {
		return false
	}
	for i := 0; i < len(expAV); {
		j := i + 1
		for j < len(expAV) && equalKeys(exp, i, j) {
			j++
		}
		want := make([]string, 0, j-i)
		have := make([]string, 0, j-i)
		for k := i; k < j; k++ {
			want = append(want, dynamo.CanonItem(expAV[k]))
			have = append(have, dynamo.CanonItem(got[k]))
		}
		sort.Strings(want)
		sort.Strings(have)
		for k := range want {
			if want[k] != have[k] {
				return false
			}
		}
		i = j
	}
	return true
}

func equalKeys(exp oracle.Result, i, j int) bool {
	a, b := exp.SortKeys[i], exp.SortKeys[j]
	if len(a) == 0 {
		return true // no sort key: the order is the hash order, a set
	}
	for k := range a {
		if c, ok := hclschema.Compare(a[k], b[k]); !ok || c != 0 {
			return false
		}
	}
	return true
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
