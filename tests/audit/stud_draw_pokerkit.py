"""Replay a stud or draw vector (tests/audit/stud_draw_vectors.json) in PokerKit 0.7.7.

RULES.md §13.6: PokerKit implements fixed-limit 7 Card Stud, Stud Hi/Lo, Razz, 2-7 Triple Draw
and Badugi. Seats: a stud vector's P1..Pn are PokerKit's indices 0..n-1 (no button: PokerKit
numbers the players clockwise); a draw vector's are the hold'em vectors' (P1 the small blind,
the last the button; heads-up the button first), so heads-up the two swap (PokerKit: 0 = BB).

The cards: a stud vector's `up` cards are dealt face up on their street, every other card
(the down cards, a draw's replacements, the burnt cards) is the next unused card of a fixed deck
order, so a replay is deterministic. A `discard` of n cards throws the first n of the player's hand.

Before each action the replay records PokerKit's view (`PkStep`): whose turn it is (as the
vector's seat number), to call, the smallest and largest raise-to, whether a raise is possible;
then applies the action and records whether PokerKit accepted it. It stops at the first action
PokerKit refuses or that is not its actor's: after that the two states part ways.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from pokerkit import (
    Automation,
    Card,
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
    State,
)

from parsers.games import GAMES, STREETS, THIRD

AUTOMATIONS: tuple[Automation, ...] = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
)
RANKS, SUITS = "23456789TJQKA", "cdhs"
DECK_ORDER = tuple(rank + suit for suit in SUITS for rank in RANKS)


@dataclass
class PkStep:
    """PokerKit's view before one action of the vector, and whether it took the action."""

    actor: int | None  # the vector's seat number of PokerKit's actor
    to_call: int | None
    min_to: int | None
    max_to: int | None
    can_raise: bool
    accepted: bool
    refusal: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if k != "refusal" or v is not None}


def supported(vector: dict[str, Any]) -> bool:
    """PokerKit has the vector's game (5 card draw and 2-7 single draw FL it has not)."""
    return _game_class(vector) is not None


def _game_class(vector: dict[str, Any]) -> Any:
    game, hilo = vector.get("game"), bool(vector.get("hilo"))
    if game == "stud":
        return FixedLimitSevenCardStudHighLowSplitEightOrBetter if hilo else FixedLimitSevenCardStud
    return {
        "razz": FixedLimitRazz,
        "triple_draw_27": FixedLimitDeuceToSevenLowballTripleDraw,
        "badugi": FixedLimitBadugi,
    }.get(game or "")


