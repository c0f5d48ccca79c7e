"""Shared test fixtures: where ../shared is, and a skip when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

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
