package gen

// Decl is a declaration of a back end's runtime: the names it declares
// and the runtime names it uses.
type Decl struct {
	Names []string
	Uses  map[string]bool
}

// Keep returns which runtime declarations a generated package needs: those
// declaring a name in need, and, transitively, those they use. Each back end
// copies only these, so that a package holds no code it does not run.
func Keep(decls []Decl, need map[string]bool) []bool {
	want := make(map[string]bool, len(need))
	for n := range need {
		want[n] = true
	}
	keep := make([]bool, len(decls))
	for changed := true; changed; {
		changed = false
		for i, d := range decls {
			if keep[i] {
				continue
			}
			for _, n := range d.Names {
				if want[n] {
					keep[i], changed = true, true
					for u := range d.Uses {
						want[u] = true
					}
					break
				}
			}
		}
	}
	return keep
}