class _Replay:
    def __init__(self, vector: dict[str, Any]):
        self.vector = vector
        self.ids = [p["id"] for p in vector["players"]]
        self.stud = GAMES[vector["game"]].family == "stud"
        self.swap = not self.stud and len(self.ids) == 2
        stakes, stacks = vector["stakes"], tuple(p["stack"] for p in vector["players"])
        ante = (vector.get("ante_rule") or {}).get("amount", 0)
        game = _game_class(vector)
        if self.stud:
            self.state: State = game.create_state(
                AUTOMATIONS, True, ante, stakes["bring_in"], stakes["small_bet"],
                stakes["big_bet"], stacks, len(stacks), mode=Mode.CASH_GAME,
            )  # fmt: skip
        else:
            blinds = (stakes["sb"], stakes["bb"])
            stacks = stacks[::-1] if self.swap else stacks
            self.state = game.create_state(
                AUTOMATIONS, True, ante, blinds, stakes["small_bet"], stakes["big_bet"],
                stacks, len(stacks), mode=Mode.CASH_GAME,
            )  # fmt: skip
        used = {c for cards in vector.get("up", {}).values() for c in cards}
        self.spare = [c for c in DECK_ORDER if c not in used]
        self.dealt_up = {player: 0 for player in self.ids}

    def index(self, player: str) -> int:
        i = self.ids.index(player)
        return len(self.ids) - 1 - i if self.swap else i

    def seat(self, index: int | None) -> int | None:
        if index is None:
            return None
        i = len(self.ids) - 1 - index if self.swap else index
        return i + 1

    def _spare(self, count: int) -> str:
        cards, self.spare = self.spare[:count], self.spare[count:]
        return "".join(cards)

    def deal(self) -> None:
        """Deal what PokerKit waits for: the next up card of the vector (stud) or spare cards
        (burning a spare card first: a random burn could take a card the vector deals up)."""
        if self.state.can_burn_card():
            self.state.burn_card(self._spare(1))
        while (index := self.state.hole_dealee_index) is not None:
            player = self.ids[index] if not self.swap else self.ids[len(self.ids) - 1 - index]
            statuses = list(self.state.hole_dealing_statuses[index])
            pending = len(statuses)
            cards = ""
            for up in statuses:
                if up:
                    cards += self.vector["up"][player][self.dealt_up[player]]
                    self.dealt_up[player] += 1
                else:
                    cards += self._spare(1)
            assert len(list(Card.parse(cards))) == pending
            self.state.deal_hole(cards, index)

    def view(self) -> dict[str, Any]:
        state = self.state
        if state.stand_patter_or_discarder_index is not None:
            return dict(actor=self.seat(state.stand_patter_or_discarder_index), to_call=None,
                        min_to=None, max_to=None, can_raise=False)  # fmt: skip
        can_raise = state.can_complete_bet_or_raise_to()
        return dict(
            actor=self.seat(state.actor_index),
            to_call=state.checking_or_calling_amount,
            min_to=state.min_completion_betting_or_raising_to_amount if can_raise else None,
            max_to=state.max_completion_betting_or_raising_to_amount if can_raise else None,
            can_raise=can_raise,
        )

    def apply(self, action: dict[str, Any]) -> str | None:
        """Apply one action; the refusal's reason, None when PokerKit took it."""
        state, kind = self.state, action["type"]
        try:
            if kind == "bring_in":
                if state.effective_bring_in_amount != action["to"]:
                    return f"PokerKit's bring-in is {state.effective_bring_in_amount}"
                state.post_bring_in()
            elif kind in ("complete", "bet", "raise"):
                state.complete_bet_or_raise_to(action["to"])
            elif kind in ("call", "check"):
                if kind == "check" and state.checking_or_calling_amount:
                    return "check facing a bet"
                state.check_or_call()
            elif kind == "fold":
                state.fold()
            elif kind in ("discard", "stand_pat"):
                index = state.stand_patter_or_discarder_index
                assert index is not None
                count = action.get("cards", 0)
                if count > len(state.hole_cards[index]):
                    return f"cannot discard {count} cards"
                state.stand_pat_or_discard(state.hole_cards[index][:count])
            else:
                return f"unknown action {kind}"
        except (ValueError, UserWarning) as error:
            return str(error)
        return None


def _street(name: str | int) -> int:
    return name if isinstance(name, int) else STREETS.index(name)


def replay(vector: dict[str, Any]) -> list[PkStep]:
    """PokerKit's view before each action of the vector (posts aside: the antes and blinds are
    automatic), up to the first action it refuses or that is not its actor's."""
    run = _Replay(vector)
    steps: list[PkStep] = []
    for action in vector["actions"]:
        run.deal()
        if (
            action["type"] in ("discard", "stand_pat")
            and run.state.stand_patter_or_discarder_index is None
        ):
            steps.append(PkStep(None, None, None, None, False, False, "no draw pending"))
            break
        seen = run.view()
        if seen["actor"] != run.vector["players"].index(_player(vector, action)) + 1:
            steps.append(PkStep(**seen, accepted=False, refusal="not PokerKit's actor"))
            break
        refusal = run.apply(action)
        steps.append(PkStep(**seen, accepted=refusal is None, refusal=refusal))
        if refusal is not None:
            break
    return steps


def _player(vector: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in vector["players"] if p["id"] == action["player"])


__all__ = ["THIRD", "PkStep", "replay", "supported"]
