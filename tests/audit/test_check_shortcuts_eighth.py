"""The check's shortcuts of the eighth round (#18, docs/audit-speed.md) give exactly what the
plain forms they replaced give: money() with one branch for the decimal scales, and the
fixed-limit windows left out where no row counts."""

from __future__ import annotations

import random

import polars as pl
import pytest
from conftest import SAMPLE_DATA

import audit.engine
import audit.state.fixed_limit
import audit.state.void
from audit import Options, check
from audit.examples import example_sections, parse_example
from audit.rules import RULES
from audit.state.fixed_limit import IS_FL, fl_limits
from audit.testing import tables_from_vector
from audit.text import money


def money_per_scale(amount: pl.Expr) -> pl.Expr:
    """The plain form money() replaced: one when/then branch and a zfill per decimal scale."""
    scale = pl.col("scale").cast(pl.Int64).fill_null(1)
    magnitude = amount.abs()
    sign = pl.when(amount < 0).then(pl.lit("-")).otherwise(pl.lit(""))
    whole = pl.concat_str([sign, (magnitude // scale).cast(pl.String)])
    text = pl.when(scale <= 1).then(whole)
    for digits in (1, 2, 3, 4):
        fraction = (magnitude % scale).cast(pl.String).str.zfill(digits)
        text = text.when(scale == 10**digits).then(pl.concat_str([whole, pl.lit("."), fraction]))
    return text.otherwise((amount / scale).cast(pl.String))


SCALES = [None, -10, 0, 1, 2, 7, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 25]


def _amounts(seed: int) -> list[int | None]:
    rng = random.Random(seed)
    edges = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, 10_001, (1 << 40) - 1, -(1 << 39)]
    drawn = [rng.randint(-(1 << 40), 1 << 40) for _ in range(200)]
    small = [rng.randint(-20_000, 20_000) for _ in range(200)]
    return [*edges, *drawn, *small, None]


@pytest.mark.parametrize("dtype", [pl.Int64, pl.Int32, pl.UInt32, pl.Int16])
@pytest.mark.parametrize("scale_dtype", [pl.Int64, pl.Int32, pl.Int16])
def test_money_matches_the_branch_per_scale(dtype: pl.DataType, scale_dtype: pl.DataType) -> None:
    amounts = _amounts(7)
    rows = [(a, s) for a in amounts for s in SCALES]
    frame = pl.DataFrame(
        {"amount": [a for a, _ in rows], "scale": [s for _, s in rows]},
        schema={"amount": pl.Int64, "scale": pl.Int64},
    ).with_columns(
        pl.col("amount").cast(dtype, strict=False), pl.col("scale").cast(scale_dtype, strict=False)
    )
    got = frame.select(
        new=money(pl.col("amount")),
        old=money_per_scale(pl.col("amount")),
        shifted_new=money(pl.col("amount").cast(pl.Int64) - 3),
        shifted_old=money_per_scale(pl.col("amount").cast(pl.Int64) - 3),
    )
    assert got.get_column("new").null_count() < got.height  # the test compares texts
    assert got.get_column("new").equals(got.get_column("old"), check_names=False)
    assert got.get_column("shifted_new").equals(got.get_column("shifted_old"), check_names=False)


def test_money_texts() -> None:
    frame = pl.DataFrame(
        {"amount": [150, -1205, 5, 12345, 3, 10, None], "scale": [100, 100, 10, 10_000, 1, 7, 100]}
    )
    texts = frame.select(money(pl.col("amount"))).to_series().to_list()
    assert texts == ["1.50", "-12.05", "0.5", "1.2345", "3", "1.4285714285714286", None]


def _fl_inputs() -> list[tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]]:
    """Each sample file alone (NL-only slices and FL ones) and every rule's examples."""
    from parsers import parse_paths

    tables = []
    for path in sorted(SAMPLE_DATA.iterdir()):
        parsed = parse_paths([path])
        tables.append((parsed.hands, parsed.seats, parsed.actions))
    for rule in RULES.values():
        if rule.session_frame is None:
            for text in example_sections(rule.doc).values():
                tables.append(tables_from_vector(parse_example(text)[0]))
    return [t for t in tables if t[2].height]


FL_OPTIONS = [
    Options(),
    Options(
        fl_short_allin_counts_to_cap="always",
        fl_cap_heads_up="uncapped_when_heads_up",
        fl_half_allin_level="full_bet",
        fl_reopen_scope="last_raise",
    ),
]


@pytest.mark.parametrize("options", FL_OPTIONS, ids=["default", "always"])
def test_fixed_limit_without_a_counted_row_matches_the_windows(
    options: Options, monkeypatch: pytest.MonkeyPatch
) -> None:
    """fixed_limit's constants where nothing counts against the windows they stand for (the
    plain form: counted_somewhere forced true), on the frames fl_limits gets in the check of
    slices with and without FL raises (both void rounds)."""
    frames: list[pl.DataFrame] = []
    real_limits = audit.state.void.fl_limits

    def capture(frame: pl.DataFrame) -> pl.DataFrame:
        frames.append(frame)
        return real_limits(frame)

    monkeypatch.setattr(audit.state.void, "fl_limits", capture)
    for hands, seats, actions in _fl_inputs():
        check(hands, seats, actions, options)
    monkeypatch.undo()
    real = audit.state.fixed_limit.counted_somewhere
    shortcut_taken = [not real(f, IS_FL & pl.col("is_raise")) for f in frames]
    assert any(shortcut_taken) and not all(shortcut_taken)  # both paths run
    for frame in frames:
        short = fl_limits(frame)
        monkeypatch.setattr(audit.state.fixed_limit, "counted_somewhere", lambda *_: True)
        plain = fl_limits(frame)
        monkeypatch.undo()
        assert short.equals(plain)
        assert short.schema == plain.schema


def _open_rounds_in_one_step() -> dict[str, pl.Expr]:
    """ROUND-INCOMPLETE's computed columns as one step (the plain form before the eighth
    round: every shared window inlined in each column that reads it)."""
    from audit.rules.round_incomplete import SENTINEL, _betting_could_go_on
    from audit.state.windows import prev_any_in, prev_ffill_in

    col = pl.col
    betting = col("is_betting") & ~SENTINEL & ~col("site_kill")
    first_betting = betting & ~prev_any_in(betting, "s_gid")
    last_open = prev_ffill_in(pl.when(SENTINEL).then(col("round_open")), "h_gid")
    last_street = prev_ffill_in(pl.when(SENTINEL).then(col("street")), "h_gid")
    last_seat = prev_ffill_in(pl.when(SENTINEL).then(col("expected_seat")), "h_gid")
    skipped = (col("street") - last_street >= 2) & _betting_could_go_on()
    row_open = first_betting & (last_open.fill_null(False) | skipped.fill_null(False))
    end_skipped = ~col("game_last_round") & _betting_could_go_on()
    hand_end_open = (
        SENTINEL & col("is_last_sentinel") & col("settled") & (col("round_open") | end_skipped)
    )
    end_street = pl.when(col("round_open")).then(col("street")).otherwise(col("street") + 1)
    row_street = pl.when(last_open).then(last_street).otherwise(last_street + 1)
    return {
        "round_left_open": row_open | hand_end_open,
        "open_street": pl.when(hand_end_open).then(end_street).otherwise(row_street),
        "open_seat": pl.when(hand_end_open & col("round_open"))
        .then(col("expected_seat"))
        .when(~hand_end_open & last_open)
        .then(last_seat),
    }


def test_round_incomplete_in_steps_matches_one_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """ROUND-INCOMPLETE's columns computed in steps (shared windows as columns of their own)
    against the one-step form, on the states of the sample files and every rule's examples."""
    from audit.assemble import computed_steps, with_rule_columns

    rule = RULES["ROUND-INCOMPLETE"]
    assert len(computed_steps(rule.computes)) > 1
    states: list[pl.DataFrame] = []
    real = audit.engine.with_rule_columns

    def capture(state: pl.DataFrame, rules: list) -> pl.DataFrame:  # type: ignore[type-arg]
        states.append(state)
        return real(state, rules)

    monkeypatch.setattr(audit.engine, "with_rule_columns", capture)
    for hands, seats, actions in _fl_inputs():
        check(hands, seats, actions)
    monkeypatch.undo()
    flagged = 0
    for state in states:
        got = with_rule_columns(state, [rule])
        plain = state.with_columns(**_open_rounds_in_one_step())
        for name in ("round_left_open", "open_street", "open_seat"):
            assert got.get_column(name).equals(plain.get_column(name))
        flagged += int(got.get_column("round_left_open").fill_null(False).sum())
    assert flagged > 0  # the inputs hold rounds left open
