"""The stud and draw games the generator plays through PokerKit (RULES.md §13, §13.6).

Each `Variant` names a game as `SynthOptions.games` spells it, as the parser's `hands.game` (and
`is_hilo`) gives it, as PokerStars' header prints it, and the PokerKit 0.7.7 class that plays
it. `draw_variant_table` draws a table of one of them: stakes, antes and bring-in (stud), blinds
(draw), cash or tournament. The board games (NLHE, PLO, FLHE) stay in spec.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tools.synth.spec import ROMAN, SynthOptions, TableSpec

STUD, DRAW = "stud", "draw"


@dataclass(frozen=True)
class Variant:
    """One stud or draw game: its names and how many play it."""

    code: str  # as SynthOptions.games spells it
    game: str  # hands.game (parsers/games.py GAMES)
    is_hilo: bool
    family: str  # STUD or DRAW
    label: str  # PokerStars' header name
    structure: str  # FL or NL
    pokerkit: str  # the PokerKit 0.7.7 class
    max_seats: int
    #: Most players dealt in. Stud: 7, so the deck never runs short on 7th street (PokerKit has
    #: no community card, RULES.md S-2); draw: the discards are capped by the cards left.
    max_players: int


VARIANTS: dict[str, Variant] = {
    v.code: v
    for v in (
        Variant("STUD", "stud", False, STUD, "7 Card Stud", "FL", "FixedLimitSevenCardStud", 8, 7),
        Variant(
            "STUD8",
            "stud",
            True,
            STUD,
            "7 Card Stud Hi/Lo",
            "FL",
            "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
            8,
            7,
        ),
        Variant("RAZZ", "razz", False, STUD, "Razz", "FL", "FixedLimitRazz", 8, 7),
        Variant(
            "27TD",
            "triple_draw_27",
            False,
            DRAW,
            "Triple Draw 2-7 Lowball",
            "FL",
            "FixedLimitDeuceToSevenLowballTripleDraw",
            6,
            6,
        ),
        Variant("BADUGI", "badugi", False, DRAW, "Badugi", "FL", "FixedLimitBadugi", 8, 8),
        Variant(
            "27SD",
            "single_draw_27",
            False,
            DRAW,
            "Single Draw 2-7 Lowball",
            "NL",
            "NoLimitDeuceToSevenLowballSingleDraw",
            6,
            6,
        ),
    )
}
VARIANT_CODES: tuple[str, ...] = tuple(VARIANTS)

#: Stud cash stakes in cents: (small bet, big bet, ante, bring-in). PokerStars prints neither
#: the ante nor the bring-in in the header: the posts say them ($0.04/$0.08: ante $0.01,
#: bring-in $0.02; $400/$800: ante $60, bring-in $120, fpdb-3 regression files).
STUD_CASH: tuple[tuple[int, int, int, int], ...] = (
    (4, 8, 1, 2),
    (10, 20, 2, 5),
    (50, 100, 10, 25),
    (100, 200, 20, 50),
    (400, 800, 60, 120),
)
#: Stud tournament levels in chips (250/500: ante 50, bring-in 75, a Triple Stud MTT).
STUD_LEVELS: tuple[tuple[int, int, int, int], ...] = (
    (40, 80, 5, 10),
    (100, 200, 20, 30),
    (250, 500, 50, 75),
    (600, 1200, 100, 200),
    (6000, 12000, 1200, 1800),
)
#: Fixed-limit draw stakes (small bet, big bet): the blinds are half a small bet and a small
#: bet. Cash in cents, tournaments in chips ("Level I (20/40)": blinds 10/20).
DRAW_FL_CASH: tuple[tuple[int, int], ...] = ((10, 20), (50, 100), (100, 200), (200, 400))
DRAW_FL_LEVELS: tuple[tuple[int, int], ...] = ((20, 40), (100, 200), (300, 600))
#: No-limit single draw blinds (small blind, big blind).
DRAW_NL_CASH: tuple[tuple[int, int], ...] = ((10, 25), (25, 50), (50, 100))
DRAW_NL_LEVELS: tuple[tuple[int, int], ...] = ((10, 20), (50, 100), (100, 200))


def table_name(tournament: bool, index: int) -> str:
    return f"{1000000 + index} {index % 40 + 1}" if tournament else f"Synthia {index + 1}"


def variant_of(spec: TableSpec) -> Variant | None:
    """The stud or draw game of a table, None for the board games."""
    return VARIANTS.get(spec.variant) if spec.variant else None


def draw_variant_table(
    rng: random.Random, options: SynthOptions, code: str, index: int
) -> TableSpec:
    """A random table of one stud or draw game within `options`."""
    variant = VARIANTS[code]
    tournament = rng.random() < options.tournaments
    currency = "chips" if tournament else rng.choice(options.currencies)
    common = {
        "game": variant.game,
        "structure": variant.structure,
        "variant": code,
        "is_hilo": variant.is_hilo,
        "is_tournament": tournament,
        "currency": currency,
        "max_seats": variant.max_seats,
        "table_name": table_name(tournament, index),
        "tournament_id": 1000000 + index if tournament else 0,
        "thousands": not tournament and currency != "play",
    }
    scale = 10 if currency == "play" else 1
    if variant.family == STUD:
        stakes = rng.choice(STUD_LEVELS if tournament else STUD_CASH)
        level = ROMAN[STUD_LEVELS.index(stakes)] if tournament else "I"
        small, big, ante, bring_in = (x * scale for x in stakes)
        return TableSpec(
            **common,
            small_blind=small // 2,
            big_blind=small,
            small_bet=small,
            big_bet=big,
            ante=ante,
            bring_in=bring_in,
            level=level,
        )
    if variant.structure == "FL":
        stakes = DRAW_FL_LEVELS if tournament else DRAW_FL_CASH
        small, big = rng.choice(stakes)
        level = ROMAN[stakes.index((small, big))] if tournament else "I"
        small, big = small * scale, big * scale
        return TableSpec(
            **common,
            small_blind=small // 2,
            big_blind=small,
            small_bet=small,
            big_bet=big,
            level=level,
        )
    stakes = DRAW_NL_LEVELS if tournament else DRAW_NL_CASH
    sb, bb = rng.choice(stakes)
    level = ROMAN[stakes.index((sb, bb))] if tournament else "I"
    return TableSpec(**common, small_blind=sb * scale, big_blind=bb * scale, level=level)
