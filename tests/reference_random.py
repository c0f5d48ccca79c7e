"""Random frames with the awkward cases (nulls, ties, extreme keys, seats out of range, rows
out of order) for tests/audit/test_reference.py (tests/reference_inputs.py)."""

from __future__ import annotations

import itertools
import random

import polars as pl


def _rng(seed: int) -> random.Random:
    return random.Random(seed)


def random_grouped(seed: int) -> pl.DataFrame:
    """Groups of 1..7 rows (gid), nullable values x (Int16) and flags, non-negative v."""
    rng = _rng(seed)
    sizes = [rng.choice([1, 1, 2, 3, 7]) for _ in range(400)]
    gid = [g for g, size in enumerate(sizes) for _ in range(size)]
    return pl.DataFrame(
        {
            "gid": gid,
            "x": [rng.choice([None, None, None, 0, 1, 2, 5]) for _ in gid],
            "flag": [rng.choice([True, False, False, None]) for _ in gid],
            "v": [rng.choice([0, 3, 50, 1 << 30]) for _ in gid],
        },
        schema={"gid": pl.Int64, "x": pl.Int16, "flag": pl.Boolean, "v": pl.Int64},
    )


def random_street_orders(seed: int) -> pl.DataFrame:
    rng = _rng(seed)
    rows = []
    for hand in range(60):
        for seq in rng.sample(range(40), 12):  # distinct orders within a hand
            street = rng.choice([None, 0, 1, 2, 3, 4])
            order = rng.choice([None, seq * 2, -seq * 2 - 1])
            rows.append((1_000 + hand * 7, street, order))
    frame = pl.DataFrame(
        rows, schema={"hand_key": pl.Int64, "street": pl.Int8, "order": pl.Int64}, orient="row"
    )
    frame = frame.unique(maintain_order=True).sort("hand_key", maintain_order=True)
    return frame.with_columns(_hand_number=pl.col("hand_key").rank("dense").cast(pl.Int64) - 1)


def random_action_orders(seed: int) -> pl.DataFrame:
    """(hand_key, seq) rows out of order, no two alike."""
    rng = _rng(seed)
    rows = [(rng.randrange(40), seq) for seq in rng.sample(range(5000), 2000)]
    return pl.DataFrame(rows, schema={"hand_key": pl.Int64, "seq": pl.Int32}, orient="row")


def random_players(seed: int, hand_offset: int, extra: str) -> pl.DataFrame:
    """(hand_key, seat, `extra`) unique per key: null seats, seats out of range."""
    rng = _rng(seed)
    rows = [
        (hand_offset + rng.randrange(60), rng.choice([None, -1, *range(1, 10)]), rng.randrange(99))
        for _ in range(300)
    ]
    frame = pl.DataFrame(
        rows, schema={"hand_key": pl.Int64, "seat": pl.Int16, extra: pl.Int64}, orient="row"
    )
    return frame.unique(["hand_key", "seat"], keep="first", maintain_order=True)


