"""Capped no-limit and hands whose structure the log never states."""

from __future__ import annotations

import polars as pl

from audit import check
from audit.examples import parse_example
from audit.testing import tables_from_vector

UNDER_RAISE_AT_CAP = """NL 50/100; stacks 5000 x3; button P3
preflop: P3 raise 300, P1 call, P2 raise 1000 !"""


def _tables(text: str, **hand: object):
    vector, flagged = parse_example(text)
    hands, seats, actions = tables_from_vector(vector)
    return hands.with_columns(**{k: pl.lit(v) for k, v in hand.items()}), seats, actions, flagged


def test_capped_raise_to_the_cap_is_all_in() -> None:
    # 300 -> 450 is an under-raise (min 500); with a cap of 450 it is the all-in: legal
    hands, seats, actions, _ = _tables(UNDER_RAISE_AT_CAP.replace("1000", "450"))
    assert "RAISE-MIN" in check(hands, seats, actions).violations["code"].to_list()
    capped = hands.with_columns(structure=pl.lit("CAP"), cap=pl.lit(450, pl.Int64))
    result = check(capped, seats, actions)
    assert result.violations.filter(pl.col("severity") == "violation").is_empty()
    assert result.actions.filter(pl.col("seq") == 4)["allin_to"].item() == 450


def test_unknown_structure_runs_only_structure_free_rules() -> None:
    text = """NL 50/100; stacks 5000 x3; button P3
preflop: P3 raise 150, P1 check"""
    hands, seats, actions, _ = _tables(text)
    assert {"RAISE-MIN", "CHECK-FACING-BET"} <= set(check(hands, seats, actions).violations["code"])
    unknown = hands.with_columns(structure=pl.lit("UNKNOWN"))
    result = check(unknown, seats, actions)
    assert set(result.violations["code"]) == {"CHECK-FACING-BET"}
    assert result.actions["raise_allowed"].is_null().all()
