"""ROUND-INCOMPLETE: the next street started (or the hand ended) while a player owed action.

What it checks: at the first action of a new street, someone on the previous street had not
acted or had not matched the bet and still had chips, or a whole street was skipped while two
players with chips were still in. Hands that end because everyone folded,
and all-in runouts, owe nothing. At the end of a settled hand the last street is checked too
(flagged on the hand, without an action).

How: a street is left open when, after its last action (the sentinel row, `round_open` being
the state at the street's end), someone still owed action; or when whole streets were skipped
while at least two players with chips were still in (a fresh street would have owed them
action). It is flagged on the first betting action of the next recorded street, void or not
(the state machine checks the street change before anything else), or, for a settled hand, on
the sentinel of the hand's last street.

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold
    flop: P2 check !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 fold
    settle: return P3 200; collect P3 250; pot 250; rake 0
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import Rule, col, sentence, street_name
from audit.state.windows import prev_any_in, prev_ffill_in

SENTINEL = col("is_sentinel")


def _betting_could_go_on() -> pl.Expr:
    """At least two players still in with chips: a new street would owe them action."""
    return (col("n_live") >= 2) & (col("n_with_chips") >= 2)


def _open_rounds() -> dict[str, pl.Expr]:
    """round_left_open, open_street (the street left open) and open_seat (who owed).

    The facts several of them read are columns of their own, computed first (`_open_before`:
    the last street end of the hand was open; `_open_before_street`: its street; `_could_go_on`;
    `_hand_end_open`): the computed columns run in steps (assemble.computed_steps), so each
    window runs once rather than once per column that reads it.
    """
    betting = col("is_betting") & ~SENTINEL & ~col("site_kill")
    first_betting = betting & ~prev_any_in(betting, "street_number")
    last_open, last_street = col("_open_before"), col("_open_before_street")
    last_seat = prev_ffill_in(pl.when(SENTINEL).then(col("expected_seat")), "hand_number")
    # a game's round ids are consecutive (parsers/games.py): id + 1 is the next round
    skipped = (col("street") - last_street >= 2) & col("_could_go_on")
    row_open = first_betting & (last_open.fill_null(False) | skipped.fill_null(False))
    end_skipped = ~col("game_last_round") & col("_could_go_on")
    hand_end_open = col("_hand_end_open")
    end_street = pl.when(col("round_open")).then(col("street")).otherwise(col("street") + 1)
    row_street = pl.when(last_open).then(last_street).otherwise(last_street + 1)
    return {
        "_open_before": prev_ffill_in(pl.when(SENTINEL).then(col("round_open")), "hand_number"),
        "_open_before_street": prev_ffill_in(pl.when(SENTINEL).then(col("street")), "hand_number"),
        "_could_go_on": _betting_could_go_on(),
        "_hand_end_open": SENTINEL
        & col("is_last_sentinel")
        & col("settled")
        & (col("round_open") | end_skipped),
        "round_left_open": row_open | hand_end_open,
        "open_street": pl.when(hand_end_open).then(end_street).otherwise(row_street),
        "open_seat": pl.when(hand_end_open & col("round_open"))
        .then(col("expected_seat"))
        .when(~hand_end_open & last_open)
        .then(last_seat),
    }


_OPEN_STREET = street_name(col("open_street"))

RULE = Rule(
    code="ROUND-INCOMPLETE",
    name="turn.round-left-open",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md I-5, D-9",
    summary="Next street started while a player still owed action",
    reads=(
        "expected_seat",
        "game_last_round",
        "hand_number",
        "is_betting",
        "is_last_sentinel",
        "is_sentinel",
        "n_live",
        "n_with_chips",
        "round_open",
        "street_number",
        "settled",
        "site_kill",
        "street",
    ),
    computes=_open_rounds(),
    violates=col("round_left_open"),
    message=pl.when(col("open_seat").is_not_null())
    .then(sentence("the {} ended while seat {} still owed action", _OPEN_STREET, "open_seat"))
    .otherwise(
        sentence(
            "the {} was never played although {} players with chips were still in",
            _OPEN_STREET,
            col("n_with_chips"),
        )
    ),
)
