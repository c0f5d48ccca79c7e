"""Option `ante_priority` (RULES.md H-1): a short stack owing a per-player ante and a blind.

Hand: antes 10, blinds 20/40; the big blind has 30 chips. Paying the ante first (the default,
the usual online order) leaves 20 for the blind; paying the blind first leaves nothing for the
ante. The order the log prints the two posts in does not change what is expected.
"""

from __future__ import annotations

import pytest
from parse_samples import parse_text

from audit import Options, check
from audit.testing import hand, pokerstars, renamed, site_hand

STACKS = "NL 20/40; stacks P1=1500 P2=1500 P3=30; button P1; ante 10"
ANTE_THEN_BLIND = "P1 ante 10, P2 ante 10, P3 ante 10, P2 sb 20, P3 bb 20 allin"
BLIND_THEN_ANTE = "P2 sb 20, P3 bb 20, P1 ante 10, P2 ante 10, P3 ante 10 allin"
REST = """
preflop: P1 fold, P2 call 30
cards: P2 Ah Ad; P3 Kc Kd
board: 2c 7d Jh Qs 3d
settle: collect P2 90; pot 90; rake 0
"""
NAMES = {"P1": "Ann", "P2": "Bob", "P3": "Cid"}


def log(posts: str) -> str:
    """The hand of a tournament table, its posts printed in the order `posts`."""
    vector = hand(f"{STACKS}\nposts: {posts}{REST}", table="77 1", max_seats=9)
    return pokerstars(site_hand(renamed(vector, NAMES), 2001))


def post_amount_players(posts: str, ante_priority: str) -> list[str]:
    tables = parse_text(log(posts))
    assert tables.quarantine.is_empty(), tables.quarantine["reason"].to_list()
    result = check(
        tables.hands, tables.seats, tables.actions, options=Options(ante_priority=ante_priority)
    )
    flags = result.violations.filter(code="POST-AMOUNT")
    return sorted(flags["player"].to_list())


@pytest.mark.parametrize("posts", [ANTE_THEN_BLIND, BLIND_THEN_ANTE])
def test_ante_first_takes_the_ante_whatever_the_printed_order(posts: str) -> None:
    assert post_amount_players(posts, "ante_first") == []


@pytest.mark.parametrize("posts", [ANTE_THEN_BLIND, BLIND_THEN_ANTE])
def test_blind_first_wants_the_whole_stack_in_the_blind(posts: str) -> None:
    assert "Cid" in post_amount_players(posts, "blind_first")


def test_default_is_ante_first() -> None:
    assert Options().ante_priority == "ante_first"
