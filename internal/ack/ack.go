// Package ack holds what tfdyn plan's and tfdyn diff's acknowledgements
// share: the Ack and its matcher (address globs), the --ack flag syntax
// CODE[=ADDRESS]:REASON and the acknowledgement file in HCL (acknowledge
// "CODE" { address, reason }). A Gate says whose codes they are and how
// its errors are coded (DP001, SD001).
package ack

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// SplitFlag splits the value of an --ack flag, CODE[=ADDRESS]:REASON, into
// its parts. ADDRESS defaults to "*" and ends at the first ":" outside
// brackets and quotes, so for_each keys may contain ":". syntax is the
// gate's own hint, e.g. `use CODE[=ADDRESS]:REASON, for example ...`. The
// parts are trimmed; checking them is the caller's.
func SplitFlag(s, syntax string) (code, address, reason string, err error) {
	i := strings.IndexAny(s, "=:")
	if i <= 0 {
		return "", "", "", fmt.Errorf("invalid --ack %q: %s", s, syntax)
	}
	code = strings.TrimSpace(s[:i])
	rest := s[i:]
	if rest[0] == '=' {
		end := addressEnd(rest[1:])
		if end < 0 {
			return "", "", "", fmt.Errorf("invalid --ack %q: no \":\" before the reason; %s", s, syntax)
		}
		address = strings.TrimSpace(rest[1 : 1+end])
		rest = rest[1+end:]
	}
	reason = strings.TrimSpace(rest[1:])
	if address == "" {
		address = "*"
	}
	return code, address, reason, nil
}

// addressEnd returns the index of the first ':' outside brackets and
// quotes, or -1.
func addressEnd(s string) int {
	depth, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '[':
			depth++
		case c == ']':
			depth--
		case c == ':' && depth <= 0:
			return i
		}
	}
	return -1
}

// Glob matches s against pattern with * (any run) and ? (one character,
// rune-wise), backtracking to the last star only (linear in practice, never
// exponential).
func Glob(pattern, s string) bool {
	p, t := []rune(pattern), []rune(s)
	pi, ti, star, mark := 0, 0, -1, 0
	for ti < len(t) {
		switch {
		case pi < len(p) && (p[pi] == '?' || p[pi] == t[ti]):
			pi++
			ti++
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, ti
			pi++
		case star >= 0:
			pi = star + 1
			mark++
			ti = mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}

// Ack acknowledges an intended finding of a gate (a plan finding, a schema
// change): one with this code at an address matching the glob passes, shown
// as acknowledged.
type Ack struct {
	// Code is the gate's code, such as "DP102" or "SD502".
	Code string
	// Address is a glob over the findings' addresses (Glob): "*" matches
	// any run of characters, "?" one character, everything else (including
	// [ ] and quotes) itself. "" means "*".
	Address string
	// Reason says why the change is intended; it is required.
	Reason string
	// Source says where the acknowledgement comes from: "--ack" or
	// file:line:col.
	Source string
	// Range is its place in an acknowledgement file, or nil.
	Range *hcl.Range
}

// Matches reports whether the acknowledgement covers a finding with code
// at address.
func (a Ack) Matches(code, address string) bool {
	if a.Code != code {
		return false
	}
	pat := a.Address
	if pat == "" {
		pat = "*"
	}
	return Glob(pat, address)
}

// String renders the acknowledgement in --ack syntax.
func (a Ack) String() string {
	addr := a.Address
	if addr == "" {
		addr = "*"
	}
	return a.Code + "=" + addr + ":" + a.Reason
}
