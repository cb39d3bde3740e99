#!/usr/bin/env bash
# demo.sh runs tfdyn's main job on the e-commerce example:
#   validate -> doc -> emit -> verify (live, DynamoDB Local) -> gen go (the
#   application's package in a Go module, built and vetted) -> the package's
#   contract test and plan checks against a local target (a clean plan, then a
#   dangerous change the gate stops).
# It cleans up after itself: the local target it started, the table, temp files.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
TFDYN="$here/bin/tfdyn"
EXAMPLE="examples/ecommerce"
PROVIDER="${TFDYN_PROVIDER:-6}" # hashicorp/aws major version to target
CACHE="${TFDYN_CACHE:-$HOME/.cache/tfdyn}"
export TF_CLI_CONFIG_FILE="$CACHE/terraformrc" TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
export TF_PLUGIN_CACHE_DIR="$CACHE/plugin-cache"
mkdir -p "$TF_PLUGIN_CACHE_DIR"

work=$(mktemp -d "${TMPDIR:-/tmp}/tfdyn-demo.XXXXXX")
local_pid=""
applied=""
cleanup() {
  status=$?
  if [ -n "$applied" ]; then
    echo "==> terraform destroy"
    # Deletion protection is on in the schema: turn it off, then destroy.
    { terraform -chdir="$work/tf" apply -auto-approve -no-color -var dynamodb_shop_deletion_protection=false &&
      terraform -chdir="$work/tf" destroy -auto-approve -no-color -var dynamodb_shop_deletion_protection=false; } >/dev/null 2>&1 ||
      echo "demo: destroy failed (the local target keeps data in memory only; it is gone when it stops)" >&2
  fi
  if [ -n "$local_pid" ]; then
    kill -INT "$local_pid" 2>/dev/null || true
    wait "$local_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT INT TERM

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

step "tfdyn validate $EXAMPLE"
"$TFDYN" validate "$EXAMPLE"

step "tfdyn doc $EXAMPLE (first lines)"
"$TFDYN" doc "$EXAMPLE" | head -n 25

# emit's output records which schema it comes from (and refuses another
# schema's files), so the demo emits from a copy that it edits later, as a
# user edits their schema.
mkdir -p "$work/schema"
cp "$EXAMPLE/ecommerce.tfdyn.hcl" "$work/schema/"
step "tfdyn emit <tmp>/schema (a copy of $EXAMPLE) -o <tmp>/tf"
"$TFDYN" emit "$work/schema" -o "$work/tf" --provider "$PROVIDER"

step "tfdyn verify $EXAMPLE (DynamoDB Local behind the compatibility layer)"
"$TFDYN" verify "$EXAMPLE" --provider "$PROVIDER"

step "tfdyn gen go $EXAMPLE -o <tmp>/app/shopdb: the application's data-access package, in its Go module"
mkdir -p "$work/app"
sdk=$(go list -m -f '{{.Version}}' github.com/aws/aws-sdk-go-v2/service/dynamodb)
printf 'module example.com/app\n\ngo 1.23\n\nrequire github.com/aws/aws-sdk-go-v2/service/dynamodb %s\n' "$sdk" >"$work/app/go.mod"
cp go.sum "$work/app/go.sum"
"$TFDYN" gen go "$EXAMPLE" -o "$work/app/shopdb"
(cd "$work/app" && export GOFLAGS=-mod=mod GOWORK=off && go mod tidy && go build ./... && go vet ./... && go vet -tags tfdyn_contract ./...)
echo "example.com/app/shopdb builds and vets: $(cd "$work/app/shopdb" && ls *.go | tr '\n' ' ')"

step "tfdyn local: a local target for the contract test and the plan checks"
"$TFDYN" local >"$work/local.log" 2>&1 &
local_pid=$!
for _ in $(seq 1 120); do
  grep -q '^  endpoint' "$work/local.log" 2>/dev/null && break
  if ! kill -0 "$local_pid" 2>/dev/null; then cat "$work/local.log" >&2; exit 2; fi
  sleep 0.5
done
endpoint=$(awk '/^  endpoint/ {print $2}' "$work/local.log")
[ -n "$endpoint" ] || { cat "$work/local.log" >&2; echo "demo: tfdyn local did not start" >&2; exit 2; }
echo "endpoint $endpoint"
sed -n '/^Terraform provider block:/,/^The compatibility layer/p' "$work/local.log" | sed '1d;$d' >"$work/tf/provider.tf"

step "terraform init + apply of the emitted configuration"
terraform -chdir="$work/tf" init -input=false -no-color >/dev/null
applied=1
terraform -chdir="$work/tf" apply -auto-approve -input=false -no-color | tail -n 3

step "the generated package's contract test on the demo's table (go test -tags tfdyn_contract)"
table=$(terraform -chdir="$work/tf" output -raw dynamodb_shop_table_name)
set +e
(cd "$work/app" && GOFLAGS=-mod=mod GOWORK=off TFDYN_CONTRACT_ENDPOINT="$endpoint" TFDYN_CONTRACT_TABLE_SHOP="$table" \
  AWS_ACCESS_KEY_ID=tfdyn AWS_SECRET_ACCESS_KEY=tfdyn AWS_REGION=us-east-1 \
  go test -tags tfdyn_contract -run '^TestContract$' -count=1 -v ./shopdb) >"$work/contract.log" 2>&1
code=$?
set -e
if [ "$code" -ne 0 ]; then
  grep -E -- '--- FAIL|_test.go:[0-9]+:' "$work/contract.log" >&2 || cat "$work/contract.log" >&2
  echo "demo: the contract test of the generated package failed on table $table (exit $code)" >&2
  exit 1
fi
echo "table $table: $(grep -c -- '    --- PASS: TestContract/' "$work/contract.log") steps passed through the generated readers and writers (items written, every pattern read and compared with the oracle, every write pattern's cases, the IAM policy's calls)"

step "tfdyn plan --schema $EXAMPLE: the unchanged schema plans clean"
"$TFDYN" plan --dir "$work/tf" --schema "$EXAMPLE"

step "change the stream view type in the copy of the schema, emit again, plan"
sed 's/stream                 = "NEW_AND_OLD_IMAGES"/stream                 = "KEYS_ONLY"/' "$EXAMPLE/ecommerce.tfdyn.hcl" >"$work/schema/ecommerce.tfdyn.hcl"
"$TFDYN" emit "$work/schema" -o "$work/tf" --provider "$PROVIDER" >/dev/null
set +e
"$TFDYN" plan --dir "$work/tf" --schema "$work/schema"
code=$?
set -e
if [ "$code" -ne 1 ]; then
  echo "demo: expected tfdyn plan to block the stream change (exit 1), got $code" >&2
  exit 1
fi
echo
echo "tfdyn plan exited 1: the CI gate stopped the dangerous change before apply."
step "demo passed"
