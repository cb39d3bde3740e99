#!/usr/bin/env bash
# fuzz.sh runs every fuzz target of the module (every FuzzXxx function that
# `go test -list` finds) for FUZZTIME each (default 10s), one after the other.
# A crasher is written by go test under the package's testdata/fuzz/FuzzXxx/:
# commit it so that it stays in the corpus, then fix the bug.
#
#   scripts/fuzz.sh              # every target, 10s each (CI)
#   FUZZTIME=10m scripts/fuzz.sh # longer local runs
#   scripts/fuzz.sh ./lint       # the targets of some packages only
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME="${FUZZTIME:-10s}"
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./...)

targets=0
failed=()
while read -r pkg; do
  [ -n "$pkg" ] || continue
  for fn in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
    targets=$((targets + 1))
    echo "fuzz: $pkg $fn for $FUZZTIME"
    if ! go test "$pkg" -run '^$' -fuzz "^${fn}\$" -fuzztime "$FUZZTIME"; then
      failed+=("$pkg $fn")
    fi
  done
done < <(go list -f '{{.Dir}} {{.ImportPath}}' "${pkgs[@]}" | while read -r dir path; do
  # Only packages whose tests declare a fuzz target (saves compiling the rest).
  if grep -qs '^func Fuzz' "$dir"/*_test.go; then echo "$path"; fi
done)

echo "fuzz: $targets targets, ${#failed[@]} failed"
if [ ${#failed[@]} -gt 0 ]; then
  printf 'fuzz: failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
