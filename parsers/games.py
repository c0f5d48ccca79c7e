"""The game table: every game as data (RULES.md §13.1, docs/games.md).

A game is its betting rounds, its forced bets, the cards each round deals, the fixed-limit unit
of each round, who acts first in each round and its hand values. The parsers and the audit read
this table instead of knowing hold'em by heart: `street` in every table is the id of one
betting round (below), the betting state joins `rounds_frame()` on (game, street) like it joins
the site's options (audit/state/game_rounds.py), and the showdown reads the hand values.

Street ids. `street` is one Int8 id per betting round across all games: the physical code of
the one `Street` Enum whose names are STREETS, in this order. Within every game the ids of its
rounds are consecutive and increase with the play, and the settlement (SHOWDOWN: the uncalled
returns after the last round, the collects, the cash-outs) comes after every round, so the
sorts on (hand, street, order) hold in every game. The name of an id never depends on the
game, so every written table carries the Enum without a join.

Data only: frozen dataclasses and one Polars frame built from them. The lowest layer of the
project (parsers/schema.py takes the street names and the game names from here).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import polars as pl

if TYPE_CHECKING:
    from polars.expr.whenthen import ChainedThen, Then

#: The betting rounds of every game, in id order, then the settlement (SHOWDOWN).
STREETS: tuple[str, ...] = (
    "preflop",  # 0  board games: before the flop, the blinds' round
    "flop",  # 1
    "turn",  # 2
    "river",  # 3
    "second",  # 4  5 card stud: 2nd street, its bring-in's round
    "third",  # 5  stud: 3rd street, 7 card stud's and razz's bring-in round
    "fourth",  # 6
    "fifth",  # 7  5 card stud's last round
    "sixth",  # 8
    "seventh",  # 9  stud's last round ("river" in PokerStars' stud logs)
    "predraw",  # 10 draw games: before the first draw, the blinds' round
    "first_draw",  # 11 after the first draw (single draw and 5 card draw: the only one)
    "second_draw",  # 12
    "third_draw",  # 13
    "showdown",  # 14 the settlement: uncalled returns after the last round, collects, cash-outs
)
#: The one type of `street` in every written table (its physical codes are the ids).
Street = pl.Enum(list(STREETS))
(
    PREFLOP,
    FLOP,
    TURN,
    RIVER,
    SECOND,
    THIRD,
    FOURTH,
    FIFTH,
    SIXTH,
    SEVENTH,
    PREDRAW,
    FIRST_DRAW,
    SECOND_DRAW,
    THIRD_DRAW,
    SHOWDOWN,
) = range(len(STREETS))
#: Street ids of the board (hold'em and Omaha) rounds, the only ones before issue 28.
BOARD_STREETS: tuple[int, ...] = (PREFLOP, FLOP, TURN, RIVER)

FAMILIES: tuple[str, ...] = ("board", "stud", "draw")

#: Who acts first in a round (RULES.md D-9, §13 S-3, S-5, W-1).
AFTER_BIG_BLIND = "after_big_blind"  # the first seat after the last live blind or straddle
AFTER_BUTTON = "after_button"  # the first live seat after the button
AFTER_BRING_IN = "after_bring_in"  # stud 3rd street: the seat after the bring-in
BEST_HIGH_SHOWING = "best_high_showing"  # stud and stud/8 4th-7th: the best high up cards
BEST_LOW_SHOWING = "best_low_showing"  # razz 4th-7th: the best (lowest) up cards
FIRST_ACTORS: tuple[str, ...] = (
    AFTER_BIG_BLIND,
    AFTER_BUTTON,
    AFTER_BRING_IN,
    BEST_HIGH_SHOWING,
    BEST_LOW_SHOWING,
)
FirstActor = pl.Enum(list(FIRST_ACTORS))

#: The fixed-limit unit of a round (D-11): the small bet or the big bet.
SMALL, BIG = "small", "big"
#: The forced bets that open a game's first round. Antes may come with blinds too, where the
#: header or the posts say so (tournaments, big-blind antes): that is the hand's, not the game's.
BLINDS, ANTES, BRING_IN = "blinds", "antes", "bring_in"
#: Hand values (RULES.md §11, §13.4; audit/showdown evaluates them).
HIGH = "high"  # the best five-card high hand
SHORT_DECK_HIGH = "short_deck_high"  # high on the 36-card deck (a flush beats a full house)
ACE_TO_FIVE = "ace_to_five"  # razz: the lowest five, aces low, straights and flushes ignored
DEUCE_TO_SEVEN = "deuce_to_seven"  # 2-7: the worst high hand, aces high only
BADUGI = "badugi"  # four cards of different ranks and suits, then the lowest
#: The low half of a split pot where `hands.is_hilo` says so (stud/8, Omaha hi/lo, ...).
EIGHT_OR_BETTER = "eight_or_better"
#: Decks: the 52 cards, or the 36 of short deck (six to ace).
STANDARD_DECK, SHORT_DECK = "standard", "short"


@dataclass(frozen=True)
class Deal:
    """Cards a round deals before its betting: to each player face down or face up, and to the
    board. A draw round deals as many cards as each player discards (Round.draw), not here."""

    down: int | None = 0  # None: the log does not say (`unknown`'s hole cards)
    up: int = 0
    board: int = 0


@dataclass(frozen=True)
class Round:
    """One betting round of a game.

    street: its Street id. deals: the cards dealt at its start. draw: a draw comes before its
    betting (each live player discards 0..Game.max_discard cards and receives as many, W-2).
    fl_bet: SMALL or BIG, the fixed-limit bet (RULES.md's unit u, D-11, §13.1). first_actor: one of
    FIRST_ACTORS. open_pair: a shown pair allows the big bet in this round where the site's
    option says so (S-6: 7 Card Stud high's 4th street only, so not when hands.is_hilo).
    """

    street: int
    deals: Deal
    draw: bool
    fl_bet: str
    first_actor: str
    open_pair: bool = False


@dataclass(frozen=True)
class Game:
    """One game (a value of hands.game).

    family: "board", "stud" or "draw". rounds: its betting rounds in play order (the first
    holds the forced bets). hole_cards: the cards each player holds (C-3; None where the log
    does not say: `unknown`). forced_bets: what opens the first round (BLINDS, or ANTES and
    BRING_IN). high / low: the hand values of the pot's high and low halves (None: no such
    half; a game with `low` None is split hi/lo with EIGHT_OR_BETTER where hands.is_hilo).
    max_discard: the most cards one draw replaces (0: no draws). deck: STANDARD_DECK or
    SHORT_DECK.
    """

    name: str
    family: str
    rounds: tuple[Round, ...]
    hole_cards: int | None
    forced_bets: tuple[str, ...]
    high: str | None
    low: str | None
    max_discard: int
    deck: str


def _board_rounds(down: int | None, preflop_board: int = 0) -> tuple[Round, ...]:
    """Hold'em's four rounds with `down` hole cards (Courchevel: one flop card preflop)."""
    flop = 3 - preflop_board
    return (
        Round(PREFLOP, Deal(down=down, board=preflop_board), False, SMALL, AFTER_BIG_BLIND),
        Round(FLOP, Deal(board=flop), False, SMALL, AFTER_BUTTON),
        Round(TURN, Deal(board=1), False, BIG, AFTER_BUTTON),
        Round(RIVER, Deal(board=1), False, BIG, AFTER_BUTTON),
    )


def _board(name: str, down: int | None, deck: str = STANDARD_DECK, **rest: int) -> Game:
    high = SHORT_DECK_HIGH if deck == SHORT_DECK else HIGH
    rounds = _board_rounds(down, **rest)
    return Game(name, "board", rounds, down, (BLINDS,), high, None, 0, deck)


def _stud(name: str, later: str, high: str | None, low: str | None, open_pair: bool) -> Game:
    rounds = (
        Round(THIRD, Deal(down=2, up=1), False, SMALL, AFTER_BRING_IN),
        Round(FOURTH, Deal(up=1), False, SMALL, later, open_pair=open_pair),
        Round(FIFTH, Deal(up=1), False, BIG, later),
        Round(SIXTH, Deal(up=1), False, BIG, later),
        Round(SEVENTH, Deal(down=1), False, BIG, later),
    )
    return Game(name, "stud", rounds, 7, (ANTES, BRING_IN), high, low, 0, STANDARD_DECK)


def _five_card_stud(name: str) -> Game:
    """5 Card Stud: 2nd street (one down, one up; the lowest up card brings in), then one up
    card on each of 3rd, 4th and 5th street; the small bet on the first two rounds, the big bet
    on the last two (the site's logs); high, the player's five cards."""
    later = BEST_HIGH_SHOWING
    rounds = (
        Round(SECOND, Deal(down=1, up=1), False, SMALL, AFTER_BRING_IN),
        Round(THIRD, Deal(up=1), False, SMALL, later),
        Round(FOURTH, Deal(up=1), False, BIG, later),
        Round(FIFTH, Deal(up=1), False, BIG, later),
    )
    return Game(name, "stud", rounds, 5, (ANTES, BRING_IN), HIGH, None, 0, STANDARD_DECK)


def _draw(name: str, cards: int, draws: int, high: str | None, low: str | None) -> Game:
    after = (FIRST_DRAW, SECOND_DRAW, THIRD_DRAW)[:draws]
    units = (SMALL, BIG) if draws == 1 else (SMALL, SMALL, BIG, BIG)
    first = Round(PREDRAW, Deal(down=cards), False, units[0], AFTER_BIG_BLIND)
    later = zip(after, units[1:], strict=True)
    rounds = (first, *(Round(street, Deal(), True, unit, AFTER_BUTTON) for street, unit in later))
    return Game(name, "draw", rounds, cards, (BLINDS,), high, low, cards, STANDARD_DECK)


#: Every game, by its hands.game name. The board games are the games of the first release.
GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        _board("holdem", 2),
        _board("holdem_6plus", 2, SHORT_DECK),
        _board("omaha4", 4),
        _board("omaha5", 5),
        _board("omaha6", 6),
        _board("courchevel", 5, preflop_board=1),
        _board("shortdeck", 2, SHORT_DECK),
        _board("unknown", None),  # a board game the header does not name: hold'em's rounds
        _stud("stud", BEST_HIGH_SHOWING, HIGH, None, open_pair=True),
        _stud("razz", BEST_LOW_SHOWING, None, ACE_TO_FIVE, open_pair=False),
        _five_card_stud("five_card_stud"),
        _draw("triple_draw_27", 5, 3, None, DEUCE_TO_SEVEN),
        _draw("single_draw_27", 5, 1, None, DEUCE_TO_SEVEN),
        _draw("five_card_draw", 5, 1, HIGH, None),
        _draw("badugi", 4, 3, None, BADUGI),
    )
}
GAME_NAMES: tuple[str, ...] = tuple(GAMES)
#: The game a hand whose game is none of GAME_NAMES (or null) is audited as.
FALLBACK_GAME = "unknown"

#: rounds_frame()'s columns and types.
ROUNDS_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "game": pl.String,
    "street": pl.Int8,
    "round": pl.Int8,  # 0-based place of the round in the game's play
    "first_round": pl.Boolean,  # the round with the forced bets
    "last_round": pl.Boolean,
    "big_bet": pl.Boolean,  # fixed limit: the unit is the big bet (else the small bet)
    "open_pair": pl.Boolean,
    "first_actor": FirstActor,
    "draw": pl.Boolean,  # a draw comes before the round's betting
    "down": pl.Int8,
    "up": pl.Int8,
    "board": pl.Int8,
}


def rounds_frame() -> pl.DataFrame:
    """One row per (game, street): every betting round of every game (ROUNDS_SCHEMA). The
    settlement (SHOWDOWN) is no round: it has no row."""
    rows = [
        {
            "game": game.name,
            "street": spec.street,
            "round": index,
            "first_round": index == 0,
            "last_round": index == len(game.rounds) - 1,
            "big_bet": spec.fl_bet == BIG,
            "open_pair": spec.open_pair,
            "first_actor": spec.first_actor,
            "draw": spec.draw,
            "down": spec.deals.down,
            "up": spec.deals.up,
            "board": spec.deals.board,
        }
        for game in GAMES.values()
        for index, spec in enumerate(game.rounds)
    ]
    return pl.DataFrame(rows, schema=ROUNDS_SCHEMA)


def street_name(street: pl.Expr) -> pl.Expr:
    """A street id column's names as String (null for a null or unknown id). A when/then
    chain: replace_strict on this column produced string views that crashed a later filter +
    format in polars 2.1, and made the streaming sink of the run's combine hold the column."""
    name: Then | ChainedThen = pl.when(street == 0).then(pl.lit(STREETS[0]))
    for number, text in enumerate(STREETS[1:], start=1):
        name = name.when(street == number).then(pl.lit(text))
    return name


def street_enum(street: pl.Expr) -> pl.Expr:
    """A street id column as the Street Enum (an integer column cannot be cast to it)."""
    return street_name(street).cast(Street)
