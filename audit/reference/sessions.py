"""What the facts the sessions step and the showdown read from the check mean: the plain forms
of audit/sessions/facts.py, consecutive.py, rotation.py, ends.py and the showdown's player money.

* A hand's small / big blind seat is the seat of its first such post by seq.
* The button advanced when this hand's button is the first seat clockwise after the previous
  hand's button that holds a player, or a player dealt in.
* Rotation (per hand after another of its table): the players dealt in (every seated player in
  a tournament) who were not in the same seat in the previous hand are arrivals; the dead big
  blind is the first such seat after the previous big blind, the moving big blind the third
  after the previous button (or the last of fewer); no seat comes after an unknown one.
* Each seat's end stack joins its seat row (the first end stack of its hand and seat).
* A player's money (the showdown) and a hand's facts (the sessions step) are grouped from the
  audited actions; the check reads both off the betting state's per-seat group-by (flows).
"""

from __future__ import annotations

import polars as pl

from audit.reference.pair import Pair
from audit.sessions import consecutive, ends, facts, rotation
from audit.showdown import pots


def blind_seats(actions: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, sb_seat, bb_seat) of every hand of the actions."""

    def first(kind: str) -> pl.Expr:
        post = pl.col("kind") == kind
        return pl.col("seat").filter(post).sort_by(pl.col("seq").filter(post)).first()

    return actions.group_by("hand_key").agg(sb_seat=first("post_sb"), bb_seat=first("post_bb"))


def _blinds_fast(actions: pl.DataFrame) -> pl.DataFrame:
    found = facts.session_facts(actions.lazy()).collect()
    return found.select("hand_key", "sb_seat", "bb_seat")


def button_moves(pairs: pl.LazyFrame, seats: pl.LazyFrame) -> pl.DataFrame:
    """(hand_key, button_advanced) of each pair (hand_key, prev_button_seat, button_seat,
    max_seats) with the hand's seats (hand_key, seat, sitting_out)."""
    distance = (pl.col("seat").cast(pl.Int64) - pl.col("prev_button_seat") - 1) % pl.col("_ring")
    dealt = ~pl.col("sitting_out").fill_null(False)
    return (
        pairs.join(seats, on="hand_key", how="inner")
        .with_columns(_ring=rotation.ring())
        .with_columns(_distance=distance)
        .group_by("hand_key")
        .agg(
            pl.col("button_seat").first(),
            pl.col("seat").sort_by("_distance").first().alias("_next_seated"),
            pl.col("seat").filter(dealt).sort_by(pl.col("_distance").filter(dealt)).first()
            .alias("_next_dealt"),
        )
        .select(
            "hand_key",
            button_advanced=(
                (pl.col("button_seat") == pl.col("_next_seated"))
                | (pl.col("button_seat") == pl.col("_next_dealt"))
            ).fill_null(False),
        )
        .collect()
    )  # fmt: skip


def _button_fast(pairs_: pl.LazyFrame, seats: pl.LazyFrame) -> pl.DataFrame:
    return consecutive.button_moves(pairs_, seats).collect()


