"""What a synthetic table plays: game, stakes, currency, and how money is printed."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cached_property

GAME_LABELS: dict[str, str] = {"holdem": "Hold'em", "omaha4": "Omaha", "omaha5": "5 Card Omaha"}
STRUCTURE_LABELS: dict[str, str] = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}
HOLE_CARDS: dict[str, int] = {"holdem": 2, "omaha4": 4, "omaha5": 5}
CURRENCY_SYMBOLS: dict[str, str] = {"USD": "$", "EUR": "€", "GBP": "£"}

#: Cash stakes (small blind, big blind) in cents; FL uses (small bet, big bet) instead.
CASH_STAKES: tuple[tuple[int, int], ...] = (
    (1, 2),
    (5, 10),
    (10, 25),
    (25, 50),
    (50, 100),
    (100, 200),
)
#: Tournament levels (small blind, big blind, ante) in chips.
TOURNAMENT_LEVELS: tuple[tuple[int, int, int], ...] = (
    (10, 20, 0),
    (25, 50, 5),
    (50, 100, 10),
    (100, 200, 25),
    (200, 400, 50),
    (400, 800, 100),
)
ROMAN: tuple[str, ...] = ("I", "II", "III", "IV", "V", "VI")
#: The stud and draw games' codes (variants.py VARIANTS; played through PokerKit).
VARIANT_GAMES: tuple[str, ...] = ("STUD", "STUD8", "RAZZ", "27TD", "BADUGI", "27SD")


@dataclass(frozen=True)
class TableSpec:
    """Everything fixed for one table: the header of each hand played there."""

    game: str = "holdem"  # holdem / omaha4 / omaha5
    structure: str = "NL"  # NL / PL / FL
    is_tournament: bool = False
    currency: str = "USD"  # USD / EUR / GBP / play (play money) / chips (tournament)
    small_blind: int = 50
    big_blind: int = 100
    small_bet: int | None = None  # FL only
    big_bet: int | None = None  # FL only
    ante: int = 0
    bb_ante: bool = False
    max_seats: int = 6
    table_name: str = "Synthia I"
    tournament_id: int = 0
    level: str = "I"
    thousands: bool = True  # print 1,234 rather than 1234 where PokerStars does
    variant: str = ""  # a stud or draw game's code (variants.py VARIANTS); "" for board games
    is_hilo: bool = False  # stud hi/lo (eight or better)
    bring_in: int = 0  # stud: the stakes' bring-in

    @cached_property
    def scale(self) -> int:
        return 100 if self.currency in CURRENCY_SYMBOLS else 1

    @cached_property
    def printed(self) -> dict[int, str]:
        """Amounts already formatted at this table (money() is the generator's hot spot)."""
        return {}

    @property
    def unit(self) -> str:
        return "cents" if self.scale == 100 else "chips"

    @property
    def hole_cards(self) -> int:
        return HOLE_CARDS[self.game]


def money(amount: int, spec: TableSpec) -> str:
    """Print an amount the way PokerStars does: `$1`, `$0.50`, `$1,492.66`, `1500`, `€2`."""
    text = spec.printed.get(amount)
    if text is None:
        text = spec.printed[amount] = format_money(amount, spec)
    return text


def format_money(amount: int, spec: TableSpec) -> str:
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    if spec.scale == 1:
        body = f"{amount:,}" if spec.thousands else str(amount)
        return sign + body
    whole, cents = divmod(amount, 100)
    whole_text = f"{whole:,}" if spec.thousands else str(whole)
    body = whole_text if cents == 0 else f"{whole_text}.{cents:02d}"
    return f"{sign}{CURRENCY_SYMBOLS[spec.currency]}{body}"


def stakes_text(spec: TableSpec) -> str:
    """The `($0.50/$1 USD)` part of a cash header, or `(25/50)` for play money."""
    low, high = (
        (spec.small_bet, spec.big_bet)
        if spec.structure == "FL"
        else (spec.small_blind, spec.big_blind)
    )
    assert low is not None and high is not None
    if spec.currency == "play":
        return f"({money(low, spec)}/{money(high, spec)})"
    return f"({money(low, spec)}/{money(high, spec)} {spec.currency})"


@dataclass(frozen=True)
class SynthOptions:
    """What kinds of tables the generator draws from, and how wild the play is."""

    #: NLHE, PLO, FLHE (PLO5 also accepted); the stud and draw games of variants.py: STUD,
    #: STUD8, RAZZ, 27TD (triple draw), BADUGI, 27SD (no-limit single draw)
    games: tuple[str, ...] = ("NLHE",)
    tournaments: float = 0.0  # share of tables that are tournaments (chips, antes)
    currencies: tuple[str, ...] = ("USD",)
    min_players: int = 2
    max_players: int = 9
    short_stacks: float = 0.35  # share of players with 5-30 big blinds
    straddles: float = 0.0  # share of hands (4+ players) where UTG straddles to 2 BB
    dead_blinds: float = 0.0  # share of hands with a "posts small & big blinds" player
    sitting_out: float = 0.0  # share of hands with a seated player sitting out
    chat: float = 0.0  # share of hands with a chat line
    bb_ante: float = 0.5  # share of ante tournaments using a big-blind ante
    hands_per_table: int = 50
    violation_codes: tuple[str, ...] = field(default=())  # empty: every supported code
    #: 7 Card Stud (hi): share of 4th streets with a pair showing played with big bets (S-6,
    #: PokerStars' "Pair on board - a double bet is allowed"); the others use small bets.
    open_pair_big_bet: float = 0.5
    #: BRING-IN injections may also post a wrong amount. Off by default: PokerStars prints no
    #: bring-in in its header, so the log alone cannot prove the amount wrong (docs/synth.md).
    bring_in_amount_errors: bool = False


def draw_table(rng: random.Random, options: SynthOptions, index: int) -> TableSpec:
    """A random table within `options`."""
    game_code = rng.choice(options.games)
    if game_code in VARIANT_GAMES:
        from tools.synth.variants import draw_variant_table

        return draw_variant_table(rng, options, game_code, index)
    game, structure = {
        "NLHE": ("holdem", "NL"),
        "PLO": ("omaha4", "PL"),
        "PLO5": ("omaha5", "PL"),
        "FLHE": ("holdem", "FL"),
    }[game_code]
    sizes = [size for size in (2, 6, 9) if options.min_players <= size] or [9]
    max_seats = rng.choice(sizes) if options.max_players > 2 else 2
    name = f"Synthia {index + 1}"
    if rng.random() < options.tournaments:
        sb, bb, ante = rng.choice(TOURNAMENT_LEVELS)
        level = ROMAN[TOURNAMENT_LEVELS.index((sb, bb, ante))]
        bb_ante = ante > 0 and rng.random() < options.bb_ante
        if bb_ante:
            ante = bb
        small_bet, big_bet = (bb, 2 * bb) if structure == "FL" else (None, None)
        return TableSpec(
            game=game,
            structure=structure,
            is_tournament=True,
            currency="chips",
            small_blind=sb,
            big_blind=bb,
            small_bet=small_bet,
            big_bet=big_bet,
            ante=ante,
            bb_ante=bb_ante,
            max_seats=max_seats,
            table_name=f"{1000000 + index} {index % 40 + 1}",
            tournament_id=1000000 + index,
            level=level,
            thousands=False,
        )
    currency = rng.choice(options.currencies)
    sb, bb = rng.choice(CASH_STAKES)
    if currency == "play":
        sb, bb = sb * 10, bb * 10
        return TableSpec(
            game=game,
            structure=structure,
            currency=currency,
            small_blind=sb,
            big_blind=bb,
            small_bet=bb if structure == "FL" else None,
            big_bet=2 * bb if structure == "FL" else None,
            max_seats=max_seats,
            table_name=name,
            thousands=False,
        )
    if structure == "FL":
        bb += bb % 2
        small_bet, big_bet = bb, 2 * bb
        sb, bb = bb // 2, bb
        return TableSpec(
            game=game,
            structure=structure,
            currency=currency,
            small_blind=sb,
            big_blind=bb,
            small_bet=small_bet,
            big_bet=big_bet,
            max_seats=max_seats,
            table_name=name,
        )
    return TableSpec(
        game=game,
        structure=structure,
        currency=currency,
        small_blind=sb,
        big_blind=bb,
        max_seats=max_seats,
        table_name=name,
    )
