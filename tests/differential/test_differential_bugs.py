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
from differential.compare import audit_hand  # noqa: E402
from differential.hand_builder import hand  # noqa: E402
from differential.replay import replay  # noqa: E402

SKIPPED_STREET = [
    # BUG-1: the turn is never played (both players owed action on it), the river is recorded.
    hand("NL", (5, 10), [200, 800], "pre P1 c, pre P2 x, flop P2 b15, flop P1 c, river P2 x"),
    # BUG-1: three-handed, the flop is skipped.
    hand("NL", (10, 20), [500, 500, 500], "pre P3 c, pre P1 c, pre P2 x, turn P2 x"),
]
UNMATCHED_ALLIN = [
    # BUG-2: P2's all-in re-raise is never called by P1, yet the flop starts.
    hand("NL", (100, 200), [1420, 713], "pre P1 r400, pre P2 r713, flop P1 x"),
    # BUG-2: three-handed, P3 owes 400 more to P2's all-in when the flop starts.
    hand("NL", (50, 100), [5000, 5000, 700], "pre P3 r300, pre P1 f, pre P2 r5000, flop P3 x"),
]


@pytest.mark.parametrize("vector", SKIPPED_STREET + UNMATCHED_ALLIN)
def test_next_street_while_action_is_owed_is_round_incomplete(vector: dict) -> None:
    last = len(vector["actions"]) - 1
    assert replay(vector)[last].accepted is False  # PokerKit: still on the earlier street
    assert "ROUND-INCOMPLETE" in audit_hand(vector, Options())[last]["codes"]
