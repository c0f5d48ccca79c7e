"""A fast form and the plain form that defines it (audit/reference/__init__.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import polars as pl

Forms = pl.DataFrame | tuple[pl.DataFrame, ...]


@dataclass(frozen=True)
class Pair:
    """`fast(*args)` must equal `plain(*args)` on every input of kind `takes`.

    `name`: the fast form (module.function); `defines`: what the plain form is the definition
    of; `takes`: the inputs both are compared on (tests/reference_inputs.py generates them from
    random frames, sample_data, the rule examples, generated and real hands). Both return a
    frame or a tuple of frames; `unordered` compares the rows in key order (neither form
    defines one). `board_games_only`: the plain form defines the board games' columns only
    (its stud and draw forms are not written yet: those games are held by the §13 vectors, the
    PokerKit differential and the generator's oracle), so it is compared on those hands.
    """

    name: str
    defines: str
    fast: Callable[..., Forms]
    plain: Callable[..., Forms]
    takes: str
    unordered: bool = False
    board_games_only: bool = False
