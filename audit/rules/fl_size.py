"""FL-SIZE: a fixed-limit bet or raise of the wrong size.

What it checks: in fixed limit every bet and raise is to exactly `L + u` (L the last counted
level, u the small bet preflop and on the flop, the big bet on the turn and river); after an
all-in of less than half a unit the next player completes to `L + u` (option
`fl_short_allin_completion`). Only an all-in may be smaller. Stud and draw games take the unit
of each round from the game table (RULES.md §13.1): on stud's 3rd street the completion is the
round's bet (to the small bet over the bring-in, S-4); with option `stud_open_pair_big_bet` a
pair showing on 7 Card Stud's 4th street allows the big bet too, until one is made (S-6:
`fl_open_pair_to`). With option `fl_allin_completion` (PokerStars) the wager after a counted
all-in short of a full bet may also complete it to that full bet (`fl_complete_to`).

Violating:
    FL 10/20 bets 20/40; stacks 1000 x3; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 check, P2 check, P3 check
    turn: P1 bet 40, P2 raise 80, P3 raise 100 !

Legal:
    FL 10/20 bets 20/40; stacks P1=1000 P2=25 P3=1000; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 check, P2 bet 5, P3 raise 20, P1 call
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import KIND, MONEY_READS, TO, WAGER, WAGER_READS, Rule, col, money, sentence

_ALL_IN_FOR_LESS = (col("fl_required") > TO) & (col("committed_after") == col("allin_to"))
#: S-6: the big-bet total an open pair allows; option fl_allin_completion: the full bet a
#: counted short all-in fell short of (null elsewhere).
_OPEN_PAIR = col("fl_open_pair_to")
_COMPLETE = col("fl_complete_to")
_ALSO = pl.coalesce(_OPEN_PAIR, _COMPLETE)
_AMOUNTS = (
    pl.when(_ALSO.is_not_null())
    .then(sentence("{} or {}", money(col("fl_required")), money(_ALSO)))
    .otherwise(money(col("fl_required")))
)

RULE = Rule(
    code="FL-SIZE",
    name="bet.fixed-limit-size",
    category="betting",
    severity="violation",
    structures=("FL",),
    citation="RULES.md B-5; RRoP §3 r5-r6; seeds 000, 003",
    summary="Fixed-limit bet/raise not equal to the required amount (and not an all-in for less)",
    options=(
        "fl_half_allin_level",
        "fl_short_allin_completion",
        "stud_open_pair_big_bet",
        "fl_allin_completion",
    ),
    reads=(
        *WAGER_READS,
        *MONEY_READS,
        "allin_to",
        "committed_after",
        "fl_complete_to",
        "fl_open_pair_to",
        "fl_required",
        "fl_bet",
        "kind",
        "raise_allowed",
        "to_amount",
    ),
    violates=WAGER
    & col("raise_allowed")
    & (col("fl_required") != TO)
    & (_OPEN_PAIR != TO).fill_null(True)
    & (_COMPLETE != TO).fill_null(True)
    & ~_ALL_IN_FOR_LESS,
    message=sentence(
        "{} to {}; the fixed-limit amount was {} (unit {})",
        KIND,
        money(TO),
        _AMOUNTS,
        money(col("fl_bet")),
    ),
)
