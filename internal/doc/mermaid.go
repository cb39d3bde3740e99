package doc

import (
	"fmt"
	"strconv"
	"strings"
)

// The Mermaid diagrams of the design document (GitHub renders ```mermaid
// blocks): the entity relationships of a table (erDiagram), the item
// collections of the table and of each index, and the access patterns'
// paths (flowcharts). Each is drawn from the table's Graph, which the JSON
// document carries as data. Labels are quoted, with Mermaid's entity
// codes for the characters its grammar reads (#, ", <, >, &), so that any
// template text draws as written; node IDs are generated.

// mermaidER writes the entity relationship diagram of g.
func mermaidER(g Graph) string {
	var b strings.Builder
	b.WriteString("```mermaid\nerDiagram\n")
	for _, e := range g.Entities {
		if len(e.Attributes) == 0 {
			fmt.Fprintf(&b, "  %s\n", e.Name)
			continue
		}
		fmt.Fprintf(&b, "  %s {\n", e.Name)
		for _, a := range e.Attributes {
			name, comments := erName(a.Name)
			if a.Optional {
				comments = append(comments, "optional")
			}
			if a.Computed != "" {
				comments = append(comments, "computed")
			}
			line := "    " + erType(a) + " " + name
			if a.PrimaryKey {
				line += " PK"
			}
			if len(comments) > 0 {
				line += ` "` + erComment(strings.Join(comments, ", ")) + `"`
			}
			b.WriteString(line + "\n")
		}
		b.WriteString("  }\n")
	}
	for _, r := range g.Relationships {
		card := "||--o{"
		if r.Kind == RelAlternative {
			card = "|o--o|"
		}
		fmt.Fprintf(&b, "  %s %s %s : \"%s\"\n", r.From, card, r.To, erComment(strings.Join(r.Patterns, ", ")))
	}
	b.WriteString("```\n\n")
	return b.String()
}

// erName returns an attribute name as the ER grammar takes it: PK, FK and
// UK (any case) are its key words, written with a trailing underscore and
// the name in the comment.
func erName(n string) (string, []string) {
	switch strings.ToUpper(n) {
	case "PK", "FK", "UK":
		return n + "_", []string{"attribute " + n}
	}
	return n, nil
}

// erComment makes s fit an ER comment or label, which ends at the first
// double quote.
func erComment(s string) string { return strings.ReplaceAll(s, `"`, "'") }

// mermaidCollections writes the item collections of index name of g: a
// box per collection (its partition key), an entity per member with its
// sort key and sparse condition.
func mermaidCollections(g Graph, index string) string {
	var b strings.Builder
	b.WriteString("```mermaid\nflowchart LR\n")
	n := 0
	for _, c := range g.Collections {
		if c.Index != index {
			continue
		}
		n++
		fmt.Fprintf(&b, "  subgraph c%d[\"%s\"]\n    direction TB\n", n, label(c.Partition...))
		for j, m := range c.Members {
			lines := append([]string{m.Entity}, m.Sort...)
			if m.When != "" {
				lines = append(lines, "when "+m.When)
			}
			fmt.Fprintf(&b, "    c%d_%d[\"%s\"]\n", n, j+1, label(lines...))
		}
		b.WriteString("  end\n")
	}
	b.WriteString("```\n\n")
	if n == 0 {
		return ""
	}
	return b.String()
}

// mermaidPaths writes the access patterns' paths of g: each pattern, its
// operation and the collections of the index it reads.
func mermaidPaths(g Graph) string {
	if len(g.Paths) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("```mermaid\nflowchart LR\n")
	used := map[string]bool{}
	for _, p := range g.Paths {
		for _, id := range p.Collections {
			used[id] = true
		}
	}
	ids := map[string]string{}
	for _, c := range g.Collections {
		if !used[c.ID] {
			continue
		}
		id := "c" + strconv.Itoa(len(ids)+1)
		ids[c.ID] = id
		members := make([]string, len(c.Members))
		for i, m := range c.Members {
			members[i] = m.Entity
		}
		fmt.Fprintf(&b, "  %s[(\"%s\")]\n", id, label(append([]string{c.Index + ": " + strings.Join(c.Partition, ", ")}, strings.Join(members, ", "))...))
	}
	for i, p := range g.Paths {
		fmt.Fprintf(&b, "  p%d([\"%s\"])\n", i+1, label(p.Pattern))
		if len(p.Collections) == 0 {
			fmt.Fprintf(&b, "  p%d -->|\"%s\"| x%d[\"%s\"]\n", i+1, label(p.Operation+" "+p.Index), i+1, label("no collection of "+p.Index+" holds "+strings.Join(p.Entities, ", ")))
		}
		for _, id := range p.Collections {
			fmt.Fprintf(&b, "  p%d -->|\"%s\"| %s\n", i+1, label(p.Operation+" "+p.Index), ids[id])
		}
	}
	b.WriteString("```\n\n")
	return b.String()
}

// label joins lines into a quoted Mermaid label, characters its grammar
// reads written as entity codes.
func label(lines ...string) string {
	parts := make([]string, len(lines))
	for i, l := range lines {
		var b strings.Builder
		for _, r := range l {
			switch r {
			case '#':
				b.WriteString("#35;")
			case '"':
				b.WriteString("#quot;")
			case '<':
				b.WriteString("#lt;")
			case '>':
				b.WriteString("#gt;")
			case '&':
				b.WriteString("#amp;")
			case '`':
				b.WriteString("#96;")
			case '\n', '\r', '\t':
				b.WriteByte(' ')
			default:
				b.WriteRune(r)
			}
		}
		parts[i] = b.String()
	}
	return strings.Join(parts, "<br/>")
}
