package plancheck

import (
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
)

// declaredGSIs tells which GSIs the configuration (the plan's
// "configuration" section) declares on the table of a resource change.
type declaredGSIs struct {
	// Known is false when the configuration cannot say: no configuration
	// in the plan, the resource not found, a GSI name that is not a
	// constant, or GSIs written as dynamic blocks from values the plan
	// does not show.
	Known bool
	// Names are the declared GSI names (when Known).
	Names map[string]bool
}

// configGSIs finds the configuration of rc and the GSI names it declares.
// Static global_secondary_index blocks are read from the resource's
// expressions. Terraform leaves dynamic blocks out of the JSON
// configuration, so a resource without static attribute blocks (every
// aws_dynamodb_table needs one for its partition key) is taken to use
// dynamic blocks: for the module tfdyn emits with --as module-call, the
// names then come from the module call's constant global_secondary_indexes
// argument; otherwise they are unknown.
func configGSIs(plan *tfjson.Plan, rc *tfjson.ResourceChange) declaredGSIs {
	if plan == nil || plan.Config == nil || plan.Config.RootModule == nil || rc == nil {
		return declaredGSIs{}
	}
	mod := plan.Config.RootModule
	var call *tfjson.ModuleCall
	names, ok := moduleCallNames(rc.ModuleAddress)
	if !ok {
		return declaredGSIs{}
	}
	for _, n := range names {
		call = mod.ModuleCalls[n]
		if call == nil || call.Module == nil {
			return declaredGSIs{}
		}
		mod = call.Module
	}
	var res *tfjson.ConfigResource
	for _, r := range mod.Resources {
		if r != nil && r.Mode == tfjson.ManagedResourceMode && r.Type == rc.Type && r.Name == rc.Name {
			res = r
			break
		}
	}
	if res == nil {
		return declaredGSIs{}
	}
	if e := res.Expressions["global_secondary_index"]; e != nil && e.ExpressionData != nil {
		out := declaredGSIs{Known: true, Names: map[string]bool{}}
		for _, b := range e.NestedBlocks {
			n := b["name"]
			if n == nil || n.ExpressionData == nil {
				return declaredGSIs{}
			}
			s, ok := n.ConstantValue.(string)
			if !ok {
				return declaredGSIs{}
			}
			out.Names[s] = true
		}
		return out
	}
	if e := res.Expressions["attribute"]; e != nil && e.ExpressionData != nil && len(e.NestedBlocks) > 0 {
		// Static blocks and no global_secondary_index: none declared.
		return declaredGSIs{Known: true, Names: map[string]bool{}}
	}
	// Dynamic blocks: the module tfdyn emits takes the GSIs as an argument.
	if call == nil {
		return declaredGSIs{}
	}
	e := call.Expressions["global_secondary_indexes"]
	if e == nil || e.ExpressionData == nil || len(e.References) > 0 {
		return declaredGSIs{}
	}
	list, ok := e.ConstantValue.([]any)
	if !ok {
		return declaredGSIs{}
	}
	out := declaredGSIs{Known: true, Names: map[string]bool{}}
	for _, it := range list {
		m, _ := it.(map[string]any)
		s, ok := m["name"].(string)
		if !ok {
			return declaredGSIs{}
		}
		out.Names[s] = true
	}
	return out
}

// moduleCallNames splits a module instance address such as
// module.outer.module.db["eu"] into its call names (outer, db), dropping
// instance keys. "" is the root module.
func moduleCallNames(addr string) ([]string, bool) {
	var out []string
	for addr != "" {
		if !strings.HasPrefix(addr, "module.") {
			return nil, false
		}
		addr = addr[len("module."):]
		i := strings.IndexAny(addr, ".[")
		if i < 0 {
			i = len(addr)
		}
		if i == 0 {
			return nil, false
		}
		out = append(out, addr[:i])
		addr = addr[i:]
		if strings.HasPrefix(addr, "[") {
			end := instanceKeyEnd(addr)
			if end < 0 {
				return nil, false
			}
			addr = addr[end:]
		}
		if addr == "" {
			break
		}
		if addr[0] != '.' {
			return nil, false
		}
		addr = addr[1:]
	}
	return out, true
}

// instanceKeyEnd returns the index after the "]" closing the instance key
// that s starts with (a number or a quoted string with \-escapes), or -1.
func instanceKeyEnd(s string) int {
	inStr := false
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case inStr && c == '\\':
			i++
		case c == '"':
			inStr = !inStr
		case !inStr && c == ']':
			return i + 1
		}
	}
	return -1
}

// StandaloneGSIType is the resource type of a GSI managed outside its
// table resource (hashicorp/aws >= 6.28).
const StandaloneGSIType = "aws_dynamodb_global_secondary_index"

// standaloneGSI is a planned aws_dynamodb_global_secondary_index.
type standaloneGSI struct {
	Address string
	// Deleted is set when the plan deletes it (and does not create it
	// again).
	Deleted bool
}

// standaloneGSIs indexes the plan's aws_dynamodb_global_secondary_index
// resources by table name and index name (joined by a NUL byte). Those
// whose names are unknown are left out.
func standaloneGSIs(plan *tfjson.Plan) map[string]standaloneGSI {
	out := map[string]standaloneGSI{}
	if plan == nil {
		return out
	}
	for _, rc := range plan.ResourceChanges {
		if rc == nil || rc.Change == nil || rc.Type != StandaloneGSIType || rc.Mode == tfjson.DataResourceMode {
			continue
		}
		a := rc.Change.Actions
		v := value{v: rc.Change.After, unk: rc.Change.AfterUnknown}
		if a.Delete() || a.Forget() {
			v = value{v: rc.Change.Before}
		}
		tbl, ix := v.Get("table_name").strVal(), v.Get("index_name").strVal()
		if tbl.Unknown || ix.Unknown || tbl.Value == "" || ix.Value == "" {
			continue
		}
		out[tbl.Value+"\x00"+ix.Value] = standaloneGSI{Address: rc.Address, Deleted: a.Delete()}
	}
	return out
}
