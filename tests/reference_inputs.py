"""The inputs tests/audit/test_reference.py compares each fast form with its plain form on:
a Pair's `takes` (audit/reference) names one kind of INPUTS, made from random frames
(tests/reference_random.py) and from the batches of hands (tests/reference_batches.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import polars as pl
from reference_batches import BATCHES, OPTION_SETS, audited, batch, every_rule, frames
from reference_random import (
    SEATS,
    random_action_orders,
    random_actions_and_stacks,
    random_amounts,
    random_button_pairs,
    random_commitments,
    random_grouped,
    random_owing,
    random_players,
    random_rotation_pairs,
    random_seat_states,
    random_session_actions,
    random_street_orders,
)

from audit import check
from audit.rules import RULES
from audit.state.passes import active
from audit.state.prepare import MAX_FOLDED_HAND_KEY
from audit.state.windows import VALUE_BITS

Inputs = list[tuple[Any, ...]]


def _states(source: str) -> Inputs:
    """The state under each option set; for "samples" also the no-limit files alone (the
    fixed-limit windows' constants)."""
    found = [source, "no-limit samples"] if source == "samples" else [source]
    return [
        (frames(name, options).state, batch(name).hands, batch(name).seats)
        for name in found
        for options in OPTION_SETS
    ]


def _grouped(source: str) -> Inputs:
    if source == "random":
        return [(random_grouped(seed),) for seed in range(4)]
    state = frames(source).state
    values = {
        "x": pl.when(pl.col("is_wager")).then(pl.col("to_amount")),
        "flag": pl.when(~pl.col("is_sentinel")).then(pl.col("is_fold")),
        "v": pl.col("chips"),
    }
    return [(state.select(gid=pl.col(gid), **values),) for gid in ("hand_number", "street_number")]


def _street_orders(source: str) -> Inputs:
    if source == "random":
        return [(random_street_orders(seed),) for seed in range(3)]
    state = frames(source).state.select("hand_key", "street", "order", _hand_number="hand_number")
    return [(state.sample(fraction=1.0, shuffle=True, seed=3),)]


def _player_tables(source: str) -> Inputs:
    if source == "random":
        offsets = [0, -(1 << 40), MAX_FOLDED_HAND_KEY - 30, -(1 << 62)]
        found: Inputs = []
        for seed in range(3):
            for offset in offsets:
                found.append(random_actions_and_stacks(seed, offset))
                found.append(
                    (random_players(seed, offset, "a"), random_players(seed + 9, offset, "b"))
                )
        return found
    state, b = frames(source).state, batch(source)
    rows = state.select("hand_key", "seat", "seq")
    return [(rows, b.seats.select("hand_key", "seat", "stack"))]


def _hand_parts(source: str) -> Inputs:
    if source == "random":
        frame = pl.DataFrame({"hand_key": [1, 2, 3], "x": [10, 20, 30]})
        part = pl.DataFrame(
            {"hand_key": [3, 1], "text": ["c", None], "n": [7, 8]},
            schema={"hand_key": pl.Int64, "text": pl.String, "n": pl.Int32},
        )
        return [(frame, part.head(rows)) for rows in (0, 2)]
    per_hand = frames(source).per_hand
    part = per_hand.filter(pl.col("return_detail").is_not_null()).select(
        "hand_key", "return_detail"
    )
    return [(batch(source).hands.select("hand_key", "site"), part)]


def _action_orders(source: str) -> Inputs:
    if source == "random":
        frame = random_action_orders(5)
        return [(frame,), (frame.sort("hand_key", "seq"),)]
    actions = audited(source).actions
    return [(actions,), (actions.sample(fraction=1.0, shuffle=True, seed=4),)]


def _write_backs(source: str) -> Inputs:
    if source == "random":
        full = pl.DataFrame(
            {"row": [0, 1, 2, 3], "void": [False] * 4, "x": [1, 2, 3, 4], "k": [9] * 4}
        )
        part = pl.DataFrame({"row": [1, 3], "void": [True, False], "x": [20, 40], "k": [9, 9]})
        inputs = ["row", "void", "k"]
        return [
            (full, part, inputs),
            (full, part.with_columns(pl.col("x").cast(pl.Float64)), inputs),
        ]
    full = frames(source).state.select("row", "hand_key", "void", "current_bet", "to_call")
    some = pl.col("hand_key").hash(7) % 5 == 0
    part = full.filter(some).with_columns(void=~pl.col("void"), to_call=pl.col("to_call") + 1)
    return [(full, part, ["row", "hand_key", "void", "current_bet"])]


def _final_commitments(source: str) -> pl.DataFrame:
    live = pl.col("is_live_post") | pl.col("is_call") | pl.col("is_wager")
    state = frames(source).state.filter(active() & live & (pl.col("street") <= 3))
    return state.group_by("hand_key", "street_number", "seat").agg(
        committed=pl.col("committed_after").max()
    )


def _commitments(source: str) -> Inputs:
    if source == "random":
        wide = random_commitments(4, 0.0, (1 << VALUE_BITS) // 256)  # beyond the folded key
        made = [random_commitments(seed, 0.0) for seed in range(3)]
        return [(frame,) for frame in [*made, random_commitments(3, 0.02), wide]]
    return [(_final_commitments(source),)]


def _fitting_commitments(source: str) -> Inputs:
    if source == "random":
        return [(random_commitments(seed, 0.0),) for seed in range(3)]
    return [(_final_commitments(source).drop_nulls("committed"),)]


def _end_stacks(source: str) -> Inputs:
    seats = batch(source).seats.sort("hand_key", "seat")
    ends = check(batch(source).hands, seats, batch(source).actions).end_stacks
    assert ends is not None
    nth = pl.int_range(pl.len())
    changes = [
        (seats, ends),
        (seats.reverse(), ends),
        (pl.concat([seats, seats.head(1)]).sort("hand_key", "seat"), ends),
        (seats.with_columns(seat=pl.when(nth == 3).then(None).otherwise("seat")), ends),
        (seats, ends.with_columns(seat=pl.col("seat") + (nth == 5))),
        (seats, ends.head(ends.height - 1)),
    ]
    return changes


def _flows(source: str) -> Inputs:
    return [(frames(source).flows, batch(source).actions, audited(source).actions)]


def _rule_frames(source: str) -> Inputs:
    found = frames(source)
    rules = every_rule()
    quiet = [RULES["FL-CAP"], RULES["PL-MAX"]]
    lists = (rules, rules[::-1], quiet, [RULES["POT-TOTAL"], *quiet])
    return [(found.state, found.per_hand, batch(source).hands, chosen) for chosen in lists]


def _card_tables(source: str) -> Inputs:
    b = batch(source)
    if source == "samples":  # the vectors each alone too: the slices without a second board
        keys = b.cards.get_column("hand_key").unique().sort().to_list()
        alone = [tuple(t.filter(pl.col("hand_key") == k) for t in b.tables) for k in keys[::7]]
        return [b.tables, *alone]
    return [b.tables]


RANDOM_ONLY: dict[str, Callable[[], Inputs]] = {
    "seat_states": lambda: [(random_seat_states(seed), SEATS) for seed in range(4)],
    "flag_sets": lambda: [(random_seat_states(7, 500).select(f"_live_{s}" for s in SEATS),)],
    "owing_states": lambda: [
        *((random_owing(seed, [1, 2, 3, 4, 5, 6]), [1, 2, 3, 4, 5, 6], 10) for seed in range(5)),
        (random_owing(9, [0, 2, 7]), [0, 2, 7], 8),
    ],
    "amounts": lambda: [
        (random_amounts(7, dtype, scale_dtype),)
        for dtype in (pl.Int64, pl.Int32, pl.UInt32, pl.Int16)
        for scale_dtype in (pl.Int64, pl.Int32, pl.Int16)
    ],
    "button_pairs": lambda: [random_button_pairs(seed) for seed in range(3)],
    "rotation_pairs": lambda: [random_rotation_pairs(seed) for seed in range(3)],
}

FROM_BATCHES: dict[str, Callable[[str], Inputs]] = {
    "states": _states,
    "grouped": _grouped,
    "street_orders": _street_orders,
    "player_tables": _player_tables,
    "hand_parts": _hand_parts,
    "action_orders": _action_orders,
    "write_backs": _write_backs,
    "commitments": _commitments,
    "fitting_commitments": _fitting_commitments,
    "end_stacks": _end_stacks,
    "flows": _flows,
    "rule_frames": _rule_frames,
    "card_tables": _card_tables,
    "session_actions": lambda source: (
        [(random_session_actions(seed),) for seed in range(3)]
        if source == "random"
        else [(audited(source).actions,)]
    ),
}
#: The kinds of FROM_BATCHES that have random frames too.
ALSO_RANDOM = {
    "grouped", "street_orders", "player_tables", "hand_parts", "action_orders",
    "write_backs", "commitments", "fitting_commitments", "session_actions",
}  # fmt: skip


def sources(kind: str) -> tuple[str, ...]:
    """The sources a kind of input is made from."""
    if kind in RANDOM_ONLY:
        return ("random",)
    assert kind in FROM_BATCHES, kind
    return (("random",) if kind in ALSO_RANDOM else ()) + BATCHES


def inputs(kind: str, source: str) -> Inputs:
    if kind in RANDOM_ONLY:
        return RANDOM_ONLY[kind]()
    return FROM_BATCHES[kind](source)
