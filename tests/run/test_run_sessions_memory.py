"""The sessions step's flags keep no view into their batch's tables (docs/history/scale.md, #18).

A flag's text columns (source_file, hand_id, ...) taken from a batch's hands are string views
into that batch's whole column; held with every batch's flags until the end of the step they
kept ~160 MB at 2M hands. `own_strings` copies them out, the same values and dtypes.
"""

from __future__ import annotations

import polars as pl

from audit.entry import own_strings


def _string_bytes(frame: pl.DataFrame, column: str) -> int:
    """The bytes of every buffer behind `column` (views and their data buffers)."""
    array = frame.select(column).to_arrow(compat_level=pl.CompatLevel.newest()).column(0)
    return sum(buf.size for chunk in array.chunks for buf in chunk.buffers() if buf is not None)


def _flags_of_a_batch() -> pl.DataFrame:
    """A few rows picked out of a big batch of hands, as the session rules' flags are."""
    names = [f"logs/day-{n % 7}/table-{n % 311}-with-a-long-name.txt" for n in range(100_000)]
    hands = pl.DataFrame({"hand_key": range(100_000), "source_file": names})
    picked = hands.filter(pl.col("hand_key") % 5_000 == 0)
    return picked.with_columns(
        pl.lit("violation").cast(pl.Enum(["info", "warning", "violation"])).alias("severity"),
        pl.lit(None, dtype=pl.String).alias("caused_by"),
    )


def test_own_strings_drops_the_batch_buffers_and_keeps_the_flags() -> None:
    flags = _flags_of_a_batch()
    assert _string_bytes(flags, "source_file") > 1_000_000  # the batch's whole column
    owned = own_strings(flags)
    assert owned.schema == flags.schema
    assert owned.equals(flags)
    assert _string_bytes(owned, "source_file") < 10_000  # 20 paths of ~45 bytes


def test_own_strings_of_no_flag() -> None:
    empty = _flags_of_a_batch().clear()
    owned = own_strings(empty)
    assert owned.schema == empty.schema
    assert owned.is_empty()
