package cost

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// bytesText prints a size: bytes below 1 KB, else KB, MB, GB (powers of
// 1024) with one decimal.
func bytesText(n float64) string {
	switch {
	case n < 1024:
		return strconv.FormatFloat(math.Round(n), 'f', -1, 64) + " B"
	case n < 1<<20:
		return strconv.FormatFloat(n/1024, 'f', 1, 64) + " KB"
	case n < 1<<30:
		return strconv.FormatFloat(n/(1<<20), 'f', 1, 64) + " MB"
	}
	return strconv.FormatFloat(n/(1<<30), 'f', 1, 64) + " GB"
}

// num prints a count or rate with at most two decimals and no trailing
// zeros.
func num(f float64) string {
	return strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64)
}

// dollars prints a monthly amount in US dollars with two decimals.
// Amounts below a cent keep four decimals, so that they do not read as zero.
func dollars(f float64) string {
	if f > 0 && f < 0.01 {
		return fmt.Sprintf("$%.4f", f)
	}
	return fmt.Sprintf("$%.2f", f)
}

// pct prints a share as a percentage with one decimal.
func pct(f float64) string { return fmt.Sprintf("%.1f%%", f*100) }

// listText prints names as a HCL list of strings.
func listText(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
