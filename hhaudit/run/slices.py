"""A chunk's check in slices of whole hands: its memory bounded in hands, not in unit bytes.

A worker's peak is the check's working set (the betting state of every action, ~190 MB live for
the 19.7k hands of a 16 MB unit of the bench's NLHE, half that for half the hands), on top of
the unit's parsed tables. The parse amortizes its fixed cost (~470 Polars calls) over the
whole unit; the check of a chunk is done in equal key ranges of at most `CHECK_HANDS` hands
(audit.engine.key_ranges, the `slice_hands` of audit.entry.audit_hands), so a bigger unit
costs one more parse-sized working set, not a bigger check.

Only chunks of one big file are sliced, so a slice is exactly what a finer cut of the file
would give (the outputs are the same whatever the cut: docs/scale.md). Batches of small files
are not (they are checked in slices of audit.engine.SLICE_HANDS, more than a batch holds): the
check numbers a slice's seats around one table ring as large as the largest seat number in it
(audit/state/build.py `_ring`), so a player without a seat line (seat -1) can get another
`expected_seat` when a batch's files of 10-seat and 9-seat tables are checked apart.
"""

from __future__ import annotations

#: Hands one slice of a chunk's check audits. A unit of 8 MB of NLHE has ~9.2-9.8k hands:
#: checked whole, as before; 16 MB, two slices.
CHECK_HANDS = 10_000


def slice_hands(sliced: bool) -> int:
    """The slice bound of a unit's check: CHECK_HANDS for a chunk of one file (`sliced`),
    else audit's own bound (the audit's modules load when a unit runs, not with the CLI)."""
    from audit.engine import SLICE_HANDS

    return CHECK_HANDS if sliced else SLICE_HANDS
