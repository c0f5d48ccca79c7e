"""The session step's speed shortcuts (docs/audit-speed.md, "Sessions") give exactly what the
plain forms give: the first blind post by arg_min of seq instead of a sort per hand, and the
next seat after the button from one sort of the whole frame instead of two sorts per hand.
Random frames with hands without blinds, two blinds of a kind, unknown buttons and seats
sitting out."""

from __future__ import annotations

import itertools
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


def _rotation_pairs(seed: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Pairs (hand, previous hand) of a few tables and both hands' seats: players who stay,
    move seat, leave, arrive or sit out; unknown blinds and buttons."""
    rng = random.Random(seed)
    buttons = random.Random(seed + 1000)  # a stream of its own: the other draws stay the same
    pairs, seats = [], []
    names = [f"p{n}" for n in range(12)]
    for table in range(60):
        tournament = rng.random() < 0.4
        hands = [table * 100 + n for n in range(6)]
        for hand in hands:
            for seat in rng.sample(range(1, 10), rng.randint(2, 6)):
                seats.append(
                    {
                        "hand_key": hand,
                        "seat": seat,
                        "player": rng.choice([None, *names[seat - 1 : seat + 2]]),
                        "sitting_out": rng.random() < 0.2,
                    }
                )
        for previous, hand in itertools.pairwise(hands):
            pairs.append(
                {
                    "hand_key": hand,
                    "prev_hand_key": previous,
                    "is_tournament": tournament,
                    "prev_bb_seat": rng.choice([None, *range(1, 10)]),
                    "prev_button_seat": rng.choice([None, *range(1, 10)]),
                    "button_seat": buttons.choice([None, *range(1, 10)]),
                    "max_seats": rng.choice([None, 6, 9]),
                }
            )
    frame = pl.DataFrame(pairs, schema_overrides={name: pl.Int16 for name in
                         ("prev_bb_seat", "prev_button_seat", "button_seat",
                          "max_seats")})  # fmt: skip
    return frame, pl.DataFrame(seats, schema_overrides={"seat": pl.Int16})


def _plain_expected(pairs: pl.LazyFrame, seats: pl.LazyFrame) -> pl.LazyFrame:
    """The rotation's per-hand facts by a join on (hand, seat, player) and a sort per hand."""
    flags = pl.concat(
        [
            pairs.select("hand_key", _t=pl.col("is_tournament")),
            pairs.select(pl.col("prev_hand_key").alias("hand_key"), _t=pl.col("is_tournament")),
        ]
    ).unique("hand_key")
    dealt = (
        seats.join(flags, on="hand_key")
        .filter(pl.col("_t") | ~pl.col("sitting_out"))
        .select("hand_key", "seat", "player")
    )
    now = pairs.select(
        "hand_key", "prev_hand_key", "prev_bb_seat", "prev_button_seat", "button_seat", "max_seats"
    ).join(dealt, on="hand_key")
    before = dealt.rename({"hand_key": "prev_hand_key"}).with_columns(_was=pl.lit(True))
    now = now.join(before, on=["prev_hand_key", "seat", "player"], how="left")
    after_bb = (pl.col("seat").cast(pl.Int64) - pl.col("prev_bb_seat") - 1) % pl.col("_ring")
    after_button = (pl.col("seat").cast(pl.Int64) - pl.col("prev_button_seat") - 1) % pl.col(
        "_ring"
    )
    n = pl.len()
    counts = before.group_by("prev_hand_key").agg(pl.len().alias("_dealt_before"))
    return (
        now.with_columns(_ring=ring())
        .group_by("hand_key")
        .agg(
            pl.col("prev_hand_key").first(),
            pl.col("_was").is_null().sum().alias("_arrivals"),
            n.alias("_dealt"),
            pl.col("seat").sort_by(after_bb).first().alias("_dead_bb"),
            pl.col("seat")
            .sort_by(after_button)
            .get(pl.min_horizontal(n, 3) - 1)
            .alias("_moving_bb"),
            (pl.col("seat") == pl.col("button_seat")).any().alias("_button_dealt"),
        )
        .join(counts, on="prev_hand_key", how="left")
        .with_columns(
            _departures=pl.col("_dealt_before") - (pl.col("_dealt") - pl.col("_arrivals"))
        )
    )


@pytest.mark.parametrize("seed", range(3))
def test_rotation_facts_from_one_sort_match_the_plain_joins(seed: int) -> None:
    from audit.sessions.rotation import _expected

    pairs, seats = _rotation_pairs(seed)
    fast = _expected(pairs.lazy(), seats.lazy()).collect().sort("hand_key")
    plain = _plain_expected(pairs.lazy(), seats.lazy()).collect().sort("hand_key")
    seats_after = ["_dead_bb", "_moving_bb"]
    assert fast.drop(seats_after).equals(plain.drop(seats_after))
    for seat, after in zip(seats_after, ["prev_bb_seat", "prev_button_seat"], strict=True):
        # the plain sort picks an arbitrary seat after an unknown one; the fast form none
        known = pairs.filter(pl.col(after).is_not_null()).select("hand_key")
        assert fast.join(known, on="hand_key")[seat].equals(plain.join(known, on="hand_key")[seat])
        unknown = pairs.filter(pl.col(after).is_null()).select("hand_key")
        assert fast.join(unknown, on="hand_key")[seat].null_count() == unknown.height > 0
    assert 0 < plain["_arrivals"].sum() < plain["_dealt"].sum()
