"""STACK-CARRY: a player starts a hand with other chips than he ended his previous hand with,
plus what the log's top-up, rebuy and add-on lines added between the two.

Judged on two consecutive hands of a table session (audit/sessions) in which the player is
seated, where the earlier hand's end stack is known (printed by the site, or derived from the
log: audit/sessions/ends.py) and the log proves no hand is missing between them: no hand
quarantined between, the button moved to the next seat, and he is the one player of the pair
whose stack did not carry (a hand missing from the log changes several stacks). The chips a
top-up, rebuy or add-on line adds (seats.added of the earlier hand, seats.added_before of the
later: parsers/core/additions.py) are part of what he should start with: a start equal to that
is no flag. Below it is a violation (chips vanished between hands). Above it is info: a top-up
in a cash game, or more than the line read says; in a tournament it is a violation where the
site prints every rebuy and add-on (option `tournament_additions_printed`, on in PokerStars'
profile: audit/options.py), else info (most sites print none, so the log cannot prove it).
A rise right after the same player's drop stays info: one misprinted start reads as both.

Violating:
    cash NL 50/100 table T
    hand 101 at 12:00:00 button 1: P1=5000>4900 P2=5000>5150 P3=5000>4950
    hand 102 at 12:01:00 button 2: P1=4900 P2=5100 P3=4950 !

Legal:
    cash NL 50/100 table T
    hand 101 at 12:00:00 button 1: P1=5000>4900 P2=5000>5150 P3=5000>4950+100
    hand 102 at 12:01:00 button 2: P1=4900 P2=5150 P3=5050
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import Rule, col, money, sentence

_EXPECTED = col("prev_end") + col("added_between")
_DIFF = col("stack") - _EXPECTED
_KNOWN = col("stack").is_not_null() & col("prev_end").is_not_null()
#: The two hands are provably consecutive (no hand missing from the log between them): none
#: quarantined between, the button moved one seat, and no other player's stack moved (a
#: missing hand changes the stacks of everyone who played it).
_CONSECUTIVE = col("gap_free") & col("button_advanced") & (col("pair_mismatches") == 1)
_JUDGED = _KNOWN & _CONSECUTIVE
#: A tournament stack grew with no line to explain it, on a site that prints such lines (and
#: not right after a drop: one misprinted start reads as a drop, then a rise; one finding).
_UNPRINTED_REBUY = (
    col("is_tournament") & col("additions_printed") & (_DIFF > 0) & ~col("after_short")
)

RULE = Rule(
    name="session.stack-carry",
    reads=(
        "added_at",
        "added_between",
        "added_hand",
        "added_kind",
        "added_read",
        "additions_printed",
        "after_short",
        "button_advanced",
        "gap_free",
        "hand_id",
        "is_tournament",
        "pair_mismatches",
        "player",
        "prev_end",
        "prev_hand_id",
        "prev_line_no",
        "scale",
        "stack",
    ),
    code="STACK-CARRY",
    category="session",
    severity="violation",
    structures=None,
    citation="RULES.md §12 T-1",
    summary="A starting stack differs from the player's end stack in the previous hand",
    violates=_JUDGED & (_DIFF != 0),
    message=sentence(
        "{} starts hand {} with {} but ended hand {} (line {}) with {}{}: {} {}",
        "player",
        "hand_id",
        money(col("stack")),
        "prev_hand_id",
        "prev_line_no",
        money(col("prev_end")),
        pl.when(col("added_read"))
        .then(
            sentence(
                " and received {} by the {} read at line {} of hand {}",
                money(col("added_between")),
                "added_kind",
                "added_at",
                "added_hand",
            )
        )
        .otherwise(pl.lit("")),
        money(_DIFF.abs()),
        pl.when(_DIFF < 0)
        .then(pl.lit("missing, and chips never leave a seat between hands"))
        .when(_UNPRINTED_REBUY)
        .then(pl.lit("more, and this site prints a line for every rebuy and add-on"))
        .when(col("added_read"))
        .then(pl.lit("more than that: a top-up, rebuy or add-on the log prints no line for"))
        .otherwise(pl.lit("more: a top-up, rebuy or add-on the log prints no line for")),
    ),
    session_frame="carries",
    severity_expr=pl.when((_DIFF < 0) | _UNPRINTED_REBUY)
    .then(pl.lit("violation"))
    .otherwise(pl.lit("info")),
)
