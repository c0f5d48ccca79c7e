"""STACK-CARRY: a player starts a hand with other chips than he ended his previous hand with,
plus what the log's top-up, rebuy and add-on lines added between the two.

Judged on two consecutive hands of a table session (audit/sessions) in which the player is
seated, where the earlier hand's end stack is known (printed by the site, or derived from the
log: audit/sessions/ends.py). The chips a top-up, rebuy or add-on line adds (seats.added of the
earlier hand, seats.added_before of the later: parsers/core/additions.py) are part of what he
should start with: a start equal to that is no flag.

A start below it is a violation (chips vanished between hands), judged for each player on his
own evidence, whatever top-ups the other players took (a top-up only adds chips, so it cannot
hide a loss): the log proves the two hands consecutive (no hand quarantined between, the
button moved to the next seat or to the previous small blind's seat with the small blind on
the previous big blind's, the big blind, and a lone small blind, posted from other seats than
before, ids in order, and in a fast-fold pool the same players in the same seats:
audit/sessions/pools.py), he was dealt in to both, nobody else of the pair lost chips, and his
chips cannot have gone to another player in a hand missing from the log: no other player rose
by as much or less, a top-up back to that player's start in the earlier hand aside (a missing
hand's winner gains at most what its losers lost, less the rake; 888poker's and PokerStars'
auto top-ups put a player back on his buy-in after the blinds).

Above it is info: a top-up in a cash game, or more than the line read says; in a tournament it
is a violation where the site prints every rebuy and add-on (option
`tournament_additions_printed`, on in PokerStars' profile: audit/options.py), else info (most
sites print none, so the log cannot prove it). A rise is judged only where he is the one
player of the pair whose stack did not carry, the button moved one seat and no hand was
quarantined between. A rise right after the same player's drop stays info: one misprinted
start reads as both.

Violating:
    cash NL 50/100 table T
    hand 101 at 12:00:00 button 1 sb 2 bb 3: P1=5000>5000 P2=5000>4950 P3=5000>4900 P4=5000>5150
    hand 102 at 12:01:00 button 2 sb 3 bb 4: P1=4999 P2=5000 P3=4900 P4=5150 !

Legal:
    cash NL 50/100 table T
    hand 101 at 12:00:00 button 1 sb 2 bb 3: P1=5000>5000 P2=5000>4950+50 P3=5000>4900 P4=5000>5150
    hand 102 at 12:01:00 button 2 sb 3 bb 4: P1=5000 P2=5000 P3=4900 P4=5150
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import Rule, col, money, sentence

_EXPECTED = col("prev_end") + col("added_between")
_DIFF = col("stack") - _EXPECTED
_KNOWN = col("stack").is_not_null() & col("prev_end").is_not_null()
#: The log proves the two hands consecutive: none quarantined between, the button and the
#: blinds moved one seat, ids in order, one table's hands (a pool's only with the same seating).
_CONSECUTIVE = (
    col("gap_free")
    & (col("button_advanced") | col("blinds_stepped"))
    & col("blinds_moved")
    & col("ids_in_order")
    & col("table_proven")
)
#: He was dealt in to both hands.
_DEALT = ~col("sitting_out").fill_null(False) & ~col("prev_sitting_out").fill_null(False)
#: His lost chips cannot have gone to another player of the pair (a missing hand's winner).
_NOT_WON_BY_ANOTHER = col("smallest_rise").is_null() | (col("smallest_rise") > -_DIFF)
_LOSS = (
    _KNOWN & (_DIFF < 0) & _CONSECUTIVE & _DEALT & (col("pair_drops") == 1) & _NOT_WON_BY_ANOTHER
)
#: A rise: he is the one player of the pair whose stack did not carry.
_RISE = (
    _KNOWN
    & (_DIFF > 0)
    & col("gap_free")
    & col("button_advanced")
    & col("table_proven")
    & (col("pair_mismatches") == 1)
)
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
        "blinds_moved",
        "blinds_stepped",
        "button_advanced",
        "gap_free",
        "hand_id",
        "ids_in_order",
        "is_tournament",
        "pair_drops",
        "pair_mismatches",
        "player",
        "prev_end",
        "prev_hand_id",
        "prev_line_no",
        "prev_sitting_out",
        "scale",
        "sitting_out",
        "smallest_rise",
        "stack",
        "table_proven",
    ),
    code="STACK-CARRY",
    category="session",
    severity="violation",
    structures=None,
    citation="RULES.md §12 T-1",
    summary="A starting stack differs from the player's end stack in the previous hand",
    violates=(_LOSS | _RISE).fill_null(False),
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
