"""Differential: the checker (audit/) flags exactly the violations the generator injected.

The generator's betting model (tools/synth/betting.py) and the checker are independent
implementations of RULES.md; on legal hands neither may flag anything, and every injected
violation must be found at its seq with its code, and nothing else.
"""

from __future__ import annotations

import polars as pl
import pytest

from parsers import parse_bytes
from tools.synth import SynthOptions, generate

MIXED = SynthOptions(
    games=("NLHE", "PLO", "FLHE"),
    tournaments=0.3,
    currencies=("USD", "EUR", "GBP", "play"),
    straddles=0.1,
    dead_blinds=0.1,
    sitting_out=0.2,
    chat=0.05,
    hands_per_table=5,
)


def flags_and_truth(n_hands: int, seed: int, rate: float) -> tuple[set, set]:
    audit = pytest.importorskip("audit", reason="audit.check has not landed yet")
    result = generate(n_hands, seed, violation_rate=rate, options=MIXED, tables=False)
    tables = parse_bytes(result.text.encode("utf-8"), "synth.txt")
    assert tables.quarantine.is_empty()
    assert tables.hands.height == n_hands
    checked = audit.check(tables.hands, tables.seats, tables.actions, audit.Options())
    flags = {
        (row["hand_id"], row["seq"], row["code"])
        for row in checked.violations.select("hand_id", "seq", "code").iter_rows(named=True)
    }
    truth = {(row["hand_id"], row["seq"], row["code"]) for row in result.truth}
    return flags, truth


def test_checker_finds_exactly_the_injected_violations() -> None:
    flags, truth = flags_and_truth(600, 17, 0.3)
    assert len(truth) > 100
    assert flags - truth == set(), "flags on hands the generator played legally"
    assert truth - flags == set(), "injected violations the checker missed"


def test_legal_hands_raise_no_flag_at_all() -> None:
    flags, truth = flags_and_truth(400, 18, 0.0)
    assert truth == set() and flags == set()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [101, 202])
def test_checker_agrees_on_many_hands(seed: int) -> None:
    flags, truth = flags_and_truth(20_000, seed, 0.2)
    assert flags == truth
    assert pl.Series([code for _, _, code in truth]).n_unique() >= 12
