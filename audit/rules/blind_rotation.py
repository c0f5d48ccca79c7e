"""BLIND-ROTATION: the big blind did not move to the seat the button rule gives it.

Judged on consecutive hands of a session that the log proves consecutive, with no new player
dealt in (audit/sessions/rotation.py): under the dead-button rule (tournaments; cash with
option `button_rule = "dead"`) the big blind moves to the next seat clockwise dealt in; under a
moving button the button moves on and the blinds follow. Heads-up, the button posts the small
blind (where the button is on a player dealt in: a dead button on an empty seat is not). Going
heads-up after a player left and a fast-fold pool's hands the log does not prove one table's
are not judged (audit/sessions/rotation.py, pools.py). In a mixed rotation only consecutive
hands of blind games are compared (a draw hand and the hold'em hand after it): a stud hand posts
no blind, so no pair with a stud hand is judged (RULES.md §13.5).

Violating:
    tournament NL 50/100 table T
    hand 101 at 12:00:00 button 1 sb 2 bb 3: P1=5000>5000 P2=5000>4950 P3=5000>5050
    hand 102 at 12:01:00 button 2 sb 3 bb 3: P1=5000 P2=4950 P3=5050 !

Legal:
    tournament NL 50/100 table T
    hand 101 at 12:00:00 button 1 sb 2 bb 3: P1=5000>5000 P2=5000>4950 P3=5000>5050
    hand 102 at 12:01:00 button 2 sb 3 bb 1: P1=5000 P2=4950 P3=5050
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import Rule, col, sentence

_MISPLACED = (
    col("rotation_judged")
    & (col("bb_seat") != col("expected_bb"))
    & (col("bb_seat") != col("other_bb"))
).fill_null(False)

RULE = Rule(
    name="session.blind-rotation",
    reads=(
        "bb_seat",
        "button_seat",
        "expected_bb",
        "heads_up_wrong",
        "other_bb",
        "prev_bb_seat",
        "prev_hand_id",
        "rotation_judged",
        "sb_seat",
    ),
    code="BLIND-ROTATION",
    category="session",
    severity="warning",
    structures=None,
    citation="RULES.md §12 T-2; TDA 32-33",
    summary="The big blind did not move to the next seat, or heads-up the button is not the SB",
    violates=_MISPLACED | col("heads_up_wrong"),
    message=pl.when(_MISPLACED)
    .then(
        sentence(
            "the big blind is posted from seat {} but after hand {} (big blind seat {}) it "
            "belongs to seat {}",
            "bb_seat",
            "prev_hand_id",
            "prev_bb_seat",
            "expected_bb",
        )
    )
    .otherwise(
        sentence(
            "heads-up the button (seat {}) posts the small blind, not seat {}",
            "button_seat",
            "sb_seat",
        )
    ),
    session_frame="pairs",
)
