"""All vectors audited together, rows shuffled and split into slices: every hand's flags are
those its vector expects (no state leaks between hands; input order does not matter)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import polars as pl
import pytest

import audit.engine
from audit import check
from audit.testing import tables_from_vector

HAND_LEVEL = {"POST-AMOUNT", "UNCALLED-RETURN", "POT-TOTAL", "CHIP-CONSERVATION"}


def _expected(vectors: list[dict]) -> Counter:
    expected: Counter = Counter()
    for key, vector in enumerate(vectors):
        posts = len(vector.get("posts", []))
        for i, action in enumerate(vector["actions"]):
            expected.update((key, posts + i, code) for code in action["expect"]["flags"])
        expected.update((key, None, code) for code in vector["hand_flags"])
    return expected


@pytest.mark.parametrize("slice_hands", [1_000_000, 10])
def test_batch_matches_vectors(vectors_path: Path, slice_hands: int, monkeypatch) -> None:
    vectors = json.loads(vectors_path.read_text())["vectors"]
    parts = [tables_from_vector(v, hand_key=1000 + 7 * i) for i, v in enumerate(vectors)]
    hands, seats, actions = (pl.concat([p[i] for p in parts]) for i in range(3))
    monkeypatch.setattr(audit.engine, "SLICE_HANDS", slice_hands)
    result = check(hands, seats, actions.sample(fraction=1.0, shuffle=True, seed=3))
    got = Counter(
        ((k - 1000) // 7, None if c in HAND_LEVEL else s, c)
        for k, s, c in zip(
            *(result.violations[n] for n in ("hand_key", "seq", "code")), strict=True
        )
    )
    assert got == _expected(vectors)
    assert result.actions.height == actions.height
