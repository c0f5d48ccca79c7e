"""hhaudit bugs found by the PokerKit differential run, kept as regression tests.

Each hand is the smallest form of a generated hand that PokerKit refused while hhaudit raised no
violation (docs/differential.md, "hhaudit bugs found").
"""

from __future__ import annotations

import pytest

audit = pytest.importorskip("audit")
if not hasattr(audit, "check"):
    pytest.skip("audit.check is not available yet", allow_module_level=True)

from audit import Options  # noqa: E402
from audit.testing import hand  # noqa: E402
from differential.compare import audit_hand  # noqa: E402
from differential.replay import replay  # noqa: E402

SKIPPED_STREET = [
    # BUG-1: the turn is never played (both players owed action on it), the river is recorded.
    hand(
        "NL 5/10; stacks P1=200 P2=800; button P1\n"
        "preflop: P1 call, P2 check\n"
        "flop: P2 bet 15, P1 call\n"
        "river: P2 check"
    ),
    # BUG-1: three-handed, the flop is skipped.
    hand("NL 10/20; stacks 500 x3; button P3\npreflop: P3 call, P1 call, P2 check\nturn: P2 check"),
]
UNMATCHED_ALLIN = [
    # BUG-2: P2's all-in re-raise is never called by P1, yet the flop starts.
    hand(
        "NL 100/200; stacks P1=1420 P2=713; button P1\n"
        "preflop: P1 raise 400, P2 raise 713\n"
        "flop: P1 check"
    ),
    # BUG-2: three-handed, P3 owes 400 more to P2's all-in when the flop starts.
    hand(
        "NL 50/100; stacks P1=5000 P2=5000 P3=700; button P3\n"
        "preflop: P3 raise 300, P1 fold, P2 raise 5000\n"
        "flop: P3 check"
    ),
]


@pytest.mark.parametrize("vector", SKIPPED_STREET + UNMATCHED_ALLIN)
def test_next_street_while_action_is_owed_is_round_incomplete(vector: dict) -> None:
    last = len(vector["actions"]) - 1
    assert replay(vector)[last].accepted is False  # PokerKit: still on the earlier street
    assert "ROUND-INCOMPLETE" in audit_hand(vector, Options())[last]["codes"]
