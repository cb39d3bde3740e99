#!/usr/bin/env bash
# fuzz.sh runs every fuzz target of the module (every FuzzXxx function that
# the package's test binary lists) for FUZZTIME each (default 10s). It builds
# each package's instrumented test binary once (go test -c -fuzz), not once
# per target, and runs FUZZJOBS targets at a time (default: the number of
# CPUs), each with the CPUs shared out among them as fuzzing workers; a
# package's targets start while the next package builds. A crasher is
# written under the package's testdata/fuzz/FuzzXxx/: commit it so that it
# stays in the corpus, then fix the bug.
#
#   scripts/fuzz.sh              # every target, 10s each (make test: 5s)
#   FUZZTIME=10m scripts/fuzz.sh # longer local runs
#   FUZZJOBS=1 scripts/fuzz.sh   # one target at a time, with every CPU
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

cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
FUZZJOBS="${FUZZJOBS:-$cpus}"
case "$FUZZJOBS" in '' | *[!0-9]* | 0) echo "fuzz.sh: FUZZJOBS must be a positive number, got $FUZZJOBS" >&2; exit 2 ;; esac
workers=$((cpus / FUZZJOBS))
[ "$workers" -ge 1 ] || workers=1
gocache=$(go env GOCACHE)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# corpus lists the files of a target's corpus directory.
corpus() { ls "$1" 2>/dev/null || true; }

# fuzz_target PKG DIR BIN FN N runs one target, again after the coordinator's
# deadline race (at most twice), and leaves "ok" or "fail" in $work/N.status
# and the output of its last run in $work/N.log.
fuzz_target() {
  local pkg=$1 dir=$2 bin=$3 fn=$4 n=$5 attempt before after
  for attempt in 1 2 3; do
    before=$(corpus "$dir/testdata/fuzz/$fn")
    if (cd "$dir" && "$bin" -test.paniconexit0 -test.run='^$' -test.fuzz="^${fn}\$" -test.fuzztime="$FUZZTIME" \
        -test.parallel="$workers" -test.fuzzcachedir="$gocache/fuzz/$pkg") >"$work/$n.log" 2>&1; then
      echo ok >"$work/$n.status"
      return
    fi
    after=$(corpus "$dir/testdata/fuzz/$fn")
    if [ "$before" = "$after" ] && [ "$(classify "$work/$n.log")" = race ] && [ "$attempt" -lt 3 ]; then
      echo "fuzz: $fn stopped on the -fuzztime deadline race of Go's coordinator (golang/go#75804), nothing found; running it again"
      continue
    fi
    echo fail >"$work/$n.status"
    return
  done
}

# The packages whose tests declare a fuzz target (saves compiling the rest),
# each built once with fuzzing instrumentation. A package's targets start
# as soon as its binary is built, FUZZJOBS at a time, while the next
# package builds: the builds and the runs overlap instead of adding up.
targets=()
n=0
while read -r pkg dir; do
  [ -n "$pkg" ] || continue
  bin="$work/bin/${pkg//\//_}.test"
  echo "fuzz: build $pkg"
  if ! go test -c -fuzz . -o "$bin" "$pkg" </dev/null; then
    echo "fuzz: go test -c -fuzz $pkg failed" >&2
    wait
    exit 1
  fi
  for fn in $(cd "$dir" && "$bin" -test.list '^Fuzz' </dev/null | grep '^Fuzz' || true); do
    targets+=("$pkg $dir $bin $fn")
    while [ "$(jobs -rp | wc -l)" -ge "$FUZZJOBS" ]; do sleep 0.2; done
    n=$((n + 1))
    echo "fuzz: $pkg $fn for $FUZZTIME ($workers worker(s))"
    fuzz_target "$pkg" "$dir" "$bin" "$fn" "$n" </dev/null &
  done
done < <(go list -f '{{.ImportPath}} {{.Dir}}' "${pkgs[@]}" | while read -r path dir; do
  if grep -qs '^func Fuzz' "$dir"/*_test.go; then echo "$path $dir"; fi
done)
wait

failed=()
n=0
for t in "${targets[@]}"; do
  read -r pkg dir bin fn <<<"$t"
  n=$((n + 1))
  if [ "$(cat "$work/$n.status" 2>/dev/null)" != ok ]; then
    echo "fuzz: $pkg $fn failed:"
    cat "$work/$n.log"
    failed+=("$pkg $fn")
  else
    echo "fuzz: $pkg $fn: $(grep -E '^fuzz: elapsed' "$work/$n.log" | tail -1 | sed 's/^fuzz: //')"
  fi
done

echo "fuzz: ${#targets[@]} targets, ${#failed[@]} failed"
if [ ${#failed[@]} -gt 0 ]; then
  printf 'fuzz: failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
