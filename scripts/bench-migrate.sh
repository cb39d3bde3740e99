#!/usr/bin/env bash
# bench-migrate.sh measures tfdyn migrate on DynamoDB Local at scale
# (BenchmarkMigrateScale in internal/cli): the backfill by one process
# (with a checkpoint file, without, with a control table), by 1, 2 and 4
# worker processes sharing a control table, and the copy into a new table
# (with and without a stream on the target, and as a bare SDK loop:
# BenchmarkDynamoDBLocalCopyLoop),
# over tables of the given sizes; it prints the Markdown table of
# docs/migrate.md's "Scale" section with the machine and the date.
#
#   scripts/bench-migrate.sh [SIZES]     (default "1000 10000 100000")
#
# Above 100,000 items the bare SDK loop does not run; above 10,000 items no
# copy into a stream-enabled target runs (DynamoDB Local's stream slowdown
# makes it hours and measures DynamoDB Local, not tfdyn). Above 100,000
# items the migration has 64 segments, not 4: on DynamoDB Local a Scan page
# costs more the deeper into its segment it starts (docs/migrate.md, "10^6
# items"); the 1, 2 and 4 workers then run the 64 segments a process per
# segment, 1, 2 or 4 at a time. A 10^6 run takes about 100 minutes.
# make bench runs the benchmark at 1,000 items only.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES="${1:-1000 10000 100000}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
{
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr); load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "Date: $(date -u +%Y-%m-%d); tfdyn $(git describe --tags --always --dirty 2>/dev/null); DynamoDB Local 3.3.1 (-inMemory)"
} | tee "$out"
TFDYN_BENCH_MIGRATE_SIZES="$SIZES" go test ./internal/cli -run '^$' -bench 'BenchmarkMigrateScale|BenchmarkDynamoDBLocalCopyLoop' -benchtime 1x -timeout 0 -v 2>&1 |
  tee -a "$out.log" | grep -E '\| [0-9]+ \||seeded|^Benchmark|^ok|FAIL' | sed 's/^ *migrate_bench_test.go:[0-9]*: //'
echo
echo "| items | run | wall s | items/s | CPU s | peak RSS MB | note |"
echo "|---:|---|---:|---:|---:|---:|---|"
grep -E '\| [0-9]+ \|' "$out.log" | sed 's/^ *migrate_bench_test.go:[0-9]*: //'
echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$out.log"
