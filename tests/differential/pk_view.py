"""What PokerKit 0.7.7 says before an action, and playing a vector action on a PokerKit state.

A vector action is `{street, player, type, to?, all_in?}` (rules_vectors.json). PokerKit has three
operations: fold, check_or_call (always the exact call, all-in when short) and
complete_bet_or_raise_to(t). A recorded check facing a bet, or a call for a different amount than
PokerKit's call, has no PokerKit operation: PokerKit refuses it.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass

from pokerkit import State

from .pk_setup import HandSetup, pk_index, seat_name

STREET_NAMES: tuple[str, ...] = ("preflop", "flop", "turn", "river")


@dataclass(frozen=True)
class PkView:
    """PokerKit's answers for the player to act, before the action, plus its verdict on it.

    `to_call`, `min_to`, `max_to`, `can_raise` are the §8 queries; `min_to`/`max_to` are None when
    PokerKit allows no bet or raise. The remaining fields are the state the K classifiers read.
    """

    street: int
    seat: int  # vector seat of the player to act
    to_call: int  # checking_or_calling_amount = min(CB - c, s)
    min_to: int | None
    max_to: int | None
    can_raise: bool
    committed: int  # c[p]
    stack: int  # s[p]
    current_bet: int  # max(bets): PokerKit's CB
    last_increment: int  # completion_betting_or_raising_amount: PokerKit's F, from 0
    raise_count: int  # completion_betting_or_raising_count
    acted: bool  # actor in acted_player_indices
    short_allin_sum: int  # sum(consecutive_short_all_in_amounts)
    opponent_above_cb: bool  # another non-folded player has chips above CB
    refusal: str | None  # why PokerKit refuses any bet/raise (None when it allows one)
    live_seats: tuple[int, ...] = ()  # vector seats still in the hand with chips behind
    folded_seats: tuple[int, ...] = ()
    accepted: bool | None = None  # PokerKit's verdict on the recorded action
    reason: str | None = None  # PokerKit's message when it refused
    same_actor: bool = True  # the recorded player and street are PokerKit's actor and street

    @property
    def allin_to(self) -> int:
        return self.committed + self.stack


def _raise_refusal(state: State) -> str | None:
    try:
        state.verify_completion_betting_or_raising_to()
    except ValueError as error:
        return str(error)
    return None


def observe(state: State, setup: HandSetup) -> PkView:
    """PokerKit's view for the player to act (the state must be waiting for a betting action)."""
    actor = state.actor_index
    assert actor is not None and state.street_index is not None
    bets = state.bets
    current_bet = max(bets)
    opponent_above_cb = any(
        i != actor and state.statuses[i] and state.stacks[i] + bets[i] > current_bet
        for i in state.player_indices
    )
    to_call = state.checking_or_calling_amount
    assert to_call is not None
    refusal = _raise_refusal(state)
    # can_complete_bet_or_raise_to() is exactly "verify raises no error", and the min/max
    # queries answer None exactly when it does: one verification serves all three.
    can_raise = refusal is None
    return PkView(
        street=state.street_index,
        seat=pk_index(actor, setup.players),
        to_call=to_call,
        min_to=state.min_completion_betting_or_raising_to_amount if can_raise else None,
        max_to=state.max_completion_betting_or_raising_to_amount if can_raise else None,
        can_raise=can_raise,
        committed=bets[actor],
        stack=state.stacks[actor],
        current_bet=current_bet,
        last_increment=state.completion_betting_or_raising_amount,
        raise_count=state.completion_betting_or_raising_count,
        acted=actor in state.acted_player_indices,
        short_allin_sum=sum(state.consecutive_short_all_in_amounts),
        opponent_above_cb=opponent_above_cb,
        refusal=refusal,
        live_seats=_seats(state, setup, lambda i: state.statuses[i] and state.stacks[i] > 0),
        folded_seats=_seats(state, setup, lambda i: not state.statuses[i]),
    )


def _seats(state: State, setup: HandSetup, keep: Callable[[int], bool]) -> tuple[int, ...]:
    return tuple(sorted(pk_index(i, setup.players) for i in state.player_indices if keep(i)))


def _refused(view: PkView, reason: str, same_actor: bool = True) -> PkView:
    return PkView(
        **{**view.__dict__, "accepted": False, "reason": reason, "same_actor": same_actor}
    )


def _accepted(view: PkView) -> PkView:
    return PkView(**{**view.__dict__, "accepted": True})


def apply_action(
    state: State, setup: HandSetup, action: dict, view: PkView | None = None
) -> PkView:
    """Try `action` on `state`; returns PokerKit's view before it (`view` when already
    observed) with its verdict. The state advances only when PokerKit accepts the action.
    """
    view = view or observe(state, setup)
    if action["player"] != seat_name(view.seat):
        return _refused(view, f"out of turn: PokerKit expects {seat_name(view.seat)}", False)
    if STREET_NAMES[view.street] != action["street"]:
        return _refused(view, f"PokerKit is on the {STREET_NAMES[view.street]}", False)
    kind = action["type"]
    try:
        if kind == "fold":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # cash game: folding with nothing to call warns
                state.fold()
        elif kind in ("check", "call"):
            reason = _call_mismatch(view, kind, action.get("to"))
            if reason:
                return _refused(view, reason)
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(action["to"])
    except ValueError as error:
        return _refused(view, str(error))
    return _accepted(view)


def _call_mismatch(view: PkView, kind: str, to: int | None) -> str | None:
    """Why a recorded check/call is not PokerKit's check_or_call (None when it is)."""
    if kind == "check" and view.to_call > 0:
        return f"check while PokerKit's call is {view.to_call}"
    if kind == "call" and to is not None and to != view.committed + view.to_call:
        return f"call to {to} while PokerKit's call is to {view.committed + view.to_call}"
    return None


def waiting_for_bet_action(state: State) -> bool:
    return state.status and state.actor_index is not None
