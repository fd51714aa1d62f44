# Two commands for every new user: `make lab` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: lab test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test,lab]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/

test: $(STAMP)
	$(BIN)/python -m ruff check cfwidget tests
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/python -m ruff check cfwidget tests
	$(BIN)/python -m ruff format --check cfwidget tests
	$(BIN)/python -m mypy

bench: $(STAMP)
	$(BIN)/python -m cfwidget.bench

clean:
	rm -rf $(VENV) build dist *.egg-info
