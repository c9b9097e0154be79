# Two commands: `make play` and `make test`. Everything installs into ./.venv from this file.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test install lint typecheck unit bench golden clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,web]'
	touch $(STAMP)

install: $(STAMP)

play: $(STAMP)
	$(BIN)/cyberdeck play matrix-overload

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python bench/run.py

golden: $(STAMP)
	$(BIN)/python scripts/regen_golden.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
