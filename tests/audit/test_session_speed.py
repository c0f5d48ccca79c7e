"""The session step's speed shortcuts (docs/audit-speed.md, "Sessions") give exactly what the
plain forms give: the first blind post by arg_min of seq instead of a sort per hand, and the
next seat after the button from one sort of the whole frame instead of two sorts per hand.
Random frames with hands without blinds, two blinds of a kind, unknown buttons and seats
sitting out."""

from __future__ import annotations

import random

import polars as pl
import pytest

from audit.sessions.facts import hand_facts
from audit.sessions.pairs import button_moves
from audit.sessions.rotation import ring

KINDS = ["post_sb", "post_bb", "post_ante", "fold", "check", "call", "bet", "raise", "collect"]


def _actions(seed: int) -> pl.DataFrame:
    rng = random.Random(seed)
    rows = []
    for hand in range(300):
        seqs = list(range(rng.randint(1, 12)))
        rng.shuffle(seqs)  # rows out of seq order
        for seq in seqs:
            rows.append(
                {
                    "hand_key": hand,
                    "seq": seq,
                    "seat": rng.choice([None, *range(1, 10)]),
                    "street": rng.randint(0, 3),
                    "kind": rng.choice(KINDS),
                    "void": rng.random() < 0.1,
                }
            )
    return pl.DataFrame(rows, schema_overrides={"seat": pl.Int16})


def _plain_first(post: pl.Expr) -> pl.Expr:
    return pl.col("seat").filter(post).sort_by(pl.col("seq").filter(post)).first()


@pytest.mark.parametrize("seed", range(3))
def test_first_blind_by_arg_min_matches_the_sort(seed: int) -> None:
    actions = _actions(seed)
    fast = hand_facts(actions.lazy()).collect().sort("hand_key")
    kind = pl.col("kind")
    plain = (
        actions.group_by("hand_key")
        .agg(
            _plain_first(kind == "post_sb").alias("sb_seat"),
            _plain_first(kind == "post_bb").alias("bb_seat"),
        )
        .sort("hand_key")
    )
    assert fast.select("hand_key", "sb_seat", "bb_seat").equals(plain)
    assert plain["sb_seat"].null_count() > 0  # hands without a small blind are in the frame


def _pairs_and_seats(seed: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    rng = random.Random(seed)
    pairs, seats = [], []
    for hand in range(400):
        pairs.append(
            {
                "hand_key": hand,
                "prev_button_seat": rng.choice([None, *range(1, 10)]),
                "button_seat": rng.choice([None, *range(1, 10)]),
                "max_seats": rng.choice([None, 6, 9]),
            }
        )
        for seat in rng.sample(range(1, 10), rng.randint(1, 6)):
            seats.append({"hand_key": hand, "seat": seat, "sitting_out": rng.random() < 0.2})
    return pl.DataFrame(pairs), pl.DataFrame(seats, schema_overrides={"seat": pl.Int16})


def _plain_button_moves(pairs: pl.LazyFrame, seats: pl.LazyFrame) -> pl.LazyFrame:
    distance = (pl.col("seat").cast(pl.Int64) - pl.col("prev_button_seat") - 1) % pl.col("_ring")
    seated = pairs.join(seats, on="hand_key", how="inner")
    dealt = ~pl.col("sitting_out").fill_null(False)
    return (
        seated.with_columns(_ring=ring())
        .with_columns(_distance=distance)
        .group_by("hand_key")
        .agg(
            pl.col("button_seat").first(),
            pl.col("seat").sort_by("_distance").first().alias("_next_seated"),
            pl.col("seat")
            .filter(dealt)
            .sort_by(pl.col("_distance").filter(dealt))
            .first()
            .alias("_next_dealt"),
        )
        .select(
            "hand_key",
            button_advanced=(
                (pl.col("button_seat") == pl.col("_next_seated"))
                | (pl.col("button_seat") == pl.col("_next_dealt"))
            ).fill_null(False),
        )
    )


@pytest.mark.parametrize("seed", range(3))
def test_button_moves_from_one_sort_match_the_sorts_per_hand(seed: int) -> None:
    pairs, seats = _pairs_and_seats(seed)
    fast = button_moves(pairs.lazy(), seats.lazy()).collect().sort("hand_key")
    plain = _plain_button_moves(pairs.lazy(), seats.lazy()).collect().sort("hand_key")
    assert fast.equals(plain)
    assert 0 < plain["button_advanced"].sum() < plain.height
