"""ROUND-INCOMPLETE inputs (RULES.md I-5, §3): a street left open when the next one started.

A street is left open when, after its last action (the sentinel row of audit/prepare.py),
someone still owed action; or when whole streets were skipped while at least two players with
chips were still in (a fresh street would have owed them action). It is flagged on the first
betting action of the next recorded street, void or not (the state machine checks the street
change before anything else), or, for a settled hand, on the hand's last street.
"""

from __future__ import annotations

import polars as pl

from audit.windows import prev_any_in, prev_ffill_in
from parsers.schema import STREET_NAMES

SENTINEL = pl.col("is_sentinel")


def street_name(street: pl.Expr) -> pl.Expr:
    """preflop / flop / turn / river / showdown (a when/then chain: replace_strict on this
    column produced string views that crashed a later filter + format in polars 2.1)."""
    name = pl.when(street == 0).then(pl.lit(STREET_NAMES[0]))
    for number, text in enumerate(STREET_NAMES[1:], start=1):
        name = name.when(street == number).then(pl.lit(text))
    return name


def _betting_could_go_on() -> pl.Expr:
    """At least two players still in with chips: a new street would owe them action."""
    return (pl.col("n_live") >= 2) & (pl.col("n_with_chips") >= 2)


def round_incomplete() -> list[pl.Expr]:
    """round_left_open, open_street (named by street_names), open_seat columns."""
    betting = pl.col("is_betting") & ~SENTINEL & ~pl.col("site_kill")
    first_betting = betting & ~prev_any_in(betting, "s_gid")
    last_open = prev_ffill_in(pl.when(SENTINEL).then(pl.col("round_open")), "h_gid")
    last_street = prev_ffill_in(pl.when(SENTINEL).then(pl.col("street")), "h_gid")
    last_seat = prev_ffill_in(pl.when(SENTINEL).then(pl.col("expected_seat")), "h_gid")
    skipped = (pl.col("street") - last_street >= 2) & _betting_could_go_on()
    row_open = first_betting & (last_open.fill_null(False) | skipped.fill_null(False))
    end_skipped = (pl.col("street") < 3) & _betting_could_go_on()
    hand_end_open = (
        SENTINEL
        & pl.col("is_last_sentinel")
        & pl.col("settled")
        & (pl.col("round_open") | end_skipped)
    )
    end_street = (
        pl.when(pl.col("round_open")).then(pl.col("street")).otherwise(pl.col("street") + 1)
    )
    row_street = pl.when(last_open).then(last_street).otherwise(last_street + 1)
    return [
        (row_open | hand_end_open).alias("round_left_open"),
        pl.when(hand_end_open).then(end_street).otherwise(row_street).alias("open_street"),
        pl.when(hand_end_open & pl.col("round_open"))
        .then(pl.col("expected_seat"))
        .when(~hand_end_open & last_open)
        .then(last_seat)
        .alias("open_seat"),
    ]


def street_names() -> list[pl.Expr]:
    """street_name and open_street_name, for the messages: added to the flagged rows only
    (audit/assemble.py), not as two string columns over every row of the state."""
    return [
        street_name(pl.col("street")).alias("street_name"),
        street_name(pl.col("open_street")).alias("open_street_name"),
    ]
