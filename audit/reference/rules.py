"""What the rules' computed columns, the violations table and the amounts in messages mean:
the plain forms of audit/assemble.py, audit/rules/round_incomplete.py and audit/text.py.

* A rule's computed columns (Rule.computes) are expressions over the whole state, added in one
  step; assemble.py evaluates those of a rule with `computes_on` on its rows alone, and a
  rule's columns that read each other in steps (ROUND-INCOMPLETE shares its windows).
* ROUND-INCOMPLETE (`open_rounds`): a street is left open when its end (the sentinel row) had
  `round_open`, or whole streets were skipped while two players with chips were still in (a
  settled hand that ends before the game's last round skipped it); it is flagged on the first
  betting row of the next recorded street, or on the sentinel of a settled hand's last street;
  `open_street` is the street left open, `open_seat` who owed.
* The violations table is every chosen rule over its whole frame (`assemble`); the check runs
  the rules' messages on the flagged rows only.
* An amount in a message is written in the hand's unit: scale 100 gives two decimals, 10 one,
  1000 three, 10000 four, 1 none, any other scale the quotient's float text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import polars as pl

from audit import assemble as fast
from audit.reference import windows as plain
from audit.reference.pair import Pair
from audit.rules import RULES
from audit.rules._base import Rule
from audit.rules.round_incomplete import _betting_could_go_on
from audit.text import money

if TYPE_CHECKING:
    from polars.expr.whenthen import ChainedThen, Then

SENTINEL = pl.col("is_sentinel")


def with_rule_columns(state: pl.DataFrame, rules: list[Rule]) -> pl.DataFrame:
    """The state plus each rule's computed columns, each over every row."""
    for rule in rules:
        state = state.with_columns(**rule.computes)
    return state


def open_rounds() -> dict[str, pl.Expr]:
    """ROUND-INCOMPLETE's computed columns, each on its own (the module docstring)."""
    col = pl.col
    betting = col("is_betting") & ~SENTINEL & ~col("site_kill")
    first_betting = betting & ~plain.prev_any_in(betting, "street_number")
    last_open = plain.prev_ffill_in(pl.when(SENTINEL).then(col("round_open")), "hand_number")
    last_street = plain.prev_ffill_in(pl.when(SENTINEL).then(col("street")), "hand_number")
    last_seat = plain.prev_ffill_in(pl.when(SENTINEL).then(col("expected_seat")), "hand_number")
    skipped = (col("street") - last_street >= 2) & _betting_could_go_on()  # round ids: +1 a round
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


def _restricted() -> list[Rule]:
    return [rule for rule in RULES.values() if rule.computes_on is not None]


def _columns_fast(state: pl.DataFrame, *_: pl.DataFrame) -> pl.DataFrame:
    rules = _restricted()
    return fast.with_rule_columns(state, rules).select(c for r in rules for c in r.computes)


def _columns_plain(state: pl.DataFrame, *_: pl.DataFrame) -> pl.DataFrame:
    rules = _restricted()
    return with_rule_columns(state, rules).select(c for r in rules for c in r.computes)


OPEN_COLUMNS = ("round_left_open", "open_street", "open_seat")


def _open_fast(state: pl.DataFrame, *_: pl.DataFrame) -> pl.DataFrame:
    return fast.with_rule_columns(state, [RULES["ROUND-INCOMPLETE"]]).select(OPEN_COLUMNS)


def _open_plain(state: pl.DataFrame, *_: pl.DataFrame) -> pl.DataFrame:
    return state.select(**open_rounds())


def violations(
    state: pl.DataFrame, per_hand: pl.DataFrame, hands: pl.DataFrame, rules: list[Rule]
) -> pl.DataFrame:
    """The violations of `rules`, each over its whole frame."""
    return fast.assemble(state, per_hand, hands, rules, rules)


def money_text(amount: pl.Expr) -> pl.Expr:
    """An amount in the hand's unit (the module docstring)."""
    scale = pl.col("scale").cast(pl.Int64).fill_null(1)
    magnitude = amount.abs()
    sign = pl.when(amount < 0).then(pl.lit("-")).otherwise(pl.lit(""))
    whole = pl.concat_str([sign, (magnitude // scale).cast(pl.String)])
    text: Then | ChainedThen = pl.when(scale <= 1).then(whole)
    for digits in (1, 2, 3, 4):
        fraction = (magnitude % scale).cast(pl.String).str.zfill(digits)
        text = text.when(scale == 10**digits).then(pl.concat_str([whole, pl.lit("."), fraction]))
    return text.otherwise((amount / scale).cast(pl.String))


def _money_fast(frame: pl.DataFrame) -> pl.DataFrame:
    shifted = pl.col("amount").cast(pl.Int64) - 3
    return frame.select(text=money(pl.col("amount")), shifted=money(shifted))


def _money_plain(frame: pl.DataFrame) -> pl.DataFrame:
    shifted = pl.col("amount").cast(pl.Int64) - 3
    return frame.select(text=money_text(pl.col("amount")), shifted=money_text(shifted))


PAIRS = [
    Pair("assemble.with_rule_columns", "the columns of the rules with computes_on",
         _columns_fast, _columns_plain, "states"),
    Pair("assemble.computed_steps", "ROUND-INCOMPLETE's columns", _open_fast, _open_plain,
         "states"),
    Pair("assemble.violations_table", "the violations table", fast.violations_table,
         violations, "rule_frames"),
    Pair("text.money", "an amount in a message", _money_fast, _money_plain, "amounts"),
]  # fmt: skip
