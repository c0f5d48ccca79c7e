"""Hand-history text for the `hhaudit run` tests, written by the test-hand builder
(audit/testing, PokerStars format).

`stars_hand` writes one three-handed NL $0.05/$0.10 hand: the button opens, both blinds fold.
With `undersized=True` the open is to $0.15 (below the $0.20 minimum raise-to: RAISE-MIN).
Its lines: the header (1), the table (2), three seats (3-5), two blinds (6-7), the hole cards
marker (8), the open (9), two folds, the uncalled bet, the collect and the summary.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from audit.testing import hand, pokerstars, renamed, site_hand

SAFE_NAMES: tuple[str, str, str] = ("Alice", "Bob", "Carol")
HOSTILE_NAMES: tuple[str, str, str] = (
    "<script>alert(1)</script>",
    '=HYPERLINK("http://x.example")',
    "@SUM(1+1)",
)
#: Seat 1 the button, 2 the small blind, 3 the big blind.
OPEN = """\
NL 5/10; stacks 1000 x3; button P1
posts: P2 sb 5, P3 bb 10
preflop: P1 raise {to}, P2 fold, P3 fold
settle: return P1 {returned}; collect P1 25; pot 25; rake 0
"""


def stars_hand(hand_id: int, names: Sequence[str] = SAFE_NAMES, undersized: bool = False) -> str:
    to, returned = (15, 5) if undersized else (30, 20)
    return stars_text(OPEN.format(to=to, returned=returned), hand_id, names)


def stars_text(notation: str, hand_id: int, names: Sequence[str] = SAFE_NAMES) -> str:
    """A hand of the test table in the notation (P1 the button in seat 1, P2, P3 named
    `names`), as PokerStars text followed by two blank lines."""
    vector = hand(
        notation,
        currency="USD",
        table="Test Table",
        started_at=datetime(2024, 6, 1, 16, hand_id % 60, tzinfo=UTC),  # 12:mm ET
    )
    vector = renamed(vector, dict(zip(("P1", "P2", "P3"), names, strict=True)))
    return pokerstars(site_hand(vector, hand_id)) + "\n\n"


def stars_file(first_id: int, count: int, undersized_every: int = 0, **kw: object) -> str:
    """`count` hands; every `undersized_every`-th one (if > 0) has the undersized raise."""
    return "".join(
        stars_hand(first_id + i, undersized=bool(undersized_every) and i % undersized_every == 0,
                   **kw)  # type: ignore[arg-type]
        for i in range(count)
    )  # fmt: skip


#: A hand cut after its first seat line (a site-format fixture: the cut is the point).
TRUNCATED_HAND = """PokerStars Hand #999000111:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/06/01 13:00:00 ET
Table 'Test Table' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)

"""  # noqa: E501
