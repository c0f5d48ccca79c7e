"""Where an export records no all-in marker, is_all_in is null ("not recorded"), not false.

- The format does not mark a post (or stud's bring-in) all-in: classic PartyPoker prints
  "Player2 posts big blind [$0.01 USD]." for a blind that takes the whole stack, and marks
  all-in only on "is all-In [$N]" lines, so an unmarked post is "not recorded" (a post the
  export does mark keeps its marker).
- UNMARKED_ALL_IN_HEADER: hands whose header matches were written by a converter that never
  prints the all-in line ("***** Hand History for Game 1111111111 ***** (WPN)": "Player3 bets
  [$3.66 USD]" puts the whole stack in), so no action of theirs carries one.

ALLIN-FLAG compares a recorded marker with the stack: with none recorded it stays silent.
"""

from __future__ import annotations

import polars as pl

from parsers.core.actions import POSTS

#: The header of hands another site's converter wrote: "***** Hand History for Game N *****
#: (WPN)", "(Poker Stars)", "(PokerBros)".
UNMARKED_ALL_IN_HEADER = r"^\*{5} Hand History [Ff]or Game \S+ \*{5} \(.+\)\s*$"


def unrecorded_all_in(actions: pl.DataFrame, lines: pl.DataFrame) -> pl.DataFrame:
    """`actions` (column all_in) with the markers the export does not record set to null."""
    unmarked_post = pl.col("kind").cast(pl.String).is_in([*POSTS, "bring_in"]) & ~pl.col("all_in")
    unrecorded = pl.lit(False) | unmarked_post
    headers = lines.filter(
        pl.col("is_header") & pl.col("text").str.contains(UNMARKED_ALL_IN_HEADER)
    )
    if headers.height:
        converted = headers.get_column("hand_key").unique().implode()
        unrecorded = unrecorded | pl.col("hand_key").is_in(converted)
    marker = pl.when(unrecorded.fill_null(False)).then(None).otherwise(pl.col("all_in"))
    return actions.with_columns(marker.alias("all_in"))
