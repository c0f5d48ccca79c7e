"""`hand_key`, the one integer that names a hand in every table: (file_id << 32) | index.

`file_id` is the file's position in the batch (parse_paths) or the caller's id (parse_bytes,
parse_many); the index counts the hands of that file from 0. The key is unique across the files
of one result and sorts hands in file order.
"""

from __future__ import annotations

import polars as pl

#: Bits of the hand index in a hand_key (a file holds at most 2**32 hands).
HAND_INDEX_BITS = 32


def hand_key(file_id: pl.Expr | str = "file_id", hand_ix: pl.Expr | str = "hand_ix") -> pl.Expr:
    """Int64 hand_key from a file id and the index of the hand in its file."""
    file_id = pl.col(file_id) if isinstance(file_id, str) else file_id
    hand_ix = pl.col(hand_ix) if isinstance(hand_ix, str) else hand_ix
    return (file_id.cast(pl.Int64) * (1 << HAND_INDEX_BITS)) + hand_ix.cast(pl.Int64)


def file_of_key(key: pl.Expr | str = "hand_key") -> pl.Expr:
    """Int32 file_id of a hand_key."""
    key = pl.col(key) if isinstance(key, str) else key
    return (key // (1 << HAND_INDEX_BITS)).cast(pl.Int32)
