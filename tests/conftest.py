"""Shared test fixtures: where ../shared is, and a skip when it is absent."""

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
VECTORS = SHARED / "rules_vectors.json"
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
    return require_shared(VECTORS)
