package diag

import "github.com/agext/levenshtein"

// Suggest returns the candidate closest to given (edit distance < 3), or "".
func Suggest(given string, candidates []string) string {
	best, bestDist := "", 3
	for _, c := range candidates {
		d := levenshtein.Distance(given, c, nil)
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// DidYouMean returns " Did you mean %q?" for the closest candidate, or "".
func DidYouMean(given string, candidates []string) string {
	if s := Suggest(given, candidates); s != "" {
		return " Did you mean \"" + s + "\"?"
	}
	return ""
}
