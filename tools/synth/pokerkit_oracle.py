"""Replay NLHE cash hands through PokerKit 0.7.7's state machine: a third, outside oracle.

PokerKit checks every action as it applies it, one hand and one action at a time (the "state
machine" way of auditing; bench.run times it). It refuses illegal bets and raises, and a few
legal actions (RULES.md §8 K-1..K-12), none of which the generator's legal NLHE cash hands
without straddles or dead blinds contain. It ignores who acts and how much a call moves.
PokerKit is a dev dependency: it is imported only when a hand is replayed.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import polars as pl

AUTOMATIONS_NAMES = (
    "ANTE_POSTING",
    "BET_COLLECTION",
    "BLIND_OR_STRADDLE_POSTING",
    "CARD_BURNING",
    "HOLE_DEALING",
    "BOARD_DEALING",
    "HOLE_CARDS_SHOWING_OR_MUCKING",
    "HAND_KILLING",
    "CHIPS_PUSHING",
    "CHIPS_PULLING",
)
BETTING = ("fold", "check", "call", "bet", "raise")


def clockwise_from_button(seats: list[int], button: int) -> list[int]:
    """PokerKit's order: the seat after the button first, the button last (heads-up too)."""
    ordered = sorted(seats)
    after = [seat for seat in ordered if seat > button] + [
        seat for seat in ordered if seat <= button
    ]
    return after


def replay_hand(hand: dict[str, Any], seats: pl.DataFrame, actions: pl.DataFrame) -> bool:
    """True when PokerKit accepted every betting action of the hand."""
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    dealt = seats.filter(~pl.col("sitting_out"))
    order = clockwise_from_button(dealt["seat"].to_list(), hand["button_seat"])
    stack_of = dict(zip(dealt["seat"].to_list(), dealt["stack"].to_list(), strict=True))
    state = NoLimitTexasHoldem.create_state(
        tuple(getattr(Automation, name) for name in AUTOMATIONS_NAMES),
        True,
        0,
        (hand["small_blind"], hand["big_blind"]),
        hand["big_blind"],
        tuple(stack_of[seat] for seat in order),
        len(order),
        mode=Mode.CASH_GAME,
    )
    try:
        for kind, to_amount in actions.select("kind", "to_amount").iter_rows():
            if kind == "fold":
                state.fold()
            elif kind in ("check", "call"):
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(to_amount)
    except ValueError:
        return False
    return True


def plain_nlhe_cash(hands: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Hands PokerKit's NoLimitTexasHoldem can express: NL cash, no straddle, no dead blind."""
    dead = actions.filter(pl.col("kind").cast(pl.String) == "post_dead")["hand_key"]
    return hands.filter(
        (pl.col("structure") == "NL")
        & ~pl.col("is_tournament")
        & (pl.col("straddles") == 0)
        & ~pl.col("hand_key").is_in(dead.implode())
    )


def replay_tables(
    hands: pl.DataFrame, seats: pl.DataFrame, actions: pl.DataFrame
) -> dict[str, bool]:
    """hand_id -> accepted by PokerKit, for the plain NLHE cash hands among `hands`."""
    plain = plain_nlhe_cash(hands, actions)
    keys = plain["hand_key"].implode()
    seats_by_hand = seats.filter(pl.col("hand_key").is_in(keys)).partition_by(
        "hand_key", as_dict=True
    )
    betting = (
        actions.with_columns(pl.col("kind").cast(pl.String))
        .filter(pl.col("hand_key").is_in(keys) & pl.col("kind").is_in(BETTING))
        .sort("hand_key", "seq")
    )
    actions_by_hand = betting.partition_by("hand_key", as_dict=True)
    return {
        hand["hand_id"]: replay_hand(
            hand,
            seats_by_hand[(hand["hand_key"],)],
            actions_by_hand.get((hand["hand_key"],), betting.clear()),
        )
        for hand in plain.iter_rows(named=True)
    }


def replay_sample(paths: list[Path], limit: int) -> dict[str, Any]:
    """Replay the first `limit` plain NLHE cash hands of the first file (bench.run)."""
    from parsers import parse_file

    tables = parse_file(paths[0])
    plain = tables.hands.filter(
        (pl.col("structure") == "NL") & ~pl.col("is_tournament") & (pl.col("straddles") == 0)
    ).head(limit)
    keys = plain["hand_key"]
    seats = tables.seats.filter(pl.col("hand_key").is_in(keys.implode()))
    actions = (
        tables.actions.with_columns(pl.col("kind").cast(pl.String))
        .filter(pl.col("hand_key").is_in(keys.implode()) & pl.col("kind").is_in(BETTING))
        .sort("hand_key", "seq")
    )
    seats_by_hand = seats.partition_by("hand_key", as_dict=True)
    actions_by_hand = actions.partition_by("hand_key", as_dict=True)
    empty = actions.clear()
    accepted = 0
    if plain.height:  # warm-up: PokerKit builds lookup tables on first use
        first = next(plain.iter_rows(named=True))
        replay_hand(first, seats_by_hand[(first["hand_key"],)], actions.clear())
    started = time.perf_counter()
    for hand in plain.iter_rows(named=True):
        key = (hand["hand_key"],)
        hand_actions = actions_by_hand.get(key, empty)
        accepted += replay_hand(hand, seats_by_hand[key], hand_actions)
    seconds = time.perf_counter() - started
    return {"hands": plain.height, "accepted": accepted, "seconds": seconds}
