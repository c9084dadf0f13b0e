# Two commands for a fresh machine: `make run` and `make test` (see README).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: install run test lint format bench bench-tactics bench-pilot tune tune-guarded distill load soak browser nginx clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# Stamps: reinstall only when pyproject.toml changes.
$(VENV)/.run-installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.run-installed

# The package and its `titan-odds` command in .venv (`. .venv/bin/activate` to use it).
install: $(VENV)/.run-installed

run: $(VENV)/.run-installed
	PORT=$(PORT) $(VENV)/bin/gunicorn -c gunicorn.conf.py 'api:create_app()'

# Style, then types: mypy checks engine and api strictly (pyproject.toml's [tool.mypy]).
lint: $(VENV)/.test-installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(VENV)/.test-installed
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Headless Chromium for the browser tests (Debian's chromium-headless-shell; playwright downloads none).
browser:
	bash scripts/ensure-browser.sh

# Debian's nginx for the tests of the production recipe (deploy/nginx), as the README deploys it.
nginx:
	bash scripts/ensure-nginx.sh

# One worker more than the cores: many tests wait on a server, a browser or a compile. Each
# worker takes a stretch of the tests in order and an idle one steals from the others' (a
# module's servers and browser are started by fewer workers than when tests are dealt out
# one by one, and no worker idles at the end): about 3.5 minutes warm on 2 cores, nearly one less.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) + 1 )))

# Byte-code written whatever the shell says (PYTHONDONTWRITEBYTECODE): every worker, server and
# command the tests start imports the same modules, and pytest keeps its rewritten test modules
# only with it (without: 30 s of collecting a worker instead of 4).
test: lint browser nginx
	PYTHONDONTWRITEBYTECODE= PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
		$(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=15

bench: $(VENV)/.run-installed
	$(PY) -m bench

# The default against every style and a strong search on the test stream of
# bench/engagements.py, beside the default before it, then Tactical Titan's default against
# its other plans on the same stream (their output kept in bench/results/tactics.log and
# tactical_styles.log, every gain in tactics_default.json).
bench-tactics: $(VENV)/.run-installed
	$(PY) -m bench.tactics --json bench/results/tactics_default.json \
		--baseline bench/results/tactics_previous_default.json | tee bench/results/tactics.log
	$(PY) -m bench.tactical_styles | tee bench/results/tactical_styles.log

# The default's pilot tournament: its Battles and its own error against a larger table.
bench-pilot: $(VENV)/.run-installed
	$(PY) -m bench.pilot

# The balanced style's weights tuned by CMA-ES over self-play on dask (writes
# simulator/data/balanced_tactic.toml and appends to bench/results/tune.log).
$(VENV)/.tune-installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[tune]'
	touch $@ $(VENV)/.run-installed

tune: $(VENV)/.tune-installed
	$(PY) -m bench.tune

# The guarded style's weights tuned by CMA-ES to hold the Tower against the search tactic
# (writes simulator/data/guarded_tactic.toml and appends to bench/results/tune_guarded.log).
tune-guarded: $(VENV)/.tune-installed
	$(PY) -m bench.tune_guarded

# The adaptive rule learned from the search's choices on the training stream (expert iteration,
# on dask: writes simulator/data/default_rule.json, appends to bench/results/distill.log).
distill: $(VENV)/.tune-installed
	$(PY) -m bench.distill

# Requests per second and latency of a local gunicorn at concurrency 1, 4 and 16.
load: $(VENV)/.run-installed
	$(PY) -m bench.load

# Minutes of hostile but legitimate clients against a local gunicorn (and nginx, when present):
# latency percentiles, errors and memory over time. Outside CI; SOAK_MINUTES=... to change.
SOAK_MINUTES ?= 10
soak: $(VENV)/.run-installed
	$(PY) -m bench.soak --minutes $(SOAK_MINUTES)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
	find engine simulator api cli tests -name __pycache__ -prune -exec rm -rf {} +  # numba's cache too
