# Atelier — developer entry points. Everything runs from the repo's own virtualenv (.venv).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PACKAGES := libs/common libs/proto libs/idlc libs/search libs/devstack \
	services/gateway services/agent services/conversation services/knowledge \
	services/indexer services/workflow services/plugin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

.PHONY: install install-bench idl idl-check web web-test chromium screenshots dev down status test test-fast lint clean bench-ingest bench-retrieval bench-chat bench-faults bench-tools bench-code-sandbox bench-workflow bench-citations bench-console

install: $(STAMP)

# The local embedder (the default when no embedding API is configured) runs on torch: the CPU
# build, pinned and installed first and alone, so resolving sentence-transformers never pulls a
# CUDA torch (and its gigabytes of nvidia-* wheels). "+cpu" matches only the CPU build: pip's own
# sources first (a wheel directory or mirror that carries it), else PyTorch's CPU wheel index.
TORCH := torch==2.13.0+cpu
TORCH_CPU_INDEX := https://download.pytorch.org/whl/cpu

# Reinstall when pins or any package's metadata change.
$(STAMP): constraints.txt Makefile $(addsuffix /pyproject.toml,$(PACKAGES))
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade "pip==25.3"
	$(BIN)/python -m pip install --quiet "$(TORCH)" 2>/dev/null \
	  || $(BIN)/python -m pip install --quiet "$(TORCH)" --index-url "$(TORCH_CPU_INDEX)"
	$(BIN)/python -m pip install --quiet -c constraints.txt -e "libs/common[local-embeddings]" $(addprefix -e ,$(filter-out libs/common libs/devstack,$(PACKAGES))) -e "libs/devstack[test]"
	touch $(STAMP)

idl: install  ## regenerate libs/proto from idl/*.thrift
	$(BIN)/python -m atelier_idlc

idl-check: install  ## fail when libs/proto drifted from idl/
	$(BIN)/python -m atelier_idlc --check

# The web console (web/): npm packages from package-lock.json, built by Vite into web/dist, which
# the gateway serves at /. Rebuilt only when its sources or packages change.
WEB_DEPS := web/node_modules/.package-lock.json
WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/vite.config.ts web/tsconfig.json web/package.json

$(WEB_DEPS): web/package-lock.json web/package.json
	@command -v npm >/dev/null || { echo "npm not found: the console needs Node.js 20+ and npm (apt-get install nodejs npm)"; exit 1; }
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $(WEB_DEPS)

web/dist/index.html: $(WEB_DEPS) $(WEB_SOURCES)
	cd web && npm run --silent build
	touch web/dist/index.html

web: web/dist/index.html  ## build the console (web/dist) when its sources changed

web-test: $(WEB_DEPS)  ## the console's unit tests (Vitest)
	cd web && npm test --silent

# The console's browser tests drive Debian's Chromium (never a downloaded browser).
chromium:
	@test -x /usr/bin/chromium || scripts/install-chromium.sh

screenshots: install web chromium  ## retake the README's console screenshots (docs/screenshots) with the browser tests
	ATELIER_SCREENSHOT_DIR=docs/screenshots $(BIN)/pytest tests/console -q

dev: install web  ## start infrastructure, every service and the gateway
	$(BIN)/python -m atelier_devstack up

down:  ## stop exactly what `make dev` started
	$(BIN)/python -m atelier_devstack down

status:  ## each component and its health
	$(BIN)/python -m atelier_devstack status

test: idl-check web web-test chromium  ## the whole suite
	$(BIN)/pytest $(PYTEST_ARGS)

# Benchmarks use the local MiniLM embedder (installed by `install`); bench-retrieval's references
# use bm25s with PyStemmer; bench-workflow's reference is LangGraph.
BENCH_STAMP := $(VENV)/.bench-installed
install-bench: $(BENCH_STAMP)

$(BENCH_STAMP): $(STAMP) Makefile
	$(BIN)/python -m pip install --quiet -c constraints.txt bm25s PyStemmer langgraph
	touch $(BENCH_STAMP)

bench-ingest: install-bench  ## ingestion throughput on Cranfield (JSON lines)
	$(BIN)/python -m benchmarks.bench_ingest $(BENCH_ARGS)

bench-retrieval: install-bench  ## retrieval quality (nDCG/Recall/MRR vs bm25s, MiniLM, RRF) and latency on Cranfield
	$(BIN)/python -m benchmarks.bench_retrieval $(BENCH_ARGS)

bench-citations: install-bench  ## citations inserted into answers composed from Cranfield passages: precision/recall vs the true sources (JSON lines)
	$(BIN)/python -m benchmarks.bench_citations $(BENCH_ARGS)

bench-faults: install  ## indexing while the indexer / the broker is killed (SIGKILL) vs a clean run (JSON lines)
	$(BIN)/python -m benchmarks.bench_faults $(BENCH_ARGS)

bench-chat: install  ## chat time-to-first-token and tokens/s through the stack vs the model server directly (JSON lines)
	$(BIN)/python -m benchmarks.bench_chat $(BENCH_ARGS)

bench-tools: install  ## per-call overhead of a plugin tool call (InvokeTool, inside agent turns) vs the tool server directly (JSON lines)
	$(BIN)/python -m benchmarks.bench_tools $(BENCH_ARGS)

bench-code-sandbox: install  ## per-run cost of the workflow code sandbox: a trivial run vs a bare interpreter start (JSON lines)
	$(BIN)/python -m benchmarks.bench_code_sandbox $(BENCH_ARGS)

bench-console: install web chromium  ## the workflow canvas in Chromium: load time of a 500-node canvas and frame time while dragging a node, vs a 10-node canvas (JSON lines)
	$(BIN)/python -m benchmarks.bench_console $(BENCH_ARGS)

bench-workflow: install-bench  ## engine overhead per node (100-node chain and fan-out) vs LangGraph in the same process (JSON lines)
	$(BIN)/python -m benchmarks.bench_workflow $(BENCH_ARGS)

lint: install
	$(BIN)/ruff check libs services tests

clean: down
	rm -rf .run
