"""How iPoker writes the games without a board (the game read from `<gametype>`).

Declared per game family, as the line formats declare theirs (parsers/core/families.py):

- `ROUNDS`: `<round no="N">` -> Street id. The board games: round 0 holds the posts, 1 is
  preflop, 2..4 flop, turn, river (`(N - 1)` clipped to preflop: parsers/documents/ipoker/
  actions.py). Stud: round 0 holds the antes (3rd street, the game's first round), round 1 is
  empty, 2 is 3rd street, 3..6 are 4th..7th street.
- `TYPES`: the action codes of the family besides the shared ones (frames.py TYPES): stud's
  bring-in is code 16; its completion is the round's first bet (code 5) or raise, as the
  bring-in player opening for the full bet is a code 5 without a bring-in before it.
- `CARD_ROUNDS`: `<cards type="...">` of the hole cards dealt round by round -> Street id:
  stud's "Third Street" ("X X H6": two hidden down cards, the up card), "Fourth Street" ...
  "River" (the 7th street card, down; the board games' "River" is a board card).

5 Card Stud ("5 Card Stud L $0.05/$0.10") has no street ids in the game table
(parsers/games.py: its rounds would be 2nd to 5th street): its hands stay quarantined as
"unsupported game: 5 Card Stud".
"""

from __future__ import annotations

import polars as pl

from parsers.core.families import family_hands
from parsers.games import FIFTH, FOURTH, SEVENTH, SIXTH, THIRD

ROUNDS: dict[str, dict[int, int]] = {
    "stud": {0: THIRD, 1: THIRD, 2: THIRD, 3: FOURTH, 4: FIFTH, 5: SIXTH, 6: SEVENTH},
}
TYPES: dict[str, dict[str, str]] = {"stud": {"16": "bring_in"}}
CARD_ROUNDS: dict[str, dict[str, int]] = {
    "stud": {
        "third street": THIRD,
        "fourth street": FOURTH,
        "fifth street": FIFTH,
        "sixth street": SIXTH,
        "river": SEVENTH,
    },
}


def ipoker_families(games: pl.DataFrame) -> pl.DataFrame:
    """parsers/core/families.py `family_hands` of the games (hand_key, game, family, first)
    whose family iPoker's tables above declare; empty for a batch of board games."""
    return family_hands(games).filter(pl.col("family").is_in(list(ROUNDS)))


def _in_family(families: pl.DataFrame, family: str) -> pl.Expr:
    keys = families.filter(pl.col("family") == family).get_column("hand_key")
    return pl.col("hand_key").is_in(keys.implode())


def family_codes(frame: pl.DataFrame, families: pl.DataFrame) -> pl.DataFrame:
    """Raw actions (hand_key, type, round_no, kind, street) with the family hands' codes
    (TYPES) and rounds (ROUNDS: a round the family does not have gives a null street)."""
    for family, rounds in ROUNDS.items():
        mine = _in_family(families, family)
        codes = TYPES.get(family, {})
        own = pl.col("type").replace_strict(codes, default=None, return_dtype=pl.String)
        street = pl.col("round_no").replace_strict(rounds, default=None, return_dtype=pl.Int8)
        frame = frame.with_columns(
            pl.when(mine & own.is_not_null()).then(own).otherwise(pl.col("kind")).alias("kind"),
            pl.when(mine).then(street).otherwise(pl.col("street")).alias("street"),
        )
    return frame


def hole_rounds(families: pl.DataFrame) -> pl.Expr:
    """Per `<cards>` row (hand_key, kind: its lower-case type): the Street id of the round
    it deals hole cards in (CARD_ROUNDS), else null."""
    street = pl.lit(None, pl.Int8)
    for family, types in CARD_ROUNDS.items():
        own = pl.col("kind").replace_strict(types, default=None, return_dtype=pl.Int8)
        street = pl.when(_in_family(families, family)).then(own).otherwise(street)
    return street
