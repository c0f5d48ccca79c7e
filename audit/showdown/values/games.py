"""Which value kinds (`hands.py`) each game of the game table asks for (RULES.md §13.4).

The game table (parsers/games.py) names a game's hand values in its own words (`Game.high`,
`Game.low`: HIGH, ACE_TO_FIVE, DEUCE_TO_SEVEN, BADUGI; EIGHT_OR_BETTER for the low half of a
hi/lo hand); `hand_values` takes the value kinds of VALUE_KINDS. This module is the one
translation, shared by the showdown (audit/showdown/award.py, labels) and by whoever values
the up cards of a stud hand (S-5: `SHOWING_KIND`).

Only the games without a board are valued here (`VALUE_GAMES`); the board games keep the
hold'em evaluator (audit/showdown/evaluate.py).
"""

from __future__ import annotations

from parsers.games import (
    ACE_TO_FIVE,
    BADUGI,
    DEUCE_TO_SEVEN,
    EIGHT_OR_BETTER,
    GAMES,
    HIGH,
)

#: A game table value -> the value kind of `hand_values`.
KIND_OF_VALUE: dict[str, str] = {
    HIGH: "high",
    ACE_TO_FIVE: "ace_five_low",
    DEUCE_TO_SEVEN: "deuce_seven_low",
    BADUGI: "badugi",
    EIGHT_OR_BETTER: "eight_low",
}
#: The games whose hands `hand_values` values: every game without a board.
VALUE_GAMES: tuple[str, ...] = tuple(
    name for name, game in GAMES.items() if game.family in ("stud", "draw")
)
#: The stud games (no button: the odd chip by suit, TDA 20-B; the common card of S-2).
STUD_GAMES: tuple[str, ...] = tuple(name for name, game in GAMES.items() if game.family == "stud")
#: The draw games (discards, W-2).
DRAW_GAMES: tuple[str, ...] = tuple(name for name, game in GAMES.items() if game.family == "draw")
#: The kind that ranks a stud hand's up cards for the first actor of 4th-7th street (S-5).
SHOWING_KIND: dict[str, str] = {
    "stud": "high",
    "razz": "ace_five_low",
    "five_card_stud": "high",
}
#: The kinds whose showing order and odd-chip order count the ace low.
ACE_LOW_KINDS: tuple[str, ...] = ("ace_five_low", "eight_low", "badugi")


def game_kinds(game: str, hilo: bool = False) -> tuple[str | None, str | None]:
    """(high kind, low kind) of a game of VALUE_GAMES: the kinds of its pot's high and low
    halves (None: no such half). A game without a low half of its own is split with the
    eight-or-better low where the hand is hi/lo (stud/8). KeyError for another game."""
    if game not in VALUE_GAMES:
        raise KeyError(f"{game!r} is not valued by hand_values; expected one of {VALUE_GAMES}")
    spec = GAMES[game]
    high = KIND_OF_VALUE[spec.high] if spec.high else None
    low = KIND_OF_VALUE[spec.low] if spec.low else None
    if low is None and hilo:
        low = KIND_OF_VALUE[EIGHT_OR_BETTER]
    return high, low
