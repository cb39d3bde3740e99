package hclschema

import (
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// Vocabulary returns the argument names and nested block types the
// language takes in the block at path (block types from the file's root:
// nil for the file itself, ["table"], ["table", "global_secondary_index"],
// ["access_pattern", "workload"]...), each sorted; ok is false for a path
// whose content is free-form (an entity's key, index and example blocks,
// a pattern's key and example blocks: their names come from the model) or
// unknown. It is the decoder's own schemas, for editors (tfdyn lsp).
func Vocabulary(path []string) (args, blocks []string, ok bool) {
	var s *hcl.BodySchema
	switch strings.Join(path, "/") {
	case "":
		s = rootSchema
	case "table":
		s = tableSchema
	case "table/global_secondary_index":
		s = gsiSchema
	case "table/local_secondary_index":
		s = lsiSchema
	case "table/server_side_encryption":
		s = sseSchema
	case "entity":
		s = entitySchema
	case "entity/workload":
		s = entityWorkloadSchema
	case "access_pattern":
		s = patternSchema
	case "access_pattern/workload":
		s = patternWorkloadSchema
	case "write_pattern":
		s = writePatternSchema
	case "write_pattern/workload":
		s = writeWorkloadSchema
	case "write_pattern/transaction":
		s = transactionSchema
	case "accept":
		s = acceptSchema
	default:
		if len(path) >= 2 && path[0] == "write_pattern" {
			if ws, found := writeSchemas[WriteOp(path[len(path)-1])]; found {
				s = ws
			}
		}
	}
	if s == nil {
		return nil, nil, false
	}
	for _, a := range s.Attributes {
		args = append(args, a.Name)
	}
	for _, b := range s.Blocks {
		blocks = append(blocks, b.Type)
	}
	sort.Strings(args)
	sort.Strings(blocks)
	return args, blocks, true
}
