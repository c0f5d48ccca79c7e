"""Hand-history text for the `hhaudit run` tests, written for this project (PokerStars format).

`stars_hand` writes one three-handed NL $0.05/$0.10 hand: the button opens, both blinds fold.
With `undersized=True` the open is to $0.15 (below the $0.20 minimum raise-to: RAISE-MIN).
"""

from __future__ import annotations

from collections.abc import Sequence

SAFE_NAMES: tuple[str, str, str] = ("Alice", "Bob", "Carol")
HOSTILE_NAMES: tuple[str, str, str] = (
    "<script>alert(1)</script>",
    '=HYPERLINK("http://x.example")',
    "@SUM(1+1)",
)


def stars_hand(hand_id: int, names: Sequence[str] = SAFE_NAMES, undersized: bool = False) -> str:
    button, small, big = names
    raise_to, raise_by, returned = (
        ("0.15", "0.05", "0.05") if undersized else ("0.30", "0.20", "0.20")
    )
    return f"""PokerStars Hand #{hand_id}:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/06/01 12:{hand_id % 60:02d}:00 ET
Table 'Test Table' 6-max Seat #1 is the button
Seat 1: {button} ($10 in chips)
Seat 2: {small} ($10 in chips)
Seat 3: {big} ($10 in chips)
{small}: posts small blind $0.05
{big}: posts big blind $0.10
*** HOLE CARDS ***
{button}: raises ${raise_by} to ${raise_to}
{small}: folds
{big}: folds
Uncalled bet (${returned}) returned to {button}
{button} collected $0.25 from pot
{button}: doesn't show hand
*** SUMMARY ***
Total pot $0.25 | Rake $0
Seat 1: {button} (button) collected ($0.25)
Seat 2: {small} (small blind) folded before Flop
Seat 3: {big} (big blind) folded before Flop


"""  # noqa: E501


def stars_file(first_id: int, count: int, undersized_every: int = 0, **kw: object) -> str:
    """`count` hands; every `undersized_every`-th one (if > 0) has the undersized raise."""
    return "".join(
        stars_hand(first_id + i, undersized=bool(undersized_every) and i % undersized_every == 0,
                   **kw)  # type: ignore[arg-type]
        for i in range(count)
    )  # fmt: skip


TRUNCATED_HAND = """PokerStars Hand #999000111:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/06/01 13:00:00 ET
Table 'Test Table' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)

"""  # noqa: E501
