"""All-in marker lines: "X is all-In." printed after the action that put X all-in.

MARKER_VERB is the verb (see the grammar's `verbs`; `keyword_fixes` rewrites " is all-In." to
it) of such a line (PartyPoker 2026: "Player5 raises 11302166 to 11302166" then "Player5 is
all-In."). The marker sets `all_in` on the same player's event just before it in the hand and is
then dropped; a marker with no earlier event of its player is dropped too (there is nothing to
mark).
"""

from __future__ import annotations

import polars as pl

MARKER_VERB = "is all-in-marker"


def attach_all_in_markers(events: pl.DataFrame) -> pl.DataFrame:
    """`events` without the marker lines, each marker's all-in set on the action before it."""
    is_marker = pl.col("verb") == MARKER_VERB
    by_player = events.sort("hand_key", "player", "line_no")
    same_player = (pl.col("hand_key") == pl.col("hand_key").shift(-1)) & (
        pl.col("player") == pl.col("player").shift(-1)
    )
    marked = (same_player & is_marker.shift(-1)).fill_null(False)
    return (
        by_player.with_columns((pl.col("all_in") | marked).alias("all_in"))
        .filter(~is_marker.fill_null(False))
        .sort("hand_key", "line_no")
    )