def rotation_facts(pairs: pl.LazyFrame, seats: pl.LazyFrame) -> pl.DataFrame:
    """Per hand: prev_hand_key, _arrivals, _dealt, _dead_bb, _moving_bb, _button_dealt (the
    button's seat holds a player dealt in), _dealt_before and _departures (the module
    docstring) of the pairs (hand_key, prev_hand_key, is_tournament, prev_bb_seat,
    prev_button_seat, button_seat, max_seats) and the seats (hand_key, seat, player,
    sitting_out)."""
    tournament = pl.concat(
        [
            pairs.select("hand_key", _t=pl.col("is_tournament")),
            pairs.select(pl.col("prev_hand_key").alias("hand_key"), _t=pl.col("is_tournament")),
        ]
    ).unique("hand_key")
    dealt = (
        seats.join(tournament, on="hand_key")
        .filter(pl.col("_t") | ~pl.col("sitting_out"))
        .select("hand_key", "seat", "player")
    )
    facts_ = ("prev_hand_key", "prev_bb_seat", "prev_button_seat", "button_seat", "max_seats")
    now = pairs.select("hand_key", *facts_).join(dealt, on="hand_key")
    before = dealt.rename({"hand_key": "prev_hand_key"}).with_columns(_was=pl.lit(True))
    now = now.join(before, on=["prev_hand_key", "seat", "player"], how="left")
    ring = pl.col("_ring")
    after_bb = (pl.col("seat").cast(pl.Int64) - pl.col("prev_bb_seat") - 1) % ring
    after_button = (pl.col("seat").cast(pl.Int64) - pl.col("prev_button_seat") - 1) % ring
    known_bb = pl.col("prev_bb_seat").first().is_not_null()
    known_button = pl.col("prev_button_seat").first().is_not_null()
    n = pl.len()
    counts = before.group_by("prev_hand_key").agg(pl.len().alias("_dealt_before"))
    return (
        now.with_columns(_ring=rotation.ring())
        .group_by("hand_key")
        .agg(
            pl.col("prev_hand_key").first(),
            pl.col("_was").is_null().sum().alias("_arrivals"),
            n.alias("_dealt"),
            pl.when(known_bb).then(pl.col("seat").sort_by(after_bb).first()).alias("_dead_bb"),
            pl.when(known_button)
            .then(pl.col("seat").sort_by(after_button).get(pl.min_horizontal(n, 3) - 1))
            .alias("_moving_bb"),
            (pl.col("seat") == pl.col("button_seat")).any().alias("_button_dealt"),
        )
        .join(counts, on="prev_hand_key", how="left")
        .with_columns(
            _departures=pl.col("_dealt_before") - (pl.col("_dealt") - pl.col("_arrivals"))
        )
        .collect()
    )


def _rotation_fast(pairs_: pl.LazyFrame, seats: pl.LazyFrame) -> pl.DataFrame:
    return rotation._expected(pairs_, seats).collect()


def with_end_stacks(seats: pl.DataFrame, stacks: pl.DataFrame) -> pl.DataFrame:
    """The seats with each (hand, seat)'s first end stack."""
    first = stacks.unique(["hand_key", "seat"], keep="first")
    return seats.join(first, on=["hand_key", "seat"], how="left", maintain_order="left")


def _money_fast(flows: pl.DataFrame, actions: pl.DataFrame, audited: pl.DataFrame) -> pl.DataFrame:
    return pots.money_from_flows(flows)


def _money_plain(flows: pl.DataFrame, actions: pl.DataFrame, audited: pl.DataFrame) -> pl.DataFrame:
    return pots.player_money(actions)


def _facts_fast(flows: pl.DataFrame, actions: pl.DataFrame, audited: pl.DataFrame) -> pl.DataFrame:
    return facts.facts_from_flows(flows)


def _facts_plain(flows: pl.DataFrame, actions: pl.DataFrame, audited: pl.DataFrame) -> pl.DataFrame:
    return facts.session_facts(audited.lazy()).collect()


PAIRS = [
    Pair("facts.session_facts", "a hand's blind seats", _blinds_fast, blind_seats,
         "session_actions", unordered=True),
    Pair("consecutive.button_moves", "button_advanced", _button_fast, button_moves, "button_pairs",
         unordered=True),
    Pair("rotation._expected", "the rotation's per-hand facts", _rotation_fast, rotation_facts,
         "rotation_pairs", unordered=True),
    Pair("ends.with_end_stacks", "the seats' end stacks", ends.with_end_stacks, with_end_stacks,
         "end_stacks"),
    Pair("pots.money_from_flows", "each player's money at the showdown", _money_fast,
         _money_plain, "flows", unordered=True),
    Pair("facts.facts_from_flows", "each hand's facts for the sessions step", _facts_fast,
         _facts_plain, "flows", unordered=True),
]  # fmt: skip
