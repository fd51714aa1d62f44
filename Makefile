# The two commands every new user needs: `make lab` and `make test` (everything CI runs).
# Both create .venv on first use and reinstall only when pyproject.toml changes.
# While editing, `make check` is the quick loop (1.5 to 2.5 minutes): see below.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)
PYTEST_NOTEBOOKS := notebooks --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg
# The markers (pyproject.toml; tests/conftest.py puts them on): browser, notebooks and slow.
# tests/browser is not even collected (its imports alone take seconds).
QUICK := --ignore=tests/browser -m "not browser and not notebooks and not slow"

# Python the linters read: the package, its tests and tools, the build hook and pytest's root.
PY_SOURCES := cfwidget tests tools hatch_build.py conftest.py
# The install compiles the rules kernel (hatch_build.py); after an edit to one of its modules
# this compiles it again (about a minute) before the tests, else it does nothing.
NATIVE := $(BIN)/python hatch_build.py --if-stale

.PHONY: native lab test check lint js-check bench benches room-load layout-check name-figures notebooks pictures binder-check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test,lab]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

# The front end's checks need Node 20+, TypeScript's checker and esbuild: npm installs them as
# package-lock.json pins them, into node_modules, again only when the lock file changes. The
# sources are the ES modules in js/ (checked by jsconfig.json; their pure helpers run in Node).
NODE_STAMP := node_modules/.installed-$(shell cksum < package-lock.json | cut -d' ' -f1)
TSC := node_modules/.bin/tsc -p jsconfig.json
NODE_TESTS := node --test --test-reporter=dot tests/js/

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	rm -f node_modules/.installed-*
	touch $(NODE_STAMP)

# JupyterLab refuses to run as root unless told; containers and CI machines often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# The rules kernel compiled again now if a source changed (`CFWIDGET_PURE=1 make native`
# removes the compiled files: the pure-Python engine).
native: $(STAMP)
	$(NATIVE)

lab: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/

test: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m ruff check $(PY_SOURCES)
	$(BIN)/python -m mypy
	$(TSC)
	$(NODE_TESTS)
	$(NATIVE)
	$(BIN)/python -m pytest -q tests cfwidget README.md $(PYTEST_NOTEBOOKS)

# The edit-test loop: ruff, mypy and every test but the browser's (Chromium, JupyterLab,
# Voila), the notebooks' (nbval, the answer keys) and the slow ones (the README says how long
# it takes). `make test` still runs everything (CI runs it).
check: $(STAMP)
	$(BIN)/python -m ruff check $(PY_SOURCES)
	$(BIN)/python -m mypy
	$(NATIVE)
	$(BIN)/python -m pytest -q tests cfwidget README.md $(QUICK)

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m ruff check $(PY_SOURCES)
	$(BIN)/python -m ruff format --check $(PY_SOURCES)
	$(BIN)/python -m mypy
	$(TSC)

# The front end alone: TypeScript's checker, then the Node unit tests (a few seconds).
js-check: $(NODE_STAMP)
	$(TSC)
	$(NODE_TESTS)

# The front end's bundles: esbuild builds js/entries/*.js into cfwidget/widget/static/
# (farmyard.js for every widget that draws a table, setpicker.js) and cfwidget/room/static/ (room.js
# and host.js, the room server's join and host pages), committed so the wheel needs no
# Node. After changing js/, run `make js-bundle`; js-bundle-check builds them in memory and
# fails, naming the file, when a committed bundle is not what its sources build (make test and
# js-check run it).
.PHONY: js-bundle js-bundle-check
JS_BUILD := node js/build.mjs

js-bundle: $(NODE_STAMP)
	$(JS_BUILD)

js-bundle-check: $(NODE_STAMP)
	$(JS_BUILD) --check

test: js-bundle-check
js-check: js-bundle-check

# Measurements (they print numbers and assert nothing); the tools live in tools/, out of the wheel.
bench: $(STAMP)
	$(BIN)/python -m tools.bench

benches: bench
	$(BIN)/python -m tools.simulation_bench
	$(BIN)/python -m tools.scale_bench
	$(BIN)/python -m tools.widget_bench
	$(BIN)/python -m tools.screen_bench
	$(BIN)/python -m tools.playout_bench
	$(BIN)/python -m tools.review_bench
	$(BIN)/python -m tools.room_load

# 200 rooms of 4 devices playing at once on a real `cfwidget serve` (about 1.5 minutes):
# intent-to-view latency, messages a second, the server's memory (docs/room.md, "How many rooms").
room-load: $(STAMP)
	$(BIN)/python -m tools.room_load

layout-check: $(STAMP)
	$(BIN)/python -m tools.layout_check 1000

# The notes' name check on the held-out lists of tests/data/names/ (docs/privacy.md).
name-figures: $(STAMP)
	$(BIN)/python -m tools.name_figures

# Redraw the README's pictures (docs/widget.png, docs/voila.png, docs/room-phone.png,
# docs/room-tablet.png) in Chromium.
pictures: $(STAMP)
	CFWIDGET_PICTURES=docs $(BIN)/python -m pytest -q tests/browser \
		-k "screenshot or voila_shows or four_devices_play"

# Re-run every notebook and store its outputs (after changing a lesson).
notebooks: $(STAMP)
	$(BIN)/python tools/run_notebooks.py notebooks/*.ipynb

# Binder's environment from binder/ alone (requirements.txt, then postBuild), in a fresh
# venv, runs every notebook to a scratch copy: the course works on Binder as pinned.
BINDER_VENV := build/binder-venv
binder-check:
	rm -rf $(BINDER_VENV) build/binder-notebooks build/binder-config
	$(PYTHON) -m venv $(BINDER_VENV)
	$(BINDER_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BINDER_VENV)/bin/python -m pip install --quiet -r binder/requirements.txt
	env -u PYTHONPATH JUPYTER_CONFIG_DIR="$(abspath build/binder-config)" \
		PATH="$(abspath $(BINDER_VENV))/bin:$$PATH" bash binder/postBuild
	test -f build/binder-config/jupyter_server_config.json
	test -f $(BINDER_VENV)/etc/jupyter/voila.py
	cd build && env -u PYTHONPATH ../$(BINDER_VENV)/bin/python -c "import cfwidget, sys; \
		sys.exit('cfwidget must come from the Binder venv' if 'binder-venv' not in cfwidget.__file__ else 0)"
	env -u PYTHONPATH $(BINDER_VENV)/bin/jupyter nbconvert --to notebook --execute \
		--ExecutePreprocessor.timeout=300 --output-dir build/binder-notebooks notebooks/*.ipynb

clean:
	rm -rf $(VENV) build dist *.egg-info node_modules
