#!/usr/bin/env bash
# bench-scaling.sh prints the scaling figures of BenchmarkScaling
# (internal/cli/bench_test.go): fmt --check, validate, emit and doc on
# generated schemas of 500, 2,000 and 8,000 access patterns. For each
# command and size: wall time, CPU time (user + system of the process, which
# a loaded machine disturbs less than wall time), bytes and allocations per
# run; for each 4x step the cost ratio (target: at most 4.5x); and validate
# against fmt --check at 2,000 patterns (target: at most 2x). Allocations do
# not depend on the machine's load at all: compare them first. When a
# benchmark ran several times (-count), each time is the fastest run: the
# one the machine's other work disturbed least.
#
#   scripts/bench-scaling.sh               # run the benchmark, print the figures
#   scripts/bench-scaling.sh bench.out     # read `go test -bench` output instead (- for stdin)
#   COUNT=3 scripts/bench-scaling.sh       # three runs per figure, the fastest kept
#
# It exits 0 whatever the figures: a target that is missed is marked "over".
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -eq 0 ]; then
  out=$(mktemp)
  trap 'rm -f "$out"' EXIT
  go test ./internal/cli -run '^$' -bench '^BenchmarkScaling$' -benchmem -benchtime "${BENCHTIME:-1x}" -count "${COUNT:-1}" -timeout 60m | tee "$out"
  echo
  exec <"$out"
elif [ "$1" != "-" ]; then
  [ -r "$1" ] || { echo "bench-scaling.sh: cannot read $1" >&2; exit 2; }
  exec <"$1"
fi

awk '
/^BenchmarkScaling\// {
  split($1, name, "/")            # BenchmarkScaling, command, patterns=N-cpus
  cmd = name[2]
  n = name[3]; sub(/^patterns=/, "", n); sub(/-[0-9]+$/, "", n)
  first = !((cmd, n) in wall)
  for (i = 3; i < NF; i++) {
    v = $i + 0
    if ($(i+1) == "ns/op" && (first || v < wall[cmd, n])) wall[cmd, n] = v
    if ($(i+1) == "cpu-ns/op" && (first || v < cpu[cmd, n])) cpu[cmd, n] = v
    if ($(i+1) == "B/op" && (first || v < bytes[cmd, n])) bytes[cmd, n] = v
    if ($(i+1) == "allocs/op" && (first || v < allocs[cmd, n])) allocs[cmd, n] = v
  }
  if (!(cmd in seen)) { seen[cmd] = 1; cmds[++ncmd] = cmd }
  if (!(n in seenn)) { seenn[n] = 1; sizes[++nsize] = n }
}
function ratio(a, b) { return (b > 0) ? a / b : 0 }
function mark(r, max) { return (r <= max) ? "ok" : "over" }
END {
  if (ncmd == 0) { print "bench-scaling: no BenchmarkScaling results in the input" > "/dev/stderr"; exit 1 }
  printf "%-10s %8s %9s %9s %10s %11s   %-28s\n", "command", "patterns", "wall s", "cpu s", "MB alloc", "allocs", "4x step: wall / cpu / allocs"
  for (c = 1; c <= ncmd; c++) {
    cmd = cmds[c]
    for (s = 1; s <= nsize; s++) {
      n = sizes[s]
      if (!((cmd, n) in wall)) continue
      step = ""
      if (s > 1 && ((cmd, sizes[s-1]) in wall)) {
        p = sizes[s-1]
        rw = ratio(wall[cmd, n], wall[cmd, p]); rc = ratio(cpu[cmd, n], cpu[cmd, p]); ra = ratio(allocs[cmd, n], allocs[cmd, p])
        step = sprintf("%.2fx %s / %.2fx %s / %.2fx %s", rw, mark(rw, 4.5), rc, mark(rc, 4.5), ra, mark(ra, 4.5))
      }
      printf "%-10s %8d %9.3f %9.3f %10.1f %11d   %s\n", cmd, n, wall[cmd, n] / 1e9, cpu[cmd, n] / 1e9, bytes[cmd, n] / 1048576, allocs[cmd, n], step
    }
  }
  if (("validate", 2000) in wall && ("fmt-check", 2000) in wall) {
    rw = ratio(wall["validate", 2000], wall["fmt-check", 2000]); rc = ratio(cpu["validate", 2000], cpu["fmt-check", 2000])
    printf "validate / fmt --check at 2000 patterns: wall %.2fx %s, cpu %.2fx %s (target: at most 2x)\n", rw, mark(rw, 2), rc, mark(rc, 2)
  }
}'
