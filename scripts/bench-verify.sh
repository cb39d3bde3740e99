#!/usr/bin/env bash
# bench-verify.sh compares the wall time of `tfdyn verify` on an example with a
# bare `terraform init + apply + destroy` of the same emitted configuration
# against the same kind of local target, in the same run.
#
#   scripts/bench-verify.sh [EXAMPLE_DIR] [RUNS]     (default examples/ecommerce, 3)
#
# Each run times verify, then the bare pipeline, one after the other (the
# machine's load affects both alike), and prints the 1-minute load average
# before the run; the last lines are the medians over the runs and their
# ratio (the goal of issue 17: at most 0.70).
#
# verify keeps the provider's schema in $TFDYN_CACHE/provider-schemas after
# its first run; COLD=1 removes it before every verify run, to time a first
# run (for example in a CI job without a cache).
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
EXAMPLE="${1:-examples/ecommerce}"
RUNS="${2:-3}"
PROVIDER="${TFDYN_PROVIDER:-6}"
CACHE="${TFDYN_CACHE:-$HOME/.cache/tfdyn}"
export TF_CLI_CONFIG_FILE="$CACHE/terraformrc" TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
export TF_PLUGIN_CACHE_DIR="$CACHE/plugin-cache"
mkdir -p "$TF_PLUGIN_CACHE_DIR"
go build -o bin/tfdyn ./cmd/tfdyn
TFDYN="$here/bin/tfdyn"

work=$(mktemp -d "${TMPDIR:-/tmp}/tfdyn-bench.XXXXXX")
local_pid=""
cleanup() {
  if [ -n "$local_pid" ]; then kill -INT "$local_pid" 2>/dev/null || true; wait "$local_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# Bare terraform needs a target: start one (not timed) and reuse it.
"$TFDYN" local >"$work/local.log" 2>&1 &
local_pid=$!
for _ in $(seq 1 120); do
  grep -q '^  endpoint' "$work/local.log" 2>/dev/null && break
  kill -0 "$local_pid" 2>/dev/null || { cat "$work/local.log" >&2; exit 2; }
  sleep 0.5
done

load() { cut -d' ' -f1 /proc/loadavg; }
printf '%-6s %12s %12s %8s %6s\n' run verify_s bare_tf_s ratio load
for run in $(seq 1 "$RUNS"); do
  l=$(load)
  if [ -n "${COLD:-}" ]; then rm -rf "$CACHE/provider-schemas"; fi
  t0=$(now)
  "$TFDYN" verify "$EXAMPLE" --provider "$PROVIDER" >"$work/verify.log" 2>&1 || { cat "$work/verify.log" >&2; exit 1; }
  t1=$(now)

  rm -rf "$work/tf"
  "$TFDYN" emit "$EXAMPLE" -o "$work/tf" --provider "$PROVIDER" >/dev/null 2>&1
  sed -n '/^Terraform provider block:/,/^The compatibility layer/p' "$work/local.log" | sed '1d;$d' >"$work/tf/provider.tf"
  # Deletion protection off for every table (variables per table: docs/emit.md).
  sed -n 's/^variable "\(dynamodb_.*_deletion_protection\)" {$/\1 = false/p' "$work/tf/dynamodb_variables.tf" >"$work/tf/bench.auto.tfvars"
  t2=$(now)
  terraform -chdir="$work/tf" init -input=false -no-color >/dev/null
  terraform -chdir="$work/tf" apply -auto-approve -input=false -no-color >/dev/null
  terraform -chdir="$work/tf" destroy -auto-approve -input=false -no-color >/dev/null
  t3=$(now)
  v=$(elapsed "$t0" "$t1"); b=$(elapsed "$t2" "$t3")
  printf '%-6s %12s %12s %8s %6s\n' "$run" "$v" "$b" "$(awk -v v="$v" -v b="$b" 'BEGIN { printf "%.2f", v / b }')" "$l"
  echo "$v" >>"$work/verify.times"; echo "$b" >>"$work/bare.times"
done
median() { sort -n "$1" | awk '{ a[NR] = $1 } END { if (NR % 2) printf "%.1f", a[(NR + 1) / 2]; else printf "%.1f", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
mv=$(median "$work/verify.times"); mb=$(median "$work/bare.times")
printf '%-6s %12s %12s %8s %6s\n' median "$mv" "$mb" "$(awk -v v="$mv" -v b="$mb" 'BEGIN { printf "%.2f", v / b }')" "$(load)"
echo
echo "verify steps of the last run:"
sed -n '/^Steps/,/^$/p' "$work/verify.log"
