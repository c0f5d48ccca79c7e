"""The violations table: one row per (action or hand, rule) flagged by the checker.

Hand-level flags (the rules with `hand_level`, audit/rules/_base.py: the settlement checks, the
cards and showdown rules, ROUND-INCOMPLETE at the end of a hand, ...) have `seq` null unless
they can name an action. `category` is the rule's, one of audit/rules/_base.py CATEGORIES
(docs/rules.md, "Categories"). `flag_id` names the flag within one set of tables, `caused_by`
the flag_id of the earlier flag of the same hand it provably follows from (null: a root cause);
audit/causes.py and docs/rules.md document both.
Amounts (amount_to, to_call, min_to, max_to) are Int64 in the hand's smallest unit, like the
canonical tables; reports turn them into decimals with `hands.scale`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import polars as pl

if TYPE_CHECKING:
    from parsers.schema import ColumnType

SEVERITIES: tuple[str, ...] = ("violation", "warning", "info")
Severity = pl.Enum(list(SEVERITIES))

_COLUMNS: dict[str, ColumnType] = {
    "hand_key": pl.Int64,
    "site": pl.String,
    "source_file": pl.String,
    "line_no": pl.Int32,  # the offending action's line, or the hand header's
    "hand_id": pl.String,
    "street": pl.String,  # preflop / flop / turn / river / showdown, null for hand-level
    "seq": pl.Int32,
    "player": pl.String,
    "action": pl.String,  # the action kind as recorded (raise, call, ...)
    "amount_to": pl.Int64,  # the recorded raise-to total (bet/raise) or chips moved (call)
    "to_call": pl.Int64,
    "min_to": pl.Int64,
    "max_to": pl.Int64,
    "code": pl.String,  # the RULES.md code, e.g. RAISE-MIN
    "category": pl.String,  # the rule's: one of audit/rules/_base.py CATEGORIES
    "severity": Severity,
    "message": pl.String,  # a sentence a person understands
    "flag_id": pl.String,  # "<hand_key>:<seq or h>:<code>", unique within the tables
    "caused_by": pl.String,  # flag_id of the flag this one follows from; null: a root cause
}
VIOLATIONS_SCHEMA = pl.Schema(_COLUMNS)


def is_root() -> pl.Expr:
    """A root cause: a flag no earlier flag of its hand causes (what totals and exit status
    count; the consequences stay in the table, linked by caused_by)."""
    return pl.col("caused_by").is_null()


def empty_violations() -> pl.DataFrame:
    return pl.DataFrame(schema=VIOLATIONS_SCHEMA)
