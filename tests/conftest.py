"""Shared test fixtures: the project's worked vectors, where ../shared is, and a skip when it is
absent.

tests/data/rules_vectors.json is the project's own copy of the worked vectors of the betting
rules (docs/spec.md), so a clone without ../shared runs every vector test;
tests/test_vectors_copy.py checks that it matches ../shared/rules_vectors.json, their source,
where that is present. The real corpus is never copied: its tests skip without ../shared."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: Runs started by the tests share one run_id (hhaudit/run/derived.py), so outputs of two runs
#: compare byte for byte; tests of the id itself remove it (tests/run/test_run_tables.py).
os.environ.setdefault("HHAUDIT_RUN_ID", "test-run")

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus" / "real"
VECTORS = REPO / "tests" / "data" / "rules_vectors.json"  # the project's copy (see above)
SHARED_VECTORS = SHARED / "rules_vectors.json"  # its source
SAMPLE_DATA = REPO / "sample_data"


def require_shared(path: Path) -> Path:
    """Skip the calling test with a clear reason when a ../shared resource is missing."""
    if not path.exists():
        pytest.skip(f"{path} is absent: this test reads ../shared beside the checkout")
    return path


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    return require_shared(CORPUS)


@pytest.fixture(scope="session")
def vectors_path() -> Path:
    return VECTORS
