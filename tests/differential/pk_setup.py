"""Hand set-ups and the PokerKit 0.7.7 states that play them (RULES.md §8 "Construction").

Seats are numbered as in rules_vectors.json: index 0 is the small blind, 1 the big blind, ...,
the last seat is the button; heads-up the button/SB comes first. PokerKit numbers heads-up seats
the other way round (0 = BB, 1 = button/SB), so every translation goes through `pk_index`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    FixedLimitTexasHoldem,
    Mode,
    NoLimitTexasHoldem,
    Opening,
    StandardHighHand,
    State,
    Street,
)

Structure = Literal["NL", "PL", "FL"]
AnteMode = Literal["none", "each", "bb"]
FlCap = Literal["preset", "spec"]

AUTOMATIONS: tuple[Automation, ...] = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
)
# Showdown and settlement are left manual: the comparison stops when the betting does, and
# PokerKit 0.7.7 trips an assertion while pushing a side pot that everyone eligible folded
# (possible in a cash game, where folding with nothing to call is allowed).
BOARD_CARDS_PER_STREET: tuple[int, ...] = (0, 3, 1, 1)


@dataclass(frozen=True)
class HandSetup:
    """Everything needed to start a hand, in vector seat order (SB first; heads-up button first).

    `fl_cap` chooses the FL raise cap: "preset" is PokerKit's FixedLimitTexasHoldem (four
    completions on every street, the BB not counted: K-4), "spec" builds the streets so that
    the cap matches RULES.md B-6 (three raises preflop after the BB, bet + three raises later).
    """

    structure: Structure
    sb: int
    bb: int
    stacks: tuple[int, ...]
    ante: int = 0
    ante_mode: AnteMode = "none"
    straddles: tuple[int, ...] = ()
    small_bet: int | None = None
    big_bet: int | None = None
    fl_cap: FlCap = "preset"
    raw_blinds: tuple[int, ...] | None = None  # per seat, when the blinds are not SB/BB/straddles

    @property
    def players(self) -> int:
        return len(self.stacks)

    def unit(self, street: int) -> int:
        """The FL betting unit (small bet preflop and flop, big bet turn and river)."""
        small = self.small_bet or self.bb
        return small if street < 2 else (self.big_bet or 2 * small)

    def blinds(self) -> tuple[int, ...]:
        """PokerKit's raw blinds or straddles, indexed by vector seat."""
        return self.raw_blinds or (self.sb, self.bb, *self.straddles)

    def min_bet(self, street: int) -> int:
        """PokerKit's street minimum (`Street.min_completion_betting_or_raising_amount`)."""
        return self.unit(street) if self.structure == "FL" else self.bb


def pk_index(seat: int, players: int) -> int:
    """PokerKit player index of a vector seat (and back: the mapping is its own inverse)."""
    return 1 - seat if players == 2 else seat


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def _raw_antes(setup: HandSetup) -> dict[int, int] | int:
    if setup.ante_mode == "each":
        return setup.ante
    if setup.ante_mode == "bb":
        return {1: setup.ante}
    return 0


def _pk_stacks(setup: HandSetup) -> tuple[int, ...]:
    n = setup.players
    return tuple(setup.stacks[pk_index(i, n)] for i in range(n))


def _streets(setup: HandSetup) -> tuple[Street, ...]:
    """Generic hold'em streets; FL with the spec cap (3 raises preflop, 4 completions after)."""
    streets = []
    for i in range(4):
        cap: int | None = None
        if setup.structure == "FL":
            cap = 3 if i == 0 else 4
        streets.append(
            Street(
                i > 0,
                (False, False) if i == 0 else (),
                BOARD_CARDS_PER_STREET[i],
                False,
                Opening.POSITION,
                setup.min_bet(i),
                cap,
            )
        )
    return tuple(streets)


def _generic_state(setup: HandSetup, structure: BettingStructure) -> State:
    return State(
        AUTOMATIONS,
        Deck.STANDARD,
        (StandardHighHand,),
        _streets(setup),
        structure,
        setup.ante_mode != "bb",
        _raw_antes(setup),
        setup.blinds(),
        0,
        _pk_stacks(setup),
        setup.players,
        mode=Mode.CASH_GAME,
    )


def build_state(setup: HandSetup) -> State:
    """A PokerKit state with antes and blinds posted, waiting for the first betting action."""
    trimming = setup.ante_mode != "bb"
    blinds = setup.blinds()
    if setup.structure == "NL":
        return NoLimitTexasHoldem.create_state(
            AUTOMATIONS,
            trimming,
            _raw_antes(setup),
            blinds,
            setup.bb,
            _pk_stacks(setup),
            setup.players,
            mode=Mode.CASH_GAME,
        )
    if setup.structure == "PL":
        return _generic_state(setup, BettingStructure.POT_LIMIT)
    if setup.fl_cap == "spec":
        return _generic_state(setup, BettingStructure.FIXED_LIMIT)
    return FixedLimitTexasHoldem.create_state(
        AUTOMATIONS,
        trimming,
        _raw_antes(setup),
        blinds,
        setup.unit(0),
        setup.unit(2),
        _pk_stacks(setup),
        setup.players,
        mode=Mode.CASH_GAME,
    )
