"""A chunk's check in slices of whole hands: its memory bounded in hands, not in unit bytes.

A worker's peak is the check's working set (the betting state of every action, ~190 MB live for
the 19.7k hands of a 16 MB unit of the bench's NLHE, half that for half the hands), on top of
the unit's parsed tables. The parse amortizes its fixed cost (~470 Polars calls) over the
whole unit; the check is called on key ranges of at most `CHECK_HANDS` hands, in equal slices,
so a bigger unit costs one more parse-sized working set, not a bigger check. `audit.check`
slices the same way at its own bound (audit.engine.SLICE_HANDS).

Only chunks of one big file are sliced, so a slice is exactly what a finer cut of the file
would give (the outputs are the same whatever the cut: docs/scale.md). Batches of small files
are not: the check numbers a slice's seats around one table ring as large as the largest seat
number in it (audit/state/build.py `_ring`), so a player without a seat line (seat -1) can get
another `expected_seat` when a batch's files of 10-seat and 9-seat tables are checked apart.
"""

from __future__ import annotations

from typing import Any

import polars as pl

#: Hands one `audit.check` call audits. A unit of 8 MB of NLHE has ~9.2-9.8k hands: checked
#: whole, as before; 16 MB, two slices.
CHECK_HANDS = 10_000


def key_ranges(hand_keys: pl.Series, limit: int) -> list[tuple[int, int]]:
    """[first, last] hand_key ranges of equal hand counts, at most `limit` hands each; [] when
    the hands fit in one check."""
    keys = hand_keys.unique().sort()
    slices = -(-keys.len() // max(1, limit))
    if slices <= 1:
        return []
    size = -(-keys.len() // slices)
    return [
        (keys[start], keys[min(start + size, keys.len()) - 1])
        for start in range(0, keys.len(), size)  # a loop over slices, not hands
    ]


def check_sliced(sliced: bool, hands: pl.DataFrame, seats: pl.DataFrame, actions: pl.DataFrame,
                 cards: pl.DataFrame, **options: Any) -> Any:  # fmt: skip
    """`audit.check(hands, seats, actions, cards=cards, **options)`; `sliced`: one call per key
    range (`key_ranges`), the results stacked in key order as `audit.check` stacks its own
    slices (a slice without actions adds nothing)."""
    from audit import AuditResult, check

    ranges = key_ranges(hands.get_column("hand_key"), CHECK_HANDS) if sliced else []
    in_range = [pl.col("hand_key").is_between(first, last) for first, last in ranges]
    results = []
    for keep in in_range:  # a loop over slices
        part = [table.filter(keep) for table in (hands, seats, actions, cards)]
        if part[2].height:
            results.append(check(*part[:3], cards=part[3], **options))
    if not results:  # one check of the whole unit (or a unit without actions)
        return check(hands, seats, actions, cards=cards, **options)
    return AuditResult.stacked(results)
