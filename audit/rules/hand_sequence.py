"""HAND-SEQUENCE: the hands of a table session are out of order, or a player sits twice.

Within a session (audit/sessions/group.py) hands are ordered by start time; a later hand must
also have the larger hand id (ids compared as numbers when both are a same prefix and digits).
Ids are judged only in sessions where they are sequence numbers: at least 10 pairs of hands
compared, and at most one in ten going backwards. Anonymized exports replace the ids by
random numbers (fpdb-3's "microgrind", "Hitnrun" and "DONturbo" files, PHH's OBFU datasets:
about half the pairs go backwards); 11 random ids pass that test with a chance of 5 in
100,000. In a fast-fold pool only the pairs the log proves one table's are compared (a
player's hands at the pool's other tables come in any id order: audit/sessions/pools.py).
And one player name is seated in one seat of a hand
only (ids out of order are in tests/audit/session_vectors.json: a sequence needs 11 hands).

Violating:
    cash NL 50/100 table T
    hand 204 at 12:00:00 button 1: P1=5000>5000 P2=5000>5000
    hand 205 at 12:01:00 button 2: P1=5000 P2=5000 P1@3=5000 !

Legal:
    cash NL 50/100 table T
    hand 204 at 12:00:00 button 1: P1=5000>5000 P2=5000>5000
    hand 205 at 12:01:00 button 2: P1=5000 P2=5000 P3@3=5000
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import Rule, col, sentence

_BACKWARDS = col("ids_backwards").fill_null(False) & col("ids_sequential").fill_null(False)

RULE = Rule(
    name="session.hand-sequence",
    reads=(
        "double_seated",
        "hand_id",
        "ids_backwards",
        "ids_sequential",
        "prev_hand_id",
        "prev_started_at",
        "started_at",
    ),
    code="HAND-SEQUENCE",
    category="session",
    severity="warning",
    structures=None,
    citation="RULES.md §12 T-3",
    summary="Hand ids and start times disagree within a session, or a player holds two seats",
    violates=_BACKWARDS | col("double_seated").is_not_null(),
    message=pl.when(_BACKWARDS)
    .then(
        sentence(
            "hand {} starts at {}, after hand {} ({}), but has the smaller id",
            "hand_id",
            col("started_at").dt.strftime("%Y-%m-%d %H:%M:%S"),
            "prev_hand_id",
            col("prev_started_at").dt.strftime("%Y-%m-%d %H:%M:%S"),
        )
    )
    .otherwise(sentence("{} is seated in two seats of this hand", "double_seated")),
    session_frame="hands",
)
