"""Option `ante_priority` (RULES.md H-1): a short stack owing a per-player ante and a blind.

Hand: antes 10, blinds 20/40; the big blind has 30 chips. Paying the ante first (the default,
the usual online order) leaves 20 for the blind; paying the blind first leaves nothing for the
ante. The order the log prints the two posts in does not change what is expected.
"""

from __future__ import annotations

import pytest
from parse_samples import hand, parse_text

from audit import Options, check

HEADER = (
    "PokerStars Hand #2001: Tournament #77, $1+$0.10 USD Hold'em No Limit - "
    "Level III (20/40) - 2014/01/06 13:21:05 ET"
)
TABLE = "Table '77 1' 9-max Seat #1 is the button"
SEATS = """\
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Cid (30 in chips)
"""
ANTE_THEN_BLIND = """\
Ann: posts the ante 10
Bob: posts the ante 10
Cid: posts the ante 10
Bob: posts small blind 20
Cid: posts big blind 20 and is all-in
"""
BLIND_THEN_ANTE = """\
Bob: posts small blind 20
Cid: posts big blind 20
Ann: posts the ante 10
Bob: posts the ante 10
Cid: posts the ante 10 and is all-in
"""
REST = """\
*** HOLE CARDS ***
Ann: folds
Bob: calls 10
*** FLOP *** [2c 7d Jh]
*** TURN *** [2c 7d Jh] [Qs]
*** RIVER *** [2c 7d Jh Qs] [3d]
*** SHOW DOWN ***
Bob: shows [Ah Ad]
Cid: shows [Kc Kd]
Bob collected 90 from pot
*** SUMMARY ***
Total pot 90 | Rake 0
"""


def post_amount_players(posts: str, ante_priority: str) -> list[str]:
    text = hand(SEATS + posts + REST, header=HEADER, table=TABLE)
    tables = parse_text(text)
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
