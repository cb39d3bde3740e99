# tfdyn — DynamoDB single-table design as code.
# `make help` lists the targets.

SHELL        := /bin/bash
GO           ?= go
TFDYN_CACHE  ?= $(HOME)/.cache/tfdyn
BIN          := bin/tfdyn
# VERSION is what `tfdyn version` prints for bin/tfdyn: the commit (git
# describe), also when GOFLAGS holds -buildvcs=false.
VERSION      ?= $(shell git describe --tags --always --dirty 2>/dev/null)
export TFDYN_CACHE

.DEFAULT_GOAL := help

.PHONY: help
help: ## List the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-zA-Z_-]+:.*## / {printf "  %-14s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

.PHONY: deps
deps: ## Download Go modules (cached by the Go toolchain)
	$(GO) mod download

.PHONY: setup
setup: deps ## Install DynamoDB Local, the provider mirror (builds hashicorp/aws 6 once, ~40 min), the TypeScript toolchain, the npm tools of the tests (tools/: Mermaid, LSP client) and the Terraform CLI config into $(TFDYN_CACHE)
	scripts/setup.sh

.PHONY: build
build: deps ## Build bin/tfdyn (tfdyn version: the commit)
	$(GO) build $(if $(VERSION),-ldflags "-X github.com/tfdyn/tfdyn/internal/cli.Version=$(VERSION)") -o $(BIN) ./cmd/tfdyn

.PHONY: test
test: setup ## Run every test: vet, every package (live tests always, the rest cached when unchanged; scripts/test.sh), every fuzz target 5s (scripts/fuzz.sh)
	$(GO) vet ./...
	TFDYN_REQUIRE_PROVIDER6=$(if $(TFDYN_SKIP_PROVIDER6),0,1) scripts/test.sh
	FUZZTIME=5s scripts/fuzz.sh

.PHONY: test-short
test-short: deps ## Run the fast tests only (no terraform, no DynamoDB Local)
	$(GO) test -short ./...

.PHONY: update-golden
update-golden: ## Refresh golden files: emit output, design docs, generated code, request shapes, plan fixtures (review the diff)
	$(GO) test -short ./internal/emit ./internal/doc ./internal/plancheck ./internal/cost ./internal/adopt ./internal/migrate ./internal/schemadiff ./internal/dynamo ./internal/corpus ./internal/gen/golang ./internal/gen/typescript ./examples -update

.PHONY: fuzz
fuzz: ## Run every fuzz target for FUZZTIME each (default 60s; make test runs them for 5s)
	FUZZTIME=$(or $(FUZZTIME),60s) scripts/fuzz.sh

.PHONY: bench
bench: ## Run the benchmarks, then print how fmt --check, validate, emit and doc scale (500, 2,000, 8,000 patterns)
	@out=$$(mktemp) && trap 'rm -f "$$out"' EXIT && \
	  set -o pipefail && $(GO) test ./... -run '^$$' -bench . -benchmem -timeout 60m | tee "$$out" && \
	  echo && scripts/bench-scaling.sh "$$out"

.PHONY: bench-verify
bench-verify: setup build ## Compare tfdyn verify with bare terraform init+apply+destroy of the same configuration
	scripts/bench-verify.sh

.PHONY: demo
demo: setup build ## Main job on examples/ecommerce: validate, doc, emit, live verify, gen go with its contract test and plan checks on DynamoDB Local
	scripts/demo.sh

.PHONY: fmt
fmt: ## gofmt the Go sources
	gofmt -w $$(git ls-files '*.go')
