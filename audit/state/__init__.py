"""The betting state: every column the rules read, computed once per slice of hands.

columns.py       STATE: each column's type, meaning, RULES.md clause and module
build.py         state_frame(hands, seats, actions, options): the whole state of a slice
prepare.py       the canonical tables joined and sorted, street-end sentinels, options
game_rounds.py   the game table's round of every row (game_*: first, last, unit, first actor)
stakes.py        the effective stakes (the header's, or the posts' where they contradict it)
unknown_stack.py stand-in stacks for players without a seat line
passes.py        the player pass (commitments, stacks) and the street pass (CB, F, pot)
turn.py          whose turn it is (D-9), per seat number
fixed_limit.py   the FL level, count, required amount and cap (D-11..D-13, B-5, B-6)
limits.py        raise_allowed, reopened, min_to, max_to per structure
void.py          the `void` fixed point (I-2..I-4) that drives the passes above
returns.py       the uncalled amounts (H-2)
settlement.py    the per-hand frame the hand-level rules read (SETTLEMENT)
windows.py       the folded window operations everything above is built on
"""

from __future__ import annotations

from audit.state.build import state_frame
from audit.state.columns import SETTLEMENT, STATE, STATE_COLUMNS, Column, declared
from audit.state.passes import FIRST_ROUND, active

__all__ = [
    "FIRST_ROUND",
    "SETTLEMENT",
    "STATE",
    "STATE_COLUMNS",
    "Column",
    "active",
    "declared",
    "state_frame",
]
