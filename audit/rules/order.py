"""ORDER: an action out of turn.

What it checks: the actor must be the first seat clockwise after the previous actor that still
owes action (D-9): preflop the first seat after the big blind (or the last straddle), postflop
the first seat after the button; heads-up the button acts first preflop and last after. The
action is still evaluated and applied.

In a fast-fold pool (hands.is_fast_fold: Zoom, Snap, Zone, Rush & Cash, fastforward, Go Fast,
Blitz, Speed) a player may fold before his turn: such a fold is no ORDER, and it does not move
the turn, so the players after it are judged against the D-9 order (audit/state/turn.py).

Violating:
    NL 50/100; stacks 5000 x4; button P4
    preflop: P4 call !, P3 call

Legal:
    NL 1/2; stacks 500 x2; button P1
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
"""

from __future__ import annotations

from audit.rules._base import ACTING, ACTING_READS, Rule, col, sentence

#: A fold in a fast-fold pool: the player may fold before his turn.
_POOL_FOLD = col("is_fold") & col("is_fast_fold").fill_null(False)

RULE = Rule(
    code="ORDER",
    name="turn.out-of-turn",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md I-1, D-9; TDA 50, 53, 34-B",
    summary="Action out of turn",
    reads=(*ACTING_READS, "expected_seat", "is_fast_fold", "is_fold", "seat", "seat_unknown"),
    violates=ACTING
    & ~col("seat_unknown")
    & ~_POOL_FOLD
    & col("expected_seat").is_not_null()
    & (col("seat") != col("expected_seat")),
    message=sentence(
        "acted out of turn: seat {} was next to act, not seat {}",
        col("expected_seat"),
        col("seat"),
    ),
)
