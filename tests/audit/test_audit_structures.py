"""Capped no-limit and hands whose structure the log never states."""

from __future__ import annotations

import polars as pl

from audit import check
from audit.testing import parse_example, tables_from_vector

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


def _pl_max_flags(hands: pl.DataFrame, seats: pl.DataFrame, actions: pl.DataFrame) -> list[int]:
    found = check(hands, seats, actions).violations.filter(pl.col("code") == "PL-MAX")
    return found["seq"].to_list()


def test_site_added_money_counts_in_the_pot_limit() -> None:
    # blinds 1 + 2 in: a pot raise is to 2 + 3 + 2 = 7; with 5 added by the site (STP, cash
    # drop) the pot is 8 and the pot raise is to 12
    for to, added, flagged in ((7, 0, False), (12, 0, True), (12, 5, False), (13, 5, True)):
        hands, seats, actions, _ = _tables(
            f"PL 1/2; stacks 1000 x3; button P3\npreflop: P3 raise {to}, P1 fold, P2 fold",
            site_added=added,
        )
        assert bool(_pl_max_flags(hands, seats, actions)) is flagged, (to, added)


def test_tables_without_site_added_still_audit() -> None:
    hands, seats, actions, _ = _tables(
        "PL 1/2; stacks 1000 x3; button P3\npreflop: P3 raise 12, P1 fold, P2 fold"
    )
    assert _pl_max_flags(hands.drop("site_added"), seats, actions) == [2]
