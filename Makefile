# Two commands: `make play` and `make test`. Everything installs into ./.venv from this file.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# What the arcade needs (the web extra), without the test, lab and research tools; the full
# install covers it.
PLAY_STAMP := $(VENV)/.installed-play
# What terminal play needs: the package alone (typer, rich, platformdirs), no web stack; the
# arcade's install and the full one cover it.
TERMINAL_STAMP := $(VENV)/.installed-terminal
# The browser tests drive Debian's chromium through Playwright (no browser download).
CHROMIUM := /usr/bin/chromium
BROWSER_STAMP := $(VENV)/.chromium
SERVICES_STAMP := $(VENV)/.services
HOST ?= 127.0.0.1
PORT ?= 8765

.PHONY: play terminal test test-compiled install browser lint typecheck unit bench golden screenshots clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,web,lab,rl,bench,train,jax]'
	touch $(STAMP) $(PLAY_STAMP) $(TERMINAL_STAMP)

$(PLAY_STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[web]'
	touch $(PLAY_STAMP) $(TERMINAL_STAMP)

$(TERMINAL_STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e .
	touch $(TERMINAL_STAMP)

install: $(STAMP)

# Debian's chromium, installed when it is missing (the setup runs as root; otherwise it says what
# to run).
$(BROWSER_STAMP): $(STAMP)
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get install -y --no-install-recommends chromium || \
	      { apt-get update && apt-get install -y --no-install-recommends chromium; }; \
	  else \
	    echo "The browser tests need Debian's chromium: sudo apt-get install chromium"; exit 1; \
	  fi; }
	touch $(BROWSER_STAMP)

browser: $(BROWSER_STAMP)

# Debian's PostgreSQL, Redis and HAProxy, so that the server tests run on PostgreSQL as well as
# SQLite and a cluster of workers runs behind its balancer (the tests start throwaway servers of
# their own). Where they cannot be installed, those tests say why and skip, except with CI=true
# (.ci/run sets it), where they fail.
SERVICES := postgresql redis-server haproxy
$(SERVICES_STAMP): $(STAMP) $(BROWSER_STAMP)
	@{ ls /usr/lib/postgresql/*/bin/initdb && command -v redis-server && \
	   { command -v haproxy || test -x /usr/sbin/haproxy; }; } >/dev/null 2>&1 || { \
	  [ "$$(id -u)" = 0 ] && export DEBIAN_FRONTEND=noninteractive && \
	  { apt-get install -y --no-install-recommends $(SERVICES) || \
	    { apt-get update && apt-get install -y --no-install-recommends $(SERVICES); }; } || \
	  echo "PostgreSQL, Redis or HAProxy is not installed; their server tests will be skipped (and fail with CI=true)."; }
	touch $(SERVICES_STAMP)

# The arcade: the server with the browser front end; open the address it prints.
play: $(PLAY_STAMP)
	@echo "cyberdeck arcade: open http://$(HOST):$(PORT)/ in a browser (Ctrl-C stops the server)"
	$(BIN)/cyberdeck serve --host $(HOST) --port $(PORT)

# MATR1X 0VERL0AD in the terminal.
terminal: $(TERMINAL_STAMP)
	$(BIN)/cyberdeck play matrix-overload

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts examples
	$(BIN)/ruff format --check src tests bench scripts examples

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) $(BROWSER_STAMP) $(SERVICES_STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck unit

# The compiled build (scripts/build_mypyc.py, docs/speed.md): the engine, the games' rules and the
# agents compiled with mypyc beside the sources, the rules suites run against them, and the
# sources left pure Python again. Without a C compiler it says so and the suites run pure.
# (One Cypher test spies on a state class by patching its method, which a compiled class forbids.)
SPIES_ON_A_CLASS := tests/games/cypher/test_information.py::test_a_searching_agents_sampled_worlds_keep_a_card_it_passed_in_the_receivers_hand
test-compiled: $(STAMP)
	$(BIN)/python scripts/build_mypyc.py
	$(BIN)/pytest -n 2 tests/conformance tests/engine tests/games tests/agents tests/test_golden.py \
	  --deselect "$(SPIES_ON_A_CLASS)"; \
	  status=$$?; $(BIN)/python scripts/build_mypyc.py --clean; exit $$status

bench: $(STAMP)
	$(BIN)/python bench/run.py

golden: $(STAMP)
	$(BIN)/python scripts/regen_golden.py

# Each game's table and lesson, the home page, and an online table mid-game and at its end, at
# desktop (1366x768) and phone (390x844) size: screenshots/*.png
screenshots: $(STAMP) $(BROWSER_STAMP)
	$(BIN)/python scripts/screenshots.py --out screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
