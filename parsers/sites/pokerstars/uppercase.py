"""Upper-case PokerStars exports (old PokerTracker): keywords put back in case before parsing."""

from __future__ import annotations

import polars as pl

#: Old PokerTracker exports of PokerStars hands are entirely upper case. Their keywords are put
#: back in PokerStars case before parsing (names stay upper case, consistently everywhere).
#: `str.replace_many` matches leftmost-first, so no key starts with a space that the previous
#: keyword already consumed.
UPPERCASE_KEYWORDS: dict[str, str] = {
    "POKERSTARS": "PokerStars",
    "GAME #": "Game #",
    "HAND #": "Hand #",
    "ZOOM ": "Zoom ",
    "HOME GAME ": "Home Game ",
    "TOURNAMENT #": "Tournament #",
    "HOLD'EM ": "Hold'em ",
    "OMAHA ": "Omaha ",
    "HI/LO ": "Hi/Lo ",
    "NO LIMIT ": "No Limit ",
    "POT LIMIT ": "Pot Limit ",
    "FIXED LIMIT ": "Fixed Limit ",
    "LIMIT (": "Limit (",
    "LIMIT - ": "Limit - ",
    "LEVEL ": "Level ",
    " CAP ": " Cap ",
    "TABLE '": "Table '",
    "-MAX ": "-max ",
    "(PLAY MONEY)": "(Play Money)",
    "SEAT #": "Seat #",
    " IS THE BUTTON": " is the button",
    "SEAT ": "Seat ",
    " IN CHIPS": " in chips",
    " IS SITTING OUT": " is sitting out",
    ": POSTS SMALL & BIG BLINDS ": ": posts small & big blinds ",
    ": POSTS SMALL BLIND ": ": posts small blind ",
    ": POSTS BIG BLIND ": ": posts big blind ",
    ": POSTS THE ANTE ": ": posts the ante ",
    ": POSTS STRADDLE ": ": posts straddle ",
    ": FOLDS": ": folds",
    ": CHECKS": ": checks",
    ": CALLS ": ": calls ",
    ": BETS ": ": bets ",
    ": RAISES ": ": raises ",
    " TO ": " to ",
    " AND IS ALL-IN": " and is all-in",
    " AND HAS REACHED THE ": " and has reached the ",
    ": SHOWS ": ": shows ",
    ": MUCKS HAND": ": mucks hand",
    ": DOESN'T SHOW HAND": ": doesn't show hand",
    ": SITS OUT": ": sits out",
    "DEALT TO ": "Dealt to ",
    ' SAID, "': ' said, "',
    " LEAVES THE TABLE": " leaves the table",
    " JOINS THE TABLE AT SEAT #": " joins the table at seat #",
    " IS DISCONNECTED": " is disconnected",
    " IS CONNECTED": " is connected",
    " HAS TIMED OUT": " has timed out",
    " HAS RETURNED": " has returned",
    "UNCALLED BET (": "Uncalled bet (",
    ") RETURNED TO ": ") returned to ",
    " COLLECTED ": " collected ",
    " FROM SIDE POT": " from side pot",
    " FROM MAIN POT": " from main pot",
    " FROM POT": " from pot",
    " CASHED OUT THE HAND FOR ": " cashed out the hand for ",
    " | CASH OUT FEE ": " | Cash Out Fee ",
    "TOTAL POT ": "Total pot ",
    " MAIN POT ": " Main pot ",
    " SIDE POT": " Side pot",
    "| RAKE ": "| Rake ",
    "HAND WAS RUN TWICE": "Hand was run twice",
    "HAND CANCELLED": "Hand cancelled",
    "NO LOW HAND QUALIFIED": "No low hand qualified",
    "BOARD [": "Board [",
}
UPPERCASE_HEADER = r"^POKERSTARS (?:ZOOM |HOME GAME )?(?:GAME|HAND) #"


def restore_case(lines: pl.DataFrame) -> pl.DataFrame:
    """Lines of one file: put PokerStars keywords back in case when the file is all upper case
    (an upper-case hand header in its first 50 lines)."""
    text = pl.col("text")
    if not lines.head(50).select(text.str.contains(UPPERCASE_HEADER).any()).item():
        return lines
    return lines.with_columns(
        text.str.replace_many(list(UPPERCASE_KEYWORDS), list(UPPERCASE_KEYWORDS.values()))
    )
