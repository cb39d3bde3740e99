#!/usr/bin/env bash
# test.sh runs every test of the module as make test (and CI) does, in one
# go test invocation:
#
#   - go test's cache stays on. A package whose tests only read files in the
#     test process is answered from the cache when nothing it reads changed;
#     tests that run live tools (terraform, the AWS provider, DynamoDB Local,
#     Java, npm, the go command: tftest.Live) read TFDYN_TEST_RUN, which this
#     script sets to a new value, so they run every time.
#   - Packages run TEST_P at a time (default 4: most of a live test's time is
#     spent waiting for terraform, the provider and DynamoDB Local), the
#     slowest first (go test starts packages in the order it is given them).
#     Tests that use tables and workspaces of their own run in parallel
#     (tftest.Parallel), TEST_PARALLEL at a time within a package (default 8)
#     and TFDYN_TEST_SLOTS at a time on the machine, across packages (default
#     twice the CPUs: a DynamoDB Local that gets no CPU misses its start).
#
#   scripts/test.sh                     # everything, as make test
#   scripts/test.sh -run TestVerify ./internal/verify   # go test arguments
#   scripts/test.sh -json > events.json # go test -json's events (times per test)
set -euo pipefail
cd "$(dirname "$0")/.."

export TFDYN_TEST_RUN="${TFDYN_TEST_RUN:-$(date +%s%N)-$$}"
TEST_P="${TEST_P:-4}"
TEST_PARALLEL="${TEST_PARALLEL:-8}"

# slowest are the packages with live tests, started first: those with the
# longest single tests (plancheck's live rules and module shapes, ddblocal's
# provider cycles, the cli's kill and install tests) before verify's many
# shorter ones, so that the longest tests take live-test slots early.
slowest=(./internal/plancheck ./internal/ddblocal ./internal/cli ./internal/verify ./internal/corpus ./internal/migrate
  ./internal/emit ./modules ./internal/tfprovider ./internal/dynamo ./internal/gen/typescript ./internal/gen/golang ./internal/setup ./internal/tfenv)

args=() pkgs=()
for a in "$@"; do
  case "$a" in
    ./* | github.com/*) pkgs+=("$a") ;;
    *) args+=("$a") ;;
  esac
done
if [ ${#pkgs[@]} -eq 0 ]; then
  while read -r p; do pkgs+=("$p"); done < <(go list "${slowest[@]}")
  while read -r p; do
    case " ${pkgs[*]} " in *" $p "*) ;; *) pkgs+=("$p") ;; esac
  done < <(go list ./...)
fi

exec go test -timeout 60m -p "$TEST_P" -parallel "$TEST_PARALLEL" ${args[@]+"${args[@]}"} "${pkgs[@]}"
