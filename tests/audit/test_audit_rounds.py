"""ROUND-INCOMPLETE corner cases (found by the PokerKit differential test, BUG-1 / BUG-2)."""

from __future__ import annotations

import polars as pl
import pytest

from audit import AuditResult, check
from audit.testing import hand, parse_example, tables, tables_from_vector
from parsers.tables import HandTables

STACKS = "NL 50/100; stacks P1=5000 P2=5000 P3=500; button P3"


def _flags(text: str) -> list[tuple[int | None, str]]:
    vector, _ = parse_example(text)
    result = check(*tables_from_vector(vector))
    return list(zip(result.violations["seq"], result.violations["code"], strict=True))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a whole street skipped while three players with chips were in: flagged on the turn
        (
            "NL 50/100; stacks 5000 x3; button P3\n"
            "preflop: P3 call, P1 call, P2 check\nturn: P1 check",
            [(5, "ROUND-INCOMPLETE")],
        ),
        # the last player with chips never called the all-in: flagged even though his next
        # action is void (ACT-CLOSED)
        (
            f"{STACKS}\npreflop: P3 raise 500, P1 fold\nflop: P2 check",
            [(4, "ROUND-INCOMPLETE"), (4, "ACT-CLOSED")],
        ),
        # all-in and called: the runout owes nothing
        (
            f"{STACKS}\npreflop: P3 raise 500, P1 fold, P2 call\n"
            "settle: collect P3 1050; pot 1050; rake 0",
            [],
        ),
        # a settled hand whose flop, turn and river were never played by two players with chips
        (
            "NL 50/100; stacks 5000 x3; button P3\npreflop: P3 call, P1 call, P2 check\n"
            "settle: collect P2 300; pot 300; rake 0",
            [(None, "ROUND-INCOMPLETE")],
        ),
        # heads-up, the BB all-in for less than the SB's blind: the SB need not act (Bovada)
        (
            "FL 15/30 bets 30/60; stacks P1=884 P2=15; button P1\n"
            "posts: P1 sb 15, P2 bb 15\nsettle: collect P1 30; pot 30; rake 0",
            [],
        ),
        # everyone folded to a bet on the flop: nothing owed
        (
            "NL 50/100; stacks 5000 x3; button P3\npreflop: P3 call, P1 call, P2 check\n"
            "flop: P1 bet 100, P2 fold, P3 fold\n"
            "settle: return P1 100; collect P1 300; pot 300; rake 0",
            [],
        ),
    ],
)
def test_round_incomplete(text: str, expected: list[tuple[int | None, str]]) -> None:
    assert sorted(_flags(text), key=str) == sorted(expected, key=str)


#: P4 has no seat line (a parser seats him at -1, the builder too) and never used his option.
UNSEATED = (
    "NL 50/100; stacks P1=5000 P2=5000 P3=5000 P4=?; button P3\n"
    "posts: P1 sb 50, P4 bb 100\npreflop: P2 fold, P3 call, P1 call\nflop: P1 check"
)
SIX_SEATS = "NL 50/100; stacks 5000 x6; button P6\npreflop: P3 fold, P4 fold, P5 fold, P6 fold"


def test_a_seat_of_unknown_number_is_judged_the_same_in_any_slice() -> None:
    """The seat -1 hand audited alone and with a six-seat hand: the same state on every row
    (the ring of seat numbers grows with the slice: seat -1 must not land on seat 3 alone or on
    the empty seat 6 with the other hand) and the same flags, naming seat -1 as the one who
    owed."""
    hands = [hand(text) for text in (UNSEATED, SIX_SEATS)]
    alone, batch = _audit(tables(hands[0])), _audit(tables(*hands))
    first = pl.col("hand_key") == 0
    assert alone.actions.equals(batch.actions.filter(first))
    assert alone.violations.equals(batch.violations.filter(first))
    owed = alone.violations.filter(pl.col("code") == "ROUND-INCOMPLETE").get_column("message")
    assert owed.to_list() == ["the preflop ended while seat -1 still owed action"]


def _audit(found: HandTables[pl.DataFrame]) -> AuditResult:
    return check(found.hands, found.seats, found.actions, cards=found.cards)
