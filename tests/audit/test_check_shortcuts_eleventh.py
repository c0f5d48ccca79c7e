"""The check's eleventh-round shortcut (docs/audit-speed.md, "Eleventh round") gives exactly
what the plain form gives: the contestable caps (audit/state/caps.py) computed only on the rows
where some live seat's all-in total is below the current bet (`below_bet`), every other row
taking the bet itself as every seat's cap.

Inputs: random per-seat states (nulls, ties, seats not live, no current bet) for the caps
themselves; end to end, every file of sample_data/ and every rule example with the §11 showdown
vectors and two hands with void rows (test_check_shortcuts_tenth's batches), checked with the
shortcut and with every row taken as a capped row.
"""

from __future__ import annotations

import random

import polars as pl
import pytest
from test_check_shortcuts_tenth import _sample_batch, _vector_batch

import audit.state.caps
from audit import check
from audit.state.caps import _allin_total, allin_levels, below_bet, contestable

SEATS = [1, 2, 3, 4, 5, 6, 7, 8, 9]


def _seat_states(rows: int, seed: int) -> pl.DataFrame:
    """Random states before a row: live, committed and behind per seat, and the current bet."""
    rng = random.Random(seed)
    data: dict[str, list[object]] = {}
    for s in SEATS:
        data[f"_live_{s}"] = [rng.random() < 0.4 for _ in range(rows)]
        data[f"_committed_{s}"] = [rng.choice([0, 0, 50, 100, 200, None]) for _ in range(rows)]
        data[f"_behind_{s}"] = [rng.choice([0, 0, 50, 100, 300, 5000, None]) for _ in range(rows)]
    data["current_bet"] = [rng.choice([0, 100, 150, 200, 300, None]) for _ in range(rows)]
    schema = {k: pl.Boolean if k.startswith("_live") else pl.Int64 for k in data}
    return pl.DataFrame(data, schema=schema)


@pytest.mark.parametrize("seed", range(4))
def test_every_cap_is_the_bet_off_the_below_rows(seed: int) -> None:
    """The caps computed on every row (the plain form) equal the current bet on each row that
    below_bet leaves out; the rows it keeps include caps below the bet (both sides exercised)."""
    frame = _seat_states(4000, seed).with_columns(**{f"_allin_{s}": _allin_total(s) for s in SEATS})
    full = allin_levels(frame, SEATS).with_columns(**contestable(SEATS), _below=below_bet(SEATS))
    caps = [pl.col(f"_cap_{s}") for s in SEATS]
    off = full.filter(~pl.col("_below"))
    assert off.height > 200
    assert (
        off.select(pl.all_horizontal([c.eq_missing(pl.col("current_bet")) for c in caps]))
        .to_series()
        .all()
    )
    on = full.filter(pl.col("_below"))
    assert on.select(pl.any_horizontal([c < pl.col("current_bet") for c in caps])).to_series().any()


@pytest.mark.parametrize("make", [_vector_batch, _sample_batch], ids=["vectors", "sample_data"])
def test_check_with_every_row_capped_is_the_same(
    make: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """End to end: the audited actions and the violations with the shortcut equal those with
    below_bet true on every row (every cap computed, the plain form)."""
    hands, seats, actions = make()  # type: ignore[operator]
    fast = check(hands, seats, actions)
    monkeypatch.setattr(audit.state.caps, "below_bet", lambda seats: pl.lit(True))
    plain = check(hands, seats, actions)
    assert fast.actions.equals(plain.actions)
    assert fast.violations.equals(plain.violations)
    assert fast.actions.height > 0 and fast.violations.height > 0
