"""RULES.md §11 vectors (tests/audit/showdown_vectors.json), audited end to end: each hand in
the examples notation goes through `audit.check` with its cards; exactly the expected codes
flag, and the shares audit.showdown computes for the legal ones are the vector's `owed`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from audit import check
from audit.options import Options
from audit.showdown.judge import showdown
from audit.testing import cards_from_vector, parse_example, tables_from_vector

VECTORS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "showdown_vectors.json").read_text()
)["vectors"]


def _tables(vector: dict[str, Any]) -> tuple[pl.DataFrame, ...]:
    hand, _ = parse_example(vector["hand"])
    hand["id"] = vector["id"]
    return (*tables_from_vector(hand), cards_from_vector(hand))


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_flags_exactly_the_expected_codes(vector: dict[str, Any]) -> None:
    hands, seats, actions, cards = _tables(vector)
    options = Options().replace(**vector.get("options", {}))
    result = check(hands, seats, actions, options=options, site_options={}, cards=cards)
    assert sorted(result.violations["code"].to_list()) == sorted(vector["expect"]), (
        result.violations.select("code", "message").to_dicts()
    )


@pytest.mark.parametrize(
    "vector", [v for v in VECTORS if "owed" in v], ids=[v["id"] for v in VECTORS if "owed" in v]
)
def test_vector_shares_are_the_owed_amounts(vector: dict[str, Any]) -> None:
    hands, _, actions, cards = _tables(vector)
    options = Options().replace(**vector.get("options", {}))
    players = showdown(hands, actions, cards, options, {}).players
    owed = {p: o for p, o in zip(players["player"], players["owed"], strict=True) if o}
    assert owed == vector["owed"]


def test_every_issue_scenario_has_a_vector() -> None:
    ids = {v["id"] for v in VECTORS}
    wanted = {
        "odd-chip-left-of-button",
        "three-way-side-pot",
        "omaha-three-hole-cards",
        "short-deck-flush-beats-full-house",
        "hilo-no-qualifying-low",
        "hilo-scoop",
        "run-it-twice-split",
    }
    assert wanted <= ids
