"""Work done once per distinct key value, joined back to every row.

Many texts repeat across hands (action texts after the name, table and pot lines, seat
stacks): a regex or amount read over the distinct values and one left join back in row order
costs less than running it on every row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import polars as pl


def with_per_distinct(
    frame: pl.DataFrame,
    keys: Sequence[str],
    compute: Callable[[pl.DataFrame], pl.DataFrame],
    *,
    nulls_equal: bool = False,
) -> pl.DataFrame:
    """`frame` with the columns `compute` adds to the distinct rows of its `keys` columns,
    in `frame`'s row order. `compute` gets those distinct rows and returns them with its
    columns added (the key columns kept). `nulls_equal`: whether a null key takes the value
    computed for it (True) or no value (False, a plain left join)."""
    distinct = compute(frame.select(keys).unique())
    return frame.join(
        distinct, on=list(keys), how="left", maintain_order="left", nulls_equal=nulls_equal
    )
