"""Seeded random hands played through PokerKit 0.7.7 and written in rules_vectors.json format.

Each hand records, for every betting action, PokerKit's view before it and its verdict
(`PkView`). Legal actions are drawn from what PokerKit offers (fold, check/call, minimum raise,
maximum raise, all-in, a random size in between); now and then an illegal action is injected
(`injections`). The hand stops at the first action PokerKit refuses.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from pokerkit import AntePosting, BlindOrStraddlePosting, State

from .hand_setups import random_setup
from .injections import pick_injection
from .pk_setup import HandSetup, build_state, pk_index, seat_name
from .pk_view import STREET_NAMES, PkView, apply_action, observe, waiting_for_bet_action

INJECTION_RATE = 0.04


@dataclass
class GeneratedHand:
    """One hand: its vector (rules_vectors.json format), its set-up and PokerKit's views."""

    hand_key: int
    setup: HandSetup
    vector: dict
    views: list[PkView] = field(default_factory=list)
    injected: list[str | None] = field(default_factory=list)


def _legal_action(rng: random.Random, view: PkView) -> dict:
    """A random action among those PokerKit allows."""
    roll = rng.random()
    fold_share = 0.2 if view.to_call > 0 else 0.02
    if roll < fold_share:
        return {"type": "fold"}
    if not view.can_raise or roll < fold_share + 0.5:
        return _call(view)
    assert view.min_to is not None and view.max_to is not None
    size = rng.random()
    if size < 0.35:
        to = view.min_to
    elif size < 0.6:
        to = view.max_to
    elif size < 0.75 and view.allin_to <= view.max_to:
        to = view.allin_to
    else:
        to = rng.randint(view.min_to, view.max_to)
    action: dict = {"type": "bet" if view.current_bet == 0 else "raise", "to": to}
    if to == view.allin_to:
        action["all_in"] = True
    return action


def _call(view: PkView) -> dict:
    if view.to_call == 0:
        return {"type": "check"}
    action: dict = {"type": "call", "to": view.committed + view.to_call}
    if view.to_call == view.stack:
        action["all_in"] = True
    return action


def _posts(state: State, setup: HandSetup) -> list[dict]:
    """The blinds, straddles and antes PokerKit posted, as vector posts (blinds first)."""
    blind_kinds = ("sb", "bb")
    blinds, antes = [], []
    for operation in state.operations:
        if isinstance(operation, BlindOrStraddlePosting):
            seat = pk_index(operation.player_index, setup.players)
            kind = blind_kinds[seat] if seat < 2 else "straddle"
            blinds.append((seat, {"player": seat_name(seat), "kind": kind}, operation.amount))
        elif isinstance(operation, AntePosting):
            seat = pk_index(operation.player_index, setup.players)
            antes.append((seat, {"player": seat_name(seat), "kind": "ante"}, operation.amount))
    return [{**post, "amount": amount} for _, post, amount in sorted(blinds) + sorted(antes)]


def _vector_header(hand_key: int, setup: HandSetup, state: State) -> dict:
    stakes: dict = {"sb": setup.sb, "bb": setup.bb}
    if setup.structure == "FL":
        stakes |= {"small_bet": setup.unit(0), "big_bet": setup.unit(2)}
    vector: dict = {
        "id": f"G{hand_key}",
        "structure": setup.structure,
        "stakes": stakes,
        "button": seat_name(0 if setup.players == 2 else setup.players - 1),
        "players": [{"id": seat_name(i), "stack": s} for i, s in enumerate(setup.stacks)],
        "posts": _posts(state, setup),
        "actions": [],
        "complete_hand": False,
        "pokerkit_fl_cap": setup.fl_cap,
    }
    if setup.ante_mode != "none":
        vector["ante_rule"] = {"mode": setup.ante_mode, "amount": setup.ante}
    return vector


def play_hand(rng: random.Random, hand_key: int, setup: HandSetup) -> GeneratedHand:
    """Play one hand through PokerKit with random (sometimes illegal) actions."""
    state = build_state(setup)
    hand = GeneratedHand(hand_key, setup, _vector_header(hand_key, setup, state))
    while waiting_for_bet_action(state):
        view = observe(state, setup)
        injection = pick_injection(rng, setup, view) if rng.random() < INJECTION_RATE else None
        name, action = injection if injection else (None, _legal_action(rng, view))
        action = {"street": STREET_NAMES[view.street], "player": seat_name(view.seat), **action}
        verdict = apply_action(state, setup, action, view)
        hand.vector["actions"].append(action)
        hand.views.append(verdict)
        hand.injected.append(name)
        if not verdict.accepted:
            break
    return hand


def generate_hands(seed: int, count: int, first_key: int = 0) -> Iterator[GeneratedHand]:
    """`count` hands from `seed` (deterministic); hand keys run from `first_key`."""
    rng = random.Random(seed)
    for offset in range(count):
        yield play_hand(rng, first_key + offset, random_setup(rng))