def random_actions_and_stacks(seed: int, hand_offset: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Action rows and seat rows with null seats, null hand keys and seats outside the list."""
    rng = _rng(seed)
    hands = [hand_offset + h for h in range(-20, 20)]
    seats = pl.DataFrame(
        {
            "hand_key": [h for h in hands for _ in range(4)] + [None, hands[0]],
            "seat": [s for _ in hands for s in rng.sample(range(-3, 12), 4)] + [1, None],
            "stack": [rng.randrange(1, 1000) for _ in range(len(hands) * 4 + 2)],
        },
        schema={"hand_key": pl.Int64, "seat": pl.Int16, "stack": pl.Int64},
    )
    frame = pl.DataFrame(
        {
            "hand_key": [rng.choice([None, *hands]) for _ in range(1000)],
            "seat": [rng.choice([None, *range(-3, 12)]) for _ in range(1000)],
            "seq": list(range(1000)),
        },
        schema={"hand_key": pl.Int64, "seat": pl.Int16, "seq": pl.Int32},
    )
    return frame, seats


def random_commitments(seed: int, null_share: float, scale: int = 1) -> pl.DataFrame:
    """Final commitments (hand_key, street_number, seat, committed) of 300 streets, times
    `scale`."""
    rng = _rng(seed)
    rows = []
    for street in range(300):
        for seat in rng.sample(range(1, 10), rng.randint(1, 5)):
            committed = rng.choice([0, 100, 200, 200, 300, rng.randint(0, 900)]) * scale
            rows.append(
                (street // 4, street, seat, None if rng.random() < null_share else committed)
            )
    schema = {
        "hand_key": pl.Int64,
        "street_number": pl.Int64,
        "seat": pl.Int16,
        "committed": pl.Int64,
    }
    return pl.DataFrame(rows, schema=schema, orient="row")


SEATS = list(range(1, 10))


def random_seat_states(seed: int, rows: int = 4000) -> pl.DataFrame:
    """Per-seat states before a row (live, committed, behind) and the current bet."""
    rng = _rng(seed)
    data: dict[str, list[object]] = {}
    for s in SEATS:
        data[f"_live_{s}"] = [rng.random() < 0.4 for _ in range(rows)]
        data[f"_committed_{s}"] = [rng.choice([0, 0, 50, 100, 200, None]) for _ in range(rows)]
        data[f"_behind_{s}"] = [rng.choice([0, 0, 50, 100, 300, 5000, None]) for _ in range(rows)]
    data["current_bet"] = [rng.choice([0, 100, 150, 200, 300, None]) for _ in range(rows)]
    schema = {k: pl.Boolean if k.startswith("_live") else pl.Int64 for k in data}
    return pl.DataFrame(data, schema=schema)


def random_owing(seed: int, seats: list[int]) -> pl.DataFrame:
    rng = _rng(seed)
    data: dict[str, list[object]] = {
        f"_owes_{s}": [rng.choice([True, False, False, None]) for _ in range(2000)] for s in seats
    }
    data["previous_actor"] = [rng.choice([None, *range(-3, 14)]) for _ in range(2000)]
    data["nobody_owes"] = [rng.random() < 0.2 for _ in range(2000)]
    schema = {"previous_actor": pl.Int16} | {k: pl.Boolean for k in data if k != "previous_actor"}
    return pl.DataFrame(data, schema=schema)


def random_amounts(seed: int, dtype: pl.DataType, scale_dtype: pl.DataType) -> pl.DataFrame:
    rng = _rng(seed)
    edges = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, 10_001, (1 << 40) - 1, -(1 << 39)]
    drawn = [rng.randint(-(1 << 40), 1 << 40) for _ in range(200)]
    small = [rng.randint(-20_000, 20_000) for _ in range(200)]
    scales = [None, -10, 0, 1, 2, 7, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 25]
    rows = [(a, s) for a in [*edges, *drawn, *small, None] for s in scales]
    frame = pl.DataFrame(rows, schema={"amount": pl.Int64, "scale": pl.Int64}, orient="row")
    return frame.with_columns(
        pl.col("amount").cast(dtype, strict=False), pl.col("scale").cast(scale_dtype, strict=False)
    )


KINDS = ["post_sb", "post_bb", "post_ante", "fold", "check", "call", "bet", "raise", "collect"]


def random_session_actions(seed: int) -> pl.DataFrame:
    """Hands without blinds, with two blinds of a kind, rows out of seq order."""
    rng = _rng(seed)
    rows = []
    for hand in range(300):
        seqs = list(range(rng.randint(1, 12)))
        rng.shuffle(seqs)
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


def random_button_pairs(seed: int) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    """Pairs with unknown buttons and seats sitting out."""
    rng = _rng(seed)
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
    seat_frame = pl.DataFrame(seats, schema_overrides={"seat": pl.Int16})
    return pl.DataFrame(pairs).lazy(), seat_frame.lazy()


def random_rotation_pairs(seed: int) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    """Pairs (hand, previous hand) of a few tables and both hands' seats: players who stay,
    move seat, leave, arrive or sit out; unknown blinds and buttons."""
    rng = _rng(seed)
    buttons = random.Random(seed + 1000)  # a stream of its own: the other draws stay the same
    pairs, seats = [], []
    names = [f"p{n}" for n in range(12)]
    for table in range(60):
        tournament = rng.random() < 0.4
        hands = [table * 100 + n for n in range(6)]
        for hand in hands:
            for seat in rng.sample(range(1, 10), rng.randint(2, 6)):
                player = rng.choice([None, *names[seat - 1 : seat + 2]])
                seats.append(
                    {"hand_key": hand, "seat": seat, "player": player,
                     "sitting_out": rng.random() < 0.2}
                )  # fmt: skip
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
    small = {n: pl.Int16 for n in ("prev_bb_seat", "prev_button_seat", "button_seat", "max_seats")}
    frame = pl.DataFrame(pairs, schema_overrides=small)
    return frame.lazy(), pl.DataFrame(seats, schema_overrides={"seat": pl.Int16}).lazy()
