#!/usr/bin/env bash
# fuzz.sh runs every fuzz target of the module (every FuzzXxx function that
# `go test -list` finds) for FUZZTIME each (default 10s), one after the other.
# A crasher is written by go test under the package's testdata/fuzz/FuzzXxx/:
# commit it so that it stays in the corpus, then fix the bug.
#
#   scripts/fuzz.sh              # every target, 10s each (CI)
#   FUZZTIME=10m scripts/fuzz.sh # longer local runs
#   scripts/fuzz.sh ./internal/lint       # the targets of some packages only
#   scripts/fuzz.sh --classify LOG  # how a failed run's output is judged
#
# Go 1.26's fuzzing coordinator can fail a target with a bare "context
# deadline exceeded" when -fuzztime expires while a worker is busy (a race in
# the coordinator, golang/go#75804, fixed in Go 1.27; seen on a loaded 2-core
# CI machine). Such a run found nothing: no failing input is written. A run
# that fails exactly that way and writes no new corpus file is run again (at
# most twice); any other failure, or a new file under testdata/fuzz, fails.
set -euo pipefail
if [ "${1:-}" = "--classify" ]; then
  [ -r "${2:-}" ] || { echo "fuzz.sh: --classify needs a readable log file, got ${2:-nothing}" >&2; exit 2; }
  classify_log=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
fi
cd "$(dirname "$0")/.."
FUZZTIME="${FUZZTIME:-10s}"

# classify LOG prints "race" when LOG is the output of a `go test -fuzz` run
# that failed only by the coordinator's deadline race, "fail" otherwise.
classify() {
  local log="$1"
  # The only failure message: one FAIL line of the target, followed by the
  # bare deadline error and nothing written.
  local fails msgs
  fails=$(grep -cE -- '--- FAIL: ' "$log" || true)
  msgs=$(grep -A1 -E -- '--- FAIL: Fuzz[A-Za-z0-9_]+ \([0-9.]+s\)$' "$log" | sed -n 2p || true)
  if [ "$fails" = 1 ] && [ "$msgs" = "    context deadline exceeded" ] &&
    ! grep -qE 'Failing input written|^panic:|^fatal error:|_test\.go:[0-9]+:' "$log"; then
    echo race
  else
    echo fail
  fi
}

if [ "${1:-}" = "--classify" ]; then
  classify "$classify_log"
  exit 0
fi

pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./...)

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# corpus lists the files of a target's corpus directory.
corpus() { ls "$1" 2>/dev/null || true; }

targets=0
failed=()
while read -r pkg dir; do
  [ -n "$pkg" ] || continue
  for fn in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
    targets=$((targets + 1))
    for attempt in 1 2 3; do
      echo "fuzz: $pkg $fn for $FUZZTIME"
      before=$(corpus "$dir/testdata/fuzz/$fn")
      if go test "$pkg" -run '^$' -fuzz "^${fn}\$" -fuzztime "$FUZZTIME" 2>&1 | tee "$log"; then
        break
      fi
      after=$(corpus "$dir/testdata/fuzz/$fn")
      if [ "$before" = "$after" ] && [ "$(classify "$log")" = race ] && [ "$attempt" -lt 3 ]; then
        echo "fuzz: $fn stopped on the -fuzztime deadline race of Go's coordinator (golang/go#75804), nothing found; running it again"
        continue
      fi
      failed+=("$pkg $fn")
      break
    done
  done
done < <(go list -f '{{.ImportPath}} {{.Dir}}' "${pkgs[@]}" | while read -r path dir; do
  # Only packages whose tests declare a fuzz target (saves compiling the rest).
  if grep -qs '^func Fuzz' "$dir"/*_test.go; then echo "$path $dir"; fi
done)

echo "fuzz: $targets targets, ${#failed[@]} failed"
if [ ${#failed[@]} -gt 0 ]; then
  printf 'fuzz: failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
