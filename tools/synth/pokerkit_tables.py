"""Replay a written stud or draw hand in a fresh PokerKit 0.7.7 state: the outside check that
every action line is one PokerKit accepts, by the player PokerKit names, for the amount it
names (calls, bring-ins), and every draw line the number of cards PokerKit's player threw.

The hand's rows (HandRecord.actions: what the parser reads back, tests/test_synth_roundtrip.py)
give the actions; HandRecord.deals the cards, hidden ones too. A clean hand replays to the end;
an injected one is refused at its violation (or, for DRAW-COUNT, its count differs).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tools.synth.pk_state import allow_big_bet_on_fourth, create_state, player_order
from tools.synth.record import HandRecord
from tools.synth.variants import variant_of

PLAYED = ("bring_in", "complete", "bet", "raise", "call", "check", "fold", "discard", "stand_pat")


class Refused(Exception):
    """PokerKit did not accept the hand as written."""


def replay(hand: HandRecord, reached: list[int] | None = None) -> None:
    """Raise Refused (or PokerKit's ValueError) unless PokerKit plays the hand as written;
    `reached` gets the seq of each action row as it is replayed (the last one is where a
    refusal happened)."""
    reached = [] if reached is None else reached
    variant = variant_of(hand.spec)
    assert variant is not None, "a board game's hand: see pokerkit_oracle.py"
    dealt = [(seat, name, stack) for seat, name, stack, out in hand.seats if not out]
    order = player_order([seat for seat, _, _ in dealt], hand.button_seat)
    index_of = {name: order.index(seat) for seat, name, _ in dealt}
    stack_of = {seat: stack for seat, _, stack in dealt}
    state = create_state(variant, hand.spec, [stack_of[seat] for seat in order])
    if hand.big_bet_fourth:
        assert hand.spec.big_bet is not None
        allow_big_bet_on_fourth(state, hand.spec.big_bet)
    deals = iter(hand.deals)
    rows = iter((seq, row) for seq, row in enumerate(hand.actions) if row[3] in PLAYED)
    while state.status:
        if state.can_deal_hole():
            kind, index, cards = next(deals)
            if kind != "hole":
                raise Refused(f"a deal expected, the script has {kind}")
            state.deal_hole("".join(cards), index)
        elif state.stand_patter_or_discarder_index is not None:
            seq, row = _next(rows, hand)
            reached.append(seq)
            _draw(state, next(deals), row, index_of, hand.n_cards.get(seq))
        elif state.actor_index is not None:
            seq, row = _next(rows, hand)
            reached.append(seq)
            if index_of[row[1]] != state.actor_index:
                raise Refused(f"seq {seq}: {row[1]} acts, PokerKit names another")
            _act(state, row)
        else:
            break
    left = list(rows)
    if left:
        raise Refused(f"PokerKit ended the hand before {len(left)} action(s)")


def _next(rows: Iterator[Any], hand: HandRecord) -> Any:
    row = next(rows, None)
    if row is None:
        raise Refused(f"hand {hand.hand_id}: PokerKit waits for an action the log does not have")
    return row


def _draw(
    state: Any,
    deal: tuple[str, int, tuple[str, ...]],
    row: Any,
    index_of: dict,
    n_cards: int | None,
) -> None:
    kind, index, thrown = deal
    if kind != "draw" or index != state.stand_patter_or_discarder_index:
        raise Refused("the draw order differs")
    if index_of[row[1]] != index or row[3] not in ("discard", "stand_pat"):
        raise Refused(f"{row[1]}'s line is not the draw PokerKit expects")
    if n_cards != len(thrown):
        raise Refused(f"{row[1]} discards {n_cards} cards in the log, {len(thrown)} in PokerKit")
    state.stand_pat_or_discard("".join(thrown))


def _act(state: Any, row: Any) -> None:
    kind, amount, to_amount = row[3], row[4], row[5]
    if kind == "bring_in":
        if amount != state.effective_bring_in_amount:
            raise Refused(f"bring-in {amount}, PokerKit's is {state.effective_bring_in_amount}")
        state.post_bring_in()
    elif kind in ("complete", "bet", "raise"):
        state.complete_bet_or_raise_to(to_amount)
    elif kind in ("call", "check"):
        if (amount or 0) != state.checking_or_calling_amount:
            raise Refused(f"{kind} {amount}, PokerKit's is {state.checking_or_calling_amount}")
        state.check_or_call()
    elif kind == "fold":
        state.fold()
    else:
        raise Refused(f"{kind} where PokerKit expects a betting action")


def replay_verdict(hand: HandRecord) -> str | None:
    """None when PokerKit accepts the hand as written, else why not."""
    try:
        replay(hand)
    except (Refused, ValueError, StopIteration) as why:
        return str(why) or type(why).__name__
    return None


def refused_at(hand: HandRecord) -> int | None:
    """The seq of the action PokerKit refuses first, None when it accepts the hand."""
    reached: list[int] = []
    try:
        replay(hand, reached)
    except (Refused, ValueError, StopIteration):
        return reached[-1] if reached else -1
    return None
