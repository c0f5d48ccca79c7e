"""The reference: what the checker's fast computations mean, written the plain way.

The betting state and the checks are built for speed: group ids folded into cumulative sums,
(hand, seat) folded into one integer key, per-seat flags packed into bits, caps computed only
on the rows where they can differ from the bet and written back by position, work skipped for
the slices that lack its input. Each of those replaced a plain form, and the plain form is the
definition: this package keeps it, and tests/audit/test_reference.py holds every fast form to
its plain form (REFERENCES) on random frames, sample_data, the rule examples, generated hands
and the real corpus. To learn what a column means, read it here; to change what it means,
change it here first, then make the fast form agree.

windows.py   the window operations (`.over()` the group), the joins and sorts on plain keys
turn.py      whose turn it is: folded, acted, chips behind, caps, who owes, expected_seat (D-9)
state.py     the fixed-limit level and counts (D-11..D-13), uncalled returns, settled facts
rules.py     the rules' computed columns, ROUND-INCOMPLETE, the violations table, money text
showdown.py  card ids, card rows and boards, pot levels, shares, concessions, the sentences
sessions.py  blind seats, the button's move, the rotation, end stacks, flows vs actions

Nothing here runs in `hhaudit run`: the product runs the fast forms only.
"""

from __future__ import annotations

from audit.reference import rules, sessions, showdown, state, turn, windows
from audit.reference.pair import Pair

REFERENCES: list[Pair] = [
    *windows.PAIRS,
    *turn.PAIRS,
    *state.PAIRS,
    *rules.PAIRS,
    *showdown.PAIRS,
    *sessions.PAIRS,
]

__all__ = ["REFERENCES", "Pair"]
