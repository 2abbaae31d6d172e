# Two commands for a newcomer: `make run` (install + start on :8000) and `make test`.
# Django 6 needs Python >= 3.12: take the first such interpreter on PATH or in pyenv.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
TLS_PORT ?= 8443
# The second test pass runs the PostgreSQL-specific tests (row locks) against this server.
TEST_POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/test
PYTHON ?= $(shell for c in python3.14 python3.13 python3.12 python3 \
	$$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do \
	  $$c -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null && { command -v $$c; break; }; \
	done)

.PHONY: run test install install-test lint migrate worker bench clean messages compile

# setup.py compiles the engine's hot modules where a C compiler exists (kit/accel.py): an edit
# to one of them rebuilds its binary (a stale one is never used, but the fast path is lost).
# The install ends with the engine path it left (compiled, or pure Python and why);
# COMPANION_NO_COMPILE=1 installs without compiling.
COMPILED_SOURCES := $(wildcard companion/games/dog/engine/moves.py companion/games/dog/engine/rules.py \
	companion/games/dog/engine/info.py companion/games/dog/engine/*.pxd companion/games/dog/engine/*.pyx \
	companion/games/dog/engine/*.pxi \
	companion/games/*/*.pyx companion/games/*/*.pxd companion/games/*/*.pxi \
	companion/advisor/*.pyx companion/advisor/*.pxd companion/advisor/*.pxi)
ENGINE_PATH := $(PY) -c "from companion.engines.kit import accel; print(accel.describe())"

$(VENV)/.installed: pyproject.toml setup.py $(COMPILED_SOURCES)
	@test -n "$(PYTHON)" || { echo "Python >= 3.12 not found (Django 6 needs it)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	@$(ENGINE_PATH)
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PY) -m pip install -q -e '.[test]'
	touch $@

# The outside checkers of the test suite (docs/testing.md): the W3C Nu HTML checker (run on
# Java) and axe-core, pinned in tests/tools/package-lock.json, installed with npm where npm is
# (`make run` needs neither npm nor Java; without them those tests skip, in CI they fail).
TOOLS_STAMP := tests/tools/node_modules/.installed
$(TOOLS_STAMP): tests/tools/package.json tests/tools/package-lock.json
	cd tests/tools && npm ci --ignore-scripts --no-audit --no-fund
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test
	@if command -v npm >/dev/null; then $(MAKE) --no-print-directory -s $(TOOLS_STAMP); \
	else echo "npm not found: the HTML and accessibility checkers' tests will be skipped"; fi

migrate: install
	$(PY) manage.py migrate --noinput

# `serve` is Daphne's runserver plus HTTPS on TLS_PORT (0: none) with a certificate made for this
# machine's names and addresses, for the phones' screen lock and installing the app (docs/operations.md).
# The static files are collected first (a few seconds), so that they are served with hashed names
# and cached by the phones for a year, as in production; STATIC_ROOT set says so to the settings.
run: migrate
	STATIC_ROOT=$(CURDIR)/staticfiles $(PY) manage.py collectstatic --noinput -v0
	STATIC_ROOT=$(CURDIR)/staticfiles $(PY) manage.py serve 0.0.0.0:$(PORT) --tls-port $(TLS_PORT)

lint: install-test
	$(VENV)/bin/ruff check .

test: install-test
	$(VENV)/bin/ruff check .
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/pytest -m "not postgres" $(PYTEST_ARGS)
	DATABASE_URL=$(TEST_POSTGRES_URL) $(VENV)/bin/pytest -m postgres -p no:cacheprovider $(PYTEST_ARGS)

# Re-extract the translatable strings and compile them (docs/i18n.md): a game's own strings go
# into its package's catalogues (companion/games/<game>/locale/), the rest into locale/. Only the
# project's catalogues are compiled: not the ones of the packages installed in .venv.
MESSAGES_IGNORED := --ignore=$(VENV) --ignore=build --ignore=staticfiles --ignore=test-output
messages: install
	$(PY) manage.py makemessages -l de -l fr -l it --no-obsolete
	$(PY) manage.py compilemessages $(MESSAGES_IGNORED)

worker: install
	$(VENV)/bin/celery -A companion worker -l info

bench: install
	$(PY) bench/engine_speed.py dog

# Build the compiled engine core again (after installing gcc, say), and say which path runs.
compile: install
	$(PY) -m pip install -q -e .
	@$(ENGINE_PATH)

clean:
	rm -rf $(VENV) .pytest_cache staticfiles build
	rm -f companion/games/*/engine/*.so companion/games/*/engine/*.c companion/games/*/engine/*.sources.json
	rm -f companion/games/*/*.so companion/games/*/*.c companion/games/*/*.sources.json
	rm -f companion/advisor/*.so companion/advisor/*.c companion/advisor/*.sources.json
