"""Every worked vector (tests/data/rules_vectors.json, the project's copy of the spec's
vectors: docs/spec.md): flags, to_call, min_to, max_to per action, hand flags, and every
expect_under_options variant."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from conftest import VECTORS

from audit import Options, check
from audit.testing import tables_from_vector

HAND_LEVEL = {"POST-AMOUNT", "UNCALLED-RETURN", "POT-TOTAL", "CHIP-CONSERVATION"}


DATA: dict[str, Any] = json.loads(Path(VECTORS).read_text())
VECTOR_IDS = [v["id"] for v in DATA["vectors"]]


def _vector(vector_id: str, vectors_path: Path) -> dict[str, Any]:
    return next(v for v in DATA["vectors"] if v["id"] == vector_id)


def _audit(vector: dict[str, Any], options: Options | None = None):
    hands, seats, actions = tables_from_vector(vector)
    result = check(hands, seats, actions, options=options)
    posts = len(vector.get("posts", []))
    betting = result.actions.filter(
        pl.col("seq").is_between(posts, posts + len(vector["actions"]) - 1)
    )
    return result, betting, posts


def _flags_by_seq(violations: pl.DataFrame) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for seq, code in zip(violations["seq"], violations["code"], strict=True):
        if code not in HAND_LEVEL and seq is not None:
            found.setdefault(seq, []).append(code)
    return found


@pytest.mark.parametrize("vector_id", VECTOR_IDS)
def test_vector(vector_id: str, vectors_path: Path) -> None:
    vector = _vector(vector_id, vectors_path)
    result, betting, posts = _audit(vector)
    flags = _flags_by_seq(result.violations)
    problems = []
    for i, action in enumerate(vector["actions"]):
        expect, seq = action["expect"], posts + i
        row = betting.filter(pl.col("seq") == seq).row(0, named=True)
        got_flags = sorted(flags.get(seq, []))
        if got_flags != sorted(expect["flags"]):
            problems.append(f"#{action['n']} flags {got_flags} != {sorted(expect['flags'])}")
        if row["void"]:
            continue
        for field in ("to_call", "min_to", "max_to", "allin_to", "raise_allowed"):
            if field in expect and row[field] != expect[field]:
                problems.append(f"#{action['n']} {field} {row[field]} != {expect[field]}")
    hand_flags = Counter(c for c in result.violations["code"] if c in HAND_LEVEL)
    if hand_flags != Counter(vector["hand_flags"]):
        problems.append(f"hand flags {dict(hand_flags)} != {vector['hand_flags']}")
    assert not problems, "\n".join(problems)


VARIANTS = [
    (v["id"], i) for v in DATA["vectors"] for i, _ in enumerate(v.get("expect_under_options", []))
] or [("absent", 0)]


@pytest.mark.parametrize(("vector_id", "variant"), VARIANTS)
def test_vector_under_options(vector_id: str, variant: int, vectors_path: Path) -> None:
    vector = _vector(vector_id, vectors_path)
    spec = vector["expect_under_options"][variant]
    result, _, posts = _audit(vector, Options().replace(**spec["options"]))
    index = next(i for i, a in enumerate(vector["actions"]) if a["n"] == spec["n"])
    got = sorted(_flags_by_seq(result.violations).get(posts + index, []))
    assert got == sorted(spec["flags"])
