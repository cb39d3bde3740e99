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
#     three times the CPUs: a live test waits for terraform, the provider
#     and DynamoDB Local most of its time, and with the provider's schema
#     and DynamoDB Local's JVM shared, 4 of them kept 2 CPUs only 75% busy;
#     too many would starve a DynamoDB Local's start).
#
#   - A package whose tests run one after another for long (live tests that
#     set the environment or the working directory, or time themselves:
#     tftest.Serial; go test starts a package's parallel tests only after
#     its sequential ones) is split into shards: its long sequential tests
#     (-run) in a go test process of their own, beside the rest of it
#     (-skip of the same expression), so that neither waits for the other.
#     The two expressions are complements: every test runs exactly once.
#     A shard's output is printed when it ends.
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

# shards are "package|expression": the package's long sequential tests
# (internal/cli: the migrate CLI tests change the working directory, the
# fault tests set the environment, the signal test times itself, the
# script suites run their scenarios as one test each; ~200 s in a row).
shards=(
  "./internal/cli|^(TestLiveMigrateCLI|TestLiveMigrateResume|TestScriptsTerraform|TestScripts|TestExitCodes|TestSignalInterruptsEveryCommand|TestVerifyInterruptedDuringApplyCleansUp|TestVerifyKeepStopsWithCtrlC|TestVerifyDynamoDBLocalKilledMidRun|TestVerifyTerraformApplyFails|TestVerifyProviderNotInstallable)\$"
)

args=() pkgs=()
for a in "$@"; do
  case "$a" in
    ./* | github.com/*) pkgs+=("$a") ;;
    *) args+=("$a") ;;
  esac
done
gotest=(go test -timeout 60m -p "$TEST_P" -parallel "$TEST_PARALLEL" ${args[@]+"${args[@]}"})
if [ ${#pkgs[@]} -gt 0 ]; then
  exec "${gotest[@]}" "${pkgs[@]}"
fi
# Everything: the slowest packages first, the shards beside them (unless
# the arguments select tests themselves).
sharding=1
for a in ${args[@]+"${args[@]}"}; do
  case "$a" in -run | -run=* | -test.run* | -skip | -skip=* | -test.skip*) sharding=0 ;; esac
done
sharded=()
if [ "$sharding" = 1 ]; then
  for s in "${shards[@]}"; do sharded+=("$(go list "${s%%|*}")"); done
fi
while read -r p; do pkgs+=("$p"); done < <(go list "${slowest[@]}")
while read -r p; do
  case " ${pkgs[*]} " in *" $p "*) ;; *) pkgs+=("$p") ;; esac
done < <(go list ./...)
rest=()
for p in "${pkgs[@]}"; do
  case " ${sharded[*]-} " in *" $p "*) ;; *) rest+=("$p") ;; esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pids=() logs=()
if [ "$sharding" = 1 ]; then
  n=0
  for s in "${shards[@]}"; do
    pkg=${s%%|*} expr=${s#*|}
    for sel in -run -skip; do
      n=$((n + 1))
      "${gotest[@]}" "$sel" "$expr" "$pkg" >"$work/$n.log" 2>&1 &
      pids+=($!) logs+=("$work/$n.log")
    done
  done
fi
status=0
"${gotest[@]}" "${rest[@]}" || status=$?
for i in "${!pids[@]}"; do
  code=0
  wait "${pids[$i]}" || code=$?
  cat "${logs[$i]}"
  [ "$code" -le "$status" ] || status=$code
done
exit "$status"
