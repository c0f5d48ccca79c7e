"""Card codes as small integers, and Polars expressions between card text and codes.

A card is `card_id = 4 * (rank - 2) + suit`: rank 2..14 (`23456789TJQKA`, the ace high) and suit
0..3 (`cdhs`), so ids run 0..51, a card's rank is `id // 4 + 2` and its suit `id % 4`. Card text is
the canonical two characters, rank then suit ("As", "Td", "2c"): localized names ("10", "Pik") are
the parsers' business, and anything else becomes null.
"""

from __future__ import annotations

import polars as pl

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK_SIZE = 52
#: The short deck (6+) has no card below a six: ids 0..15 (deuces to fives) are not in it.
SHORT_DECK_LOWEST_ID = 4 * (6 - 2)
CARD_DTYPE = pl.UInt8

_RANK_CODE = {char: index for index, char in enumerate(RANKS)}
_SUIT_CODE = {char: index for index, char in enumerate(SUITS)}
_CARD_TEXTS = [rank + suit for rank in RANKS for suit in SUITS]


def card_id(rank: int, suit: int) -> int:
    """The id of the card of `rank` (2..14) and `suit` (0..3)."""
    return 4 * (rank - 2) + suit


def card_rank(card: int) -> int:
    """The rank (2..14) of a card id."""
    return card // 4 + 2


def card_suit(card: int) -> int:
    """The suit (0..3, `cdhs`) of a card id."""
    return card % 4


def card_text(card: int) -> str:
    """The canonical text ("As") of a card id."""
    return _CARD_TEXTS[card]


def parse_card(text: str) -> int:
    """The id of one canonical card text; ValueError when it is not a card (tests, examples)."""
    if len(text) != 2 or text[0] not in _RANK_CODE or text[1] not in _SUIT_CODE:
        raise ValueError(f"not a card: {text!r}")
    return 4 * _RANK_CODE[text[0]] + _SUIT_CODE[text[1]]


def parse_cards(text: str) -> list[int]:
    """Ids of cards written together or apart: "AsKd", "As Kd" (tests, examples)."""
    packed = text.replace(" ", "")
    return [parse_card(packed[at : at + 2]) for at in range(0, len(packed), 2)]


#: Every canonical card text -> its id: one lookup per card (a rank and a suit read apart and
#: combined cost three times as much on the cards of a batch).
_CARD_IDS = {text: index for index, text in enumerate(_CARD_TEXTS)}


def card_id_expr(text: pl.Expr) -> pl.Expr:
    """Card text -> UInt8 card id, null when the text is not a canonical two-character card."""
    return text.replace_strict(_CARD_IDS, default=None, return_dtype=CARD_DTYPE)


def card_ids_expr(texts: pl.Expr) -> pl.Expr:
    """A list of card texts -> a list of card ids (an invalid card is a null element)."""
    return texts.list.eval(card_id_expr(pl.element()))


def split_cards_expr(text: pl.Expr) -> pl.Expr:
    """Space-separated card text ("As Kd") -> a list of card ids."""
    words = text.str.strip_chars().str.split(" ").list.eval(pl.element().filter(pl.element() != ""))
    return card_ids_expr(words)


def card_text_expr(card: pl.Expr) -> pl.Expr:
    """Card id -> canonical text ("As"); null outside 0..51."""
    return card.replace_strict(dict(enumerate(_CARD_TEXTS)), default=None, return_dtype=pl.String)


def cards_text_expr(cards: pl.Expr, separator: str = " ") -> pl.Expr:
    """A list of card ids -> one string ("Kh Kd Ks 2c 2d"), for reports."""
    return cards.list.eval(card_text_expr(pl.element())).list.join(separator)


def rank_expr(card: pl.Expr) -> pl.Expr:
    """Card id -> rank 2..14."""
    return (card.cast(pl.Int16) // 4 + 2).cast(pl.Int8)


def suit_expr(card: pl.Expr) -> pl.Expr:
    """Card id -> suit 0..3 (`cdhs`)."""
    return (card.cast(pl.Int16) % 4).cast(pl.Int8)


def in_deck_expr(card: pl.Expr, *, short_deck: bool = False) -> pl.Expr:
    """True when the card id is a card of the game's deck (52 cards, or 36 for short deck)."""
    lowest = SHORT_DECK_LOWEST_ID if short_deck else 0
    return card.is_between(lowest, DECK_SIZE - 1)
