"""How iPoker writes the games without a board (the game read from `<gametype>`).

Declared per game family, as the line formats declare theirs (parsers/core/families.py):

- `ROUNDS`: `<round no="N">` -> the place of the game's betting round it is (0 its first
  round). The board games: round 0 holds the posts, 1 is preflop, 2..4 flop, turn, river
  (`(N - 1)` clipped to preflop: parsers/documents/ipoker/actions.py). Stud: round 0 holds the
  antes (the game's first round), round 1 is empty, 2 is the first round (3rd street; 5 Card
  Stud's 2nd street), 3.. the next ones; the Street id is the game table's (parsers/games.py),
  and a round the game does not have gives a null street.
- `TYPES`: the action codes of the family besides the shared ones (frames.py TYPES): stud's
  bring-in is code 16; its completion is the round's first bet (code 5) or raise, as the
  bring-in player opening for the full bet is a code 5 without a bring-in before it.
- `CARD_ROUNDS`: `<cards type="...">` of the hole cards dealt round by round -> Street id:
  stud's "Third Street" ("X X H6": two hidden down cards, the up card), "Fourth Street" ...
  and 5 Card Stud's "Second Street" (its "H8 DJ": the down card, the up card); "River" is the
  game's last round (`LAST_ROUND`: 7th street; 5 Card Stud's 5th; the board games' "River" is
  a board card).
"""

from __future__ import annotations

import polars as pl

from parsers.core.families import family_hands
from parsers.games import FIFTH, FOURTH, GAMES, SECOND, SIXTH, THIRD

ROUNDS: dict[str, dict[int, int]] = {"stud": {0: 0, 1: 0, 2: 0, 3: 1, 4: 2, 5: 3, 6: 4}}
TYPES: dict[str, dict[str, str]] = {"stud": {"16": "bring_in"}}
#: A `<cards>` type that names the game's last round, whichever street that is.
LAST_ROUND = -1
CARD_ROUNDS: dict[str, dict[str, int]] = {
    "stud": {
        "second street": SECOND,
        "third street": THIRD,
        "fourth street": FOURTH,
        "fifth street": FIFTH,
        "sixth street": SIXTH,
        "river": LAST_ROUND,
    },
}


def _game_streets(place: pl.Expr) -> pl.Expr:
    """The Street id of the round at `place` (0 the first) of each row's game (`_game`), null
    where the game has no such round."""
    street = pl.lit(None, pl.Int8)
    for name, game in GAMES.items():
        ids = dict(enumerate(r.street for r in game.rounds))
        own = place.replace_strict(ids, default=None, return_dtype=pl.Int8)
        street = pl.when(pl.col("_game") == name).then(own).otherwise(street)
    return street


def ipoker_families(games: pl.DataFrame) -> pl.DataFrame:
    """parsers/core/families.py `family_hands` of the games (hand_key, game, family, first)
    whose family iPoker's tables above declare; empty for a batch of board games."""
    return family_hands(games).filter(pl.col("family").is_in(list(ROUNDS)))


def _in_family(families: pl.DataFrame, family: str) -> pl.Expr:
    keys = families.filter(pl.col("family") == family).get_column("hand_key")
    return pl.col("hand_key").is_in(keys.implode())


def family_codes(frame: pl.DataFrame, families: pl.DataFrame) -> pl.DataFrame:
    """Raw actions (hand_key, type, round_no, kind, street) with the family hands' codes
    (TYPES) and rounds (ROUNDS: a round the game does not have gives a null street)."""
    games = families.select("hand_key", _game="game")
    frame = frame.join(games, on="hand_key", how="left", maintain_order="left")
    for family, rounds in ROUNDS.items():
        mine = _in_family(families, family)
        codes = TYPES.get(family, {})
        own = pl.col("type").replace_strict(codes, default=None, return_dtype=pl.String)
        place = pl.col("round_no").replace_strict(rounds, default=None, return_dtype=pl.Int8)
        frame = frame.with_columns(
            pl.when(mine & own.is_not_null()).then(own).otherwise(pl.col("kind")).alias("kind"),
            pl.when(mine).then(_game_streets(place)).otherwise(pl.col("street")).alias("street"),
        )
    return frame.drop("_game")


def hole_rounds(families: pl.DataFrame) -> pl.Expr:
    """Per `<cards>` row (hand_key, kind: its lower-case type): the Street id of the round
    it deals hole cards in (CARD_ROUNDS; "river" the game's last round), else null."""
    street = pl.lit(None, pl.Int8)
    for family, types in CARD_ROUNDS.items():
        own = pl.col("kind").replace_strict(types, default=None, return_dtype=pl.Int8)
        for name, game in GAMES.items():
            if game.family != family:
                continue
            keys = families.filter(pl.col("game") == name).get_column("hand_key")
            last = pl.lit(game.rounds[-1].street, pl.Int8)
            mine = own.replace(LAST_ROUND, last)
            street = pl.when(pl.col("hand_key").is_in(keys.implode())).then(mine).otherwise(street)
    return street
