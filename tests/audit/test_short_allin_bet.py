"""Option short_allin_bet (docs/options.md, #27): what an all-in bet below the minimum bet
reopens, for a player who checked and for one who called it, and what the next minimum raise
is. Each vector of tests/audit/short_allin_vectors.json holds, per action, the state and flags
under the default ("raise_over_allin", RULES.md B-1/B-3: `expect`) and under
"complete_to_minimum" (the PokerStars profile: `expect_complete`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from audit import SITE_PROFILES, Options, check
from audit.testing import tables_from_vector
from parsers import parse_paths

VECTORS = json.loads((Path(__file__).parent / "short_allin_vectors.json").read_text())["vectors"]
SETTINGS = {"raise_over_allin": "expect", "complete_to_minimum": "expect_complete"}
FIELDS = ("to_call", "min_to", "max_to", "raise_allowed")


def _problems(vector: dict[str, Any], setting: str) -> list[str]:
    hands, seats, actions = tables_from_vector(vector)
    result = check(hands, seats, actions, options=Options(short_allin_bet=setting))
    posts = len(vector["posts"])
    codes: dict[int, list[str]] = {}
    for seq, code in result.violations.select("seq", "code").iter_rows():
        if seq is not None:
            codes.setdefault(seq, []).append(code)
    problems = []
    for index, action in enumerate(vector["actions"]):
        expect, seq = action[SETTINGS[setting]], posts + index
        row = result.actions.filter(pl.col("seq") == seq).row(0, named=True)
        if sorted(codes.get(seq, [])) != sorted(expect["flags"]):
            problems.append(f"#{action['n']} flags {codes.get(seq, [])} != {expect['flags']}")
        for name in (field for field in FIELDS if field in expect):
            if row[name] != expect[name]:
                problems.append(f"#{action['n']} {name} {row[name]} != {expect[name]}")
    return problems


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("vector", VECTORS, ids=[vector["id"] for vector in VECTORS])
def test_vector_under_each_setting(vector: dict[str, Any], setting: str) -> None:
    assert _problems(vector, setting) == []


def test_the_settings_disagree_where_the_vectors_say() -> None:
    """Every vector has an action whose flags differ between the settings (a vector both
    settings pass alike would test nothing of the option)."""
    for vector in VECTORS:
        assert any(a["expect"]["flags"] != a["expect_complete"]["flags"] for a in vector["actions"])


def test_the_option_is_validated() -> None:
    with pytest.raises(ValueError, match="short_allin_bet"):
        Options(short_allin_bet="complete")


SHORT_BET_FILE = (
    Path(__file__).resolve().parents[1] / "sites" / "pokerstars" / ("short-allin-bet-completed.txt")
)


def _flags_of_the_file(**site: Options) -> list[tuple[str, str, str]]:
    """(hand id, code, player) of every flag on tests/sites/pokerstars/short-allin-bet-
    completed.txt (a file written for this test in PokerStars' format), with its cards."""
    tables = parse_paths([SHORT_BET_FILE])
    assert tables.quarantine.is_empty() and tables.hands.height == 2
    found = check(tables.hands, tables.seats, tables.actions, site_options=site, cards=tables.cards)
    return found.violations.select("hand_id", "code", "player").rows()


def test_pokerstars_completes_a_short_allin_bet() -> None:
    """Hand 101 is the issue's hand: alpha checks, bravo bets 40 all-in (BB 100), charlie
    calls, alpha completes to 100, charlie re-raises to 300: legal on PokerStars. Hand 102:
    after echo's completion to 100, hotel (who called the 40) raises all-in to 190 (+90, short)
    and echo, who acted at 100, re-raises: the short all-in did not reopen for him."""
    assert SITE_PROFILES["pokerstars"]["short_allin_bet"] == "complete_to_minimum"
    assert _flags_of_the_file() == [("990000000102", "REOPEN", "echo")]


def test_the_same_hands_raised_over_the_allin() -> None:
    """Under RULES.md (the default), a checker may not raise the short bet and nobody who acted
    is reopened by the completion, which is itself short of the minimum raise."""
    strict = Options().replace(
        **{**SITE_PROFILES["pokerstars"], "short_allin_bet": "raise_over_allin"}
    )
    assert _flags_of_the_file(pokerstars=strict) == [
        ("990000000101", "REOPEN", "alpha"),
        ("990000000101", "REOPEN", "charlie"),
        ("990000000102", "REOPEN", "echo"),
        ("990000000102", "REOPEN", "hotel"),
        ("990000000102", "REOPEN", "echo"),
    ]


def test_a_street_without_a_short_bet_is_the_same_whatever_the_slice_holds() -> None:
    """The short opening is computed only for a slice holding a bet below the minimum; a street
    without one gets the same state either way, even after an undercall (P2 calls 1 of 3, then
    folds facing 2: not reopened)."""
    undercall = {
        "id": "UC",
        "structure": "NL",
        "stakes": {"sb": 1, "bb": 2},
        "button": "P3",
        "players": [{"id": f"P{n}", "stack": 200} for n in (1, 2, 3)],
        "posts": [
            {"player": "P1", "kind": "sb", "amount": 1},
            {"player": "P2", "kind": "bb", "amount": 2},
        ],
        "actions": [
            {"street": "preflop", "player": "P3", "type": "call"},
            {"street": "preflop", "player": "P1", "type": "call"},
            {"street": "preflop", "player": "P2", "type": "check"},
            {"street": "flop", "player": "P1", "type": "bet", "to": 3},
            {"street": "flop", "player": "P2", "type": "call", "to": 1},
            {"street": "flop", "player": "P3", "type": "fold"},
            {"street": "flop", "player": "P2", "type": "fold"},
        ],
    }
    completing = Options(short_allin_bet="complete_to_minimum")
    alone = check(*tables_from_vector(undercall, hand_key=1), options=completing).actions
    parts = [tables_from_vector(undercall, hand_key=1), tables_from_vector(VECTORS[0], hand_key=2)]
    both = [pl.concat([part[i] for part in parts]) for i in range(3)]
    together = check(*both, options=completing).actions.filter(pl.col("hand_key") == 1)
    assert together.equals(alone)
    assert alone.filter(pl.col("seq") == 8).get_column("reopened").to_list() == [False]
