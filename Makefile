# The two commands in the README: `make run` and `make test`. Both build the virtual
# environment on first use and refresh it whenever pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck pytest bench proofs replay audit translations clean

# Packages are installed by uv, itself installed by pip: on a fresh machine it takes seconds
# where pip takes half a minute. Where uv cannot be had or fails, pip installs them. Their
# bytecode is compiled once at install (and make test compiles the project's): with
# PYTHONDONTWRITEBYTECODE set, as on this machine, every process would compile what it
# imports again, each pytest worker and each command a test starts.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet uv || echo "uv is not available: pip installs"

WITH_TESTS := -e '.[test,postgres]'
INSTALL = { [ -x $(BIN)/uv ] && $(BIN)/uv pip install --quiet --compile-bytecode \
	--python $(BIN)/python $(1); } || $(BIN)/python -m pip install --quiet $(1)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(call INSTALL,-e .)
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(call INSTALL,$(WITH_TESTS))
	rm -f $(REWRITTEN)
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/realmbot run

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy rules scenarios bot db tests

# pytest-xdist workers, one more than the cores: many tests wait on processes they start and on
# servers, and a third worker on two cores keeps both busy. Tests are handed out by work
# stealing: a worker that runs out takes the queued tests of another, so the run does not end
# waiting on one worker's backlog (162 s against 181 s with xdist's default `load`, measured
# with 3 workers on this 2-core machine). Each worker starts its own throwaway PostgreSQL server.
WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
XDIST = -n $(WORKERS) --dist worksteal

pytest: $(VENV)/.installed-test
	$(BIN)/pytest -q $(XDIST)

# pytest rewrites the asserts of every test module it imports and keeps the result beside the
# module's bytecode; the first run after a checkout has none, and each worker would rewrite all
# ~280 modules itself (12 s of one core each, against 6 s for a collection that finds them
# rewritten). So the first `make test` of an environment collects once alone, beside mypy, and
# its workers find the modules rewritten.
REWRITTEN := $(VENV)/.asserts-rewritten

# Ruff first (seconds); then mypy beside pytest, its report shown once pytest is done: its
# half-minute on one core is mostly hidden in pytest's time.
test: lint $(VENV)/.installed-test
	@$(BIN)/python -m compileall -q -j 0 bot db rules scenarios templates tests
	@$(BIN)/mypy rules scenarios bot db tests > $(VENV)/mypy.log 2>&1 & typing=$$!; \
	[ -f $(REWRITTEN) ] || { $(BIN)/pytest -q --collect-only > /dev/null 2>&1; touch $(REWRITTEN); }; \
	$(BIN)/pytest -q $(XDIST); tested=$$?; \
	wait $$typing; typed=$$?; echo "mypy:"; cat $(VENV)/mypy.log; \
	[ $$tested -eq 0 ] && [ $$typed -eq 0 ]

bench: $(VENV)/.installed-test
	$(BIN)/python -m tests.bench

# The full form of the reliability suites (tests/proofs): figures for the README's Reliability;
# and the full database matrix (tests/proofs/matrix.py: every database test on PostgreSQL too).
proofs: $(VENV)/.installed-test
	$(BIN)/python -m tests.proofs $(SUITES)

# Proof that a refactor changed nothing: the same seeded campaigns on the tree and on REF.
replay: $(VENV)/.installed-test
	$(BIN)/python -m tests.replay $(REF) $(REPLAY_ARGS)

# The message catalogs (bot/i18n.py): every message of the code and the templates extracted into
# templates/locale/realmbot.pot (babel.cfg), each language's .po brought up to date with it (new
# messages to translate, changed ones marked fuzzy), and each compiled as a check and its
# statistics printed (the run reads the .po itself: no .mo is kept). tests/test_translations.py
# fails while a message lacks a translation.
LOCALES := templates/locale
translations: $(VENV)/.installed-test
	$(BIN)/pybabel extract -F babel.cfg -o $(LOCALES)/realmbot.pot --project realmbot \
		--no-wrap --sort-by-file --omit-header .
	$(BIN)/pybabel update -i $(LOCALES)/realmbot.pot -d $(LOCALES) -D realmbot --no-wrap \
		--ignore-obsolete --no-fuzzy-matching
	$(BIN)/pybabel compile -d $(LOCALES) -D realmbot --statistics
	find $(LOCALES) -name '*.mo' -delete

# The honesty map (docs/audit.md and the README's table), generated from the engine's tables.
audit: $(VENV)/.installed
	$(BIN)/realmbot audit --write

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
