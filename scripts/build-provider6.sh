#!/usr/bin/env bash
# build-provider6.sh builds the hashicorp/aws provider 6.x from the Go module proxy
# into a Terraform filesystem mirror under $TFDYN_CACHE (default ~/.cache/tfdyn).
# It is idempotent: a cached binary is reused. See shared/DESIGN.md for the recipe.
set -euo pipefail

CACHE="${TFDYN_CACHE:-$HOME/.cache/tfdyn}"
MODULE="github.com/hashicorp/terraform-provider-aws"
MODVER="${TFDYN_PROVIDER6_MODULE_VERSION:-v1.60.1-0.20260602190131-5f2286d6d836}"
TFVER="${TFDYN_PROVIDER6_VERSION:-6.48.0}"
DEST="$CACHE/tf-mirror/registry.terraform.io/hashicorp/aws/$TFVER/linux_amd64"
BIN="$DEST/terraform-provider-aws_v${TFVER}_x5"

if [ -x "$BIN" ]; then
  echo "provider6: cached at $BIN"
  exit 0
fi

need_kib=$((11 * 1024 * 1024))
avail_kib=$(awk '/MemAvailable/ {print $2}' /proc/meminfo 2>/dev/null || echo 0)
if [ "$avail_kib" -lt "$need_kib" ]; then
  echo "provider6: error: building the AWS provider needs about 12 GiB of free memory; $((avail_kib / 1024)) MiB available." >&2
  echo "provider6: free memory, or copy a prebuilt provider to $BIN" >&2
  exit 2
fi
command -v go >/dev/null || { echo "provider6: error: go is not on PATH" >&2; exit 2; }

mkdir -p "$CACHE/build"
tmpbin=$(mktemp -d "$CACHE/build/bin.XXXXXX")
trap 'rm -rf "$tmpbin"' EXIT
echo "provider6: building $MODULE@$MODVER as hashicorp/aws $TFVER (first time only: ~40 min, ~12 GiB RAM)"
start=$(date +%s)
GOBIN="$tmpbin" GOFLAGS=-buildvcs=false nice -n 10 go install -trimpath -ldflags "-s -w" "$MODULE@$MODVER"
# The version directory appears only complete: terraform must never see it empty.
stage="$CACHE/build/stage.$$"
mkdir -p "$stage/linux_amd64"
mv "$tmpbin/terraform-provider-aws" "$stage/linux_amd64/terraform-provider-aws_v${TFVER}_x5"
rm -rf "$(dirname "$DEST")"
mkdir -p "$(dirname "$(dirname "$DEST")")"
mv "$stage" "$(dirname "$DEST")"
echo "provider6: built in $(( $(date +%s) - start ))s: $BIN"
