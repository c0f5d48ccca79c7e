"""The PokerKit 0.7.7 state a stud or draw hand is played in (RULES.md §8, §13.6).

The game is PokerKit's own preset class (FixedLimitSevenCardStud, FixedLimitRazz, FixedLimit-
DeuceToSevenLowballTripleDraw, ...) with two changes, both invisible in a PokerStars log:
no card is burnt (the log never shows burns, and seven players' 49 cards plus four burns would
not fit in the deck), and the generator deals every card itself (its own seeded random stream,
never PokerKit's shuffle). Where S-6 allows the big bet on 4th street the generator raises that
round's minimum bet to the big bet once the up cards show the pair (`allow_big_bet_on_fourth`).

Player indices: stud, in seat order (clockwise); draw, clockwise from the seat after the button
(0 the small blind, the button last; heads-up 0 is the big blind, PokerKit's convention).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tools.synth.spec import TableSpec
from tools.synth.variants import STUD, Variant

AUTOMATIONS = (
    "ANTE_POSTING",
    "BET_COLLECTION",
    "BLIND_OR_STRADDLE_POSTING",
    "HOLE_CARDS_SHOWING_OR_MUCKING",
    "HAND_KILLING",
    "CHIPS_PUSHING",
    "CHIPS_PULLING",
)


def create_state(variant: Variant, spec: TableSpec, stacks: list[int]) -> Any:
    """A fresh PokerKit state for `stacks` (in player-index order), waiting for the deal."""
    import pokerkit

    automations = tuple(getattr(pokerkit.Automation, name) for name in AUTOMATIONS)
    game_class = getattr(pokerkit, variant.pokerkit)
    cash = pokerkit.Mode.CASH_GAME
    if variant.family == STUD:
        game = game_class(
            automations, True, spec.ante, spec.bring_in, spec.small_bet, spec.big_bet, mode=cash
        )
    elif variant.structure == "FL":
        blinds = (spec.small_blind, spec.big_blind)
        game = game_class(automations, True, 0, blinds, spec.small_bet, spec.big_bet, mode=cash)
    else:
        blinds = (spec.small_blind, spec.big_blind)
        game = game_class(automations, True, 0, blinds, spec.big_blind, mode=cash)
    game.streets = tuple(replace(street, card_burning_status=False) for street in game.streets)
    return game(tuple(stacks), len(stacks))


def allow_big_bet_on_fourth(state: Any, big_bet: int) -> None:
    """S-6 (7 Card Stud hi): this hand's 4th street is played with big bets."""
    fourth = replace(state.streets[1], min_completion_betting_or_raising_amount=big_bet)
    state.streets = (state.streets[0], fourth, *state.streets[2:])


def player_order(seats: list[int], button_seat: int | None) -> list[int]:
    """Seats in PokerKit's player-index order (see the module docstring)."""
    ordered = sorted(seats)
    if button_seat is None:
        return ordered
    return [s for s in ordered if s > button_seat] + [s for s in ordered if s <= button_seat]


def cards_text(cards: list[str]) -> str:
    return "".join(cards)
