package workbench

import (
	"encoding/json"
	"fmt"
	"io"
)

// Write writes m as Workbench writes a model: indented JSON, fields in
// Workbench's order, item attributes sorted by name, characters as they
// are (no HTML escaping). Output is deterministic.
func Write(w io.Writer, m *Model) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return fmt.Errorf("workbench: write: %w", err)
	}
	return nil
}
