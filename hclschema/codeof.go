package hclschema

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeOf returns the code of a diagnostic that Load reported (TD0xx, one of
// the Code constants, such as "TD004" for CodeUnknownReference), or "" for a
// diagnostic without one. Diagnostics keep their code in a field only tfdyn
// can read; this is how a program that imports hclschema reads it.
func CodeOf(d *hcl.Diagnostic) string {
	return string(diag.CodeOf(d))
}
