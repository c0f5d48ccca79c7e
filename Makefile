# Every target sets up its own virtualenv in .venv; nothing needs to be installed beforehand
# but Python 3.11+, make and git.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
OUT ?= out
# make bench HANDS=400000 BENCH_ARGS="--copies 5 --dask" (docs/bench.md, docs/scale.md)
HANDS ?= 200000

.PHONY: install demo test lint bench bytecode fuzz sites docs clean

# setuptools' "Editable installation" notice (an InformationOnly warning about folders named
# like a package) is the one build warning left out: a real deprecation still shows.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	PYTHONWARNINGS='ignore:Editable installation' $(BIN)/python -m pip install -q -e '.[dev,dask]'
	touch $(STAMP)

install: $(STAMP)

demo: install
	$(BIN)/hhaudit run sample_data --out $(OUT)/demo --dataset $(OUT)/dataset --fail-on never
	@echo '--- as a nightly job would run it (README "Exit status"; docs/reports.md, JSON lines):'
	@echo '$$ hhaudit run sample_data --out $(OUT)/nightly -q --ignore FOLD-NO-BET --output-format json > $(OUT)/nightly.jsonl'
	@$(BIN)/hhaudit run sample_data --out $(OUT)/nightly -q --ignore FOLD-NO-BET \
		--output-format json > $(OUT)/nightly.jsonl; \
		echo "exit status $$? (--fail-on violation, the default: 1 when a violation is found)"
	@head -n 2 $(OUT)/nightly.jsonl; echo '...'; tail -n 1 $(OUT)/nightly.jsonl
	@echo '--- the same logs as people keep them, compressed (gzip, bzip2, xz, zstd, tar, zip: read by content):'
	@tar -czf $(OUT)/sample_data.tar.gz sample_data
	@echo '$$ hhaudit run $(OUT)/sample_data.tar.gz --out $(OUT)/archive --fail-on never'
	@$(BIN)/hhaudit run $(OUT)/sample_data.tar.gz --out $(OUT)/archive --fail-on never
	@echo "run.json names each member: $$($(BIN)/python -c "import json; print(json.load(open('$(OUT)/archive/run.json'))['files'][0]['path'])")"

test: install
	$(BIN)/python -m pytest -q -n 2

# mypy: the type check of parsers/, audit/, reports/ and hhaudit/ ([tool.mypy] in pyproject.toml)
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The project's bytecode, written once: an editable install never compiles it, and with
# PYTHONDONTWRITEBYTECODE set every process (the run, each worker) compiled ~350 modules again
# (~0.3 s of CPU each; a wheel install compiles at install time). Stale files are recompiled.
bytecode: install
	$(BIN)/python -m compileall -q parsers audit reports hhaudit

bench: bytecode
	$(BIN)/python -m bench.run --hands $(HANDS) $(BENCH_ARGS)

# The README's site table, measured on ../shared/corpus/real (tools/site_table.py)
sites: install
	$(BIN)/python tools/site_table.py --write README.md --write-detail docs/corpus.md

# The rules table of docs/rules.md and the README's code list, from the rule registry
docs: install
	$(BIN)/python -m tools.rule_table

fuzz: install
	$(BIN)/python -m pytest -q -n 2 -m slow tests

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache .ruff_cache .mypy_cache
